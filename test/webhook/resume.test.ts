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
 * The instant trigger's Resume Waiting Workflows (issues 36, 40): TRATO's deliveries resume a run waiting at Wait for
 * Signatures (n8n-core, as n8n 1.x keeps it: test-support/harness/waiting.ts) once its contract is final for TRATO;
 * exactly once under repeated deliveries and two listeners at once; a lost delivery is made up by the next one;
 * a crash between the resume call and the value's removal is cleaned up by the next delivery; a run another call is
 * resuming is asked again; what could not be resumed is said on the item.
 */
import { seal } from '../../nodes/Trato/helpers/secrets';
import { webhookResumeSettings } from '../../nodes/Trato/webhook/resume';
import { startWaitingHarness, type WaitingHarness } from '../../test-support/harness/waiting';
import {
	RESUME_PROPERTY,
	credentialKeyOf,
	openStored,
	storedValues,
} from '../../test-support/waitingRuns';
import { byId } from '../helpers/env';
import { SECRET, contractToSign, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);
let n8n: WaitingHarness;

beforeAll(async () => {
	n8n = await startWaitingHarness(t.env.creds);
});
afterAll(async () => {
	await n8n.close();
});

const stored = (id: string) => storedValues(t.env.sb.control.getContract(id)?.properties ?? []);

const waitFor = async (id: string) => {
	const run = await n8n.start({
		resource: 'contract',
		operation: 'waitForSignatures',
		contractId: byId(id),
	});
	expect(run.status).toBe('waiting');
	return run.id;
};

const resuming = (options: Record<string, unknown> = {}) =>
	t.trigger({ events: ['signed-all'], options: { resumeWaiting: true, ...options } });

test('signed: the deliveries resume the run once (the first one that finds the contract final), the URL is removed; a repeated delivery resumes nothing', async () => {
	const server = await resuming();
	t.subscribe(server, ['signed', 'signed-all']);
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	await n8n.settled();
	// signed ×2 start nothing (not chosen), signed-all starts the workflow
	expect(t.delivered().map((d) => d.event)).toEqual(['signed', 'signed', 'signed-all']);
	expect(server.executions).toHaveLength(1);
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(n8n.output(execution)[0].json).toMatchObject({
		contractId: contract._id,
		outcome: 'signed',
	});
	expect(stored(contract._id)).toEqual([]);

	const [signedAll] = t.delivered().filter((d) => d.event === 'signed-all');
	const repeat = await server.post(signedAll.payload, {
		headers: { 'x-trato-secret': SECRET },
		query: 'event=signed-all',
	});
	expect(repeat.status).toBe(200);
	await server.settled();
	await n8n.settled();
	expect(n8n.execution(execution).resumes).toBe(1);
});

test('the item of the delivery that resumed says so (waitingRuns)', async () => {
	const server = await resuming();
	t.subscribe(server, ['signed-all']);
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	await n8n.settled();
	expect(server.executions.map((e) => e.items[0].json.waitingRuns)).toEqual([
		[{ executionId: execution, result: 'resumed' }],
	]);
});

test('a lost delivery: signed-all never arrives, the run waits; the next delivery of the contract (document-finalized) resumes it', async () => {
	const server = await resuming();
	t.subscribe(server, ['document-finalized']);
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	await n8n.settled();
	expect(n8n.execution(execution).status).toBe('waiting');
	await t.env.api.post(`/api/contract/finalize/${contract._id}`);
	await t.settle(server);
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(n8n.output(execution)[0].json).toMatchObject({ status: 'FINALIZED', outcome: 'signed' });
});

test('two listeners on the account get the delivery at the same moment: the run is resumed once', async () => {
	const one = await resuming();
	const two = await resuming();
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	t.env.sb.control.sign(contract._id);
	const payload = {
		contractid: contract._id,
		event: 'signed-all',
		signedAt: new Date().toISOString(),
	};
	const headers = { 'x-trato-secret': SECRET };
	await Promise.all([one.post(payload, { headers }), two.post(payload, { headers })]);
	await Promise.all([one.settled(), two.settled()]);
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(stored(contract._id)).toEqual([]);
});

test('a crash between the resume call and the removal: the URL stays, the next delivery finds the run finished and removes it; resumed once', async () => {
	const server = await resuming();
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	t.env.sb.control.addFault({
		method: 'DELETE',
		pathRegex: '/customproperties$',
		status: 500,
		times: 100,
	});
	t.env.sb.control.sign(contract._id);
	const headers = { 'x-trato-secret': SECRET };
	const payload = {
		contractid: contract._id,
		event: 'signed-all',
		signedAt: '2026-01-01T00:00:00Z',
	};
	expect((await server.post(payload, { headers })).status).toBe(200);
	await server.settled();
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(stored(contract._id)).toHaveLength(1);
	t.env.sb.control.clearFaults();
	await server.post({ ...payload, event: 'document-finalized' }, { headers });
	await server.settled();
	await n8n.settled();
	expect(stored(contract._id)).toEqual([]);
	expect(n8n.execution(execution).resumes).toBe(1);
	expect(server.executions.at(-1)?.items[0].json.waitingRuns).toBeUndefined();
});

test('a contract not final resumes nothing, and the Test URL resumes nothing', async () => {
	const production = await resuming();
	const manual = await t.trigger(
		{ events: ['signed', 'signed-all'], options: { resumeWaiting: true } },
		{ mode: 'manual' },
	);
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	const headers = { 'x-trato-secret': SECRET };
	await production.post(
		{ contractid: contract._id, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
		{ headers },
	);
	await production.settled();
	t.env.sb.control.sign(contract._id);
	await manual.post(
		{ contractid: contract._id, event: 'signed-all', signedAt: '2026-01-01T00:00:01Z' },
		{ headers },
	);
	await manual.settled();
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'waiting', resumes: 0 });
	expect(stored(contract._id)).toHaveLength(1);
});

test("what could not be resumed is said on the delivery's item: another n8n's run (its origin only), a value it cannot open", async () => {
	const server = await resuming();
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	const key = credentialKeyOf(t.env.creds, 'waiting-run');
	await t.env.api.post(`/api/contracts/${contract._id}/customproperties`, {
		properties: [
			{
				name: RESUME_PROPERTY,
				value: seal(
					key,
					'https://old-n8n.example.com/webhook-waiting/7/node?signature=s',
					contract._id,
				),
			},
			{
				name: RESUME_PROPERTY,
				value: 'https://n8n.example.com/webhook-waiting/7/node?signature=s',
			},
		],
	});
	t.env.sb.control.sign(contract._id);
	const headers = { 'x-trato-secret': SECRET };
	await server.post(
		{ contractid: contract._id, event: 'signed-all', signedAt: '2026-01-02T00:00:00Z' },
		{ headers },
	);
	await server.settled();
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	const runs = server.executions.at(-1)?.items[0].json.waitingRuns as any[];
	expect(runs).toEqual([
		{
			result: 'otherN8n',
			origin: 'https://old-n8n.example.com',
			notResumed: 'stored by the n8n at https://old-n8n.example.com, not this one: not called',
		},
		expect.objectContaining({
			result: 'unreadable',
			notResumed: expect.stringContaining('another TRATO credential'),
		}),
		{ executionId: execution, result: 'resumed' },
	]);
	expect(JSON.stringify(runs)).not.toMatch(/webhook-waiting|signature/);
});

test('a run another call is resuming right now: the delivery asks again, and the value is removed once it has resumed', async () => {
	webhookResumeSettings.busyWaitMs = 200;
	try {
		const server = await resuming();
		const contract = contractToSign(t.env);
		const execution = await waitFor(contract._id);
		const [value] = stored(contract._id);
		const url = openStored(t.env.creds, contract._id, value)!;
		t.env.sb.control.sign(contract._id);
		t.env.sb.control.addFault({ pathRegex: '^/api/contract/variables/', latencyMs: 600, times: 1 });
		const first = n8n.post(url, { contractId: contract._id });
		await new Promise((resolve) => setTimeout(resolve, 150));
		const headers = { 'x-trato-secret': SECRET };
		await server.post(
			{ contractid: contract._id, event: 'signed-all', signedAt: '2026-01-03T00:00:00Z' },
			{ headers },
		);
		await server.settled();
		expect((await first).json).toMatchObject({ resumed: true });
		await n8n.settled();
		// busy at first, asked again: by then n8n has the run (it no longer waits), and the value is removed
		expect(server.executions.at(-1)?.items[0].json.waitingRuns).toEqual([
			{ executionId: execution, result: 'notWaiting' },
		]);
		expect(stored(contract._id)).toEqual([]);
		expect(n8n.execution(execution).resumes).toBe(1);
	} finally {
		webhookResumeSettings.busyWaitMs = 1_000;
	}
});

test('a signed-all delivery goes straight to the runs (the node asks TRATO itself): one for a contract that is not final resumes nothing and leaves the value', async () => {
	const server = await resuming();
	const contract = contractToSign(t.env);
	const execution = await waitFor(contract._id);
	const mark = t.env.mark();
	const headers = { 'x-trato-secret': SECRET };
	await server.post(
		{ contractid: contract._id, event: 'signed-all', signedAt: '2026-01-04T00:00:00Z' },
		{ headers },
	);
	await server.settled();
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'waiting', resumes: 0 });
	expect(stored(contract._id)).toHaveLength(1);
	// the listener listed the contract's values, the node read its status: one read each, no more
	expect(
		t.env.nodeRequests(mark).map((r) => `${r.method} ${r.path.replace(contract._id, '<id>')}`),
	).toEqual(['GET /api/contracts/<id>/customproperties', 'GET /api/contract/status/<id>']);
	expect(server.executions.at(-1)?.items[0].json.waitingRuns).toEqual([
		{ executionId: execution, result: 'stillWaiting' },
	]);
});
