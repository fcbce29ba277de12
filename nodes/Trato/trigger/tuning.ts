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
	/**
	 * Strict steps a first page must show, all in one direction, before the list's order is trusted for keyset
	 * paging (otherwise: time windows, which assume no order). A list in no order shows 10 in a row by chance with
	 * a probability under 1 in 10 million; a newest-first page of 200 contracts shows far more.
	 */
	orderEvidence: 10,
	/**
	 * Requests allowed for one complete read by page numbers (a run of contracts created at one instant, or a list
	 * whose service ignores the bounds' time part) before the poll gives up and tries again next time.
	 */
	completeReadRequests: 120,
	/**
	 * This n8n process, as far as the trigger's memory can tell: a state written by another process was loaded
	 * from the database, so what that process delivered after its last save is unknown (a new eventId epoch).
	 * Tests change it to simulate a restart.
	 */
	session: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
};

export const DAY_MS = 86_400_000;

/**
 * How far TRATO's clock may be set back, or run behind n8n's, without a new contract being missed: the
 * watermark never passes n8n's clock minus this, so a contract dated within it is listed again at every poll and
 * told apart by its id (watermark.ts).
 */
export const CLOCK_TOLERANCE_MS = 3_600_000;
