import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requestPage } from '../transport';
import { triggerTuning } from './tuning';

/**
 * Reading the contract list (spec 4.14) without assuming what the spec leaves open: the list's order, whether
 * dateStart/dateEnd are inclusive, and the precision of createdAt. Bounds are first asked as if exclusive (one
 * step wider than needed: dateStart - 1 ms, dateEnd + one step of the shown precision) and applied here; an
 * answer holding contracts in that extra step shows the service's bound is inclusive, and the page is asked
 * again with the exact bound. The precision is learned from how createdAt is written.
 */

/** One contract as a list page showed it. */
export interface Observation {
	id: string;
	status: string;
	/** createdAt as shown, in ms (NaN when unreadable). */
	createdMs: number;
	/** The list item as the API answered it. */
	item: IDataObject;
}

export interface Page {
	/** The contracts within the asked bounds. */
	items: Observation[];
	/** Every contract of the answer, also those the widened bounds let in. */
	all: Observation[];
	/** How many records the answer held (a full page means there may be more). */
	raw: number;
	/** X-Total-Documents, when the service sends it. */
	total?: number;
	/** The answer held contracts outside even the widened bounds: the service did not apply them. */
	ignored: boolean;
}

/** Displayed creation instants, inclusive; undefined = unbounded. */
export interface Bounds {
	from?: number;
	to?: number;
}

const HINT =
	'The trigger could not read the contract list. Nothing was lost: it keeps its previous state and catches up at the next poll time.';

function iso(ms: number): string {
	return new Date(ms).toISOString();
}

function observe(item: IDataObject): Observation | undefined {
	const rawId = item._id ?? item.contractid ?? item.contractId ?? item.id;
	if (rawId === undefined || rawId === null || String(rawId) === '') return undefined;
	const status = item.status === undefined || item.status === null ? '' : String(item.status);
	const createdMs = typeof item.createdAt === 'string' ? Date.parse(item.createdAt) : NaN;
	return { id: String(rawId), status, createdMs, item };
}

export function listUnstable(ctx: IPollFunctions, what: string): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`The contract list kept changing while the trigger was reading ${what}`,
		{
			description:
				'Nothing was lost: the trigger keeps its previous state and reads the list again at the next poll time.',
		},
	);
}

/** The newest creation instant of a list and every contract created at it. */
export type Newest = { createdMs: number; observations: Observation[] };

export class ListReader {
	/**
	 * The step of the createdAt values shown: 1 ms, or 1000 ms when the service writes whole seconds (it may still
	 * order and filter by milliseconds). Unknown until items are seen: 1000, the safe side.
	 */
	precision = 1000;

	private precisionKnown = false;

	/**
	 * No contract can join the list while it is read: no status or participant filter (a contract's template
	 * and creation date never change; a new contract is newer than every contract listed).
	 */
	readonly stable: boolean;

	constructor(
		readonly ctx: IPollFunctions,
		readonly base: IDataObject,
	) {
		this.stable = ['statusContract', 'emailParticipant', 'statusParticipant'].every(
			(key) => base[key] === undefined,
		);
	}

	/**
	 * The service's own page size, when it answered fewer contracts than asked although its total says more were
	 * there (a service that caps pages below the API's 200): later pages are asked in that size.
	 */
	private cap?: number;

	get perPage(): number {
		return this.cap ?? triggerTuning.pageSize;
	}

	/** Whether the service's dateStart / dateEnd include the instant given (unknown until an answer shows it). */
	private startInclusive = false;

	private endInclusive = false;

	/** One GET of the list within `bounds`: the contracts within them, and the whole answer. */
	async page(bounds: Bounds, page = 1): Promise<Page> {
		for (;;) {
			const asked = this.perPage;
			const qs: IDataObject = { ...this.base, page, perPage: asked };
			const start =
				bounds.from !== undefined ? bounds.from - (this.startInclusive ? 0 : 1) : undefined;
			const end =
				bounds.to !== undefined
					? bounds.to + this.precision - (this.endInclusive ? 1 : 0)
					: undefined;
			if (start !== undefined && start > 0) qs.dateStart = iso(start);
			if (end !== undefined) qs.dateEnd = iso(end);
			const answer = await requestPage.call(this.ctx, qs, { hint: HINT });
			this.learnPrecision(answer.items);
			const raw = answer.items.length;
			const total = answer.info.totalDocuments;
			if (raw > 0 && total !== undefined && raw < Math.min(asked, total - (page - 1) * asked))
				this.cap = raw;
			const all = answer.items.map(observe).filter((o): o is Observation => o !== undefined);
			// a contract exactly at the bound asked (not merely within the extra step: before the precision is known,
			// that step is a whole second, which an exclusive bound leaves open)
			const atStart = start !== undefined && all.some((o) => o.createdMs === start);
			const atEnd = end !== undefined && all.some((o) => o.createdMs === end);
			if ((atStart && !this.startInclusive) || (atEnd && !this.endInclusive)) {
				// the service included the edge it was given: ask again with the exact bound
				this.startInclusive ||= atStart;
				this.endInclusive ||= atEnd;
				continue;
			}
			return {
				items: all.filter((o) => this.within(o, bounds)),
				all,
				raw,
				total,
				ignored: all.some(
					(o) =>
						Number.isNaN(o.createdMs) ||
						(bounds.from !== undefined &&
							o.createdMs < Math.floor(bounds.from / this.precision) * this.precision) ||
						(bounds.to !== undefined && o.createdMs > bounds.to + this.precision),
				),
			};
		}
	}

	private learnPrecision(items: IDataObject[]): void {
		if (this.precisionKnown || items.length === 0) return;
		const fractional = items.some((i) => /T\d\d:\d\d:\d\d[.,]\d/.test(String(i.createdAt)));
		this.precision = fractional ? 1 : 1000;
		this.precisionKnown = true;
	}

	/** Whether a shown instant lies within the bounds. */
	within(o: Observation, bounds: Bounds): boolean {
		return (
			(bounds.from === undefined || o.createdMs >= bounds.from) &&
			(bounds.to === undefined || o.createdMs <= bounds.to)
		);
	}

	/** How many of the observations lie within the bounds. */
	countWithin(observations: Map<string, Observation>, bounds: Bounds): number {
		let count = 0;
		for (const o of observations.values()) if (this.within(o, bounds)) count++;
		return count;
	}
}

/** The oldest and newest creation instants of a page's contracts within its bounds. */
export function extremes(page: Page): { min: number; max: number } {
	const times = page.items.map((o) => o.createdMs);
	return { min: Math.min(...times), max: Math.max(...times) };
}

/**
 * How a page is sorted by createdAt: newest first, oldest first, one instant, or neither. A direction needs at
 * least `minSteps` strict steps: a page in no order looks sorted by chance far too often when it is short.
 */
export function orderOf(items: Observation[], minSteps = 1): 'desc' | 'asc' | 'flat' | 'mixed' {
	let desc = true;
	let asc = true;
	let steps = 0;
	for (let i = 1; i < items.length; i++) {
		const [a, b] = [items[i - 1].createdMs, items[i].createdMs];
		if (Number.isNaN(a) || Number.isNaN(b)) return 'mixed';
		if (b > a) desc = false;
		if (b < a) asc = false;
		if (b !== a) steps++;
	}
	if (desc && asc) return 'flat';
	if (steps < minSteps) return 'mixed';
	return desc ? 'desc' : asc ? 'asc' : 'mixed';
}
