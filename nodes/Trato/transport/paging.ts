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
 * Whether a page repeats the page before it: the same contracts in the same order. An empty page repeats nothing
 * (it is the end of the list); a short page can (a service that ignores `page` answers it again and again).
 */
export function repeatsPage(previous: readonly string[], page: readonly string[]): boolean {
	return (
		page.length > 0 && page.length === previous.length && page.every((k, i) => k === previous[i])
	);
}

/**
 * The error for a list whose page `page` repeated page `page - 1` (trato-notes "What TRATO answers": paging is
 * unproven; guard against a page that repeats the previous one rather than loop). Reading on would never end (no
 * total headers) or repeat the same contracts. `advice`: what the caller's user can do (Get Many's by default).
 */
export function pagingIgnored(
	ctx: TratoContext,
	page: number,
	options: { itemIndex?: number; advice?: string } = {},
): NodeApiError {
	const message = `TRATO answered page ${page} with the same contracts as page ${page - 1}: it seems to ignore paging`;
	const advice =
		options.advice ??
		`Read one page only (a Limit of ${MAX_PER_PAGE} or less), or narrow the filters (status, creation dates) so that the contracts fit in one page.`;
	const description = `The node stopped, because reading on would list the same contracts again and again. ${advice} Tell TRATO that GET /api/list/contracts ignores "page".`;
	return new NodeApiError(ctx.getNode(), { message, description } as JsonObject, {
		message,
		description,
		itemIndex: options.itemIndex,
	});
}

/**
 * Reads the contract list page by page (page/perPage, X-Total-Pages) until the last page or until `limit`
 * items. A page that repeats the previous one stops the read with `pagingIgnored` (issue 34). Used by Get Many,
 * the instant trigger's filters and by benchmarks.
 */
export async function requestAllPages(
	this: TratoContext,
	qs: IDataObject = {},
	options: { limit?: number; itemIndex?: number } = {},
): Promise<IDataObject[]> {
	const { limit } = options;
	const perPage = Math.min(MAX_PER_PAGE, limit ?? MAX_PER_PAGE);
	const items: IDataObject[] = [];
	let previous: string[] = [];
	for (let page = 1; ; page++) {
		const { items: pageItems, info } = await requestPage.call(
			this,
			{ ...qs, page, perPage },
			{ itemIndex: options.itemIndex },
		);
		const keys = pageKeys(pageItems);
		if (page > 1 && repeatsPage(previous, keys))
			throw pagingIgnored(this, page, { itemIndex: options.itemIndex });
		previous = keys;
		items.push(...pageItems);
		if (limit !== undefined && items.length >= limit) return items.slice(0, limit);
		if (pageItems.length === 0) break;
		if (info.totalPages !== undefined ? page >= info.totalPages : pageItems.length < perPage) break;
	}
	return items;
}
