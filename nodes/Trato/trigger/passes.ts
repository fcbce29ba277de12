import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Bounds, Newest, Observation, Page } from './listing';
import { ListReader, listUnstable, orderOf } from './listing';
import { DAY_MS, triggerTuning } from './tuning';

/**
 * Passes over the contract list: every contract of one query read exactly once, whatever the list's order.
 * The first page of a range tells the order. Newest first or oldest first: keyset paging on createdAt (each
 * next page bounded by the last instant read, that instant read again and deduplicated by id), so contracts
 * leaving the list or created meanwhile never shift a page. A page of one instant: that instant read apart,
 * then the ranges before and after it. No usable order: time windows, split at the creation times the page
 * showed, until each fits in one page. A page that shows the bounds were not applied (a service that ignores
 * their time part): offset pages accepted only when every page reports the same total.
 */

type Outcome = 'ok' | 'unordered' | 'unsupported';

function add(page: Page, out: Map<string, Observation>) {
	for (const o of page.items) out.set(o.id, o);
}

function extremes(page: Page): { min: number; max: number } {
	const times = page.items.map((o) => o.createdMs);
	return { min: Math.min(...times), max: Math.max(...times) };
}

/** Keyset paging in the list's own direction within `range`, from its first page on. */
async function keyset(
	reader: ListReader,
	range: Bounds,
	first: Page,
	direction: 'desc' | 'asc',
	out: Map<string, Observation>,
): Promise<Outcome> {
	let page = first;
	let bounds = range;
	for (;;) {
		if (page.raw < reader.perPage) return 'ok';
		const { min, max } = extremes(page);
		const edge = direction === 'desc' ? min : max;
		if (min === max) {
			// a whole page at one instant: read it apart, then go on past it
			await reader.readRun(edge, out);
			return await readRange(
				reader,
				direction === 'desc'
					? { ...bounds, to: edge - reader.precision }
					: { ...bounds, from: edge + reader.precision },
				out,
			);
		}
		const previous = direction === 'desc' ? bounds.to : bounds.from;
		if (previous !== undefined && (direction === 'desc' ? edge >= previous : edge <= previous)) {
			return 'unsupported';
		}
		bounds = direction === 'desc' ? { ...bounds, to: edge } : { ...bounds, from: edge };
		page = await reader.page(bounds);
		if (page.ignored) return 'unsupported';
		const order = orderOf(page.items);
		if (order !== direction && order !== 'flat') return 'unordered';
		add(page, out);
	}
}

/**
 * Time windows, each read in one request when it fits in a page; a full window is split at the creation
 * times its page showed (quantiles of a sample of its contracts), into as many parts as its total suggests.
 */
async function windows(
	reader: ListReader,
	from: number,
	to: number,
	first: Page,
	out: Map<string, Observation>,
): Promise<Outcome> {
	// windows follow the grid of the shown instants (whole seconds when the service shows seconds), so that
	// consecutive windows leave no instant between them
	const stack: Array<[number, number, Page | undefined]> = [[from, to, first]];
	while (stack.length > 0) {
		const [a, b, known] = stack.pop() as [number, number, Page | undefined];
		const bounds = { from: a, to: b };
		const page = known ?? (await reader.page(bounds));
		if (page.ignored) return 'unsupported';
		add(page, out);
		if (page.raw < reader.perPage) continue;
		const step = reader.precision;
		const first = Math.ceil(a / step) * step;
		const last = Math.floor(b / step) * step;
		if (last <= first) {
			await reader.readRun(first, out);
			continue;
		}
		const parts = Math.max(2, Math.ceil((page.total ?? 0) / (reader.perPage * 0.6)));
		const sample = page.items
			.map((o) => o.createdMs)
			.filter((t) => t >= first && t <= last)
			.sort((x, y) => x - y);
		const cuts = new Set<number>();
		for (let k = 1; k < parts; k++) {
			const t = sample.length
				? sample[Math.floor((k * sample.length) / parts)]
				: first + ((last - first) * k) / parts;
			const cut = Math.floor(t / step) * step;
			if (cut >= first && cut < last) cuts.add(cut);
		}
		if (cuts.size === 0) cuts.add(first + Math.floor((last - first) / 2 / step) * step);
		let start = first;
		for (const cut of [...cuts].sort((x, y) => x - y)) {
			if (cut >= start) stack.push([start, cut, undefined]);
			start = cut + step;
		}
		if (start <= last) stack.push([start, last, undefined]);
	}
	return 'ok';
}

/** Every contract of `range` into `out`, by keyset paging, runs and windows as the pages show fit. */
async function readRange(
	reader: ListReader,
	range: Bounds,
	out: Map<string, Observation>,
	known?: Page,
): Promise<Outcome> {
	if (range.from !== undefined && range.to !== undefined && range.from > range.to) return 'ok';
	const page = known ?? (await reader.page(range));
	if (page.ignored) return 'unsupported';
	add(page, out);
	if (page.raw < reader.perPage) return 'ok';
	// a full answer with nothing inside the range tells no order: windows
	const order = page.items.length > 0 ? orderOf(page.items, triggerTuning.orderEvidence) : 'mixed';
	if (order === 'flat') {
		const t = page.items[0].createdMs;
		await reader.readRun(t, out);
		const below = await readRange(reader, { ...range, to: t - reader.precision }, out);
		if (below !== 'ok') return below;
		return await readRange(reader, { ...range, from: t + reader.precision }, out);
	}
	let outcome: Outcome =
		order === 'desc' || order === 'asc'
			? await keyset(reader, range, page, order, out)
			: 'unordered';
	// One page may look sorted by chance: a keyset pass that found fewer contracts than the first page's total
	// (contracts rarely leave the list during a pass) is read again by windows, which assume no order.
	if (outcome === 'ok' && page.total !== undefined && reader.countWithin(out, range) < page.total)
		outcome = 'unordered';
	if (outcome === 'unordered') {
		const newest = Math.max(triggerTuning.now(), extremes(page).max);
		outcome = await windows(reader, range.from ?? 0, range.to ?? newest, page, out);
	}
	return outcome;
}

/** Every contract of the reader's query by page numbers, for a service that does not apply date bounds. */
async function readAllByOffset(
	reader: ListReader,
	floor: Bounds,
): Promise<Map<string, Observation>> {
	const all = await reader.readComplete({}, 'it');
	for (const [id, o] of all) if (!reader.within(o, floor)) all.delete(id);
	return all;
}

/**
 * Reads every contract of one list query exactly once (the latest observation wins when a pass saw a contract
 * twice), from `floor` on when given. A failed request throws (the caller commits nothing).
 */
export async function readPass(
	ctx: IPollFunctions,
	base: IDataObject,
	options: { floor?: number } = {},
): Promise<Map<string, Observation>> {
	const reader = new ListReader(ctx, base);
	const floor = { from: options.floor };
	const out = new Map<string, Observation>();
	if ((await readRange(reader, floor, out)) === 'ok') return out;
	return await readAllByOffset(reader, floor);
}

/** Recent periods tried when the list is not newest first (one request each until one holds contracts). */
const RECENT_MS = [3_600_000, DAY_MS, 30 * DAY_MS, 365 * DAY_MS];

/**
 * The newest creation instant of a query and every contract created at that instant: one request when the list
 * fits in a page, two when it is newest first; otherwise recent periods, then climbing. Undefined when the list
 * is empty.
 */
export async function readNewest(
	ctx: IPollFunctions,
	base: IDataObject,
): Promise<Newest | undefined> {
	const reader = new ListReader(ctx, base);
	const page = await reader.page({});
	if (page.items.length === 0) return undefined;
	const found = page.ignored ? 'ignored' : await climbToNewest(reader, page);
	if (found !== 'ignored') return found;
	// bounds not applied: the whole list's newest instant, in one loop (spreading 100k+ values overflows)
	let newest: Newest | undefined;
	for (const o of (await reader.readComplete({}, 'it')).values()) {
		if (Number.isNaN(o.createdMs)) return undefined;
		if (!newest || o.createdMs > newest.createdMs)
			newest = { createdMs: o.createdMs, observations: [o] };
		else if (o.createdMs === newest.createdMs) newest.observations.push(o);
	}
	return newest;
}

/** readNewest by date bounds; 'ignored' as soon as an answer shows the service does not apply them. */
async function climbToNewest(
	reader: ListReader,
	firstPage: Page,
): Promise<Newest | 'ignored' | undefined> {
	let page = firstPage;
	let newest = extremes(page).max;
	if (!Number.isFinite(newest)) return undefined;
	if (page.raw === reader.perPage && orderOf(page.items, triggerTuning.orderEvidence) !== 'desc') {
		for (const span of RECENT_MS) {
			const recent = await reader.page({ from: triggerTuning.now() - span });
			if (recent.ignored) return 'ignored';
			if (recent.items.length === 0) continue;
			newest = Math.max(newest, extremes(recent).max);
			break;
		}
	}
	// climb: each request lists only contracts at or after the newest instant seen so far (one request when the
	// first page held it), until one shows nothing newer
	for (let climbed = 0; page.raw === reader.perPage; climbed++) {
		if (climbed > 10_000) throw listUnstable(reader.ctx, 'its newest contracts');
		page = await reader.page({ from: newest });
		if (page.ignored) return 'ignored';
		const max = page.items.length ? extremes(page).max : newest;
		if (max > newest) {
			newest = max;
			continue;
		}
		if (page.raw < reader.perPage) break;
		// a full page at that instant: anything after it?
		const after = await reader.page({ from: newest + reader.precision });
		if (after.ignored) return 'ignored';
		if (after.items.length === 0) break;
		newest = extremes(after).max;
	}
	const atNewest = new Map<string, Observation>();
	for (const o of page.items) if (o.createdMs === newest) atNewest.set(o.id, o);
	if (page.raw === reader.perPage && atNewest.size === page.raw) {
		await reader.readRun(newest, atNewest);
	}
	return { createdMs: newest, observations: [...atNewest.values()] };
}
