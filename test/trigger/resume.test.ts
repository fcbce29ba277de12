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
 * The polling trigger's Resume Waiting Workflows (issues 36, 40): a run waiting at Wait for Signatures (n8n-core, as
 * n8n 1.x keeps it: test-support/harness/waiting.ts) is resumed by the poll that sees its contract reach a final
 * status; exactly once, also when a call fails, is answered "busy" or the removal fails (a small retry list beside the
 * trigger's memory, given up loudly after some polls); a stored value that cannot be called never holds back the
 * poll's events; only calls to its own n8n's resume URLs, in n8n's shape; only what the trigger watches.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { seal } from '../../nodes/Trato/helpers/secrets';
import { resumeTarget } from '../../nodes/Trato/helpers/waiting';
import { unanswered, whyNotResumed } from '../../nodes/Trato/transport/resume';
import { MAX_TRIES, RETRY_KEY } from '../../nodes/Trato/trigger/resume';
import { startWaitingHarness, type WaitingHarness } from '../../test-support/harness/waiting';
import {
	RESUME_PROPERTY,
	contractToWaitFor,
	credentialKeyOf,
	openStored,
	storedValues,
} from '../../test-support/waitingRuns';
import { startCaptureServer } from '../helpers/capture';
import { byId, useEnv } from '../helpers/env';
import { emitted, injectSettings, newSim, restoreSettings } from './helpers';

const env = useEnv(__filename);
let n8n: WaitingHarness;
let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeAll(async () => {
	n8n = await startWaitingHarness(env.creds);
	injectSettings();
});
afterAll(async () => {
	restoreSettings();
	await n8n.close();
});
beforeEach(() => {
	warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
	error = jest.spyOn(Container.get(Logger), 'error').mockImplementation(() => undefined);
});
afterEach(() => {
	env.sb.control.clearFaults();
	warn.mockRestore();
	error.mockRestore();
});

const sealed = (id: string) => storedValues(env.sb.control.getContract(id)?.properties ?? []);
const stored = (id: string) => sealed(id).map((value) => openStored(env.creds, id, value));
const logged = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => String(c[0]));

/** Stores a value on the contract as the credential's holder can (sealed for it), or as it is (`plain`). */
const plant = async (id: string, url: string, plain = false) =>
	await env.api.post(`/api/contracts/${id}/customproperties`, {
		properties: [
			{
				name: RESUME_PROPERTY,
				value: plain ? url : seal(credentialKeyOf(env.creds, 'waiting-run'), url, id),
			},
		],
	});

const contract = () => contractToWaitFor(env.sb);

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

test('the poll that sees the contract signed resumes the waiting run, once, and removes its value; the event says so', async () => {
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
	expect(sealed(id)).toEqual([]);
	expect(emitted(await sim.poll())).toEqual([]);
	expect(n8n.execution(execution).resumes).toBe(1);
});

test('the removal fails after the resume: the event is delivered all the same, the contract goes on the retry list, and the next poll removes the value; resumed once', async () => {
	const sim = await activeTrigger();
	const id = contract();
	const execution = await waitFor(id);
	emitted(await sim.poll());
	env.sb.control.addFault({
		method: 'DELETE',
		pathRegex: '/customproperties$',
		status: 500,
		times: 100,
	});
	env.sb.control.sign(id);
	const first = emitted(await sim.poll());
	expect(first.filter((e) => e.contractId === id)).toEqual([
		expect.objectContaining({ status: 'RECEIVED_SIGNED' }),
	]);
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(sealed(id)).toHaveLength(1);
	expect(sim.staticData[RETRY_KEY]).toEqual([{ contractId: id, tries: 1 }]);

	env.sb.control.clearFaults();
	expect(emitted(await sim.poll())).toEqual([]);
	await n8n.settled();
	expect(sealed(id)).toEqual([]);
	expect(sim.staticData[RETRY_KEY]).toBeUndefined();
	expect(n8n.execution(execution).resumes).toBe(1);
});

test('n8n cannot resume the run (its node cannot read TRATO): the poll still delivers every event, and a later poll resumes the run from the retry list', async () => {
	const sim = await activeTrigger();
	const id = contract();
	const other = contract();
	const execution = await waitFor(id);
	emitted(await sim.poll());
	env.sb.control.sign(id);
	env.sb.control.sign(other);
	env.sb.control.addFault({ path: `/api/contract/status/${id}`, status: 503, times: 100 });
	const events = emitted(await sim.poll());
	expect(events.map((e) => e.contractId).sort()).toEqual([id, other].sort());
	expect(events.find((e) => e.contractId === id)?.waitingRuns).toEqual([
		{ executionId: execution, result: 'unavailable' },
	]);
	await n8n.settled();
	expect(n8n.execution(execution).status).toBe('waiting');
	expect(stored(id)).toHaveLength(1);
	env.sb.control.clearFaults();
	expect(emitted(await sim.poll())).toEqual([]);
	await n8n.settled();
	expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
	expect(sealed(id)).toEqual([]);
});

test(`a run that never answers is given up after ${MAX_TRIES} polls, loudly, and meanwhile never blocks another contract's signature`, async () => {
	const sim = await activeTrigger();
	const stuck = contract();
	const execution = await waitFor(stuck);
	emitted(await sim.poll());
	env.sb.control.addFault({ path: `/api/contract/status/${stuck}`, status: 503, times: 1000 });
	env.sb.control.sign(stuck);
	emitted(await sim.poll());
	for (let poll = 2; poll < MAX_TRIES; poll++) {
		expect(emitted(await sim.poll())).toEqual([]);
		expect(sim.staticData[RETRY_KEY]).toEqual([{ contractId: stuck, tries: poll }]);
	}
	const later = contract();
	emitted(await sim.poll()); // the new contract; the last try of the stuck one
	expect(sim.staticData[RETRY_KEY]).toBeUndefined();
	expect(logged(error)).toEqual([
		expect.stringMatching(
			new RegExp(
				`gave up resuming the runs waiting for contract ${stuck} after ${MAX_TRIES} polls \\(execution ${execution}: unavailable\\)`,
			),
		),
	]);
	env.sb.control.sign(later);
	expect(emitted(await sim.poll()).map((e) => e.contractId)).toEqual([later]);
	await n8n.settled();
	expect(n8n.execution(execution).status).toBe('waiting');
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

test("what a reader of the contract planted is never called: a plain URL (even its own n8n's), one in another shape, another n8n's (named by origin only); a real one is called without the query it was given; without the option nothing is called", async () => {
	const capture = await startCaptureServer(() => ({ status: 200, body: '{}' }));
	try {
		const plain = await activeTrigger({ options: {} });
		const sim = await activeTrigger();
		const id = contract();
		const execution = await waitFor(id);
		const [url] = stored(id);
		const base = url!.slice(0, url!.lastIndexOf(`/${execution}/`));
		await plant(id, `${base}/${execution}/node-action?signature=planted`, true);
		await plant(id, `${base}/not-a-number/x?signature=a`);
		await plant(id, `${capture.origin}/webhook-waiting/12/node-action?signature=abc`);
		// the run's own URL once more (the node run again), with a query a planter added
		await plant(id, `${url}&redirect=${encodeURIComponent(capture.origin)}`);
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
			{ result: 'notResumeShape' },
			{ result: 'otherN8n', origin: capture.origin },
			{ result: 'unreadable' },
			{ executionId: execution, result: 'resumed' },
		]);
		expect(n8n.execution(execution)).toMatchObject({ status: 'success', resumes: 1 });
		expect(capture.requests).toEqual([]);
		// the run's two values removed; what could not be called stays, and the log names only the other n8n's origin
		expect(sealed(id)).toHaveLength(3);
		const about = logged(warn).filter((line) => line.includes(id));
		expect(about).toEqual(
			expect.arrayContaining([
				expect.stringContaining(`stored by the n8n at ${capture.origin}, not this one`),
				expect.stringContaining('stored with another TRATO credential'),
				expect.stringContaining('is not an n8n resume URL'),
			]),
		);
		expect(about.join('\n')).not.toMatch(/webhook-waiting|signature|node-action|not-a-number/);
	} finally {
		await capture.close();
	}
});

test('a listener that calls while another call is resuming the run is told it is busy, keeps the value and asks again at the next poll', async () => {
	const sim = await activeTrigger();
	const id = contract();
	const execution = await waitFor(id);
	emitted(await sim.poll());
	const [url] = stored(id);
	env.sb.control.sign(id);
	// the first call's resume is slow: it reads the participants for the output
	env.sb.control.addFault({ pathRegex: '^/api/contract/variables/', latencyMs: 1500, times: 1 });
	const first = n8n.post(url!, { contractId: id });
	await new Promise((resolve) => setTimeout(resolve, 300));
	const events = emitted(await sim.poll());
	expect(events.find((e) => e.contractId === id)?.waitingRuns).toEqual([
		{ executionId: execution, result: 'busy' },
	]);
	expect(sealed(id)).toHaveLength(1);
	expect((await first).json).toMatchObject({ resumed: true });
	await n8n.settled();
	expect(emitted(await sim.poll())).toEqual([]);
	expect(sealed(id)).toEqual([]);
	expect(n8n.execution(execution).resumes).toBe(1);
});

test('a contract of the run is deleted in TRATO: the poll is not blocked, the signed one is recorded (its value removed) and the run keeps waiting (for its limit)', async () => {
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
		{ executionId: run.id, result: 'recorded' },
	]);
	expect(n8n.execution(run.id).status).toBe('waiting');
	expect(sealed(kept)).toEqual([]);
	expect(emitted(await sim.poll())).toEqual([]);
});

test("the URL called is rebuilt from n8n's shape only: the execution's digits, the node, the signature; any other query, user or fragment dropped", () => {
	const base = 'https://n8n.example.com/webhook-waiting';
	expect(
		resumeTarget(
			`https://user:pw@n8n.example.com/webhook-waiting/123/node-1?redirect=https%3A%2F%2Fevil&signature=abc123&x=1#frag`,
			base,
		),
	).toEqual({
		url: 'https://n8n.example.com/webhook-waiting/123/node-1?signature=abc123',
		executionId: '123',
	});
	expect(resumeTarget(`${base}/abc/node-1?signature=a`, base)).toEqual({ notResumeShape: true });
	expect(resumeTarget(`${base}/1/node-1/more?signature=a`, base)).toEqual({
		notResumeShape: true,
	});
	expect(resumeTarget(`${base}/1/node-1`, base)).toEqual({ notResumeShape: true });
	expect(resumeTarget(`${base}/1/node-1?signature=a%20b`, base)).toEqual({
		notResumeShape: true,
	});
	expect(
		resumeTarget('https://old.example.com:8443/webhook-waiting/1/n?signature=a', base),
	).toEqual({ otherN8n: 'https://old.example.com:8443' });
	expect(resumeTarget('https://n8n.example.com/webhook/1/n?signature=a', base)).toEqual({
		otherN8n: 'https://n8n.example.com',
	});
	expect(resumeTarget('javascript:alert(1)', base)).toEqual({ notResumeShape: true });
});

test("n8n 2.x's SSRF protection refusing a listener's call to its own n8n is named, and the call is tried again", () => {
	// the error n8n's @n8n/backend-network throws (a WEBHOOK_URL on a private address, N8N_SSRF_PROTECTION_ENABLED)
	const blocked = Object.assign(
		new Error('The request was blocked because it resolves to a restricted IP address (10.0.0.5)'),
		{ name: 'SsrfBlockedIpError' },
	);
	expect(unanswered(blocked)).toEqual({
		result: 'unavailable',
		reason: expect.stringMatching(
			/^n8n's SSRF protection refused the call to its own webhook-waiting URL/,
		),
	});
	expect(unanswered(new Error('connect ECONNREFUSED 127.0.0.1:5678'))).toEqual({
		result: 'unavailable',
	});
	expect(whyNotResumed({ executionId: '7', ...unanswered(blocked) })).toMatch(
		/N8N_SSRF_ALLOWED_HOSTNAMES/,
	);
});
