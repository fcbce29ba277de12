import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { triggerTuning } from './tuning';
import { requestPage } from '../transport';

/** One contract as a list page showed it. */
export interface Observation {
	id: string;
	status: string;
	/** createdAt in ms (NaN when unreadable). */
	createdMs: number;
	/** The list item as the API answered it. */
	item: IDataObject;
}

const HINT =
	'The trigger could not read the contract list. Nothing was lost: it keeps its previous state and catches up at the next poll time.';

function iso(ms: number): string {
	return new Date(ms).toISOString();
}

function observe(item: IDataObject): Observation | undefined {
	const rawId = item._id ?? item.contractid ?? item.contractId;
	if (rawId === undefined || rawId === null || String(rawId) === '') return undefined;
	const status = item.status === undefined || item.status === null ? '' : String(item.status);
	const t = typeof item.createdAt === 'string' ? Date.parse(item.createdAt) : NaN;
	return { id: String(rawId), status, createdMs: t, item };
}

interface Page {
	items: Observation[];
	total?: number;
}

/** One GET of the list (the transport retries 429/502/503/504 and network errors with backoff). */
export async function listPage(ctx: IPollFunctions, qs: IDataObject): Promise<Page> {
	const page = await requestPage.call(ctx, qs, { hint: HINT });
	const items = page.items.map(observe).filter((o): o is Observation => o !== undefined);
	return { items, total: page.info.totalDocuments };
}

/** Newest first, as api-notes S4 promises; false when an item is out of order or has no readable createdAt. */
function ordered(items: Observation[], notAfter?: number): boolean {
	for (let i = 0; i < items.length; i++) {
		const t = items[i].createdMs;
		if (Number.isNaN(t)) return false;
		if (notAfter !== undefined && t > notAfter) return false;
		if (i > 0 && t > items[i - 1].createdMs) return false;
	}
	return true;
}

function unstable(ctx: IPollFunctions, what: string): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`The contract list kept changing while the trigger was reading ${what}`,
		{
			description:
				'Nothing was lost: the trigger keeps its previous state and reads the list again at the next poll time.',
		},
	);
}

/**
 * Every contract created at exactly `t` (a run longer than a page): offset pages of the query restricted to that
 * instant, read until two consecutive reads list the same contracts (a contract leaving the list between two
 * pages of a read would otherwise be skipped).
 */
async function readRun(
	ctx: IPollFunctions,
	base: IDataObject,
	t: number,
	out: Map<string, Observation>,
): Promise<void> {
	const perPage = triggerTuning.pageSize;
	let previous: Map<string, Observation> | undefined;
	for (let attempt = 0; attempt < triggerTuning.runReadAttempts; attempt++) {
		const run = new Map<string, Observation>();
		for (let page = 1; ; page++) {
			const { items } = await listPage(ctx, {
				...base,
				dateStart: iso(t),
				dateEnd: iso(t),
				page,
				perPage,
			});
			for (const o of items) if (o.createdMs === t) run.set(o.id, o);
			if (items.length < perPage) break;
		}
		if (
			previous &&
			previous.size === run.size &&
			[...run.keys()].every((id) => previous?.has(id))
		) {
			// the verified read is the latest view of that instant: it replaces what earlier pages showed of it
			for (const [id, o] of out) if (o.createdMs === t && !run.has(id)) out.delete(id);
			for (const [id, o] of run) out.set(id, o);
			return;
		}
		previous = run;
	}
	throw unstable(ctx, 'contracts created at the same instant');
}

type PassOutcome = 'ok' | 'unsupported';

/**
 * Keyset paging on the creation date: each next page is asked with dateEnd = the createdAt of the last item
 * (inclusive; the overlap is deduplicated by id). A contract leaving the list (status or participant filters)
 * cannot shift another one past a page boundary, and contracts created meanwhile are newer than every bound, so
 * nothing is skipped. 'unsupported' when the API does not honour the time part of dateEnd or the order.
 */
async function keysetPass(
	ctx: IPollFunctions,
	base: IDataObject,
	out: Map<string, Observation>,
	floor?: number,
): Promise<PassOutcome> {
	const perPage = triggerTuning.pageSize;
	let anchor: number | undefined;
	for (;;) {
		const qs: IDataObject = { ...base, page: 1, perPage };
		if (anchor !== undefined) qs.dateEnd = iso(anchor);
		const { items } = await listPage(ctx, qs);
		if (!ordered(items, anchor)) return 'unsupported';
		for (const o of items) out.set(o.id, o);
		if (items.length < perPage) return 'ok';
		const last = items[items.length - 1].createdMs;
		let next: number;
		if (items[0].createdMs === last) {
			// a whole page created at one instant: read that instant apart, then continue strictly before it
			await readRun(ctx, base, last, out);
			next = last - 1;
		} else {
			next = last;
		}
		if (anchor !== undefined && next >= anchor) return 'unsupported';
		if (floor !== undefined && next < floor) return 'ok';
		anchor = next;
	}
}

/**
 * Offset paging (page=1,2,…), with page 2 on bounded by dateEnd = the newest createdAt of page 1 so that
 * contracts created meanwhile do not shift the pages. Safe when no contract can leave the list during the pass
 * (no status or participant filter): an insertion only repeats an item (deduplicated by id). Costs exactly
 * ⌈N / pageSize⌉ requests. `totals`: 'grow' accepts growing totals (insertions), 'constant' demands identical
 * totals on every page; any other change answers 'unsupported'.
 */
async function offsetPass(
	ctx: IPollFunctions,
	base: IDataObject,
	out: Map<string, Observation>,
	totals: 'grow' | 'constant',
	useDateEnd: boolean,
): Promise<PassOutcome> {
	const perPage = triggerTuning.pageSize;
	let newest: number | undefined;
	let lastTotal: number | undefined;
	for (let page = 1; ; page++) {
		const qs: IDataObject = { ...base, page, perPage };
		if (useDateEnd && newest !== undefined && !Number.isNaN(newest)) qs.dateEnd = iso(newest);
		const { items, total } = await listPage(ctx, qs);
		if (page === 1 && items.length > 0) newest = items[0].createdMs;
		if (total !== undefined && lastTotal !== undefined) {
			if (totals === 'constant' ? total !== lastTotal : total < lastTotal) return 'unsupported';
		}
		if (total !== undefined) lastTotal = total;
		for (const o of items) out.set(o.id, o);
		if (items.length < perPage) return 'ok';
		if (total !== undefined && page * perPage >= total) return 'ok';
	}
}

export interface PassOptions {
	/** Whether a contract can leave the list while the pass pages (status / participant filters). */
	canShrink: boolean;
	/** The dateStart of `base` in ms, if any (keyset paging stops there). */
	floor?: number;
}

/**
 * Reads every contract of one list query exactly once (the latest observation wins when the pass saw a
 * contract twice). A failed request throws (the caller commits nothing).
 */
export async function readPass(
	ctx: IPollFunctions,
	base: IDataObject,
	options: PassOptions,
): Promise<Map<string, Observation>> {
	if (!options.canShrink) {
		const out = new Map<string, Observation>();
		if ((await offsetPass(ctx, base, out, 'grow', true)) === 'ok') return out;
		// the list shrank although no filter allows it: read it again with keyset paging
	}
	const out = new Map<string, Observation>();
	if ((await keysetPass(ctx, base, out, options.floor)) === 'ok') return out;
	// The API ignores the time part of dateEnd (or does not sort newest first): plain offset paging, accepted
	// only when every page reports the same total (a contract leaving the list changes it).
	for (let attempt = 0; attempt < triggerTuning.offsetPassAttempts; attempt++) {
		const retry = new Map<string, Observation>();
		if ((await offsetPass(ctx, base, retry, 'constant', false)) === 'ok') return retry;
	}
	throw unstable(ctx, 'it');
}

/**
 * The newest creation instant of a query and every contract created at that instant (one request, more only
 * when a page-long run shares that instant). Undefined when the list is empty.
 */
export async function readNewest(
	ctx: IPollFunctions,
	base: IDataObject,
): Promise<{ createdMs: number; observations: Observation[] } | undefined> {
	const perPage = triggerTuning.pageSize;
	const { items } = await listPage(ctx, { ...base, page: 1, perPage });
	if (items.length === 0) return undefined;
	const t = Math.max(...items.map((o) => (Number.isNaN(o.createdMs) ? -Infinity : o.createdMs)));
	if (!Number.isFinite(t)) return undefined;
	const atT = new Map<string, Observation>();
	for (const o of items) if (o.createdMs === t) atT.set(o.id, o);
	if (atT.size === perPage) await readRun(ctx, base, t, atT);
	return { createdMs: t, observations: [...atT.values()] };
}
