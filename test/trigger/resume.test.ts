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
 * The polling trigger's Resume Waiting Workflows (issue 36): a run waiting at Wait for Signatures (n8n-core, as n8n
 * 1.x keeps it: test-support/harness/waiting.ts) is resumed by the poll that sees its contract reach a final status;
 * exactly once, also when the poll repeats (a crash between the resume call and the URL's removal, n8n not
 * answering); only calls to its own n8n's resume URLs; only what the trigger watches.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startWaitingHarness, type WaitingHarness } from '../../test-support/harness/waiting';
import { byId, startEnv, type NodeTestEnv } from '../helpers/env';
import { emitted, injectSettings, newSim, restoreSettings } from './helpers';

let env: NodeTestEnv;
let n8n: WaitingHarness;

beforeAll(async () => {
	env = await startEnv(__filename);
	n8n = await startWaitingHarness(env.creds);
	injectSettings();
});
afterAll(async () => {
	restoreSettings();
	await n8n.close();
	await env.close();
});
afterEach(() => env.sb.control.clearFaults());

const PROPERTY = 'n8n_resume_url';
const stored = (id: string) =>
	(env.sb.control.getContract(id)?.properties ?? [])
		.filter((p) => p.name === PROPERTY)
		.map((p) => p.value);

const contract = () =>
	env.sb.control.createContract({
		name: 'Waited for',
		status: 'SENT_TO_SIGN',
		participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
	})._id;

const waitFor = async (id: string) => {
	const run = await n8n.start({
		resource: 'contract',
		operation: 'waitForSignatures',
		contractId: byId(id),
	});
	expect(run.status).toBe('waiting');
	return run.id;
};

/** A polling trigger that has taken its baseline (so the next polls report changes). */
async function activeTrigger(parameters: Record<string, unknown> = {}) {
	const sim = newSim(env, { options: { resumeWaiting: true }, ...parameters });
	expect((await sim.poll()).error).toBeUndefined();
	return sim;
}

test('the poll that sees the contract signed resumes the waiting run, once, and removes its URL; the event says so', async () => {
	const sim = await activeTrigger();
	const id = contract();
	const execution = await waitFor(id);
	emitted(await sim.poll()); // the new contract
	env.sb.control.sign(id);
	const events = emitted(await sim.poll());
	await n8n.settled();
	expect(events.filter((e) => e.contractId === id)).toEqual([
		expect.objectContaining({
			status: 'RECEIVED_SIGNED',
			waitingRuns: [{ executionId: execution, result: 'resumed' }],
		}),
	]);
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(n8n.output(execution)[0].json).toMatchObject({ contractId: id, outcome: 'signed' });
	expect(stored(id)).toEqual([]);
	expect(emitted(await sim.poll())).toEqual([]);
	expect(n8n.execution(execution).resumes).toBe(1);
});

test('a crash between the resume call and the removal: the poll fails, the next one finds the run no longer waiting and removes the URL; resumed once', async () => {
	const sim = await activeTrigger();
	const id = contract();
	const execution = await waitFor(id);
	emitted(await sim.poll());
	// every removal of a property fails: the node's own (best effort) and the trigger's
	env.sb.control.addFault({
		method: 'DELETE',
		pathRegex: '/customproperties$',
		status: 500,
		times: 100,
	});
	env.sb.control.sign(id);
	const failed = await sim.poll();
	expect(failed.error?.message).toMatch(/500/);
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(stored(id)).toHaveLength(1);

	env.sb.control.clearFaults();
	const again = emitted(await sim.poll());
	expect(again.filter((e) => e.contractId === id)).toEqual([
		expect.objectContaining({
			status: 'RECEIVED_SIGNED',
			waitingRuns: [{ executionId: execution, result: 'notWaiting' }],
		}),
	]);
	await n8n.settled();
	expect(stored(id)).toEqual([]);
	expect(n8n.execution(execution).resumes).toBe(1);
});

test('n8n cannot resume the run (its node cannot read TRATO): the poll fails and delivers nothing; the next poll resumes it', async () => {
	const sim = await activeTrigger();
	const id = contract();
	const execution = await waitFor(id);
	emitted(await sim.poll());
	env.sb.control.sign(id);
	env.sb.control.addFault({ path: `/api/contract/status/${id}`, status: 503, times: 100 });
	const failed = await sim.poll();
	expect(failed.error?.message).toMatch(
		new RegExp(
			`could not be resumed: n8n did not answer its resume call \\(execution ${execution}\\)`,
		),
	);
	await n8n.settled();
	expect(n8n.execution(execution).status).toBe('waiting');
	expect(stored(id)).toHaveLength(1);
	env.sb.control.clearFaults();
	const events = emitted(await sim.poll());
	await n8n.settled();
	expect(events.filter((e) => e.contractId === id).map((e) => e.waitingRuns)).toEqual([
		[{ executionId: execution, result: 'resumed' }],
	]);
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
});

test('what the trigger watches is what it resumes: a cancellation resumes through "Contract Status Changed", not through "Contract Reached a Status" = Signed (Any)', async () => {
	const signedOnly = await activeTrigger({ event: 'enteredStatus', statuses: ['signed'] });
	const everyChange = await activeTrigger();
	const id = contract();
	const execution = await waitFor(id);
	await env.api.delete(`/api/contract/cancel/${id}`);
	expect(emitted(await signedOnly.poll())).toEqual([]);
	await n8n.settled();
	expect(n8n.execution(execution).status).toBe('waiting');
	const events = emitted(await everyChange.poll());
	await n8n.settled();
	expect(events.find((e) => e.contractId === id)).toMatchObject({
		status: 'CANCELED',
		waitingRuns: [{ executionId: execution, result: 'resumed' }],
	});
	expect(n8n.output(execution)[0].json).toMatchObject({ outcome: 'cancelled', timedOut: false });
});

test('only resume URLs of its own n8n are called: another address on the contract is left alone; without the option nothing is called', async () => {
	const calls: string[] = [];
	const other = createServer((req, res) => {
		calls.push(req.url ?? '');
		res.end('{}');
	});
	await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
	try {
		const foreign = `http://127.0.0.1:${(other.address() as AddressInfo).port}/webhook-waiting/1/node-action?signature=${'a'.repeat(64)}`;
		const plain = await activeTrigger({ options: {} });
		const sim = await activeTrigger();
		const id = contract();
		await env.api.post(`/api/contracts/${id}/customproperties`, {
			properties: [{ name: PROPERTY, value: foreign }],
		});
		const execution = await waitFor(id);
		emitted(await plain.poll());
		emitted(await sim.poll());
		env.sb.control.sign(id);
		const ignored = emitted(await plain.poll());
		expect(ignored.find((e) => e.contractId === id)?.waitingRuns).toBeUndefined();
		await n8n.settled();
		expect(n8n.execution(execution).status).toBe('waiting');

		const events = emitted(await sim.poll());
		await n8n.settled();
		expect(events.find((e) => e.contractId === id)?.waitingRuns).toEqual([
			{ executionId: execution, result: 'resumed' },
		]);
		expect(calls).toEqual([]);
		expect(stored(id)).toEqual([foreign]);
	} finally {
		await new Promise<void>((resolve) => other.close(() => resolve()));
	}
});

test('a contract of the run is deleted in TRATO: the poll is not blocked, the run keeps waiting (for its limit)', async () => {
	const sim = await activeTrigger();
	const kept = contract();
	const gone = contract();
	const run = await n8n.start(
		{
			resource: 'contract',
			operation: 'waitForSignatures',
			contractId: byId('={{ $json.id }}'),
		},
		[{ json: { id: kept } }, { json: { id: gone } }],
	);
	expect(run.status).toBe('waiting');
	emitted(await sim.poll());
	env.sb.control.deleteContract(gone);
	env.sb.control.sign(kept);
	const events = emitted(await sim.poll());
	await n8n.settled();
	expect(events.find((e) => e.contractId === kept)?.waitingRuns).toEqual([
		{ executionId: run.id, result: 'stillWaiting' },
	]);
	expect(n8n.execution(run.id).status).toBe('waiting');
	expect(stored(kept)).toHaveLength(1);
	expect(emitted(await sim.poll())).toEqual([]);
});
