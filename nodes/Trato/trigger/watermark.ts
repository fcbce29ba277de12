import type { Observation } from './listing';
import { CLOCK_TOLERANCE_MS } from './tuning';

/**
 * What tells a new contract from one the trigger has seen: a watermark (a creation instant every contract created
 * later is dated at or after) and the contracts seen dated at or after it. Pure: no request, no clock.
 *
 * The watermark trusts TRATO's clock only up to n8n's: it moves to the newest creation date listed that is not
 * after n8n's clock, and never past n8n's clock minus CLOCK_TOLERANCE_MS. So a contract dated in the future (a
 * bad record, TRATO's clock ahead of n8n's) cannot hold it up, and a contract created after TRATO's clock was
 * set back (dated before contracts already seen) is still at or after it. Every contract seen at or after the
 * watermark is remembered by id (`recent`): they are listed again at every poll, and only an id not among them
 * is new. What this assumes (README, "Limits of polling"): a contract is never dated both more than the
 * tolerance before n8n's clock at an earlier poll and before a contract created earlier that was dated up to it.
 */
export interface Watermark {
	/** Creation instant (ms); null while no contract dated up to n8n's clock was ever listed. */
	at: number | null;
	/** Contracts seen dated at or after `at` (every one when `at` is null): id → creation instant (ms). */
	recent: Map<string, number>;
}

/** Whether a listed contract is new: never seen, and dated at or after the watermark. */
export function isNewContract(w: Watermark | undefined, o: Observation): boolean {
	if (!w || w.recent.has(o.id)) return false;
	return w.at === null || o.createdMs >= w.at;
}

/** The highest watermark n8n's clock allows: its time minus the tolerance, down to a whole second. */
export function clockFloor(now: number): number {
	return Math.floor((now - CLOCK_TOLERANCE_MS) / 1000) * 1000;
}

export interface WatermarkInput {
	/** The watermark the poll started from; undefined for a baseline. */
	previous?: Watermark;
	/** Every contract the new-contract logic listed in this poll. */
	listed: Iterable<Observation>;
	/** Baseline: the newest creation instant up to n8n's clock, even when no contract is left at it. */
	top?: number;
	/** n8n's clock at the start of the poll. */
	now: number;
	/**
	 * The listing held every contract of the account dated from `from` on (no filter): a remembered contract from
	 * there that it did not list was deleted, and is forgotten.
	 */
	complete?: { from?: number };
}

/** The watermark after a poll, and the contracts to remember with it. */
export function nextWatermark(input: WatermarkInput): Watermark {
	const { previous, now } = input;
	const listed = [...input.listed];
	let newest = input.top !== undefined && input.top <= now ? input.top : undefined;
	for (const o of listed) {
		if (o.createdMs <= now && (newest === undefined || o.createdMs > newest)) newest = o.createdMs;
	}
	let at = previous?.at ?? null;
	if (newest !== undefined) {
		const trusted = Math.min(newest, clockFloor(now));
		if (at === null || trusted > at) at = trusted;
	}
	const recent = new Map<string, number>();
	for (const o of listed) {
		if (!Number.isNaN(o.createdMs) && (at === null || o.createdMs >= at))
			recent.set(o.id, o.createdMs);
	}
	const complete = input.complete;
	const shown = new Set(listed.map((o) => o.id));
	for (const [id, ms] of previous?.recent ?? []) {
		if (recent.has(id) || (at !== null && ms < at)) continue;
		const deleted =
			complete !== undefined &&
			(complete.from === undefined || ms >= complete.from) &&
			!shown.has(id);
		if (!deleted) recent.set(id, ms);
	}
	return { at, recent };
}
