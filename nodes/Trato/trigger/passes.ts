import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Bounds, Observation, Page } from './listing';
import { readComplete, readRun } from './complete';
import { extremes, ListReader, orderOf } from './listing';
import { triggerTuning } from './tuning';

/**
 * Passes over the contract list: every contract of one query read exactly once, whatever the list's order.
 * The first page of a range tells the order. Newest first on a list no contract can join: page numbers under
 * the newest instant, checked against the total (numbered). Otherwise newest first or oldest first: keyset
 * paging on createdAt (each next page bounded by the last instant read, that instant read again and
 * deduplicated by id), so contracts leaving the list or created meanwhile never shift a page. A page of one
 * instant: that instant read apart, and the ranges after and before it. No usable order: time windows, split at
 * the creation times the page showed, until each fits in one page. A page that shows the bounds were not
 * applied (a service that ignores their time part): page numbers until the contracts read match the total.
 */

type Outcome = 'ok' | 'unordered' | 'unsupported';

/*
 * NEWER_FIRST: where a pass reads a range in several parts, it reads the newer parts first. A contract created
 * while the pass runs gets a creation date at the newest instant or later; once the pass has seen a contract, every
 * contract created before it exists, and the older parts read afterwards show it. Read the other way round, a
 * contract created at an instant already read, just before a newer one that a later part shows, would be missed
 * while the watermark moves past it (found by the model check).
 */

function add(page: Page, out: Map<string, Observation>) {
	for (const o of page.items) out.set(o.id, o);
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
			// a whole page at one instant: read it apart and go on past it, newer first (see NEWER_FIRST)
			if (direction === 'desc') {
				await readRun(reader, edge, out);
				return await readRange(reader, { ...bounds, to: edge - reader.precision }, out);
			}
			const above = await readRange(reader, { ...bounds, from: edge + reader.precision }, out);
			await readRun(reader, edge, out);
			return above;
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
 * `to` undefined: the top window stays open (no dateEnd), so contracts newer than any clock the trigger could
 * trust (n8n's may be behind the service's) are read too.
 */
async function windows(
	reader: ListReader,
	from: number,
	to: number | undefined,
	first: Page | undefined,
	out: Map<string, Observation>,
): Promise<Outcome> {
	// windows follow the grid of the shown instants (whole seconds when the service shows seconds), so that
	// consecutive windows leave no instant between them
	const stack: Array<[number, number | undefined, Page | undefined]> = [[from, to, first]];
	while (stack.length > 0) {
		const [a, b, known] = stack.pop() as [number, number | undefined, Page | undefined];
		const bounds = { from: a, to: b };
		const page = known ?? (await reader.page(bounds));
		if (page.ignored) return 'unsupported';
		add(page, out);
		if (page.raw < reader.perPage) continue;
		const step = reader.precision;
		const first = Math.ceil(a / step) * step;
		// an open window is split below the newest instant its page showed, and stays open above it
		const top = b ?? (page.items.length ? extremes(page).max : first);
		const last = Math.floor(top / step) * step;
		if (last <= first) {
			// newer first (NEWER_FIRST): an open window above the instant is read before the instant
			if (b === undefined) {
				const above = await windows(reader, first + step, undefined, undefined, out);
				if (above !== 'ok') return above;
			}
			await readRun(reader, first, out);
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
		if (b === undefined) stack.push([start, undefined, undefined]);
		else if (start <= last) stack.push([start, last, undefined]);
	}
	return 'ok';
}

/**
 * Page numbers under a fixed upper bound, for a list no contract can join while it is read (no status or
 * participant filter: contracts arrive only as new ones, newer than every contract listed, and deleted ones
 * leave). Page 1, newest first, gives the bound (its newest instant) and the total; every next page is asked by
 * number under that bound and must report the same total, and the contracts the answers held must be as many as
 * that total. Then nothing left, joined or was skipped, and the pass cost ⌈N / page size⌉ requests. Ties shown
 * in a different order on each request can hide contracts at a page boundary: such instants are read apart.
 * Anything else answers 'changed' (the caller reads by keyset, from page 1 again).
 */
async function numbered(
	reader: ListReader,
	range: Bounds,
	first: Page,
	out: Map<string, Observation>,
): Promise<Outcome | 'changed'> {
	const total = first.total;
	if (total === undefined || first.items.length === 0) return 'changed';
	const bounds = { ...range, to: first.items[0].createdMs };
	// every contract the answers held (the total counts what the service matched, edges included)
	const held = new Set(first.all.map((o) => o.id));
	const boundaries: number[] = [];
	let previous = first;
	for (let n = 2; (n - 1) * reader.perPage < total; n++) {
		const page = await reader.page(bounds, n);
		if (page.ignored) return 'unsupported';
		if (page.total !== total) return 'changed';
		const last = previous.all[previous.all.length - 1];
		if (last && page.all.length > 0 && last.createdMs === page.all[0].createdMs)
			boundaries.push(last.createdMs);
		for (const o of page.all) held.add(o.id);
		add(page, out);
		previous = page;
		if (page.raw < reader.perPage) break;
	}
	if (held.size === total) return 'ok';
	for (const t of boundaries) await readRun(reader, t, out);
	return reader.countWithin(out, bounds) === total ? 'ok' : 'changed';
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
		// newer first (NEWER_FIRST): what is above the instant, the instant, then what is below
		const t = page.items[0].createdMs;
		const above = await readRange(reader, { ...range, from: t + reader.precision }, out);
		if (above !== 'ok') return above;
		await readRun(reader, t, out);
		return await readRange(reader, { ...range, to: t - reader.precision }, out);
	}
	let outcome: Outcome | 'changed' =
		order === 'desc' && reader.stable && range.to === undefined
			? await numbered(reader, range, page, out)
			: 'changed';
	if (outcome === 'changed')
		outcome =
			order === 'desc' || order === 'asc'
				? await keyset(reader, range, page, order, out)
				: 'unordered';
	// One page may look sorted by chance: a keyset pass that found fewer contracts than the first page's total
	// (contracts rarely leave the list during a pass) is read again by windows, which assume no order.
	if (outcome === 'ok' && page.total !== undefined && reader.countWithin(out, range) < page.total)
		outcome = 'unordered';
	if (outcome === 'unordered')
		outcome = await windows(reader, range.from ?? 0, range.to, page, out);
	return outcome;
}

/** Every contract of the reader's query by page numbers, for a service that does not apply date bounds. */
async function readAllByOffset(
	reader: ListReader,
	floor: Bounds,
): Promise<Map<string, Observation>> {
	const all = await readComplete(reader, {}, 'it');
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
