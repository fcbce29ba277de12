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
 * Include Contract Status: the contract's current status read through the API (spec 4.3) after TRATO has been
 * answered; a failed read is put on the item and the event is kept; without the option nothing is requested.
 */
import { SECRET, contractToSign, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);

const statusRequests = (mark: number) =>
	t.env.nodeRequests(mark).filter((r) => r.path.startsWith('/api/contract/status/'));

test('signed-all with Include Contract Status: the item has the status the API gives now', async () => {
	const server = await t.trigger({ events: ['signed-all'], options: { includeStatus: true } });
	t.subscribe(server, ['signed-all']);
	const contract = contractToSign(t.env);
	const mark = t.env.mark();
	t.env.sb.control.sign(contract._id);
	await t.settle(server);

	expect(server.executions).toHaveLength(1);
	const item = server.executions[0].items[0].json;
	expect(item).toMatchObject({
		event: 'signed-all',
		contractId: contract._id,
		status: 'RECEIVED_SIGNED',
		statusLabel: 'Signed',
	});
	expect((item.contractStatus as { status: string }).status).toBe('RECEIVED_SIGNED');
	const requests = statusRequests(mark);
	expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
		['GET', `/api/contract/status/${contract._id}`, 200],
	]);
	expect(requests[0].headers.apikey).toBe('<redacted>');
});

test('TRATO is answered before the status is read: the answer never waits for the API', async () => {
	const server = await t.trigger({ options: { includeStatus: true } });
	const contract = contractToSign(t.env);
	let release!: () => void;
	const answered = new Promise<void>((resolve) => (release = resolve));
	t.env.sb.control.setRequestHook(async (info) => {
		if (!info.path.startsWith('/api/contract/status/')) return;
		// The status read waits until the delivery's answer has arrived. A node that read the status before
		// answering would never be answered: this test would time out.
		await answered;
	});
	const mark = t.env.mark();
	const answer = await server.post(
		{ contractid: contract._id, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
		{ headers: { 'x-trato-secret': SECRET } },
	);
	release();
	expect(answer.status).toBe(200);
	expect(answer.text).toBe('');
	await server.settled();
	expect(statusRequests(mark)).toHaveLength(1);
	expect(server.executions).toHaveLength(1);
	expect(server.executions[0].items[0].json.status).toBe('SENT_TO_SIGN');
}, 10_000);

test('a status that cannot be read: the event is kept, statusError says why', async () => {
	const server = await t.trigger({ options: { includeStatus: true } });
	const unknown = '65f1c0ffee0000000000dead';
	const answer = await server.post(
		{ contractid: unknown, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
		{ headers: { 'x-trato-secret': SECRET } },
	);
	expect(answer.status).toBe(200);
	await server.settled();
	expect(server.executions).toHaveLength(1);
	const item = server.executions[0].items[0].json;
	expect(item.event).toBe('signed');
	expect(item.status).toBeUndefined();
	expect(String(item.statusError)).toContain(unknown);
});

test('a temporary failure of the status read is retried by the transport (a read is safe to repeat)', async () => {
	const server = await t.trigger({ options: { includeStatus: true } });
	const contract = contractToSign(t.env);
	t.env.sb.control.addFault({ path: `/api/contract/status/${contract._id}`, status: 503 });
	const mark = t.env.mark();
	await server.post(
		{ contractid: contract._id, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
		{ headers: { 'x-trato-secret': SECRET } },
	);
	await server.settled();
	expect(statusRequests(mark).map((r) => r.status)).toEqual([503, 200]);
	expect(server.executions[0].items[0].json.status).toBe('SENT_TO_SIGN');
});

test('without the option, no API request is made', async () => {
	const server = await t.trigger();
	const contract = contractToSign(t.env);
	const mark = t.env.mark();
	await server.post(
		{ contractid: contract._id, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
		{ headers: { 'x-trato-secret': SECRET } },
	);
	await server.settled();
	expect(server.executions).toHaveLength(1);
	expect(t.env.nodeRequests(mark)).toEqual([]);
	expect(server.executions[0].items[0].json).not.toHaveProperty('status');
});
