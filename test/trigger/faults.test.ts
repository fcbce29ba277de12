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
 * The trigger under faults, concurrent changes and restarts (sandbox faults and request hook, n8n restarts as the
 * PollSimulator models them), with the real page size of 200.
 */
import { deepCopy, type IDataObject } from 'n8n-workflow';

import type { FaultSpec, RequestHookInfo } from '../../sandbox';
import { triggerTuning } from '../../nodes/Trato/trigger/tuning';
import { byId, LEASE } from '../helpers/env';
import {
	decoded,
	emitted,
	eventKey,
	injectSettings,
	listRequests,
	newSim,
	restoreSettings,
	TestClock,
	transitions,
	useTriggerEnv,
} from './helpers';

const clock = new TestClock(Date.parse('2026-04-01T08:00:00.000Z'));
let waits: number[];

const env = useTriggerEnv(__filename, clock);
beforeAll(() => {
	waits = injectSettings({ clock }).waits;
});
beforeEach(() => {
	waits.length = 0;
});

/** `count` contracts one second apart (oldest first), all in `status`; returns their ids newest first. */
function createMany(count: number, status: string, startMs = clock.ms - 30 * 86_400_000): string[] {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		ids.push(
			env.sb.control.createContract({
				status: status as never,
				createdAt: new Date(startMs + i * 1000).toISOString(),
			})._id,
		);
	}
	return ids.reverse();
}

/** Calls `action` when the n-th list request of the next poll arrives (before it is answered). */
function onListRequest(n: number, action: (info: RequestHookInfo) => void): void {
	let count = 0;
	env.sb.control.setRequestHook((info) => {
		if (info.path !== '/api/list/contracts') return;
		count++;
		if (count === n) action(info);
	});
}

/** Injects a fault on the n-th list request of the next poll (passes page by createdAt, not by page number). */
function faultOnListRequest(n: number, fault: Omit<FaultSpec, 'path'>): void {
	onListRequest(n, () => env.sb.control.addFault({ path: '/api/list/contracts', ...fault }));
}

describe('failed requests', () => {
	test('a 5xx on the 3rd of 6 list requests fails the poll with a clear NodeApiError, keeps the state, and the next poll catches up', async () => {
		const ids = createMany(1000, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		for (const i of [5, 450, 990]) env.sb.control.setStatus(ids[i], 'RECEIVED_SIGNED');
		faultOnListRequest(3, { status: 500 });
		const before = deepCopy(sim.staticData);
		const mark = env.mark();
		const failed = await sim.poll();
		expect(failed.error?.name).toBe('NodeApiError');
		expect(failed.error?.message).toBe('TRATO refused the request: Injected fault: HTTP 500');
		expect((failed.error as { description?: string }).description).toMatch(
			/Nothing was lost: it keeps its previous state and catches up/,
		);
		expect(JSON.stringify(failed.error)).not.toContain(env.sb.apiKey);
		expect(listRequests(env, mark).map((r) => r.status)).toEqual([200, 200, 500]);
		expect(sim.staticData).toEqual(before);
		env.sb.control.setRequestHook(undefined);

		const events = emitted(await sim.poll());
		expect(events.map((e) => e.contractId).sort()).toEqual([ids[5], ids[450], ids[990]].sort());
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('a dropped connection on a page is retried; when every attempt drops, the poll fails and the next catches up', async () => {
		const ids = createMany(450, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(ids[300], 'REJECTED');
		faultOnListRequest(2, { drop: true });
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${ids[300]} SENT_TO_SIGN→REJECTED`,
		]);
		expect(waits).toHaveLength(1);

		env.sb.control.setStatus(ids[301], 'REJECTED');
		faultOnListRequest(2, { drop: true, times: 4 });
		const failed = await sim.poll();
		env.sb.control.setRequestHook(undefined);
		expect(failed.error?.name).toBe('NodeApiError');
		expect(failed.error?.message).toMatch(/^Could not reach TRATO/);
		expect((failed.error as { description?: string }).description).toMatch(/Tried 4 times/);
		expect(emitted(await sim.poll()).map((e) => e.contractId)).toEqual([ids[301]]);
	});

	test('429 with Retry-After: the poll waits as told (clock injected, nothing sleeps) and succeeds', async () => {
		const ids = createMany(250, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(ids[240], 'CANCELED');
		faultOnListRequest(2, { status: 429, retryAfter: 7, times: 2 });
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${ids[240]}:CANCELED:1`]);
		expect(waits).toEqual([7000, 7000]);
	});
});

describe('changes while a pass is paging', () => {
	test('contracts created and changed meanwhile are neither skipped nor repeated', async () => {
		const ids = createMany(1000, 'SENT_TO_SIGN');
		const sim = newSim(env, { includeNewContracts: true });
		await sim.poll();
		const created: string[] = [];
		onListRequest(3, () => {
			for (let i = 0; i < 5; i++)
				created.push(env.sb.control.createContract({ status: 'SENT_TO_SIGN' })._id);
			env.sb.control.setStatus(ids[10], 'REJECTED'); // page 1, already read
			env.sb.control.setStatus(ids[900], 'REJECTED'); // page 5, not read yet
		});
		const first = emitted(await sim.poll());
		env.sb.control.setRequestHook(undefined);
		const second = emitted(await sim.poll());
		const all = [...first, ...second];
		expect(new Set(all.map((e) => e.eventId)).size).toBe(all.length);
		expect(transitions(first)).toEqual([`statusChanged ${ids[900]} SENT_TO_SIGN→REJECTED`]);
		expect(transitions(second).sort()).toEqual(
			[
				`statusChanged ${ids[10]} SENT_TO_SIGN→REJECTED`,
				...created.flatMap((id) => [
					`created ${id} null→SENT_TO_SIGN`,
					`statusChanged ${id} →SENT_TO_SIGN`,
				]),
			].sort(),
		);
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('contracts leaving the watched status while a pass pages do not hide the next ones (keyset paging on createdAt)', async () => {
		const ids = createMany(450, 'REJECTED');
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['REJECTED'] });
		await sim.poll();
		// while page 2 is requested, the 10 newest (page 1, read) leave REJECTED: offset paging would now skip the
		// 10 contracts that move from page 2 to page 1
		onListRequest(2, () => {
			for (const id of ids.slice(0, 10)) env.sb.control.setStatus(id, 'CANCELED');
		});
		const mark = env.mark();
		expect(emitted(await sim.poll())).toEqual([]);
		env.sb.control.setRequestHook(undefined);
		const requests = listRequests(env, mark);
		expect(requests.map((r) => ({ page: r.query.page, dateEnd: r.query.dateEnd }))).toEqual([
			{ page: '1', dateEnd: undefined },
			{ page: '1', dateEnd: expect.any(String) },
			{ page: '1', dateEnd: expect.any(String) },
		]);
		const state = decoded(sim)!;
		expect(ids.slice(10).every((id) => state.contracts.get(id)?.present)).toBe(true);
		// nothing re-enters: no false "entered" event for the contracts offset paging would have skipped
		expect(emitted(await sim.poll())).toEqual([]);
		// a contract that left and never had an event is forgotten (nothing to remember: no counter)
		expect(decoded(sim)!.contracts.has(ids[0])).toBe(false);
	});

	test('more contracts than a page created at one instant are read apart, complete when the contracts read match the total', async () => {
		const instant = new Date(clock.ms - 86_400_000).toISOString();
		const run: string[] = [];
		for (let i = 0; i < 250; i++)
			run.push(env.sb.control.createContract({ status: 'SENT_TO_SIGN', createdAt: instant })._id);
		const others = createMany(30, 'SENT_TO_SIGN');
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['SENT_TO_SIGN'] });
		// page 1 is one instant: the range above it is read first (2 requests: the first shows the service's
		// dateStart is inclusive), then the instant apart. A contract of the run leaves while that read asks for its
		// second page: that read's total changes (and it skips the contract shifted across the page boundary)
		onListRequest(5, () => env.sb.control.setStatus(run[200], 'CANCELED'));
		const mark = env.mark();
		expect(emitted(await sim.poll())).toEqual([]);
		env.sb.control.setRequestHook(undefined);
		const at = Date.parse(instant);
		const runReads = listRequests(env, mark).filter(
			(r) =>
				r.query.dateStart === new Date(at).toISOString() &&
				r.query.dateEnd === new Date(at + 1).toISOString(),
		);
		// the total changes on page 2 (250 → 249): the union starts again there, and page 1 asked again completes it;
		// a union of two answers is confirmed by the next one (pages 2 and 1 again list the same contracts)
		expect(runReads.map((r) => r.query.page)).toEqual(['1', '2', '1', '2', '1']);
		const state = decoded(sim)!;
		expect([...run, ...others].filter((id) => state.contracts.get(id)?.present)).toHaveLength(279);
		expect(state.contracts.has(run[200])).toBe(false);
		env.sb.control.setStatus(run[200], 'SENT_TO_SIGN');
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${run[200]}:SENT_TO_SIGN:1`]);
	});

	test.each([
		['sends no totals (the read never ended)', ['list-ignores-page', 'no-total-headers']],
		['sends totals (it said the list kept changing)', ['list-ignores-page']],
	])(
		'a list that ignores paging and %s (issue 34): the poll fails saying so, commits nothing, and catches up later',
		async (_, variants) => {
			const instant = new Date(clock.ms - 86_400_000).toISOString();
			const run: string[] = [];
			for (let i = 0; i < 250; i++)
				run.push(env.sb.control.createContract({ status: 'SENT_TO_SIGN', createdAt: instant })._id);
			createMany(30, 'SENT_TO_SIGN', clock.ms - 3 * 86_400_000);
			const sim = newSim(env);
			expect(emitted(await sim.poll())).toEqual([]);
			const before = deepCopy(sim.staticData);
			env.sb.control.setStatus(run[10], 'CANCELED');
			// the run of one instant is longer than a page: it is read by page numbers, which this list ignores
			env.sb.control.setVariants(variants);
			const mark = env.mark();
			const failed = await sim.poll();
			expect(failed.error?.message).toBe(
				'TRATO answered page 2 with the same contracts as page 1: it seems to ignore paging',
			);
			expect(sim.staticData).toEqual(before);
			const pages = listRequests(env, mark).map((r) => r.query.page);
			if (variants.includes('no-total-headers'))
				expect(pages.filter((page) => page === '2')).toHaveLength(1);
			env.sb.control.setVariants([]);
			expect(transitions(emitted(await sim.poll()))).toEqual([
				`statusChanged ${run[10]} SENT_TO_SIGN→CANCELED`,
			]);
		},
		20_000,
	);

	test('one contract of a run leaves while another joins (same total) during the read: none is lost, no false event', async () => {
		const instant = new Date(clock.ms - 86_400_000).toISOString();
		// ties are listed newest id first: the joiner, made first, is listed last
		const joiner = env.sb.control.createContract({
			status: 'SENT_TO_FILL',
			createdAt: instant,
		})._id;
		const run: string[] = [];
		for (let i = 0; i < 250; i++)
			run.push(env.sb.control.createContract({ status: 'SENT_TO_SIGN', createdAt: instant })._id);
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['SENT_TO_SIGN'] });
		expect(emitted(await sim.poll())).toEqual([]);
		// while the run's second page is asked, a contract of page 1 leaves and the joiner enters at the end: the
		// total stays 250, and run[49], moved from page 2 to page 1, is on neither page read
		onListRequest(3, () => {
			env.sb.control.setStatus(run[249], 'CANCELED');
			env.sb.control.setStatus(joiner, 'SENT_TO_SIGN');
		});
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${joiner}:SENT_TO_SIGN:1`]);
		env.sb.control.setRequestHook(undefined);
		const state = decoded(sim)!;
		expect(state.contracts.get(run[49])?.present).toBe(true);
		expect(state.contracts.get(run[249])?.present ?? false).toBe(false);
		// nothing changed since: nothing to report (a contract the read missed would now "enter" its status)
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('an API that ignores the time part of dateEnd is detected and read by page numbers until the total is read', async () => {
		env.sb.control.setListDatePrecision('day');
		const ids = createMany(450, 'REJECTED', Date.parse('2026-03-20T01:00:00.000Z'));
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['REJECTED'] });
		let mark = env.mark();
		await sim.poll();
		// page 1, then a keyset page answering contracts newer than dateEnd → plain pages 1-3, read twice (on a
		// status-filtered list, a union of several answers is confirmed by the next)
		expect(
			listRequests(env, mark).map((r) => `${r.query.page}${r.query.dateEnd ? ' dateEnd' : ''}`),
		).toEqual(['1', '1 dateEnd', '1', '2', '3', '1', '2', '3']);
		expect(decoded(sim)!.contracts.size).toBe(450);

		env.sb.control.setStatus(ids[300], 'CANCELED');
		env.sb.control.setStatus(ids[300], 'REJECTED');
		env.sb.control.setStatus(ids[5], 'CANCELED');
		// a contract leaves while the offset read pages: the total changes, the union starts again from that page,
		// the pages asked again complete it (2, 3, 1), and the next union confirms it (2, 3, 1 again)
		onListRequest(4, () => env.sb.control.setStatus(ids[20], 'CANCELED'));
		mark = env.mark();
		expect(emitted(await sim.poll())).toEqual([]);
		env.sb.control.setRequestHook(undefined);
		expect(listRequests(env, mark).map((r) => r.query.page)).toEqual([
			'1',
			'1',
			'1',
			'2',
			'3',
			'1',
			'2',
			'3',
			'1',
		]);
		const state = decoded(sim)!;
		expect(state.contracts.has(ids[5])).toBe(false);
		expect(state.contracts.has(ids[20])).toBe(false);
		expect(ids.filter((id) => state.contracts.get(id)?.present)).toHaveLength(448);
		env.sb.control.setStatus(ids[5], 'REJECTED');
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${ids[5]}:REJECTED:1`]);
	});
});

describe('n8n restarts', () => {
	test('the activation poll is saved, so changes after a restart are still reported once', async () => {
		const ids = createMany(3, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(ids[0], 'REJECTED');
		sim.restart();
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${ids[0]}:REJECTED:1`]);
		sim.restart();
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('a crash between an emission and its save re-delivers the same events with the same eventIds', async () => {
		const ids = createMany(3, 'SENT_TO_SIGN');
		const sim = newSim(env, { includeNewContracts: true });
		await sim.poll();
		env.sb.control.setStatus(ids[1], 'RECEIVED_SIGNED');
		clock.advance(1000);
		const fresh = env.sb.control.createContract({})._id;
		const savedBefore = deepCopy(sim.saved);
		const first = emitted(await sim.poll());
		sim.saved = savedBefore; // n8n died before saving the static data
		sim.restart();
		const again = emitted(await sim.poll());
		expect(again.map((e) => e.eventId)).toEqual(first.map((e) => e.eventId));
		expect(again.map(eventKey).sort()).toEqual(
			[`${fresh}:CREATED:0`, `${ids[1]}:RECEIVED_SIGNED:1`].sort(),
		);
		sim.restart();
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('after a crash lost the counter, a later, different transition never reuses a delivered eventId', async () => {
		const [a] = createMany(1, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		const savedBefore = deepCopy(sim.saved);
		const [delivered] = emitted(await sim.poll());
		expect(eventKey(delivered)).toBe(`${a}:RECEIVED_SIGNED:1`);
		sim.saved = savedBefore; // n8n died after delivering, before saving
		sim.restart();
		env.sb.control.setStatus(a, 'SENT_TO_SIGN'); // back before the restart's first poll: nothing to report
		expect(emitted(await sim.poll())).toEqual([]);
		env.sb.control.setStatus(a, 'RECEIVED_SIGNED'); // signed again: a new transition
		const [later] = emitted(await sim.poll());
		expect(later.status).toBe('RECEIVED_SIGNED');
		// a workflow that skips eventIds it has already processed must not drop this one
		expect(later.eventId).not.toBe(delivered.eventId);
	});

	test('documented limit: with "entered status", a restart forgets a silent exit, so a re-entry before the next poll is missed', async () => {
		const ids = createMany(2, 'REJECTED');
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['REJECTED'] });
		await sim.poll();
		env.sb.control.setStatus(ids[0], 'SENT_TO_SIGN');
		expect(emitted(await sim.poll())).toEqual([]); // the exit is remembered in memory only (nothing emitted)
		sim.restart();
		env.sb.control.setStatus(ids[0], 'REJECTED');
		expect(emitted(await sim.poll())).toEqual([]);
		// without a restart the same re-entry is an event
		env.sb.control.setStatus(ids[0], 'SENT_TO_SIGN');
		await sim.poll();
		env.sb.control.setStatus(ids[0], 'REJECTED');
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${ids[0]}:REJECTED:1`]);
	});
});

describe('the two loss classes named in issue 21, as described there (regression tests: the model check covers them)', () => {
	afterEach(() => {
		env.sb.control.setRequestHook(undefined);
		env.sb.control.setVariants([]);
	});

	test('"Contract Status Changed": a contract back to draft is reported, and its next change against draft', async () => {
		const [a, b] = createMany(2, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(a, '');
		const back = emitted(await sim.poll());
		expect(transitions(back)).toEqual([`statusChanged ${a} SENT_TO_SIGN→`]);
		expect(back[0]).toMatchObject({ status: '', statusLabel: 'Draft' });
		env.sb.control.setStatus(a, 'SENT_TO_SIGN');
		env.sb.control.setStatus(b, 'RECEIVED_SIGNED');
		expect(transitions(emitted(await sim.poll())).sort()).toEqual(
			[
				`statusChanged ${a} →SENT_TO_SIGN`,
				`statusChanged ${b} SENT_TO_SIGN→RECEIVED_SIGNED`,
			].sort(),
		);
	});

	test('whole-second createdAt, a contract created while a poll reads the list, a page failing once, a later crash: it is reported once, and its later change too', async () => {
		env.sb.control.setVariants(['second-precision']);
		const ids = createMany(450, 'SENT_TO_SIGN', clock.ms - 1000);
		const sim = newSim(env, { includeNewContracts: true });
		await sim.poll();
		env.sb.control.setStatus(ids[0], 'RECEIVED_SIGNED');
		// while the next poll reads page 2: a contract created in the same second as the newest one read
		let fresh = '';
		onListRequest(2, () => {
			fresh = env.sb.control.createContract({
				status: 'SENT_TO_SIGN' as never,
				createdAt: new Date(clock.ms - 1000 + 449 * 1000 + 400).toISOString(),
			})._id;
			env.sb.control.addFault({ path: '/api/list/contracts', status: 500, times: 1 });
		});
		const received: IDataObject[] = [];
		const failures: string[] = [];
		const take = async () => {
			const result = await sim.poll();
			if (result.error) failures.push(result.error.message);
			else received.push(...emitted(result));
		};
		await take();
		expect(failures).toEqual(['TRATO refused the request: Injected fault: HTTP 500']);
		env.sb.control.setRequestHook(undefined);
		await take();
		// a crash before n8n saved the next poll's memory
		const saved = deepCopy(sim.saved);
		await take();
		sim.saved = saved;
		sim.restart();
		await take();
		env.sb.control.setStatus(fresh, 'REJECTED');
		await take();
		const once = [...new Map(received.map((e) => [e.eventId, e])).values()];
		expect(transitions(once).filter((t) => t.includes(fresh))).toEqual([
			`created ${fresh} null→SENT_TO_SIGN`,
			// first seen already sent: it left draft since the last poll (as for every new contract)
			`statusChanged ${fresh} →SENT_TO_SIGN`,
			`statusChanged ${fresh} SENT_TO_SIGN→REJECTED`,
		]);
		expect(transitions(once).filter((t) => t.includes(ids[0]))).toEqual([
			`statusChanged ${ids[0]} SENT_TO_SIGN→RECEIVED_SIGNED`,
		]);
	});
});

describe('loss classes the model check found (each test fails on the trigger before the fix)', () => {
	afterEach(() => {
		env.sb.control.setRequestHook(undefined);
		env.sb.control.setVariants([]);
		restoreSettings();
		waits = injectSettings({ clock }).waits;
	});

	test('a contract created while the first poll reads a filtered list is not taken into the baseline unseen', async () => {
		createMany(3, 'SENT_TO_SIGN');
		const sim = newSim(env, { filters: { templateId: byId(LEASE) } });
		// the baseline reads the account's newest contract and the Lease contracts; the contract appears between
		let fresh = '';
		onListRequest(2, () => {
			fresh = env.sb.control.createContract({ templateId: LEASE })._id;
		});
		expect(emitted(await sim.poll())).toEqual([]);
		env.sb.control.setRequestHook(undefined);
		// it is sent before the next poll: a change from draft (before the fix, its first sighting was silent,
		// because the newest-contract read that followed the filtered list had moved the watermark past it)
		env.sb.control.setStatus(fresh, 'SENT_TO_SIGN');
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${fresh} →SENT_TO_SIGN`,
		]);
	});

	test('a contract created at an instant already read, just before a newer one that the same pass shows, is not passed over', async () => {
		const sim = newSim(env, { event: 'newContract' });
		createMany(3, 'SENT_TO_SIGN');
		expect(emitted(await sim.poll())).toEqual([]);
		// 250 new contracts at one instant: the pass reads that instant apart and the range above it
		const at = clock.ms - 3_600_000;
		const run: string[] = [];
		for (let i = 0; i < 250; i++)
			run.push(env.sb.control.createContract({ createdAt: new Date(at).toISOString() })._id);
		// while the range above the instant is asked: one more contract at that very instant (created in the same
		// millisecond), then a newer one
		let late = '';
		let newer = '';
		env.sb.control.setRequestHook((info) => {
			if (
				info.path === '/api/list/contracts' &&
				info.query.dateStart === new Date(at + 1).toISOString()
			) {
				late = env.sb.control.createContract({ createdAt: new Date(at).toISOString() })._id;
				newer = env.sb.control.createContract({ createdAt: new Date(at + 5000).toISOString() })._id;
				env.sb.control.setRequestHook(undefined);
			}
		});
		const created = [...emitted(await sim.poll()), ...emitted(await sim.poll())].map((e) =>
			String(e.contractId),
		);
		// before the fix the instant was read before the range above it: the newer contract moved the watermark
		// past the late one, which was never reported
		expect(created).toContain(newer);
		expect(created).toContain(late);
		expect(created).toHaveLength(252);
	});

	test('the newest contract deleted while the first poll reads it: older contracts are not reported as new', async () => {
		const ids = createMany(250, 'SENT_TO_SIGN');
		const sim = newSim(env, {
			event: 'enteredStatus',
			statuses: ['signed'],
			includeNewContracts: true,
		});
		// the baseline's newest-contract read: a full page 1, then "anything from its newest instant on?" — the
		// newest contract is deleted just before that second request is answered
		env.sb.control.setRequestHook((info) => {
			if (
				info.path === '/api/list/contracts' &&
				info.query.dateStart &&
				!info.query.statusContract
			) {
				env.sb.control.deleteContract(ids[0]);
				env.sb.control.setRequestHook(undefined);
			}
		});
		expect(emitted(await sim.poll())).toEqual([]);
		// before the fix the watermark stayed empty, and every contract came out as new
		expect(emitted(await sim.poll())).toEqual([]);
		clock.advance(1000);
		const fresh = env.sb.control.createContract({})._id;
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${fresh}:CREATED:0`]);
	});

	test('a poll n8n runs twice from the same memory: a later transition never gets an eventId already delivered', async () => {
		const [a] = createMany(1, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		const memory = sim.snapshot();
		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		const [first] = emitted(await sim.poll());
		expect(eventKey(first)).toBe(`${a}:RECEIVED_SIGNED:1`);
		// the same poll again, from the memory the first run started from (a poll longer than its interval, or the
		// durable scheduler running it twice); the contract went back meanwhile, so this run sees no change
		env.sb.control.setStatus(a, 'SENT_TO_SIGN');
		sim.replaceMemory(memory);
		expect(emitted(await sim.poll())).toEqual([]);
		// signed again: a new transition, which a workflow skipping known eventIds must not drop
		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		const [later] = emitted(await sim.poll());
		expect(later.status).toBe('RECEIVED_SIGNED');
		expect(later.eventId).not.toBe(first.eventId);
		// and a re-delivery from one memory keeps its eventId
		const before = sim.snapshot();
		env.sb.control.setStatus(a, 'REJECTED');
		const [again1] = emitted(await sim.poll());
		sim.replaceMemory(before);
		const [again2] = emitted(await sim.poll());
		expect(again2.eventId).toBe(again1.eventId);
	});

	test("n8n's clock behind the service's, list in no order: a contract newer than n8n's clock is listed", async () => {
		env.sb.control.setVariants(['unordered']);
		restoreSettings();
		const behind = new TestClock(clock.ms - 86_400_000);
		injectSettings({ clock: behind, pageSize: 5 });
		triggerTuning.orderEvidence = 10;
		const ids = createMany(20, 'SENT_TO_SIGN');
		const sim = newSim(env);
		expect(emitted(await sim.poll())).toEqual([]);
		expect(decoded(sim)!.contracts.size).toBe(20);
		// a contract created now (a day after n8n's clock), not on the first page of the list
		const firstPage = async () =>
			(await env.api.get('/api/list/contracts', { params: { perPage: 5 } })).data.map(
				(c: { _id: string }) => c._id,
			);
		let fresh: string;
		do {
			clock.advance(1000);
			fresh = env.sb.control.createContract({ status: 'SENT_TO_SIGN' })._id;
		} while ((await firstPage()).includes(fresh));
		const events = transitions(emitted(await sim.poll()));
		expect(events).toContain(`statusChanged ${fresh} →SENT_TO_SIGN`);
		expect(decoded(sim)!.contracts.has(ids[0])).toBe(true);
	});

	test('a service that answers fewer contracts per page than asked: every contract is read', async () => {
		env.sb.control.setVariants(['page-cap=50']);
		const ids = createMany(120, 'SENT_TO_SIGN');
		const sim = newSim(env);
		let mark = env.mark();
		await sim.poll();
		expect(decoded(sim)!.contracts.size).toBe(120);
		// page 1 asked with 200 answers 50 of a total of 120: the next pages are asked in the service's size
		expect(listRequests(env, mark).map((r) => `${r.query.page}/${r.query.perPage}`)).toEqual([
			'1/200',
			'2/50',
			'3/50',
		]);
		env.sb.control.setStatus(ids[110], 'REJECTED');
		mark = env.mark();
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${ids[110]} SENT_TO_SIGN→REJECTED`,
		]);
	});
});

describe('page numbers under the newest instant ("Contract Status Changed", no filter)', () => {
	afterEach(() => {
		env.sb.control.setRequestHook(undefined);
		env.sb.control.setVariants([]);
	});

	test('a contract deleted while the pages are read changes the total: the list is read again by creation date, nothing skipped', async () => {
		const ids = createMany(650, 'SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(ids[600], 'REJECTED');
		// while page 3 is asked, a contract of page 1 is deleted: every later contract moves up one place
		onListRequest(3, () => env.sb.control.deleteContract(ids[10]));
		const mark = env.mark();
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${ids[600]} SENT_TO_SIGN→REJECTED`,
		]);
		const requests = listRequests(env, mark).map(
			(r) => `${r.query.page}${r.query.dateEnd ? ' dateEnd' : ''}`,
		);
		// page numbers until the total changed (page 3), then keyset pages from page 1's edge
		expect(requests.slice(0, 3)).toEqual(['1', '2 dateEnd', '3 dateEnd']);
		expect(requests.slice(3).every((r) => r === '1 dateEnd')).toBe(true);
		// every contract was read; the deleted one as page 1 showed it, before it was deleted
		const present = () => ids.filter((id) => decoded(sim)!.contracts.get(id)?.present);
		expect(present()).toHaveLength(650);
		expect(emitted(await sim.poll())).toEqual([]);
		expect(present()).toHaveLength(649);
		expect(present()).not.toContain(ids[10]);
	});

	test('ties across a page boundary in a new order on each request are read apart', async () => {
		env.sb.control.setVariants(['unstable-ties']);
		env.sb.control.seedRandom(3);
		const at = new Date(clock.ms - 86_400_000).toISOString();
		const older = createMany(150, 'SENT_TO_SIGN', clock.ms - 10 * 86_400_000);
		const run: string[] = [];
		for (let i = 0; i < 100; i++)
			run.push(env.sb.control.createContract({ status: 'SENT_TO_SIGN', createdAt: at })._id);
		const newer = createMany(150, 'SENT_TO_SIGN', clock.ms - 3_600_000);
		const sim = newSim(env);
		const mark = env.mark();
		await sim.poll();
		// positions 151-250 are one instant: it straddles pages 1 and 2; its members come in a new order each time
		const state = decoded(sim)!;
		expect(
			[...older, ...run, ...newer].filter((id) => state.contracts.get(id)?.present),
		).toHaveLength(400);
		const queries = listRequests(env, mark).map((r) => r.query);
		expect(queries.slice(0, 2).map((q) => q.page)).toEqual(['1', '2']);
		// the straddling instant was read apart (dateStart and dateEnd one millisecond each side of it)
		expect(
			queries.some(
				(q) =>
					q.dateEnd !== undefined &&
					q.dateStart !== undefined &&
					Date.parse(String(q.dateEnd)) - Date.parse(String(q.dateStart)) <= 2,
			),
		).toBe(true);
	});
});
