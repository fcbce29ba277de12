import { CREATED, TRIGGER_MODES, type TriggerMode } from './modes';
import type { TriggerParameters } from './parameters';
import type { Newest, Observation } from './listing';
import type { Tracked, TriggerState } from './state';
import { dayOf } from './state';
import { isNewContract, nextWatermark, type Watermark } from './watermark';

export interface DetectedEvent {
	/** The mode whose event this is (a new contract: CREATED, whatever the trigger's mode). */
	kind: TriggerMode;
	observation: Observation;
	previousStatus: string | null;
	eventId: string;
}

export interface DetectInput {
	cfg: TriggerParameters;
	configHash: string;
	/** The state of the same configuration; undefined → this poll is a baseline and emits nothing. */
	previous?: TriggerState;
	/** Contracts of a state built for another configuration: their counters are kept (new baseline). */
	carried?: Map<string, Tracked>;
	/** Every watched contract (`everyContract`), or the contracts listed in a chosen status (`chosenStatuses`). */
	statusObservations: Map<string, Observation>;
	/** Contracts listed by the "new contracts" pass (dated from the watermark on). */
	createdObservations: Map<string, Observation>;
	/** Baseline only: the newest contract(s) of the account dated up to n8n's clock, when no pass lists them all. */
	newest?: Newest;
	/** Baseline only: every contract of the account dated from the watermark on, when no pass lists them all. */
	fromWatermark?: Map<string, Observation>;
	windowStart?: number;
	/** n8n's clock at the start of the poll (how far the watermark may trust TRATO's clock, watermark.ts). */
	now: number;
	/** The listing of new contracts held every contract of the account from `from` on (no filter). */
	complete?: { from?: number };
	/** The eventId generation of the loaded state (events of this poll continue it). */
	epoch?: string;
}

export interface DetectResult {
	events: DetectedEvent[];
	state: TriggerState;
}

/** The status part of an eventId (drafts have an empty status). */
function statusToken(status: string): string {
	return status === '' ? 'DRAFT' : status;
}

/**
 * `<contractId>:<status>:<n>.<epoch>`: n counts the changes the trigger detected for the contract, the epoch
 * names the n8n process that detected them (a new one at each process start, see poll.ts), so a counter lost
 * with an unsaved state can never give a later, different transition an eventId already delivered. States
 * written before epochs existed give `<contractId>:<status>:<n>`. Creations: `<contractId>:CREATED:0`.
 */
export function eventIdOf(
	kind: TriggerMode,
	contractId: string,
	status: string,
	n: number,
	epoch?: string,
): string {
	if (kind === CREATED) return `${contractId}:CREATED:0`;
	return `${contractId}:${statusToken(status)}:${n}${epoch ? `.${epoch}` : ''}`;
}

function byAge(a: Observation, b: Observation): number {
	if (a.createdMs !== b.createdMs)
		return (
			(Number.isNaN(a.createdMs) ? 0 : a.createdMs) - (Number.isNaN(b.createdMs) ? 0 : b.createdMs)
		);
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Compares what this poll listed with what the trigger remembered, and returns the events and the next state.
 * Pure: no request, no clock, no static data.
 *
 * - everyContract (Contract Status Changed): a listed contract whose status differs from the last status seen.
 *   A contract created since the watermark and never seen started as a draft (api-notes S3), so its status, when
 *   not a draft, is a change from draft.
 * - chosenStatuses (Contract Reached a Status): a contract listed in a chosen status that was not in that status
 *   at the previous poll. Contracts no longer listed are kept (status unknown) with their counter, so a later
 *   re-entry gets a new eventId.
 * - new contracts (CREATED): a contract dated at or after the watermark that is not among those seen there
 *   (watermark.ts).
 */
export function detect(input: DetectInput): DetectResult {
	const { cfg, previous } = input;
	const watches = TRIGGER_MODES[cfg.event].watches;
	const baseline = previous === undefined;
	const old = previous?.contracts ?? new Map<string, Tracked>();
	const contracts = new Map<string, Tracked>();
	if (watches !== 'nothing') {
		for (const [id, t] of input.carried ?? [])
			contracts.set(id, { ...t, status: null, present: false });
		for (const [id, t] of old) contracts.set(id, { ...t });
	}

	const mark: Watermark | undefined = previous && {
		at: previous.watermark,
		recent: previous.recent,
	};
	const isNew = (o: Observation): boolean => isNewContract(mark, o);

	const events: DetectedEvent[] = [];
	const emit = (kind: TriggerMode, o: Observation, previousStatus: string | null, n: number) =>
		events.push({
			kind,
			observation: o,
			previousStatus,
			eventId: eventIdOf(kind, o.id, o.status, n, input.epoch),
		});

	// new contracts from their own pass (modes that do not list every contract)
	if (watches !== 'everyContract' && cfg.includeNew) {
		for (const o of [...input.createdObservations.values()].sort(byAge))
			if (isNew(o)) emit(CREATED, o, null, 0);
	}

	const seen = new Set<string>();
	if (watches !== 'nothing') {
		for (const o of [...input.statusObservations.values()].sort(byAge)) {
			seen.add(o.id);
			const known = contracts.get(o.id);
			let n = known?.changes ?? 0;
			if (!baseline) {
				if (watches === 'everyContract') {
					if (known && known.status !== null) {
						if (known.status !== o.status) emit(cfg.event, o, known.status, ++n);
					} else if (isNew(o)) {
						if (cfg.includeNew) emit(CREATED, o, null, 0);
						if (o.status !== '') emit(cfg.event, o, '', ++n);
					}
				} else if (!(known?.present && known.status === o.status)) {
					emit(cfg.event, o, known?.present ? known.status : null, ++n);
				}
			}
			contracts.set(o.id, { day: dayOf(o.createdMs), status: o.status, present: true, changes: n });
		}
		for (const [id, t] of contracts) {
			if (seen.has(id) || !t.present) continue;
			// no longer listed: left the watched statuses or filters, or aged out of the look-back window
			contracts.set(id, {
				...t,
				present: false,
				status: watches === 'everyContract' ? t.status : null,
			});
		}
	}

	// bounded memory: nothing older than the look-back window, nothing without information
	const windowDay = input.windowStart === undefined ? undefined : dayOf(input.windowStart);
	for (const [id, t] of contracts) {
		if (
			(windowDay !== undefined && t.day < windowDay) ||
			(!t.present && t.status === null && t.changes === 0)
		) {
			contracts.delete(id);
		}
	}

	// the watermark and the contracts seen from it on (watermark.ts), from what the "new contract" logic listed
	let next: Watermark = { at: null, recent: new Map() };
	if (watches === 'everyContract' || cfg.includeNew) {
		const listed =
			watches === 'everyContract' ? input.statusObservations : input.createdObservations;
		next = nextWatermark({
			previous: mark,
			listed: [
				...listed.values(),
				...(input.fromWatermark?.values() ?? []),
				...(input.newest?.observations ?? []),
			],
			top: input.newest?.createdMs,
			now: input.now,
			complete: input.complete,
		});
	}

	return {
		events,
		state: { config: input.configHash, watermark: next.at, recent: next.recent, contracts },
	};
}
