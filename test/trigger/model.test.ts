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
 * The trigger's model check (test/trigger/model/): 1,000 seeded schedules of creations (dated in the future too),
 * status changes (back to draft too), deletions, page faults, crashes, restarts, polls run twice and clock jumps
 * (the service's clock running ahead and set back, n8n's against it), against the sandbox
 * with every list behaviour the API description leaves open, in both of n8n's state-saving modes; the oracle
 * compares everything a workflow received with the true history (no loss, no duplicate, no false event, no
 * eventId reused). The schedules run in worker processes; a failure names its seed, replayed with
 * `npm run test:model -- --seed <n>`. The long run: `npm run test:model -- --schedules 20000`.
 *
 * MODEL_SCHEDULES / MODEL_FIRST_SEED choose other schedules.
 */
import { TRIGGER_MODE_VALUES } from '../../nodes/Trato/trigger/modes';
import { describeFailure, runInWorkers } from './model/run';
import { clockAssumption, World } from './model/world';

const SCHEDULES = Number(process.env.MODEL_SCHEDULES ?? 1000);
const FIRST_SEED = Number(process.env.MODEL_FIRST_SEED ?? 1);

test(`${SCHEDULES} model-checked schedules: every change once, nothing else, no eventId reused`, async () => {
	const result = await runInWorkers(FIRST_SEED, SCHEDULES);
	if (result.failures.length > 0)
		throw new Error(
			`${result.failures.length} of ${result.schedules} schedules failed (seeds ${result.failures.map((f) => f.seed).join(', ')})\n\n${describeFailure(result.failures[0])}`,
		);
	expect(result.schedules).toBe(SCHEDULES);
	if (process.env.MODEL_STATS)
		process.stdout.write(`${JSON.stringify({ ms: result.ms, ...result.coverage })}\n`);
	// the schedules reached the hard cases (so the check cannot pass by avoiding them)
	const c = result.coverage;
	if (SCHEDULES >= 500) {
		// every mode of trigger/modes.ts ran (mode:<value>), and every case happened
		for (const mode of TRIGGER_MODE_VALUES) expect(c).toHaveProperty(`mode:${mode}`);
		for (const [key, value] of Object.entries(c))
			expect({ [key]: value > 0 }).toEqual({ [key]: true });
		expect(c.polls).toBeGreaterThan(SCHEDULES * 5);
		expect(c.failedPolls).toBeGreaterThan(SCHEDULES / 10);
		expect(c.faultsRecovered).toBeGreaterThan(SCHEDULES / 10);
		expect(c.pollsChangedWhilePaging).toBeGreaterThan(SCHEDULES);
		expect(c.sameInstantRunReads).toBeGreaterThan(SCHEDULES);
		expect(c.backToDraft).toBeGreaterThan(SCHEDULES);
		expect(c.restarts + c.crashes).toBeGreaterThan(SCHEDULES / 2);
		expect(c.twice).toBeGreaterThan(SCHEDULES / 5);
		expect(c.durableSchedules).toBeGreaterThan(SCHEDULES / 10);
		expect(c.futureDated).toBeGreaterThan(SCHEDULES / 3);
		expect(c.serviceSetBack).toBeGreaterThan(SCHEDULES / 10);
		expect(c.datedBeforeEarlier).toBeGreaterThan(SCHEDULES / 50);
		expect(c.farAheadSchedules).toBeGreaterThan(SCHEDULES / 10);
	}
}, 600_000);

test('the oracle knows the clock assumption: a contract dated before an earlier one and over an hour before n8n', () => {
	const world = new World({
		event: 'newContract',
		statuses: [],
		watched: new Set(),
		includeNew: true,
		includeDocuments: false,
	});
	const hour = 3_600_000;
	const now = Date.parse('2026-02-01T12:00:00.000Z');
	const add = (label: string, t: number, createdTick: number) =>
		world.contracts.set(label, { id: label, label, t, createdTick, history: [] });
	add('c1', now - 10 * 60_000, 1);
	world.polls.push({ a: 1, clock: now });
	// set back, within the hour: kept
	add('c2', now - 50 * 60_000, 2);
	// dated after n8n's clock (c3), then before it (c4): kept, c3 is not dated up to n8n's clock
	add('c3', now + 2 * hour, 3);
	add('c4', now - 30 * 60_000, 4);
	expect(clockAssumption(world)).toEqual([]);
	// set back over an hour before n8n's clock, before c1: breached; a service behind n8n that was never set back
	// (dated before no earlier contract) is not
	add('c5', now - 2 * hour, 5);
	expect(clockAssumption(world)).toEqual([
		expect.stringMatching(/^schedule outside the clock assumption: c5 /),
	]);
	world.contracts.clear();
	add('d1', now - 3 * hour, 1);
	add('d2', now - 2 * hour, 2);
	expect(clockAssumption(world)).toEqual([]);
});
