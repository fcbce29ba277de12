import { MAX_PER_PAGE } from '../transport';

/**
 * Knobs of the trigger. Exported as one object so tests (and only tests) can inject a clock or a small page
 * size (to exercise paging with few contracts); shipped code never changes them.
 */
export const triggerTuning = {
	/** Contracts per list request (the API's maximum, spec Part 8). */
	pageSize: MAX_PER_PAGE,
	/** The node's clock (look-back window, detectedAt). */
	now: (): number => Date.now(),
	/** Reads of a run of contracts sharing one creation instant, until two consecutive reads agree. */
	runReadAttempts: 4,
	/** Offset passes tried when the API ignores the time part of dateEnd, until one sees stable totals. */
	offsetPassAttempts: 3,
};

export const DAY_MS = 86_400_000;
