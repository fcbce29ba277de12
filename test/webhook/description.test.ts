/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/**
 * The instant trigger as n8n loads it: registered in package.json, told apart from the polling trigger by name,
 * every event chosen by default, one Webhook Secret at the end of the credential that changes nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { TratoApi } from '../../credentials/TratoApi.credentials';
import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import { TratoWebhookTrigger } from '../../nodes/Trato/TratoWebhookTrigger.node';
import { WEBHOOK_EVENTS as NODE_EVENTS } from '../../nodes/Trato/webhook/events';
import { WEBHOOK_EVENTS as SANDBOX_EVENTS } from '../../sandbox';
import { testCredential } from '../../test-support/harness';
import { useEnv } from '../helpers/env';

const ROOT = join(__dirname, '..', '..');
const webhook = new TratoWebhookTrigger().description;
const polling = new TratoTrigger().description;
const property = (name: string) =>
	webhook.properties.find((p) => p.name === name) as INodeProperties;

test('package.json registers the instant trigger; its codex names it', () => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
	expect(pkg.n8n.nodes).toContain('dist/nodes/Trato/TratoWebhookTrigger.node.js');
	const codex = JSON.parse(
		readFileSync(join(ROOT, 'nodes/Trato/TratoWebhookTrigger.node.json'), 'utf8'),
	);
	expect(codex.node).toBe('n8n-nodes-trato.tratoWebhookTrigger');
	expect(codex.alias).toEqual(expect.arrayContaining(['webhook', 'instant']));
});

test('the two triggers are told apart by their names and descriptions', () => {
	expect(webhook.name).toBe('tratoWebhookTrigger');
	expect(polling.name).toBe('tratoTrigger');
	expect(webhook.displayName).toMatch(/Instant/);
	expect(webhook.displayName).toMatch(/Webhook/);
	expect(polling.displayName).toMatch(/Polling/);
	expect(webhook.description).toMatch(/TRATO profile/);
	expect(polling.description).toMatch(/Nothing to set up in TRATO/);
	expect(webhook.defaults.name).not.toBe(polling.defaults.name);
});

test('one POST webhook answered "On Received"; every event TRATO sends, all chosen by default', () => {
	expect(webhook.webhooks).toEqual([
		{
			name: 'default',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			responseData: 'noData',
			path: 'webhook',
		},
	]);
	const events = property('events');
	const values = (events.options as Array<{ value: string }>).map((o) => o.value);
	expect([...values].sort()).toEqual([...SANDBOX_EVENTS].sort());
	expect(NODE_EVENTS.map((e) => e.value).sort()).toEqual([...SANDBOX_EVENTS].sort());
	expect([...(events.default as string[])].sort()).toEqual([...SANDBOX_EVENTS].sort());
	expect(webhook.credentials).toEqual([{ name: 'tratoApi', required: true }]);
});

test('the panel tells where to paste the URLs and that deliveries are not verified without a secret', () => {
	const notices = webhook.properties.filter((p) => p.type === 'notice').map((p) => p.displayName);
	expect(
		notices.some(
			(n) => /Production URL/.test(n) && /TRATO profile/.test(n) && /\?event=signed-all/.test(n),
		),
	).toBe(true);
	expect(notices.some((n) => /not verified/.test(n) && /Webhook Secret/.test(n))).toBe(true);
});

test('the panel says that without a secret anyone with the URL can make the trigger read the contract they name', () => {
	const notices = webhook.properties.filter((p) => p.type === 'notice').map((p) => p.displayName);
	expect(notices.some((n) => /Without it/.test(n) && /read the contract they name/.test(n))).toBe(
		true,
	);
});

test("Contract Removed is what TRATO's catalogue says: the contract was deleted (not cancelled)", () => {
	const removed = NODE_EVENTS.find((e) => e.value === 'document-removed')!;
	expect(removed.name).toBe('Contract Removed');
	expect(removed.description).toMatch(/deleted/);
	expect(removed.description).not.toMatch(/cancel/i);
});

test('what was added since the first release is off unless chosen, so saved workflows behave as before', () => {
	// n8n stores no parameter left at its default: a default here is what every saved workflow gets
	expect(property('filters')).toMatchObject({ type: 'collection', default: {} });
	const options = property('options');
	expect(options.default).toEqual({});
	const defaults = Object.fromEntries(
		(options.options as INodeProperties[]).map((o) => [o.name, o.default]),
	);
	expect(defaults).toEqual({
		downloadSignedPdf: false,
		ignoreRepeats: false,
		includeStatus: false,
		certificateBinaryPropertyName: 'certificate',
		binaryPropertyName: 'data',
		maxFileSize: 100, // used only with Download Signed PDF, itself new
		resumeWaiting: false,
		startWithoutEvent: false,
		startOnTestDelivery: false,
	});
	expect(webhook.version).toBe(1);
});

describe("the credential's Webhook Secret", () => {
	const env = useEnv(__filename);

	test('is the last property, optional, a password field', () => {
		const properties = new TratoApi().properties;
		const secret = properties.at(-1)!;
		expect(secret.name).toBe('webhookSecret');
		expect(secret.displayName).toBe('Webhook Secret');
		expect(secret.required).not.toBe(true);
		expect(secret.default).toBe('');
		expect(secret.typeOptions?.password).toBe(true);
		expect(secret.displayOptions).toBeUndefined();
	});

	test('changes neither the credential test nor the headers sent to the API', async () => {
		const credentials = {
			environment: 'custom' as const,
			baseUrl: env.sb.baseUrl,
			authentication: 'apiKey' as const,
			apiKey: env.sb.apiKey,
		};
		const withSecret = { ...credentials, webhookSecret: 'whsec_never_sent_anywhere' };
		expect(await testCredential(withSecret)).toEqual(await testCredential(credentials));
		expect((await testCredential(withSecret)).status).toBe('OK');
		const authenticate = new TratoApi().authenticate as (
			credentials: object,
			options: IHttpRequestOptions,
		) => Promise<IHttpRequestOptions>;
		const authenticated = (await authenticate(withSecret, {
			url: `${env.sb.baseUrl}/api/authentication`,
			headers: {},
		})) as IHttpRequestOptions;
		expect(JSON.stringify(authenticated)).not.toContain('whsec_never_sent_anywhere');
		expect(env.requests().map((r) => JSON.stringify(r))).not.toContainEqual(
			expect.stringContaining('whsec_never_sent_anywhere'),
		);
	});
});
