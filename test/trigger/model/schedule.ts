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
 * One schedule of the model check, generated from its seed and run against the sandbox through n8n-core's
 * PollContext (test-support/harness PollSimulator): contracts created (equal timestamps, whole seconds), every status
 * transition (back to draft too), contracts deleted or leaving/joining a filtered list, also while a poll is
 * paging; short and server-capped pages; a list request failing once (retried) or repeatedly (the poll fails);
 * n8n crashing before it saved the state, restarting, running a poll twice; clocks that jump (time, n8n's clock
 * against it, and the service's clock running ahead of it and being set back); contracts dated in the future;
 * legacy static data or n8n 2.41's durable poll cursors. The schedule then ends with quiet polls, and the oracle
 * (world.ts) compares everything the workflow received with the true history.
 */
import { deepCopy, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { CONTRACT_STATUSES } from '../../../nodes/Trato/helpers/status';
import {
	TRIGGER_MODE_VALUES,
	TRIGGER_MODES,
	type TriggerMode,
} from '../../../nodes/Trato/trigger/modes';
import { triggerTuning } from '../../../nodes/Trato/trigger/tuning';
import { loadState, STATE_KEY } from '../../../nodes/Trato/trigger/state';
import type { FaultSpec, RequestHookInfo } from '../../../sandbox';
import { mulberry32 } from '../../../sandbox/util';
import { PollSimulator } from '../../../test-support/harness';
import type { NodeTestEnv } from '../../helpers/env';
import { LEASE, NDA, SERVICES, triggerParams, type TestClock } from '../helpers';
import {
	check,
	DAY,
	OUT,
	Rng,
	SIGNED,
	World,
	type EmittedEvent,
	type ModelConfig,
	type ModelContract,
	type PollRecord,
} from './world';

const STATUSES = CONTRACT_STATUSES.map((s) => s.value);
const WATCHABLE = STATUSES.filter((s) => s !== '');
const START = Date.parse('2026-02-01T12:00:00.000Z');
const LIST = '/api/list/contracts';
const FAR_FUTURE = Date.parse('2099-01-01T00:00:00.000Z');

/** What the schedules exercised: asserted by the test, so the model check cannot pass by avoiding the hard cases. */
export function newCoverage() {
	return {
		schedules: 0,
		polls: 0,
		requests: 0,
		failedPolls: 0,
		pollsWithFaults: 0,
		faultsRecovered: 0,
		pollsChangedWhilePaging: 0,
		restarts: 0,
		crashes: 0,
		twice: 0,
		durableSchedules: 0,
		multiPagePasses: 0,
		keysetRequests: 0,
		sameInstantRunReads: 0,
		documentsRequests: 0,
		backToDraft: 0,
		deletions: 0,
		equalTimestamps: 0,
		clockJumps: 0,
		skewed: 0,
		/** Contracts dated after the service's clock (a bad record), and the service's clock running ahead / set back. */
		futureDated: 0,
		serviceAhead: 0,
		serviceSetBack: 0,
		/** Contracts created after a set-back, dated before a contract created earlier. */
		datedBeforeEarlier: 0,
		/** Schedules whose n8n clock may run far ahead of the service's (a monotone service, no future dates). */
		farAheadSchedules: 0,
		cappedSchedules: 0,
		variantSchedules: 0,
		events: 0,
		reDelivered: 0,
		sameCounterNewEpoch: 0,
		/** Schedules per trigger mode (every row of trigger/modes.ts). */
		...(Object.fromEntries(TRIGGER_MODE_VALUES.map((m) => [`mode:${m}`, 0])) as Record<
			`mode:${TriggerMode}`,
			number
		>),
	};
}
export type Coverage = ReturnType<typeof newCoverage>;

interface PollPlan {
	listCount: number;
	faultAt?: number;
	fault?: FaultSpec;
	mutateAt?: number;
	mutations: number;
}

function pickConfig(rng: Rng): ModelConfig {
	// every mode of the table, those that list statuses twice as often as the one that lists nothing
	const event = rng.pick(
		TRIGGER_MODE_VALUES.flatMap((m) => (TRIGGER_MODES[m].watches === 'nothing' ? [m] : [m, m])),
	);
	const statuses: string[] = [];
	if (TRIGGER_MODES[event].watches === 'chosenStatuses') {
		if (rng.chance(0.3)) statuses.push('signed');
		const count = rng.int(statuses.length ? 0 : 1, 2);
		for (let i = 0; i < count; i++) statuses.push(rng.pick(WATCHABLE));
	}
	const watched = new Set(statuses.flatMap((s) => (s === 'signed' ? SIGNED : [s])));
	const filter = rng.next();
	return {
		event,
		statuses: [...new Set(statuses)],
		watched,
		includeNew: TRIGGER_MODES[event].newContracts === 'always' || rng.chance(0.4),
		templateId: filter < 0.15 ? rng.pick([LEASE, NDA]) : undefined,
		statusParticipant:
			filter >= 0.15 && filter < 0.3
				? rng.pick(['RECEIVED_TO_SIGN', 'SENT_SIGNED', 'PENDING'])
				: undefined,
		lookBackDays: rng.chance(0.2) ? rng.int(2, 5) : undefined,
		includeDocuments: rng.chance(0.15),
	};
}

/**
 * The list behaviours the spec leaves open (docs/sandbox.md): order, bound semantics, createdAt precision, tie
 * order, bounds without their time part; and a service that caps its pages below what is asked. Half of the
 * schedules run on the documented default.
 */
function pickVariants(rng: Rng, pageSize: number): string[] {
	if (rng.chance(0.5)) return [];
	const variants: string[] = [];
	const order = rng.next();
	if (order < 0.35) variants.push('oldest-first');
	else if (order < 0.7) variants.push('unordered');
	for (const name of ['exclusive-bounds', 'second-precision', 'unstable-ties']) {
		if (rng.chance(0.4)) variants.push(name);
	}
	if (rng.chance(0.1)) variants.push('date-only-bounds');
	if (pageSize > 2 && rng.chance(0.15)) variants.push(`page-cap=${rng.int(2, pageSize - 1)}`);
	return variants;
}

function parameters(cfg: ModelConfig): INodeParameters {
	const filters: INodeParameters = {};
	if (cfg.templateId) filters.templateId = { __rl: true, mode: 'id', value: cfg.templateId };
	if (cfg.statusParticipant) filters.statusParticipant = cfg.statusParticipant;
	const options: INodeParameters = {};
	if (cfg.lookBackDays) options.lookBackDays = cfg.lookBackDays;
	if (cfg.includeDocuments) options.includeDocuments = true;
	return triggerParams({
		event: cfg.event,
		...(TRIGGER_MODES[cfg.event].watches === 'chosenStatuses' ? { statuses: cfg.statuses } : {}),
		...(TRIGGER_MODES[cfg.event].newContracts === 'optional'
			? { includeNewContracts: cfg.includeNew }
			: {}),
		filters,
		options,
	});
}

export class Schedule {
	readonly world: World;
	/** Every event delivered to the workflow (also from polls whose state was lost). */
	all: EmittedEvent[] = [];
	/** The chain of polls whose state the next poll starts from. */
	lineage: PollRecord[] = [];
	/** The lineage as n8n last saved it (a restart goes back to it). */
	savedLineage: PollRecord[] = [];
	/** Polls whose outcome reached the workflow. */
	delivered = 0;
	log: string[] = [];
	plan: PollPlan = { listCount: 0, mutations: 0 };
	sim: PollSimulator;
	/** n8n's clock minus the true time (the TestClock). */
	skew = 0;
	/** The service's clock minus the true time (the sandbox's advanceClock): ahead, then set back, never behind. */
	serviceAhead = 0;
	/** The newest date the service's clock gave a contract since the first poll (to count set-back dates). */
	private newestDate = -Infinity;
	private labels = 0;
	private readonly deleted = new Set<string>();

	constructor(
		readonly env: NodeTestEnv,
		readonly rng: Rng,
		readonly clock: TestClock,
		readonly coverage: Coverage,
		readonly variants: string[],
		readonly durable: boolean,
		cfg: ModelConfig,
		/**
		 * n8n's clock may run far ahead of the service's (more than the trigger's clock tolerance): then the
		 * service's clock is never set back and no contract is dated in the future, the clock assumption's other
		 * half (world.ts, clockAssumption).
		 */
		readonly farAhead = false,
	) {
		this.world = new World(cfg);
		this.sim = new PollSimulator(parameters(cfg), env.creds);
		this.sim.durableCursors = durable;
	}

	get cfg(): ModelConfig {
		return this.world.cfg;
	}

	isDeleted(id: string): boolean {
		return this.deleted.has(id);
	}

	/** n8n's clock (the look-back window, detectedAt). */
	triggerNow(): number {
		return this.clock.ms + this.skew;
	}

	private member(id: string): boolean {
		const raw = this.env.sb.control.getContract(id);
		if (!raw) return false;
		if (this.cfg.templateId && raw.templateId !== this.cfg.templateId) return false;
		if (
			this.cfg.statusParticipant &&
			!raw.participants.some((p) => p.status === this.cfg.statusParticipant)
		)
			return false;
		return true;
	}

	private record(m: ModelContract, status: string, what: string): void {
		const w = this.world;
		w.tick++;
		m.history.push({ tick: w.tick, status, member: this.member(m.id) });
		this.log.push(`t${w.tick} ${m.label} ${what}`);
	}

	create(): void {
		const templateId = this.rng.pick([undefined, LEASE, NDA, SERVICES]);
		// a contract dated in the future (a bad record): within the trigger's tolerance, hours, days, or 2099
		let createdAt: string | undefined;
		if (!this.farAhead && this.rng.chance(0.08)) {
			const at = this.rng.pick([
				this.env.sb.control.now().getTime() + this.rng.pick([20 * 60_000, 2 * 3_600_000, 3 * DAY]),
				FAR_FUTURE + this.rng.int(0, 2) * 1000,
			]);
			createdAt = new Date(at).toISOString();
			this.coverage.futureDated++;
		}
		const raw = this.env.sb.control.createContract({ templateId, createdAt });
		const created = Date.parse(raw.createdAt as string);
		if (createdAt === undefined && this.world.polls.length > 0) {
			if (created < this.newestDate) this.coverage.datedBeforeEarlier++;
			this.newestDate = Math.max(this.newestDate, created);
		}
		const t = this.variants.includes('second-precision')
			? Math.floor(created / 1000) * 1000
			: created;
		if ([...this.world.contracts.values()].some((o) => o.t === t)) this.coverage.equalTimestamps++;
		const m: ModelContract = {
			id: raw._id,
			label: `c${++this.labels}`,
			t,
			createdTick: this.world.tick + 1,
			history: [],
		};
		this.world.contracts.set(raw._id, m);
		this.record(m, '', `created @${raw.createdAt} ${templateId ? templateId.slice(0, 6) : 'doc'}`);
		if (this.rng.chance(0.7)) this.setStatus(m, this.randomStatus(''));
	}

	randomStatus(current: string): string {
		const r = this.rng.next();
		if (r < 0.4 && this.cfg.watched.size > 0) return this.rng.pick([...this.cfg.watched]);
		if (r < 0.55 && current !== '') return '';
		return this.rng.pick(STATUSES.filter((s) => s !== current));
	}

	setStatus(m: ModelContract, status: string): void {
		if (this.world.current(m).status !== '' && status === '') this.coverage.backToDraft++;
		this.env.sb.control.setStatus(m.id, status as never);
		this.record(m, status, `→ ${status || 'DRAFT'}`);
	}

	private existing(): ModelContract[] {
		return [...this.world.contracts.values()].filter((m) => !this.deleted.has(m.id));
	}

	private delete(m: ModelContract): void {
		this.env.sb.control.deleteContract(m.id);
		this.deleted.add(m.id);
		this.coverage.deletions++;
		this.record(m, this.world.current(m).status, 'deleted');
	}

	/**
	 * The service's clock runs ahead of the true time, or is set back (all the way or part of it): contracts created
	 * after a set-back are dated before contracts created earlier.
	 */
	private moveServiceClock(back: boolean): void {
		let by: number;
		if (back) {
			by = -(this.rng.chance(0.6) ? this.serviceAhead : this.rng.int(1, this.serviceAhead));
			this.coverage.serviceSetBack++;
		} else {
			by = this.rng.pick([1000, 90_000, 20 * 60_000, 3_600_000, 6 * 3_600_000, DAY, 30 * DAY]);
			this.coverage.serviceAhead++;
		}
		this.serviceAhead += by;
		this.env.sb.control.advanceClock(by);
		this.log.push(
			`service clock ${by >= 0 ? '+' : ''}${by / 1000}s (ahead ${this.serviceAhead / 1000}s)`,
		);
	}

	/** A contract leaves (or enters) the watched list: the case that makes page numbers skip. */
	private moveAcrossList(leave: boolean): boolean {
		const clock = this.triggerNow();
		const candidates = this.existing().filter(
			(m) => (this.world.value(m, this.world.current(m), clock) !== OUT) === leave,
		);
		if (candidates.length === 0) return false;
		const m = this.rng.pick(candidates);
		const current = this.world.current(m).status;
		for (let attempt = 0; attempt < 6; attempt++) {
			const status = leave
				? this.rng.pick(STATUSES.filter((s) => s !== current && !this.cfg.watched.has(s)))
				: this.randomStatus(current);
			if (status === current) continue;
			this.setStatus(m, status);
			return true;
		}
		return false;
	}

	/** Changes to the sandbox; `between` = between polls (the clocks may jump then). */
	mutate(count: number, between: boolean): void {
		for (let i = 0; i < count; i++) {
			const r = this.rng.next();
			const existing = this.existing();
			if (between && this.serviceAhead > 0 && r < 0.25) {
				this.moveServiceClock(true);
				this.coverage.clockJumps++;
			} else if (between && r < 0.2) {
				const k = this.rng.next();
				if (k < 0.35) {
					this.clock.advance(this.rng.pick([1, 999, 1000, 60_000, 3_600_000, 6 * 3_600_000, DAY]));
					this.log.push(`clock ${new Date(this.clock.ms).toISOString()}`);
				} else if (k < 0.55 || this.farAhead) {
					// n8n's clock at most an hour ahead of the true time (the service's clock is never behind it), or
					// in far-ahead schedules up to a day
					const ahead = this.farAhead ? [3 * 3_600_000, DAY] : [];
					this.skew = this.rng.pick([0, 0, -3_600_000, 3_600_000, -DAY, 90_000, ...ahead]);
					if (this.skew !== 0) this.coverage.skewed++;
					this.log.push(`n8n clock ${this.skew >= 0 ? '+' : ''}${this.skew / 1000}s`);
				} else {
					this.moveServiceClock(false);
				}
				this.coverage.clockJumps++;
			} else if (!between && r < 0.4 && this.moveAcrossList(this.rng.chance(0.7))) {
				continue;
			} else if (r < 0.5 || existing.length === 0) {
				// the same instant as the previous contract, the same second, or later
				const step = this.rng.pick([0, 0, 1, this.rng.int(2, 999), this.rng.int(1000, 4000)]);
				this.clock.advance(step);
				this.create();
			} else if (r < 0.55) {
				this.delete(this.rng.pick(existing));
			} else {
				const m = this.rng.pick(existing);
				this.setStatus(m, this.randomStatus(this.world.current(m).status));
			}
		}
	}

	private planPoll(): PollPlan {
		const r = this.rng;
		const plan: PollPlan = { listCount: 0, mutations: 0 };
		if (r.chance(0.35)) {
			plan.faultAt = r.int(1, 6);
			// 1-3 failures are retried by the transport (4 attempts); 4 or more fail the poll
			const times = r.pick([1, 1, 2, 3, 4, 6]);
			plan.fault = r.pick<FaultSpec>([
				{ path: LIST, status: 500 },
				{ path: LIST, status: 503, times },
				{ path: LIST, drop: true, times },
				{ path: LIST, status: 429, retryAfter: 2, times },
				{ path: LIST, status: 200, body: { success: false, error: 'Temporary failure' } },
			]);
		}
		if (r.chance(0.5)) {
			plan.mutateAt = r.int(1, 6);
			plan.mutations = r.int(1, 3);
		}
		if (this.cfg.includeDocuments && r.chance(0.15)) {
			this.env.sb.control.addFault({
				path: '/api/contract/documents/*',
				status: r.pick([500, 503]),
				times: r.int(1, 4),
			});
		}
		return plan;
	}

	hook = (info: RequestHookInfo): void => {
		this.coverage.requests++;
		if (info.path.startsWith('/api/contract/documents/')) this.coverage.documentsRequests++;
		if (info.path !== LIST) return;
		if (info.query.page && info.query.page !== '1') this.coverage.multiPagePasses++;
		if (info.query.dateEnd) this.coverage.keysetRequests++;
		const width = Date.parse(info.query.dateEnd) - Date.parse(info.query.dateStart);
		if (width <= 2 || (this.variants.includes('second-precision') && width <= 1000))
			this.coverage.sameInstantRunReads++;
		const plan = this.plan;
		plan.listCount++;
		if (plan.mutateAt === plan.listCount) this.mutate(plan.mutations, false);
		if (plan.fault && plan.faultAt === plan.listCount) this.env.sb.control.addFault(plan.fault);
	};

	/** The events of a poll's output, as the oracle sees them. */
	private events(emitted: IDataObject[], a: number, b: number, clock: number): EmittedEvent[] {
		const rootStart = this.lineage.length > 0 ? this.lineage[0].a : a;
		return emitted.map((j) => ({
			contractId: String(j.contractId),
			kind: String(j.event),
			previousStatus: j.previousStatus === null ? null : String(j.previousStatus),
			status: String(j.status),
			eventId: String(j.eventId),
			pollStart: a,
			pollEnd: b,
			pollClock: clock,
			pollIndex: this.delivered,
			rootStart,
		}));
	}

	/**
	 * One poll. `crash`: n8n dies right after the poll (legacy: the workflow got the events, the state was not
	 * saved; durable cursors: the round is lost as a whole). `twice`: n8n runs the poll twice from the same state
	 * (legacy: both deliver, the state written last stays; durable cursors: the fenced run is discarded).
	 */
	async poll(kind: 'normal' | 'crash' | 'twice', quiet = false): Promise<void> {
		this.plan = quiet ? { listCount: 0, mutations: 0 } : this.planPoll();
		const plan = this.plan;
		const a = this.world.tick;
		const clock = this.triggerNow();
		this.world.polls.push({ a, clock });
		const activation = this.sim.activationPending;
		const savedBefore = deepCopy(this.sim.saved);
		const memoryBefore = this.sim.snapshot();
		const lineageBefore = this.lineage.slice();
		const savedLineageBefore = this.savedLineage;
		const result = await this.sim.poll();
		this.env.sb.control.clearFaults();
		const b = this.world.tick;
		const L = (id: string) => this.world.label(id);
		this.log.push(
			`poll [${a},${b}] ${kind}${plan.fault ? ` fault@${plan.faultAt} ${JSON.stringify(plan.fault)}` : ''}${plan.mutateAt ? ` mutate@${plan.mutateAt}` : ''} → ${result.error ? `ERROR ${result.error.message}` : `${result.emitted?.[0]?.length ?? 0} events`}`,
		);
		this.coverage.polls++;
		if (plan.fault) this.coverage.pollsWithFaults++;
		if (plan.mutateAt !== undefined && plan.mutateAt <= plan.listCount)
			this.coverage.pollsChangedWhilePaging++;
		if (result.error) {
			this.coverage.failedPolls++;
			const name = (result.error as Error).name;
			const injected = plan.fault !== undefined || this.cfg.includeDocuments;
			if (!injected)
				throw new Error(`poll failed without an injected fault: ${result.error.message}`);
			if (name !== 'NodeApiError' && name !== 'NodeOperationError')
				throw new Error(`unexpected error class ${name}: ${result.error.stack}`);
			const text = JSON.stringify({
				m: result.error.message,
				d: (result.error as { description?: string }).description,
			});
			if (text.includes(this.env.sb.apiKey)) throw new Error('the API key leaked into an error');
			return;
		}
		if (plan.fault && plan.faultAt !== undefined && plan.faultAt <= plan.listCount)
			this.coverage.faultsRecovered++;
		const state = loadState(this.sim.staticData[STATE_KEY]);
		if (!state) throw new Error('no state after a successful poll');
		const emitted = (result.emitted?.[0] ?? []).map((item) => item.json);
		const events = this.events(emitted, a, b, clock);
		const record: PollRecord = { a, b, clock, events, state };
		const saved = this.durable || events.length > 0 || activation;

		if (kind === 'crash' && this.durable) {
			// the round never committed: nothing delivered, nothing saved
			this.coverage.crashes++;
			this.log.push(`   (lost with the crash: ${events.map((e) => e.eventId).join(' ')})`);
			this.sim.saved = savedBefore;
			this.restart();
			return;
		}
		if (kind === 'twice' && this.durable) {
			// the fenced run of the two: its execution and cursor are discarded; the other runs from the same cursor
			this.coverage.twice++;
			this.log.push(`   (fenced run discarded: ${events.map((e) => e.eventId).join(' ')})`);
			this.sim.saved = savedBefore;
			await this.poll('normal', quiet);
			return;
		}
		this.delivered++;
		for (const e of events)
			this.log.push(
				`   ${e.eventId.replace(e.contractId, L(e.contractId))} ${e.kind} ${e.previousStatus}→${e.status}`,
			);
		this.coverage.events += events.length;
		this.all.push(...events);
		this.lineage.push(record);
		if (saved) this.savedLineage = this.lineage.slice();

		if (kind === 'crash') {
			// n8n died after the poll returned and before it saved the static data
			this.coverage.crashes++;
			this.sim.saved = savedBefore;
			this.savedLineage = savedLineageBefore;
			this.restart();
		} else if (kind === 'twice') {
			// the second run starts from the state the first one started from; the one written last stays
			this.coverage.twice++;
			this.sim.replaceMemory(memoryBefore);
			this.lineage = lineageBefore;
			this.log.push('   (and again, from the same state)');
			await this.poll('normal', quiet);
		}
	}

	restart(): void {
		this.coverage.restarts++;
		this.sim.restart();
		this.lineage = this.savedLineage.slice();
		this.log.push(`restart (lineage ${this.lineage.length})`);
	}
}

export interface ScheduleOutcome {
	problems: string[];
	log: string[];
	polls: number;
	event: string;
}

/** Runs the schedule of one seed against a reset sandbox and checks it. */
export async function runSchedule(
	env: NodeTestEnv,
	clock: TestClock,
	seed: number,
	coverage: Coverage,
): Promise<ScheduleOutcome> {
	const rng = new Rng(mulberry32(seed));
	env.sb.control.reset();
	env.sb.control.seedRandom(seed);
	clock.ms = START + seed * 1000;
	const cfg = pickConfig(rng);
	const pageSize = rng.int(2, 7);
	triggerTuning.pageSize = pageSize;
	const variants = pickVariants(rng, pageSize);
	env.sb.control.setVariants(variants);
	// Pages of 2-7 contracts cannot show the 10 ordered steps the node wants before it trusts an order; on a
	// sorted list one step is evidence enough, which exercises keyset paging. A list in no order keeps the
	// node's own threshold: there, short pages look sorted by chance.
	triggerTuning.orderEvidence = variants.includes('unordered') ? 10 : 1;
	const durable = rng.chance(0.25);
	const farAhead = rng.chance(0.15);
	const s = new Schedule(env, rng, clock, coverage, variants, durable, cfg, farAhead);
	if (farAhead) coverage.farAheadSchedules++;
	triggerTuning.now = () => s.triggerNow();
	coverage[`mode:${cfg.event}`]++;
	if (variants.length) coverage.variantSchedules++;
	if (variants.some((v) => v.startsWith('page-cap'))) coverage.cappedSchedules++;
	if (durable) coverage.durableSchedules++;
	s.log.push(
		`seed ${seed} pageSize ${pageSize} variants ${variants.join(',') || 'none'}${durable ? ' durable-cursors' : ''}${farAhead ? ' far-ahead' : ''} config ${JSON.stringify({ ...cfg, watched: [...cfg.watched] })}`,
	);
	env.sb.control.setRequestHook(s.hook);
	try {
		// existing contracts, several sharing creation instants (runs longer than a page)
		const instants = Array.from(
			{ length: rng.int(1, 4) },
			() => clock.ms - rng.int(0, 8) * DAY - rng.int(0, 1000),
		);
		const now = clock.ms;
		for (let i = rng.int(0, 15); i > 0; i--) {
			clock.ms = rng.pick(instants);
			s.create();
		}
		clock.ms = now;

		let polls = 0;
		await s.poll('normal');
		polls++;
		for (let steps = rng.int(4, 9); steps > 0; steps--) {
			const r = rng.next();
			if (r < 0.35) s.mutate(rng.int(1, 4), true);
			else if (r < 0.8) {
				await s.poll('normal');
				polls++;
			} else if (r < 0.86) s.restart();
			else if (r < 0.92) {
				await s.poll('twice');
				polls += 2;
			} else {
				const delivered = s.all.length;
				await s.poll('crash');
				polls++;
				// a contract whose event was delivered but not saved leaves that status (a poll sees it) and comes
				// back: its new event must not reuse the delivered eventId
				const lost = s.all.slice(delivered).filter((e) => e.kind !== 'created');
				if (lost.length > 0 && rng.chance(0.6)) {
					const e = rng.pick(lost);
					const m = s.world.contracts.get(e.contractId) as ModelContract;
					if (!s.isDeleted(m.id)) {
						let away = s.randomStatus(e.status);
						while (away === e.status) away = s.randomStatus(e.status);
						s.setStatus(m, away);
						await s.poll('normal');
						if (!s.isDeleted(m.id)) s.setStatus(m, e.status);
						await s.poll('normal');
						polls += 2;
					}
				}
			}
		}
		// quiet end: no fault, no change, so every change of the schedule must have been reported by now
		for (let i = 0; i < 2; i++) {
			const before = s.lineage.length;
			await s.poll('normal', true);
			polls++;
			if (s.lineage.length === before)
				return { problems: ['a quiet poll failed'], log: s.log, polls, event: cfg.event };
		}
		coverage.schedules++;
		return {
			problems: check(s.world, s.all, s.lineage, coverage),
			log: s.log,
			polls,
			event: cfg.event,
		};
	} catch (error) {
		return { problems: [(error as Error).message], log: s.log, polls: 0, event: cfg.event };
	} finally {
		env.sb.control.setRequestHook(undefined);
	}
}
