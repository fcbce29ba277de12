import type { IDataObject } from 'n8n-workflow';

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

/**
 * Reads the contract list page by page (page/perPage, X-Total-Pages) until the last page or until `limit`
 * items. Used by Get Many and by benchmarks.
 */
export async function requestAllPages(
	this: TratoContext,
	qs: IDataObject = {},
	options: { limit?: number; itemIndex?: number } = {},
): Promise<IDataObject[]> {
	const { limit } = options;
	const perPage = Math.min(MAX_PER_PAGE, limit ?? MAX_PER_PAGE);
	const items: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const { items: pageItems, info } = await requestPage.call(
			this,
			{ ...qs, page, perPage },
			{ itemIndex: options.itemIndex },
		);
		items.push(...pageItems);
		if (limit !== undefined && items.length >= limit) return items.slice(0, limit);
		if (pageItems.length === 0) break;
		if (info.totalPages !== undefined ? page >= info.totalPages : pageItems.length < perPage) break;
	}
	return items;
}
