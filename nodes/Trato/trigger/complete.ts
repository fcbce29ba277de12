import { pagingIgnored, pagingSettings, repeatsPage } from '../transport';
import type { Bounds, ListReader, Observation } from './listing';
import { listUnstable } from './listing';
import { triggerTuning } from './tuning';

/**
 * Complete reads by page numbers, where the list's order cannot be used: a run of contracts created at one
 * instant that is longer than a page, and a service that ignores the bounds' time part.
 */

/**
 * Every contract of `bounds` by page numbers. With X-Total-Documents: pages are asked in turn, their contracts
 * united while the total stays the same, until the union holds that many (so a service that returns ties in a
 * different order on each request is still read completely); without totals: until two consecutive reads of
 * every page list the same contracts. A contract leaving or joining meanwhile changes the total and starts the
 * union again. Where contracts can join (a status or participant filter, or a read without an upper bound that
 * the service applies, which new contracts join), one leaving while another joins keeps the total, and a union
 * of several answers may then hold the one that left instead of one that never moved but was shifted past the
 * pages read: there, such a union counts only when the next union lists the same contracts. Throws when no
 * complete read comes within the limit.
 *
 * Bounded (issue 40): without totals, a full page that brings no contract its read had not seen ends the poll (a
 * list that ignores `page`, also when it reorders ties), and so does a read longer than `pagingSettings.maxPages`;
 * the limit of requests is fixed once, by the first answer's total or else by the length of the first read, never
 * by the page counter.
 */
export async function readComplete(
	reader: ListReader,
	bounds: Bounds,
	what: string,
): Promise<Map<string, Observation>> {
	let union = new Map<string, Observation>();
	let answers = 0;
	let unconfirmed: Map<string, Observation> | undefined;
	let total: number | undefined;
	let read = new Map<string, Observation>();
	let previous: Map<string, Observation> | undefined;
	let pageBefore: string[] = [];
	// full pages after a first one; how many brought no contract new to their read, how many repeated the page before
	const later = { pages: 0, stale: 0, repeated: 0 };
	// nothing can join: no filter lets a contract in, and the upper bound keeps new contracts out
	let closed = reader.stable && bounds.to !== undefined;
	// at least twelve full reads (two agreeing unions, each of several reads); set once
	let limit = Infinity;
	const fix = (pages: number) => Math.max(triggerTuning.completeReadRequests, pages * 12);
	for (let request = 0, page = 1; request < limit; request++, page++) {
		const p = await reader.page(bounds, page);
		if (request === 0 && p.total !== undefined) limit = fix(Math.ceil(p.total / reader.perPage));
		const keys = p.all.map((o) => o.id);
		const last =
			p.raw < reader.perPage || (p.total !== undefined && page * reader.perPage >= p.total);
		if (page > 1 && p.raw >= reader.perPage) {
			const stale = keys.every((id) => read.has(id));
			const repeated = repeatsPage(pageBefore, keys);
			// Without totals, such a page never ends the read: a list that ignores `page` (issues 34, 40). With totals
			// the read ends at the limit; it says why when every later page brought nothing new.
			if (stale && p.total === undefined)
				throw pagingIgnored(reader.ctx, page, {
					advice: NOTHING_LOST,
					cause: repeated ? 'repeat' : 'noNew',
				});
			later.pages++;
			if (stale) later.stale++;
			if (repeated) later.repeated++;
		}
		if (p.total === undefined && !last && page >= pagingSettings.maxPages)
			throw pagingIgnored(reader.ctx, page, {
				advice: NOTHING_LOST,
				cause: 'ceiling',
				ceiling: { pages: pagingSettings.maxPages, fromTotals: false },
			});
		pageBefore = keys;
		if (request === 0 || p.total !== total) {
			union = new Map();
			answers = 0;
			unconfirmed = undefined;
		}
		total = p.total;
		answers++;
		if (p.ignored) closed = false;
		for (const o of p.all) {
			union.set(o.id, o);
			read.set(o.id, o);
		}
		if (total !== undefined && union.size === total) {
			if (answers === 1 || closed || (unconfirmed && sameIds(unconfirmed, union))) return union;
			unconfirmed = union;
			union = new Map();
			answers = 0;
		}
		if (!last) continue;
		if (total === undefined) {
			if (limit === Infinity) limit = fix(page);
			if (previous && sameIds(previous, read)) return read;
			previous = read;
		}
		read = new Map();
		page = 0;
	}
	// every later page brought nothing new: not a list that kept changing, one that ignores `page`
	if (later.pages > 0 && later.stale === later.pages)
		throw pagingIgnored(reader.ctx, 2, {
			advice: NOTHING_LOST,
			cause: later.repeated === later.pages ? 'repeat' : 'noNew',
		});
	throw listUnstable(reader.ctx, what);
}

/** Every contract shown at instant `t` (a run longer than a page); replaces what `out` held for that instant. */
export async function readRun(
	reader: ListReader,
	t: number,
	out: Map<string, Observation>,
): Promise<void> {
	const run = await readComplete(
		reader,
		{ from: t, to: t },
		'contracts created at the same instant',
	);
	for (const [id, o] of out) if (o.createdMs === t && !run.has(id)) out.delete(id);
	for (const [id, o] of run) if (o.createdMs === t) out.set(id, o);
}

const NOTHING_LOST =
	'Nothing was lost: the trigger keeps its previous state and reads the list again at the next poll time. It reads by page numbers the contracts created at one instant when they are more than a page (or all of them when TRATO ignores the time part of dates).';

/** Whether two reads hold the same contracts. */
function sameIds(a: Map<string, Observation>, b: Map<string, Observation>): boolean {
	return a.size === b.size && [...b.keys()].every((id) => a.has(id));
}
