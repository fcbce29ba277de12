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
 * Authenticity: with a Webhook Secret on the credential, a delivery without X-Trato-Secret or with another value is
 * answered 401 and starts nothing; the secret is compared in constant time and appears in no answer or output.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself: jest cannot spy on an ES namespace import
import crypto = require('node:crypto');

import { secretsMatch } from '../../nodes/Trato/helpers/secrets';
import { SECRET, contractToSign, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);

const payloadFor = (contractId: string) => ({
	contractid: contractId,
	name: 'Secret test',
	event: 'signed',
	externalId: 'ext-1',
	signedAt: '2026-03-01T10:00:00.000Z',
});

test('a missing or different X-Trato-Secret gets 401 and starts nothing; the right one is accepted', async () => {
	const server = await t.trigger();
	const contract = contractToSign(t.env);
	const forge = async (secret: string | null) =>
		await t.env.sb.control.webhooks.forge({
			url: server.url,
			payload: payloadFor(contract._id),
			secret,
		});
	const wrong = [
		null,
		'',
		'   ',
		'wrong',
		SECRET.slice(0, -1),
		`${SECRET}x`,
		SECRET.toUpperCase(),
		`${SECRET.slice(0, -1)}${SECRET.endsWith('b') ? 'c' : 'b'}`,
	];
	for (const secret of wrong) {
		const answer = await forge(secret);
		expect({ secret, status: answer.status }).toEqual({ secret, status: 401 });
		expect(answer.body).not.toContain(SECRET);
	}
	await server.settled();
	expect(server.executions).toHaveLength(0);
	expect(server.errors).toEqual([]);

	const accepted = await forge(SECRET);
	expect(accepted.status).toBe(200);
	const padded = await forge(`  ${SECRET} `);
	expect(padded.status).toBe(200);
	await server.settled();
	expect(server.executions).toHaveLength(2);
	expect(server.executions[0].items[0].json.verified).toBe(true);
});

test('the secret is checked before the body: an unauthenticated caller learns nothing about what is expected', async () => {
	const server = await t.trigger();
	const answer = await server.post('not json at all', { contentType: 'text/plain' });
	expect(answer.status).toBe(401);
	const noContract = await server.post({ event: 'signed' }, { headers: { 'x-trato-secret': 'x' } });
	expect(noContract.status).toBe(401);
	expect(server.executions).toHaveLength(0);
});

test('the deliveries the sandbox sends carry the account secret and are accepted', async () => {
	const server = await t.trigger({ events: ['signed'] });
	t.subscribe(server, ['signed']);
	const contract = contractToSign(t.env);
	t.env.sb.control.sign(contract._id, { participantId: contract.participants[0]._id });
	await t.settle(server);
	t.env.sb.control.webhooks.unsubscribe();
	expect(server.executions).toHaveLength(1);
	expect(server.executions[0].items[0].json.event).toBe('signed');
});

test('a credential with another secret refuses the sandbox deliveries (401), which the sandbox retries', async () => {
	const server = await t.trigger({ events: ['signed'] }, { webhookSecret: 'another-secret' });
	t.subscribe(server, ['signed']);
	t.env.sb.control.webhooks.configure({ maxAttempts: 3 });
	const contract = contractToSign(t.env);
	t.env.sb.control.sign(contract._id, { participantId: contract.participants[0]._id });
	await t.settle(server);
	t.env.sb.control.webhooks.configure({ maxAttempts: 4 });
	t.env.sb.control.webhooks.unsubscribe();
	const delivery = t
		.delivered()
		.find((d) => d.contractId === contract._id && d.event === 'signed')!;
	expect(delivery.state).toBe('failed');
	expect(delivery.attempts.map((a) => a.status)).toEqual([401, 401, 401]);
	expect(server.executions).toHaveLength(0);
});

test('without a Webhook Secret every delivery is accepted and each item says it was not verified', async () => {
	const server = await t.trigger({}, { webhookSecret: undefined });
	const contract = contractToSign(t.env);
	for (const secret of [null, 'anything']) {
		const answer = await t.env.sb.control.webhooks.forge({
			url: server.url,
			payload: payloadFor(contract._id),
			secret,
		});
		expect(answer.status).toBe(200);
	}
	await server.settled();
	expect(server.executions.map((x) => x.items[0].json.verified)).toEqual([false, false]);
});

test('the secret never appears in the output, whatever the delivery carried', async () => {
	const server = await t.trigger({ options: { includeStatus: true } });
	const contract = contractToSign(t.env);
	await t.env.sb.control.webhooks.forge({ url: server.url, payload: payloadFor(contract._id) });
	await server.settled();
	expect(server.executions).toHaveLength(1);
	expect(JSON.stringify(server.executions[0].run)).not.toContain(SECRET);
});

test('an API error that echoes the secret is redacted in statusError', async () => {
	const server = await t.trigger({ options: { includeStatus: true } });
	const contract = contractToSign(t.env);
	t.env.sb.control.addFault({
		path: `/api/contract/status/${contract._id}`,
		status: 400,
		body: { success: false, error: `Bad header x-trato-secret=${SECRET}` },
	});
	await t.env.sb.control.webhooks.forge({ url: server.url, payload: payloadFor(contract._id) });
	await server.settled();
	const item = server.executions[0].items[0].json;
	expect(String(item.statusError)).toContain('[redacted]');
	expect(JSON.stringify(server.executions[0].run)).not.toContain(SECRET);
});

describe('secretsMatch', () => {
	test('equal only for the same text', () => {
		expect(secretsMatch('abc', 'abc')).toBe(true);
		expect(secretsMatch('abc', 'abd')).toBe(false);
		expect(secretsMatch('abc', 'ab')).toBe(false);
		expect(secretsMatch('abc', 'abcabc')).toBe(false);
		expect(secretsMatch('abc', '')).toBe(false);
		expect(secretsMatch('', '')).toBe(false);
		expect(secretsMatch('ñandú', 'ñandú')).toBe(true);
	});

	test('compares SHA-256 digests with crypto.timingSafeEqual, whatever the lengths (no early exit)', () => {
		const compare = jest.spyOn(crypto, 'timingSafeEqual');
		try {
			for (const candidate of ['z', 'zzzzzzzz', 'abcdefgh', 'a'.repeat(5000)])
				secretsMatch('abcdefgh', candidate);
			expect(compare).toHaveBeenCalledTimes(4);
			for (const [a, b] of compare.mock.calls) {
				expect([(a as Buffer).length, (b as Buffer).length]).toEqual([32, 32]);
			}
			expect(compare.mock.results.map((r) => r.value)).toEqual([false, false, true, false]);
		} finally {
			compare.mockRestore();
		}
	});
});
