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
 * The model check's truth and oracle: the true history of every contract of a schedule (what the sandbox did, tick
 * by tick), what the trigger emitted and remembered, and the check that compares them.
 *
 * Ticks count every change the schedule made to the sandbox; a poll covers the ticks [a, b] that happened while
 * it ran. The trigger "watches" a value per contract: its status, or OUT when it is not in the watched list
 * (filtered out, outside the look-back window, not in a watched status, deleted).
 */
import { eventIdOf } from '../../../nodes/Trato/trigger/detect';
import { CREATED, TRIGGER_MODES, type TriggerMode } from '../../../nodes/Trato/trigger/modes';
import type { TriggerState } from '../../../nodes/Trato/trigger/state';
import { CLOCK_TOLERANCE_MS } from '../../../nodes/Trato/trigger/tuning';

export const OUT = '∅';
export const DAY = 86_400_000;
export const SIGNED = ['RECEIVED_SIGNED', 'SENT_SIGNED'];

export class Rng {
	constructor(readonly next: () => number) {}
	int(lo: number, hi: number): number {
		return lo + Math.floor(this.next() * (hi - lo + 1));
	}
	chance(p: number): boolean {
		return this.next() < p;
	}
	pick<T>(list: readonly T[]): T {
		return list[Math.floor(this.next() * list.length)];
	}
}

/** The trigger's settings in a schedule, as the oracle needs them. */
export interface ModelConfig {
	event: TriggerMode;
	/** As given to the node ("signed" = Signed (Any)). */
	statuses: string[];
	/** The statuses watched, shortcut expanded. */
	watched: Set<string>;
	includeNew: boolean;
	templateId?: string;
	statusParticipant?: string;
	lookBackDays?: number;
	includeDocuments: boolean;
}

export interface HistoryEntry {
	tick: number;
	status: string;
	/** Whether the contract matched the filters (and existed) after this change. */
	member: boolean;
}

export interface ModelContract {
	id: string;
	/** c1, c2, … in creation order (readable logs). */
	label: string;
	/** createdAt as the list shows it (whole seconds with second-precision). */
	t: number;
	createdTick: number;
	history: HistoryEntry[];
}

export interface EmittedEvent {
	contractId: string;
	kind: string;
	previousStatus: string | null;
	status: string;
	eventId: string;
	pollStart: number;
	pollEnd: number;
	/** The trigger's clock at the poll (the look-back window). */
	pollClock: number;
	/** Polls whose outcome counted before the detecting one (lost ones included). */
	pollIndex: number;
	/** Start tick of the first poll of the lineage this event belongs to. */
	rootStart: number;
}

export interface PollRecord {
	a: number;
	b: number;
	clock: number;
	events: EmittedEvent[];
	state: TriggerState;
}

export class World {
	tick = 0;
	readonly contracts = new Map<string, ModelContract>();
	/** Every poll run (failed and lost ones too): the tick it started at and n8n's clock then. */
	readonly polls: Array<{ a: number; clock: number }> = [];

	/** What the mode lists and remembers (trigger/modes.ts); the oracle knows each kind's rule. */
	readonly watches: (typeof TRIGGER_MODES)[TriggerMode]['watches'];

	constructor(readonly cfg: ModelConfig) {
		this.watches = TRIGGER_MODES[cfg.event].watches;
		if (!['everyContract', 'chosenStatuses', 'nothing'].includes(this.watches))
			throw new Error(
				`the model check has no rule for mode ${cfg.event} (watches ${this.watches})`,
			);
	}

	label(id: string): string {
		return this.contracts.get(id)?.label ?? id;
	}

	/** The value the trigger watches for a contract at a history entry, for a poll at `clock`. */
	value(m: ModelContract, h: HistoryEntry | undefined, clock: number): string {
		if (!h || !h.member) return OUT;
		if (this.cfg.lookBackDays !== undefined && m.t < clock - this.cfg.lookBackDays * DAY)
			return OUT;
		if (this.watches === 'chosenStatuses' && !this.cfg.watched.has(h.status)) return OUT;
		return h.status;
	}

	current(m: ModelContract): HistoryEntry {
		return m.history[m.history.length - 1];
	}

	/** Every value the contract had during the poll [a, b]. */
	values(m: ModelContract, p: { a: number; b: number; clock: number }): Set<string> {
		let at: HistoryEntry | undefined;
		const out = new Set<string>();
		for (const h of m.history) {
			if (h.tick <= p.a) at = h;
			else if (h.tick <= p.b) out.add(this.value(m, h, p.clock));
		}
		out.add(this.value(m, at, p.clock));
		return out;
	}

	/**
	 * The occurrences of an event's new status it can describe: the ticks at which the contract entered that
	 * watched value, for every stay in it that overlaps the detecting poll.
	 */
	occurrences(e: EmittedEvent): number[] {
		const m = this.contracts.get(e.contractId);
		if (!m) return [];
		const out: number[] = [];
		let previous: string | undefined;
		m.history.forEach((h, i) => {
			const value = this.value(m, h, e.pollClock);
			if (value === e.status && previous !== e.status) {
				let end = Infinity;
				for (const later of m.history.slice(i + 1)) {
					if (this.value(m, later, e.pollClock) !== e.status) {
						end = later.tick;
						break;
					}
				}
				if (h.tick <= e.pollEnd && end > e.pollStart) out.push(h.tick);
			}
			previous = value;
		});
		return out;
	}
}

/**
 * The clock assumption the trigger states (docs/trigger.md, "Limits of polling"; trigger/watermark.ts), checked on the true
 * history: a contract is never dated both before the whole second an hour (CLOCK_TOLERANCE_MS) before n8n's clock
 * at a poll that started before it was created, and before a contract created earlier that was dated up to that
 * clock. So the service's clock may run ahead of n8n's by any amount, be set back to within the hour, or run
 * behind n8n's by any amount while it is never set back; a contract may be dated anywhere in the future. Loss is
 * defined for the contracts that keep it; the schedules generate no other (a breach is reported as a problem of
 * the schedule).
 */
export function clockAssumption(world: World): string[] {
	const problems: string[] = [];
	const all = [...world.contracts.values()];
	for (const c of all) {
		for (const q of world.polls) {
			if (q.a >= c.createdTick) continue;
			if (c.t >= Math.floor((q.clock - CLOCK_TOLERANCE_MS) / 1000) * 1000) continue;
			const before = all.find((d) => d.createdTick < c.createdTick && d.t <= q.clock && d.t > c.t);
			if (before)
				problems.push(
					`schedule outside the clock assumption: ${c.label} dated ${new Date(c.t).toISOString()}, more than an hour before n8n's clock at the poll of tick ${q.a} and before ${before.label}`,
				);
		}
	}
	return problems;
}

/** The trigger's own rule for "new" (trigger/watermark.ts), where the oracle has no other (participant filter). */
function isNew(m: ModelContract, state: TriggerState): boolean {
	return !state.recent.has(m.id) && (state.watermark === null || m.t >= state.watermark);
}

/**
 * The oracle. `all`: every event delivered to the workflow, in order (also those of polls whose state was lost);
 * `lineage`: the chain of polls whose state survived (a restart goes back to the last saved state). Returns the
 * problems found (empty = the schedule passed): a loss, a duplicate, a false event, a reused eventId.
 *
 * A contract is new when it was created after the baseline in the true history (its creation tick), whatever it
 * is dated: one dated in the future is new once, when first listed, and never again; one created after the
 * service's clock was set back is new although it is dated before contracts already seen. Not reporting a new
 * contract (or, with "Contract Status Changed", its first status) is a loss, wherever the schedule kept the clock
 * assumption (clockAssumption, checked here too).
 */
export function check(
	world: World,
	all: EmittedEvent[],
	lineage: PollRecord[],
	counters: { reDelivered: number; sameCounterNewEpoch: number },
): string[] {
	const problems: string[] = [];
	const cfg = world.cfg;
	const watches = world.watches;
	const own = TRIGGER_MODES[cfg.event].event;
	const created = TRIGGER_MODES[CREATED].event;
	const L = (id: string) => world.label(id);
	if (lineage.length === 0) return ['no successful poll'];
	problems.push(...clockAssumption(world));

	// 1. every emitted transition is real; an eventId always names the same event
	const byId = new Map<string, EmittedEvent>();
	for (const e of all) {
		const m = world.contracts.get(e.contractId);
		if (!m) {
			problems.push(`event for unknown contract ${e.eventId}`);
			continue;
		}
		const same = byId.get(e.eventId);
		// A re-delivery is the same event: same contract, kind and new status. After a crash lost what the trigger
		// knew, a previous status can be unknown (null) in one delivery and known in the other, never two known ones.
		const previousDiffers =
			same !== undefined &&
			same.previousStatus !== e.previousStatus &&
			same.previousStatus !== null &&
			e.previousStatus !== null;
		const differs =
			same &&
			(same.kind !== e.kind ||
				(e.kind !== created && (previousDiffers || same.status !== e.status)));
		if (differs)
			problems.push(`eventId ${e.eventId} (${L(e.contractId)}) names two different events`);
		if (same) counters.reDelivered++;
		byId.set(e.eventId, e);
		const h = m.history.filter((x) => x.tick <= e.pollEnd);
		if (e.kind === created) {
			if (m.createdTick <= e.rootStart)
				problems.push(`created event for ${m.label}, which existed before the baseline`);
			if (e.eventId !== `${m.id}:CREATED:0`) problems.push(`bad created eventId ${e.eventId}`);
			continue;
		}
		const k = h.findIndex(
			(x, i) =>
				x.status === e.status &&
				(e.previousStatus === null || h.slice(0, i).some((y) => y.status === e.previousStatus)),
		);
		if (k < 0)
			problems.push(
				`${m.label}: ${e.previousStatus}→${e.status} (${e.eventId}) never happened in that order`,
			);
		if (e.previousStatus === e.status) problems.push(`${e.eventId}: no change`);
		if (e.kind !== own && e.kind !== created)
			problems.push(`${e.eventId}: event ${e.kind} in mode ${cfg.event}`);
		if (watches === 'chosenStatuses' && !cfg.watched.has(e.status))
			problems.push(`${e.eventId}: status not watched`);
	}

	// 2. a workflow that skips eventIds it has already processed (as the README and docs/trigger.md advise) loses nothing: an
	// eventId delivered again names the same occurrence of that status, or one that no poll could tell apart
	const processed = new Map<string, EmittedEvent>();
	for (const e of all) if (!processed.has(e.eventId)) processed.set(e.eventId, e);
	const byCounter = new Map<string, string>();
	for (const id of processed.keys()) {
		const counter = id.replace(/\.[0-9a-z]+$/, '');
		if (counter === id || counter.endsWith(':CREATED:0')) continue;
		if (byCounter.has(counter) && byCounter.get(counter) !== id) counters.sameCounterNewEpoch++;
		byCounter.set(counter, id);
	}
	const latest = new Map<string, EmittedEvent>();
	for (const e of all) {
		const first = processed.get(e.eventId) as EmittedEvent;
		const before = latest.get(e.eventId);
		latest.set(e.eventId, e);
		if (first === e || e.kind === created) continue;
		const mine = world.occurrences(e);
		if (world.occurrences(first).some((k) => mine.includes(k))) continue;
		// no poll between this delivery and the previous one of the same eventId: a change undone between two
		// polls, which no poll could see (docs/trigger.md, "Limits of polling")
		if (before && e.pollIndex - before.pollIndex <= 1) continue;
		const covered = [...processed.values()].some(
			(p) =>
				p !== first &&
				p.contractId === e.contractId &&
				p.status === e.status &&
				world.occurrences(p).some((k) => mine.includes(k)),
		);
		if (!covered)
			problems.push(
				`eventId ${e.eventId} was delivered again for a later ${e.status || 'DRAFT'} of ${L(e.contractId)}: a workflow deduplicating on eventId drops it`,
			);
	}

	// 3. beliefs are true, and events are exactly the changes of belief (lineage)
	const lineageIds = new Set<string>();
	for (let j = 0; j < lineage.length; j++) {
		const p = lineage[j];
		const prev = j > 0 ? lineage[j - 1].state : undefined;
		for (const e of p.events) {
			if (lineageIds.has(e.eventId))
				problems.push(`poll ${j}: duplicate eventId ${e.eventId} in the lineage`);
			lineageIds.add(e.eventId);
		}
		if (j === 0 && p.events.length > 0) problems.push('the baseline emitted events');
		for (const id of p.state.contracts.keys())
			if (!world.contracts.has(id)) problems.push(`poll ${j}: state holds unknown contract ${id}`);
		if (watches === 'nothing') continue;
		for (const m of world.contracts.values()) {
			if (m.createdTick > p.b) continue;
			const values = world.values(m, p);
			const entry = p.state.contracts.get(m.id);
			const belief = entry?.present ? (entry.status ?? '?') : OUT;
			if (values.size === 1 && !values.has(belief))
				problems.push(
					`poll ${j} [${p.a},${p.b}]: ${m.label} was constantly ${[...values][0] || 'DRAFT'} but is remembered as ${belief || 'DRAFT'}`,
				);
			if (belief !== OUT && !values.has(belief))
				problems.push(`poll ${j}: ${m.label} remembered as ${belief || 'DRAFT'}, never its value`);
			if (j === 0) continue;
			const before = prev?.contracts.get(m.id);
			const expected: string[] = [];
			let changes = 0;
			if (entry?.present) {
				const s = entry.status as string;
				if (watches === 'everyContract') {
					if (before && before.status !== null) {
						if (before.status !== s) {
							expected.push(`${own} ${before.status}→${s}`);
							changes++;
						}
					} else if (
						// new since the baseline, from the true history (not from the trigger's own watermark); with a
						// participant-status filter a contract may start matching later, and "new" is then the
						// trigger's watermark rule (docs/trigger.md)
						cfg.statusParticipant ? isNew(m, prev as TriggerState) : m.createdTick > lineage[0].a
					) {
						if (cfg.includeNew) expected.push(`${created} null→${s}`);
						if (s !== '') {
							expected.push(`${own} →${s}`);
							changes++;
						}
					}
				} else if (!(before?.present && before.status === s)) {
					expected.push(`${own} ${before?.present ? before.status : null}→${s}`);
					changes++;
				}
			}
			const actual = p.events
				.filter(
					(e) => e.contractId === m.id && !(watches === 'chosenStatuses' && e.kind === created),
				)
				.map(
					(e) =>
						`${e.kind} ${e.previousStatus ?? (e.kind !== created && watches === 'everyContract' ? '' : null)}→${e.status}`,
				);
			if (expected.sort().join('|') !== actual.sort().join('|'))
				problems.push(
					`poll ${j} [${p.a},${p.b}]: ${m.label} expected [${expected.join(', ')}] got [${actual.join(', ')}]`,
				);
			const n = (before?.changes ?? 0) + changes;
			if (entry && entry.changes !== n)
				problems.push(`poll ${j}: ${m.label} counter ${entry.changes}, expected ${n}`);
			for (const e of p.events.filter((x) => x.contractId === m.id && x.kind !== created)) {
				if (e.eventId !== eventIdOf(cfg.event, m.id, e.status, n, prev?.epoch))
					problems.push(`poll ${j}: eventId ${e.eventId}, n should be ${n}`);
			}
		}
	}

	// 4. created events: once per contract created after the baseline that matched when a poll could see it
	if (cfg.includeNew) {
		const root = lineage[0];
		const count = new Map<string, number>();
		for (const p of lineage)
			for (const e of p.events)
				if (e.kind === created) count.set(e.contractId, (count.get(e.contractId) ?? 0) + 1);
		for (const m of world.contracts.values()) {
			const n = count.get(m.id) ?? 0;
			if (n > 1) problems.push(`${m.label}: ${n} created events`);
			if (m.createdTick <= root.b || cfg.statusParticipant) continue;
			const first = lineage.find((p) => p.a >= m.createdTick);
			if (!first) continue;
			// it must have been listable through that whole poll: matching, in the window, not deleted
			const listable = m.history
				.filter((h) => h.tick <= first.b)
				.every((h) => h.member || h.tick < m.createdTick);
			const inWindow =
				cfg.lookBackDays === undefined || m.t >= first.clock - cfg.lookBackDays * DAY;
			if (listable && m.history[0].member && inWindow && n !== 1)
				problems.push(`${m.label} created after the baseline: ${n} created events`);
		}
	}
	return problems;
}
