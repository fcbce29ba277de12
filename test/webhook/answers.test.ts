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
 * What the trigger answers before starting anything: 400 for a body that is not a JSON object or form fields, or
 * that names no contract, 200
 * (and nothing started) for an event not chosen, n8n's own 422 for a body declared JSON that does not parse; the
 * spellings TRATO's payload may use for its fields are all read.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { SECRET, useWebhookTestEnv } from './helpers';
import type { WebhookServer } from '../../test-support/harness/webhook';

const t = useWebhookTestEnv(__filename);
let server: WebhookServer;
const CONTRACT = '65f1c0ffee0000000000abcd';
const verified = { headers: { 'x-trato-secret': SECRET } };

beforeAll(async () => {
	server = await t.trigger({ events: ['signed', 'signed-all'] });
});

async function started(send: () => Promise<{ status: number; json?: any }>) {
	const before = server.executions.length;
	const answer = await send();
	await server.settled();
	return { answer, items: server.executions.slice(before).map((x) => x.items[0].json) };
}

test.each([
	['plain text', 'signed, please', 'text/plain'],
	['a JSON array', JSON.stringify([{ contractid: CONTRACT, event: 'signed' }]), 'application/json'],
	['a JSON string', JSON.stringify('signed'), 'application/json'],
	['a JSON number', '42', 'application/json'],
	['an empty body', '', 'application/json'],
	['XML', `<contractid>${CONTRACT}</contractid><event>signed</event>`, 'application/xml'],
	['bytes of another type', '{"contractid":"x","event":"signed"}', 'application/octet-stream'],
])('a body that is not a JSON object (%s) gets 400 and starts nothing', async (_, body, type) => {
	const { answer, items } = await started(() =>
		server.post(body, { ...verified, contentType: type }),
	);
	expect(answer.status).toBe(400);
	expect(answer.json?.message).toBeTruthy();
	expect(items).toEqual([]);
});

test('a body declared JSON that does not parse is refused by n8n itself (422) before the node runs', async () => {
	const { answer, items } = await started(() =>
		server.post('{"contractid": "abc", "event":', verified),
	);
	expect(answer.status).toBe(422);
	expect(items).toEqual([]);
});

test('JSON sent as text/plain is read as JSON', async () => {
	const { answer, items } = await started(() =>
		server.post(
			JSON.stringify({ contractid: CONTRACT, event: 'signed', signedAt: '2026-01-02T03:04:05Z' }),
			{
				...verified,
				contentType: 'text/plain',
			},
		),
	);
	expect(answer.status).toBe(200);
	expect(items.map((i) => [i.contractId, i.event, i.occurredAt])).toEqual([
		[CONTRACT, 'signed', '2026-01-02T03:04:05.000Z'],
	]);
});

test.each([
	['no contract id', { event: 'signed', name: 'x' }, /no contract id/],
	['an empty contract id', { contractid: '  ', event: 'signed' }, /no contract id/],
	[
		'a contract id that is an object',
		{ contractid: { $oid: CONTRACT }, event: 'signed' },
		/no contract id/,
	],
	[
		'a contract id with a slash',
		{ contractid: '../../admin', event: 'signed' },
		/is not a valid ID/,
	],
	[
		'a contract id of 201 characters',
		{ contractid: 'a'.repeat(201), event: 'signed' },
		/201 characters/,
	],
])('a payload with %s gets 400 and starts nothing', async (_, payload, message) => {
	const { answer, items } = await started(() => server.post(payload, verified));
	expect(answer.status).toBe(400);
	expect(answer.json.message).toMatch(message);
	expect(items).toEqual([]);
});

test.each([['document-finalized'], ['milestone-completed']])(
	'an event not chosen (%s) gets 200 and starts nothing, so TRATO does not send it again',
	async (event) => {
		const { answer, items } = await started(() =>
			server.post({ contractid: CONTRACT, event }, verified),
		);
		expect(answer.status).toBe(200);
		expect(answer.json.message).toContain('not chosen');
		expect(items).toEqual([]);
	},
);

test('an event TRATO may add one day ("contract-created"), on a URL naming none: 200 with the reason, nothing started, a warning in n8n\'s log', async () => {
	const warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
	try {
		const { answer, items } = await started(() =>
			server.post({ contractid: CONTRACT, event: 'contract-created' }, verified),
		);
		expect(answer.status).toBe(200);
		expect(answer.json.message).toMatch(/"contract-created" is not one of TRATO's events/);
		expect(items).toEqual([]);
		expect(warn).toHaveBeenCalledTimes(1);
	} finally {
		warn.mockRestore();
	}
});

test.each([
	['contractid', { contractid: CONTRACT }],
	['contractId', { contractId: CONTRACT }],
	['contractID', { contractID: CONTRACT }],
	['_id', { _id: CONTRACT }],
])('the contract id spelled %s is read', async (_, id) => {
	const { answer, items } = await started(() =>
		server.post(
			{ ...id, event: 'signed-all', externalid: 'E-7', signedAt: '2026-01-01T00:00:00Z' },
			verified,
		),
	);
	expect(answer.status).toBe(200);
	expect(items).toHaveLength(1);
	expect(items[0]).toMatchObject({ contractId: CONTRACT, event: 'signed-all', externalId: 'E-7' });
	expect(items[0].payload).toEqual({
		...id,
		event: 'signed-all',
		externalid: 'E-7',
		signedAt: '2026-01-01T00:00:00Z',
	});
});

test('event names written in another case or with underscores are the same event', async () => {
	const { items } = await started(() =>
		server.post(
			{ contractid: CONTRACT, event: 'SIGNED_ALL', signedAt: '2026-01-01T00:00:00Z' },
			verified,
		),
	);
	expect(items.map((i) => i.event)).toEqual(['signed-all']);
});

test('the answer to an accepted delivery is 200 with an empty body, as n8n answers in "On Received" mode', async () => {
	const { answer, items } = await started(() =>
		server.post(
			{ contractid: CONTRACT, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
			verified,
		),
	);
	expect(answer).toMatchObject({ status: 200, text: '' });
	expect(items).toHaveLength(1);
	expect(server.errors).toEqual([]);
});

test('a trigger without a credential answers 500 and starts nothing', async () => {
	const bare = await t.trigger({}, { webhookSecret: undefined });
	// the node's credential reference points nowhere: what n8n does when the credential was deleted
	(bare.credentialsHelper as unknown as { store: Record<string, unknown> }).store = {};
	const answer = await bare.post({ contractid: CONTRACT, event: 'signed' });
	expect(answer.status).toBe(500);
	expect(answer.json.message).toMatch(/credential/);
	await bare.settled();
	expect(bare.executions).toEqual([]);
});

test('events given by an expression (one name, or several separated by commas) are read as a list', async () => {
	for (const events of ['=signed-all', '={{ "signed-all, document-finalized" }}']) {
		const one = await t.trigger({ events });
		const ignored = await one.post({ contractid: CONTRACT, event: 'signed' }, verified);
		const accepted = await one.post(
			{ contractid: CONTRACT, event: 'signed-all', signedAt: '2026-01-01T00:00:00Z' },
			verified,
		);
		await one.settled();
		expect([ignored.status, accepted.status]).toEqual([200, 200]);
		expect(one.executions.map((x) => x.items[0].json.event)).toEqual(['signed-all']);
	}
});

test('a body nested thousands of levels deep gets 400 and starts nothing (computing its eventId overflowed the stack: 500)', async () => {
	const depth = 10_000;
	const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
	const body = `{"contractid":"${CONTRACT}","event":"signed","extra":${nested}}`;
	const { answer, items } = await started(() => server.post(body, verified));
	expect(answer.status).toBe(400);
	expect(answer.json.message).toMatch(/nested/);
	expect(items).toEqual([]);
	expect(server.errors).toEqual([]);
});
