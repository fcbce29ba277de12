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
/** What a poll costs in list requests, and how large the remembered state is (counts, not timings). */
import { stateBytes } from '../../test-support/stateBytes';
import {
	decoded,
	emitted,
	eventKey,
	listRequests,
	newSim,
	TestClock,
	useTriggerEnv,
} from './helpers';

const clock = new TestClock(Date.parse('2026-05-04T10:00:00.000Z'));

const env = useTriggerEnv(__filename, clock);

async function countStatus(status: string): Promise<number> {
	const res = await env.api.get('/api/list/contracts', {
		params: { statusContract: status, perPage: 1 },
	});
	return Number(res.headers['x-total-documents']);
}

// A list no contract can join while it is read (no status or participant filter), newest first: page numbers
// under the newest instant of page 1, every page checked against the total: the minimum, ⌈N / 200⌉.
const minimum = (n: number) => Math.max(1, Math.ceil(n / 200));
// Keyset pages (status-filtered lists) overlap by the contract at the boundary: ⌈(N - 1) / 199⌉ (⌈N / 200⌉ for N ≤
// 200), safe when contracts leave and join the list while it is read, whatever the list's order and tie order.
const keysetCost = (n: number) => Math.max(1, Math.ceil((n - 1) / 199));

test('any status change: a pass costs ⌈N/200⌉ list requests, baseline and steady state alike', async () => {
	env.sb.control.seed(1000, { seed: 3 });
	const sim = newSim(env);
	let mark = env.mark();
	await sim.poll();
	expect(listRequests(env, mark)).toHaveLength(minimum(1000));
	const [id, tracked] = [...decoded(sim)!.contracts][17];
	const next = tracked.status === 'CANCELED' ? 'REJECTED' : 'CANCELED';
	env.sb.control.setStatus(id, next);
	mark = env.mark();
	expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${id}:${next}:1`]);
	const requests = listRequests(env, mark);
	expect(requests).toHaveLength(minimum(1000));
	// page 1 gives the newest instant; pages 2-5 by number, bounded by it (new contracts cannot shift them)
	expect(requests.map((r) => r.query.page)).toEqual(['1', '2', '3', '4', '5']);
	expect(new Set(requests.slice(1).map((r) => r.query.dateEnd)).size).toBe(1);

	env.sb.control.createContract({});
	mark = env.mark();
	await sim.poll();
	expect(listRequests(env, mark)).toHaveLength(minimum(1001));
});

test('entered status lists only the watched statuses; new contracts only cost one request', async () => {
	env.sb.control.seed(3000, { seed: 5 });
	const signed = (await countStatus('RECEIVED_SIGNED')) + (await countStatus('SENT_SIGNED'));
	const sim = newSim(env, {
		event: 'enteredStatus',
		statuses: ['signed'],
		includeNewContracts: true,
	});
	await sim.poll();
	const mark = env.mark();
	await sim.poll();
	const requests = listRequests(env, mark);
	const perStatus = (s: string) => requests.filter((r) => r.query.statusContract === s).length;
	const n1 = await countStatus('RECEIVED_SIGNED');
	const n2 = await countStatus('SENT_SIGNED');
	expect(perStatus('RECEIVED_SIGNED')).toBe(keysetCost(n1));
	expect(perStatus('SENT_SIGNED')).toBe(keysetCost(n2));
	expect(requests.filter((r) => r.query.statusContract === undefined)).toHaveLength(1);
	expect(requests.length).toBeLessThan(Math.ceil(3000 / 200));
	expect(decoded(sim)!.contracts.size).toBe(signed);

	const created = newSim(env, { event: 'newContract' });
	await created.poll();
	const mark2 = env.mark();
	await created.poll();
	expect(listRequests(env, mark2)).toHaveLength(1);
});

test('the state stays under 20 bytes per watched contract, and is bounded by the look-back window', async () => {
	env.sb.control.seed(10_000, { seed: 9 });
	const sim = newSim(env);
	await sim.poll();
	const bytes = stateBytes(sim.staticData);
	if (process.env.TRIGGER_COST_STATS)
		process.stdout.write(`state: ${bytes} B for 10000 contracts\n`);
	expect(decoded(sim)!.contracts.size).toBe(10_000);
	expect(bytes / 10_000).toBeLessThan(18);

	// every contract changed three more times: counters need a byte more at most
	const ids = [...decoded(sim)!.contracts.keys()];
	for (const status of ['CANCELED', 'REJECTED', 'CANCELED']) {
		for (const id of ids) env.sb.control.setStatus(id, status as never);
		await sim.poll();
	}
	expect(decoded(sim)!.contracts.get(ids[0])?.changes).toBeGreaterThanOrEqual(3);
	if (process.env.TRIGGER_COST_STATS)
		process.stdout.write(`state after 3 changes each: ${stateBytes(sim.staticData)} B\n`);
	expect(stateBytes(sim.staticData) / 10_000).toBeLessThan(20);

	const windowed = newSim(env, { options: { lookBackDays: 30 } });
	await windowed.poll();
	const inWindow = decoded(windowed)!.contracts.size;
	expect(inWindow).toBeGreaterThan(0);
	expect(inWindow).toBeLessThan(10_000 * (32 / 365));
	expect(stateBytes(windowed.staticData)).toBeLessThan(inWindow * 20 + 300);
});

test("contracts dated from an hour before n8n's clock on, or after it, are remembered by id: about 20 bytes each", async () => {
	const HOUR = 3_600_000;
	// 1,000 contracts created in the last 50 minutes, and 100 dated in the future (a year to a century ahead)
	for (let i = 0; i < 1000; i++)
		env.sb.control.createContract({ createdAt: new Date(clock.ms - i * 3000).toISOString() });
	for (let i = 0; i < 100; i++)
		env.sb.control.createContract({
			createdAt: new Date(clock.ms + (1 + i) * 365 * 86_400_000).toISOString(),
		});
	const sim = newSim(env, { event: 'newContract' });
	await sim.poll();
	// the same state without any contract to remember
	const emptyState = { ...(sim.staticData.tratoTrigger as object), recent: '' };
	const bytes = stateBytes(sim.staticData) - stateBytes({ tratoTrigger: emptyState });
	if (process.env.TRIGGER_COST_STATS)
		process.stdout.write(`recent: ${bytes} B for 1100 contracts\n`);
	expect(decoded(sim)!.recent.size).toBe(1100);
	expect(bytes / 1100).toBeLessThan(22);

	// more than an hour later, the watermark is the newest of the 1,000 (no contract is newer up to n8n's clock):
	// that one and the future-dated ones are remembered
	clock.advance(HOUR + 10 * 60_000);
	await sim.poll();
	expect(decoded(sim)!.recent.size).toBe(101);
	const future =
		stateBytes(sim.staticData) -
		stateBytes({ tratoTrigger: { ...(sim.staticData.tratoTrigger as object), recent: '' } });
	if (process.env.TRIGGER_COST_STATS)
		process.stdout.write(`future-dated: ${future} B for 100 contracts and 1 other\n`);
	expect(future / 101).toBeLessThan(26);
});
