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
 * Wait for Signatures and its listeners where TRATO's answers are unknown (issue 40, items 8 and 9), each under the
 * sandbox variant that answers the other way: refusals with HTTP 200 (`refusal-200`: judged by TRATO's answer, not
 * its HTTP status), a custom property's id spelled `propertyid` or missing, and a TRATO that shortens long values
 * (found out when the first value is stored, before any run waits on it).
 */
import { forgetRuns } from '../../nodes/Trato/actions/contract/waitForSignatures/knowledge';
import { startWaitingHarness, type WaitingHarness } from '../../test-support/harness/waiting';
import { contractToWaitFor, openStored, storedValues } from '../../test-support/waitingRuns';
import { byId, useEnv, type NodeTestEnv } from '../helpers/env';
import { emitted, injectSettings, newSim, restoreSettings } from '../trigger/helpers';

/** A sandbox with `variants`, a waiting harness on it, and the trigger's test settings. */
function useWaitEnv(variants: string[]): { env: NodeTestEnv; n8n: () => WaitingHarness } {
	const env = useEnv(__filename, { variants });
	let n8n: WaitingHarness | undefined;
	beforeAll(async () => {
		n8n = await startWaitingHarness(env.creds);
		injectSettings();
	});
	afterAll(async () => {
		restoreSettings();
		await n8n?.close();
	});
	afterEach(() => env.sb.control.clearFaults());
	return { env, n8n: () => n8n! };
}

function helpers(env: NodeTestEnv, n8n: () => WaitingHarness) {
	const sealed = (id: string) => storedValues(env.sb.control.getContract(id)?.properties ?? []);
	const contract = () => contractToWaitFor(env.sb);
	const waitOn = async (...ids: string[]) =>
		await n8n().start(
			{ resource: 'contract', operation: 'waitForSignatures', contractId: byId('={{ $json.id }}') },
			ids.map((id) => ({ json: { id } })),
		);
	const activeTrigger = async () => {
		const sim = newSim(env, { options: { resumeWaiting: true } });
		expect((await sim.poll()).error).toBeUndefined();
		return sim;
	};
	return { sealed, contract, waitOn, activeTrigger };
}

describe('refusal-200: TRATO refuses with HTTP 200 and success false', () => {
	const { env, n8n } = useWaitEnv(['refusal-200']);
	const { sealed, contract, waitOn, activeTrigger } = helpers(env, n8n);

	test('a resume call that finds a contract of the run deleted says the run keeps waiting for its limit, so no listener asks again (not 503)', async () => {
		const kept = contract();
		const gone = contract();
		const run = await waitOn(kept, gone);
		expect(run.status).toBe('waiting');
		const url = openStored(env.creds, kept, sealed(kept)[0])!;
		env.sb.control.deleteContract(gone);
		env.sb.control.sign(kept);
		forgetRuns(); // this process learns the run again: it reads the deleted one
		const answer = await n8n().post(url, { contractId: kept });
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({ resumed: false, recorded: true });
		expect(answer.json.message).toMatch(/keeps waiting until its limit/);
	});

	test("a value that is gone when the trigger removes it (TRATO's refusal in a 200) counts as removed: not retried, the poll goes on", async () => {
		const sim = await activeTrigger();
		const id = contract();
		const run = await waitOn(id);
		emitted(await sim.poll());
		env.sb.control.addFault({ method: 'DELETE', pathRegex: '/customproperties$', status: 404 });
		env.sb.control.sign(id);
		const events = emitted(await sim.poll());
		await n8n().settled();
		expect(events.find((e) => e.contractId === id)?.waitingRuns).toEqual([
			{ executionId: run.id, result: 'resumed' },
		]);
		expect(sim.staticData.tratoResumeRetries).toBeUndefined();
	});

	test("a contract whose properties TRATO refuses to list (in a 200) is skipped for good, not retried; the poll's events are delivered", async () => {
		const sim = await activeTrigger();
		const id = contract();
		await waitOn(id);
		emitted(await sim.poll());
		env.sb.control.addFault({
			method: 'GET',
			pathRegex: `^/api/contracts/${id}/customproperties$`,
			status: 404,
			times: 10,
		});
		env.sb.control.sign(id);
		const events = emitted(await sim.poll());
		expect(events.map((e) => e.contractId)).toEqual([id]);
		expect(sim.staticData.tratoResumeRetries).toBeUndefined();
	});
});

describe.each([
	[
		'property-id-lowercase',
		'names a property\'s id "propertyid", as TRATO spells its other ids: the trigger resumes the run and removes its value',
		0,
	],
	[
		'property-id-field=none',
		'names no id at all: nothing fails, the run is resumed; its value, which cannot be addressed, stays (a later sighting finds the run gone)',
		1,
	],
])('%s: the listing %s', (variant, _what, left) => {
	const { env, n8n } = useWaitEnv([variant]);
	const { sealed, contract, waitOn, activeTrigger } = helpers(env, n8n);

	test('the run waits and one poll resumes it', async () => {
		const sim = await activeTrigger();
		const id = contract();
		const run = await waitOn(id);
		expect(run.status).toBe('waiting');
		emitted(await sim.poll());
		env.sb.control.sign(id);
		const events = emitted(await sim.poll());
		await n8n().settled();
		expect(events.find((e) => e.contractId === id)?.waitingRuns).toEqual([
			{ executionId: run.id, result: 'resumed' },
		]);
		expect(n8n().execution(run.id)).toMatchObject({ status: 'success', resumes: 1 });
		expect(sealed(id)).toHaveLength(left);
	});
});

describe('property-value-max=100: TRATO keeps only the first 100 characters of a value', () => {
	const { env, n8n } = useWaitEnv(['property-value-max=100']);
	const { sealed, contract, waitOn } = helpers(env, n8n);

	test('the first store is read back: the run does not wait, the error says why, and what TRATO kept is removed', async () => {
		const id = contract();
		const run = await waitOn(id);
		expect(run.status).toBe('error');
		expect(run.data.resultData.error?.message).toBe(
			`TRATO did not keep the value Wait for Signatures stored on contract ${id} as it was written`,
		);
		expect(sealed(id)).toEqual([]);
	});
});

describe('a credential this process has not stored a value with yet', () => {
	const { env, n8n } = useWaitEnv([]);
	const { contract } = helpers(env, n8n);

	test('eight items stored at once (Concurrency 8): one read-back for all of them, none after', async () => {
		const ids = Array.from({ length: 8 }, () => contract());
		const mark = env.mark();
		const run = await n8n().start(
			{
				resource: 'contract',
				operation: 'waitForSignatures',
				contractId: byId('={{ $json.id }}'),
				options: { concurrency: 8 },
			},
			ids.map((id) => ({ json: { id } })),
		);
		expect(run.status).toBe('waiting');
		const readBacks = env
			.nodeRequests(mark)
			.filter((r) => r.method === 'GET' && r.path.endsWith('/customproperties'));
		expect(readBacks).toHaveLength(1);
	});
});
