import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { contractIdOf } from '../helpers/answers';
import type { TratoContext } from './credentials';
import { requestFull } from './request';
import { unwrapList } from './shapes';

/** The API's largest page (spec Part 8). */
export const MAX_PER_PAGE = 200;

export interface PageInfo {
	totalPages?: number;
	totalDocuments?: number;
}

/** X-Total-Pages and X-Total-Documents (spec 4.14); undefined when absent or not a number. */
function readPageInfo(headers: Record<string, string>): PageInfo {
	const num = (value: string | undefined) => {
		if (value === undefined || value.trim() === '') return undefined;
		const parsed = Number(value);
		return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
	};
	return {
		totalPages: num(headers['x-total-pages']),
		totalDocuments: num(headers['x-total-documents']),
	};
}

export interface Page {
	items: IDataObject[];
	info: PageInfo;
}

/** One page of the contract list (spec 4.14): `qs` carries the filters, `page` and `perPage`. */
export async function requestPage(
	this: TratoContext,
	qs: IDataObject,
	options: { itemIndex?: number; hint?: string } = {},
): Promise<Page> {
	const response = await requestFull.call(this, 'contractList', {}, { ...options, qs });
	const items = unwrapList(this, response.body, 'contracts', options.itemIndex);
	return { items, info: readPageInfo(response.headers) };
}

/** A page's contracts as ids in order (a record without an id as its JSON): what tells two pages apart. */
export function pageKeys(items: readonly IDataObject[]): string[] {
	return items.map((item) => contractIdOf(item) ?? JSON.stringify(item));
}

/**
 * Knobs of every paged read of the contract list. Exported as one object so tests (and only tests) can lower the
 * ceiling; shipped code never changes it.
 */
export const pagingSettings = {
	/**
	 * The most pages one read asks for when TRATO sends no totals (200,000 contracts at 200 a page): a read that
	 * would go on stops there and says so (issue 40).
	 */
	maxPages: 1_000,
};

/**
 * Why a read of the contract list stopped before its end (issue 40): a page that repeated the page before it
 * (`repeat`), a page that brought no contract the read had not seen (`noNew`: the same contracts in another
 * order, or pages mixed from the same few), or more pages than the totals announced or than the node reads
 * without totals (`ceiling`).
 */
export type PagingStop = 'repeat' | 'noNew' | 'ceiling';

/**
 * Whether a page repeats the page before it: the same contracts in the same order. An empty page repeats nothing
 * (it is the end of the list); a short page can (a service that ignores `page` answers it again and again).
 */
export function repeatsPage(previous: readonly string[], page: readonly string[]): boolean {
	return (
		page.length > 0 && page.length === previous.length && page.every((k, i) => k === previous[i])
	);
}

/**
 * The pages of one read, in order: the ids seen (a set, not only the page before), and the page ceiling fixed
 * by the first page (its totals plus one page for contracts created meanwhile, else `pagingSettings.maxPages`).
 */
export class PageGuard {
	private readonly seen = new Set<string>();
	private previous: string[] = [];
	private stale = false;
	private repeated = false;
	/** The most pages this read asks for; set by the first page. */
	ceiling?: number;
	/** Whether the ceiling comes from TRATO's totals. */
	fromTotals = false;

	/** `maxPages`: the ceiling without totals, in pages of the read's size (the pickers' are smaller). */
	constructor(private readonly maxPages = pagingSettings.maxPages) {}

	/** Takes the next page; answers its items that no earlier page of the read held. */
	admit<T>(items: readonly T[], keys: readonly string[], info: PageInfo, perPage: number): T[] {
		if (this.ceiling === undefined) {
			const pages =
				info.totalPages ??
				(info.totalDocuments === undefined ? undefined : Math.ceil(info.totalDocuments / perPage));
			this.fromTotals = pages !== undefined;
			this.ceiling = pages === undefined ? this.maxPages : pages + 1;
		}
		this.repeated = repeatsPage(this.previous, keys);
		this.previous = [...keys];
		const fresh: T[] = [];
		items.forEach((item, i) => {
			if (this.seen.has(keys[i])) return;
			this.seen.add(keys[i]);
			fresh.push(item);
		});
		this.stale = keys.length > 0 && fresh.length === 0;
		return fresh;
	}

	/**
	 * Why the read stops at page `page`: it brought nothing new (also as the last page: the contracts it stood for
	 * were not read), or it was not the last (`more`) and the ceiling is reached. Undefined: go on.
	 */
	stopAt(page: number, more: boolean): PagingStop | undefined {
		if (page > 1 && this.stale) return this.repeated ? 'repeat' : 'noNew';
		if (more && page >= (this.ceiling ?? this.maxPages)) return 'ceiling';
		return undefined;
	}
}

const plural = (n: number, noun: string) =>
	`${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The sentence of a stop: "TRATO answered page N …: it seems to ignore paging" (issue 34, issue 40). `from`: the
 * read's first page (a picker's call may start further down).
 */
export function pagingSentence(
	page: number,
	cause: PagingStop = 'repeat',
	ceiling?: { pages: number; fromTotals: boolean },
	from = 1,
): string {
	const before = page - 1 === from ? `page ${from}` : `pages ${from} to ${page - 1}`;
	const what =
		cause === 'repeat'
			? `with the same contracts as page ${page - 1}`
			: cause === 'noNew'
				? `with only contracts already read on ${before}`
				: ceiling?.fromTotals
					? `with more to come, past the ${plural(ceiling.pages - 1, 'page')} its totals announced`
					: `with more to come, the most the node reads without totals (${plural(ceiling?.pages ?? page, 'page')})`;
	return `TRATO answered page ${page} ${what}: it seems to ignore paging`;
}

/**
 * The error for a read of the contract list that stopped at page `page` (trato-notes "What TRATO answers": paging
 * is unproven; guard against a page that repeats the previous one rather than loop). Reading on would never end
 * or repeat the same contracts. `advice`: what the caller's user can do (Get Many's by default).
 */
export function pagingIgnored(
	ctx: TratoContext,
	page: number,
	options: {
		itemIndex?: number;
		advice?: string;
		cause?: PagingStop;
		ceiling?: { pages: number; fromTotals: boolean };
	} = {},
): NodeApiError {
	const message = pagingSentence(page, options.cause, options.ceiling);
	const advice =
		options.advice ??
		`Read one page only (a Limit of ${MAX_PER_PAGE} or less), or narrow the filters (status, creation dates) so that the contracts fit in one page.`;
	const why =
		options.cause === 'ceiling'
			? 'a read without end would never finish'
			: 'reading on would list the same contracts again and again';
	const description = `The node stopped, because ${why}. ${advice} Tell TRATO that GET /api/list/contracts ignores "page".`;
	return new NodeApiError(ctx.getNode(), { message, description } as JsonObject, {
		message,
		description,
		itemIndex: options.itemIndex,
	});
}

/**
 * Reads the contract list page by page (page/perPage, X-Total-Pages) until the last page or until `limit`
 * contracts, each contract once (a page that shows one again adds it no second time). A page that brings no
 * contract the read had not seen, or a page past the ceiling (`PageGuard`), stops the read with `pagingIgnored`
 * (issue 34, issue 40), with `advice` for the caller's user (Get Many's by default). Used by Get Many, the instant
 * trigger's filters and the External ID lookup.
 */
export async function requestAllPages(
	this: TratoContext,
	qs: IDataObject = {},
	options: { limit?: number; itemIndex?: number; advice?: string } = {},
): Promise<IDataObject[]> {
	const { limit, itemIndex, advice } = options;
	const perPage = Math.min(MAX_PER_PAGE, limit ?? MAX_PER_PAGE);
	const items: IDataObject[] = [];
	const guard = new PageGuard();
	for (let page = 1; ; page++) {
		const answer = await requestPage.call(this, { ...qs, page, perPage }, { itemIndex });
		const { items: pageItems, info } = answer;
		const fresh = guard.admit(pageItems, pageKeys(pageItems), info, perPage);
		const more =
			pageItems.length > 0 &&
			(info.totalPages !== undefined ? page < info.totalPages : pageItems.length >= perPage);
		const cause = guard.stopAt(
			page,
			more && (limit === undefined || items.length + fresh.length < limit),
		);
		if (cause)
			throw pagingIgnored(this, page, {
				itemIndex,
				advice,
				cause,
				ceiling: { pages: guard.ceiling ?? page, fromTotals: guard.fromTotals },
			});
		items.push(...fresh);
		if (limit !== undefined && items.length >= limit) return items.slice(0, limit);
		if (!more) return items;
	}
}
