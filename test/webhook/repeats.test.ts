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
 * Ignore Repeated Deliveries: a delivery whose eventId was accepted before starts nothing. The memory is the node's
 * static data, which the harness loads and saves per request as n8n's LiveWebhooks does: bounded (1,000 ids), kept
 * across a restart, whole when two deliveries overlap; off by default, so saved workflows behave as before.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_REMEMBERED } from '../../nodes/Trato/webhook/repeats';
import { SECRET, useWebhookTestEnv } from './helpers';
import { WEBHOOK_NODE_NAME, type WebhookServer } from '../../test-support/harness/webhook';

const t = useWebhookTestEnv(__filename);

const CONTRACT = '65f1c0ffee0000000000abcd';
const verified = { headers: { 'x-trato-secret': SECRET } };
const delivery = (second: number) => ({
	contractid: CONTRACT,
	event: 'signed',
	signedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
});
const ignoring = { events: ['signed'], options: { ignoreRepeats: true } };

/** Posts the deliveries one after the other; answers the statuses and how many executions each started. */
async function send(
	server: WebhookServer,
	bodies: IDataObject[],
	options: { headers: Record<string, string> } = verified,
) {
	const statuses: number[] = [];
	const started: number[] = [];
	for (const body of bodies) {
		const before = server.executions.length;
		statuses.push((await server.post(body, options)).status);
		await server.settled();
		started.push(server.executions.length - before);
	}
	return { statuses, started };
}

const remembered = (server: WebhookServer) =>
	((server.staticData()[`node:${WEBHOOK_NODE_NAME}`] as IDataObject | undefined)?.seen ??
		[]) as string[];

test('off by default: a repeated delivery starts again (saved workflows behave as before)', async () => {
	const server = await t.trigger({ events: ['signed'] });
	expect(await send(server, [delivery(1), delivery(1)])).toEqual({
		statuses: [200, 200],
		started: [1, 1],
	});
	expect(server.staticData()).toEqual({});
});

test('on: a repeat is answered 200 and starts nothing; other deliveries start', async () => {
	const server = await t.trigger(ignoring);
	const result = await send(server, [delivery(1), delivery(2), delivery(1), delivery(2)]);
	expect(result).toEqual({ statuses: [200, 200, 200, 200], started: [1, 1, 0, 0] });
	const answer = await server.post(delivery(1), verified);
	expect(answer.json.message).toBe(
		`Delivery ${CONTRACT}:signed:${delivery(1).signedAt} was received before (Ignore Repeated Deliveries); no workflow was started.`,
	);
	// the memory: one 16-hex-character fingerprint per accepted delivery, never the eventId itself
	expect(remembered(server)).toHaveLength(2);
	for (const id of remembered(server)) expect(id).toMatch(/^[0-9a-f]{16}$/);
	expect(JSON.stringify(server.staticData())).not.toContain(CONTRACT);
});

test('the memory is kept in the static data n8n saves: a restarted n8n still drops the repeat', async () => {
	const before = await t.trigger(ignoring);
	await send(before, [delivery(1)]);
	// A restart: a new process (nothing in memory but the workflow's saved static data)
	const after = await t.trigger(ignoring, { staticData: before.staticData() });
	expect(after.workflowId).not.toBe(before.workflowId);
	expect(await send(after, [delivery(1), delivery(3)])).toEqual({
		statuses: [200, 200],
		started: [0, 1],
	});
	// Without the saved static data the same delivery would have started
	const fresh = await t.trigger(ignoring);
	expect((await send(fresh, [delivery(1)])).started).toEqual([1]);
});

test(`bounded: the last ${MAX_REMEMBERED} eventIds are remembered, the oldest dropped first (about 19 kB)`, async () => {
	const server = await t.trigger(ignoring);
	const many = Array.from({ length: MAX_REMEMBERED + 1 }, (_, i) => delivery(i));
	const first = await send(server, many);
	expect(first.started.every((n) => n === 1)).toBe(true);
	expect(remembered(server)).toHaveLength(MAX_REMEMBERED);
	const bytes = Buffer.byteLength(JSON.stringify(server.staticData()));
	expect(bytes).toBeLessThanOrEqual(MAX_REMEMBERED * 19 + 100);
	// the second one is still remembered, the first was forgotten
	expect((await send(server, [delivery(1), delivery(0)])).started).toEqual([0, 1]);
}, 120_000);

test('two deliveries handled at the same time: both are remembered, though n8n saves each copy whole', async () => {
	const server = await t.trigger({
		events: ['signed'],
		options: { ignoreRepeats: true, includeStatus: true },
	});
	const contract = t.env.sb.control.createContract({
		name: 'Overlap',
		status: 'SENT_TO_SIGN',
		participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
	});
	const slow = { contractid: contract._id, event: 'signed', signedAt: '2026-01-01T00:00:01.000Z' };
	const fast = { contractid: contract._id, event: 'signed', signedAt: '2026-01-01T00:00:02.000Z' };
	// The first delivery's status read waits until the second has been answered and saved, so the first one's
	// memory is loaded before and saved after the second one's.
	let release!: () => void;
	const secondDone = new Promise<void>((resolve) => (release = resolve));
	let reads = 0;
	t.env.sb.control.setRequestHook(async (info) => {
		if (info.path.startsWith('/api/contract/status/') && ++reads === 1) await secondDone;
	});
	const first = server.post(slow, verified);
	while (reads === 0) await new Promise((r) => setImmediate(r));
	const second = await server.post(fast, verified);
	expect(second.status).toBe(200);
	while (server.executions.length < 1) await new Promise((r) => setImmediate(r));
	release();
	expect((await first).status).toBe(200);
	await server.settled();
	expect(server.executions).toHaveLength(2);
	expect(remembered(server)).toHaveLength(2);
	expect((await send(server, [slow, fast])).started).toEqual([0, 0]);
}, 20_000);

test('not while the editor listens for a test event (the Test URL): every delivery starts, nothing is saved', async () => {
	const server = await t.trigger(ignoring, { mode: 'manual' });
	expect((await send(server, [delivery(1), delivery(1)])).started).toEqual([1, 1]);
	expect(server.staticData()).toEqual({});
});

test('an unverified delivery never pre-empts a verified one: forged before the secret was set, the real one starts', async () => {
	const unverified = await t.trigger(ignoring, { webhookSecret: undefined });
	expect((await send(unverified, [delivery(5), delivery(5)], { headers: {} })).started).toEqual([
		1, 0,
	]);
	// The same workflow once the credential has the Webhook Secret: TRATO's real delivery of that event
	const secured = await t.trigger(ignoring, {
		workflowId: unverified.workflowId,
		staticData: unverified.staticData(),
	});
	const real = await send(secured, [delivery(5), delivery(5)]);
	expect(real).toEqual({ statuses: [200, 200], started: [1, 0] });
	expect(secured.executions[0].items[0].json.eventId).not.toBe(
		unverified.executions[0].items[0].json.eventId,
	);
});
