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
 * The trigger's reads by page numbers stay bounded (issue 40): a list that ignores `page`, sends no totals and
 * reorders ties ends the poll after a few requests, saying so, its first poll too; a list whose totals grow at
 * every request ends at a limit fixed by the first answer, not one that grows with the page counter. Nothing is
 * committed; the next poll on a list that behaves catches up.
 */
import { deepCopy } from 'n8n-workflow';

import { triggerTuning } from '../../nodes/Trato/trigger/tuning';
import { emitted, listRequests, newSim, TestClock, transitions, useTriggerEnv } from './helpers';

const clock = new TestClock(Date.parse('2026-05-01T08:00:00.000Z'));
const env = useTriggerEnv(__filename, clock);

const VARIANTS = ['list-ignores-page', 'no-total-headers', 'unstable-ties'];
const NO_NEW =
	/^TRATO answered page (\d+) with only contracts already read on pages 1 to \d+: it seems to ignore paging$/;

/** `count` contracts created at one instant, a day ago. */
function run(count: number, instant = clock.ms - 86_400_000): string[] {
	const createdAt = new Date(instant).toISOString();
	const ids: string[] = [];
	for (let i = 0; i < count; i++)
		ids.push(env.sb.control.createContract({ status: 'SENT_TO_SIGN', createdAt })._id);
	return ids;
}

/** A safety net for the code before issue 40, which never ended: the n-th list request and those after are refused. */
function refuseFrom(n: number): () => number {
	let lists = 0;
	env.sb.control.setRequestHook((info) => {
		if (info.path === '/api/list/contracts' && ++lists === n)
			env.sb.control.addFault({ path: '/api/list/contracts', status: 400, times: 1_000_000 });
	});
	return () => lists;
}

beforeEach(() => env.sb.control.seedRandom(40));
afterEach(() => {
	env.sb.control.setRequestHook(undefined);
	env.sb.control.clearFaults();
});

describe('a list that ignores paging, sends no totals and reorders ties (260 contracts of one instant)', () => {
	test('the first poll fails after a few requests, saying so', async () => {
		run(260);
		env.sb.control.setVariants(VARIANTS);
		const lists = refuseFrom(300);
		const sim = newSim(env);
		const failed = await sim.poll();
		expect(failed.error?.name).toBe('NodeApiError');
		expect(failed.error?.message).toMatch(NO_NEW);
		expect((failed.error as { description?: string }).description).toMatch(/Nothing was lost/);
		expect(lists()).toBeLessThan(30);
		expect(sim.staticData).toEqual({});
	});

	test('a later poll fails the same way and commits nothing; once the list behaves, the next poll catches up', async () => {
		const ids = run(260);
		const sim = newSim(env);
		expect(emitted(await sim.poll())).toEqual([]);
		const before = deepCopy(sim.staticData);
		env.sb.control.setStatus(ids[10], 'CANCELED');
		env.sb.control.setVariants(VARIANTS);
		const lists = refuseFrom(300);
		const mark = env.mark();
		const failed = await sim.poll();
		expect(failed.error?.message).toMatch(NO_NEW);
		expect(listRequests(env, mark).length).toBeLessThan(30);
		expect(lists()).toBeLessThan(30);
		expect(sim.staticData).toEqual(before);
		env.sb.control.setVariants([]);
		env.sb.control.setRequestHook(undefined);
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${ids[10]} SENT_TO_SIGN→CANCELED`,
		]);
	});
});

describe('a run whose total grows at every request (small pages)', () => {
	const pageSize = triggerTuning.pageSize;
	beforeAll(() => {
		triggerTuning.pageSize = 10;
	});
	afterAll(() => {
		triggerTuning.pageSize = pageSize;
	});

	test('the read ends at a limit the first answer fixed (not one growing with the page counter): the list kept changing', async () => {
		const instant = clock.ms - 86_400_000;
		const runIso = new Date(instant).toISOString();
		// made first, so listed after the run (ties newest id first): they join the list at its end, a page per request
		const joiners: string[] = [];
		for (let i = 0; i < 2_000; i++)
			joiners.push(env.sb.control.createContract({ status: 'CANCELED', createdAt: runIso })._id);
		run(25, instant);
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['SENT_TO_SIGN'] });
		expect(emitted(await sim.poll())).toEqual([]);
		const before = deepCopy(sim.staticData);
		let lists = 0;
		env.sb.control.setRequestHook((info) => {
			if (info.path !== '/api/list/contracts') return;
			lists++;
			// the safety net for the code before issue 40: once the joiners are used up, every list request is refused
			if (joiners.length === 0)
				env.sb.control.addFault({ path: '/api/list/contracts', status: 400, times: 1_000_000 });
			for (const id of joiners.splice(0, 10)) env.sb.control.setStatus(id, 'SENT_TO_SIGN');
		});
		const failed = await sim.poll();
		expect(failed.error?.message).toBe(
			'The contract list kept changing while the trigger was reading contracts created at the same instant',
		);
		expect(lists).toBeLessThan(200);
		expect(sim.staticData).toEqual(before);
	});
});
