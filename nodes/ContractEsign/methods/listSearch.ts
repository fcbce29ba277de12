import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { statusLabel } from '../helpers/status';
import { apiRequest, apiRequestArray, apiRequestFull, readPageInfo } from '../transport';

const PAGE_SIZE = 100;

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.trim().toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

const MAX_PAGES_PER_SEARCH = 5;

/**
 * Recent contracts, newest first. The API has no name filter, so the typed text filters the pages on our side
 * (name, id, external id, status); while a search finds nothing, up to 5 pages are read in one call so a match
 * further down the list still shows up.
 */
export async function searchContracts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	let page = paginationToken ? Number(paginationToken) : 1;
	const results: INodeListSearchItems[] = [];
	for (let read = 1; ; read++, page++) {
		const response = await apiRequestFull.call(this, 'GET', '/api/list/contracts', {
			qs: { page, perPage: PAGE_SIZE },
		});
		const contracts = Array.isArray(response.body) ? (response.body as IDataObject[]) : [];
		for (const c of contracts) {
			if (!matches(filter, c.name, c._id, c.externalId, statusLabel(c.status))) continue;
			results.push({
				name: `${String(c.name || '(no name)')} · ${statusLabel(c.status)}`,
				value: String(c._id),
				description: `Created ${String(c.createdAt ?? '')}`,
			});
		}
		const { totalPages } = readPageInfo(response.headers);
		const more =
			contracts.length > 0 &&
			(totalPages !== undefined ? page < totalPages : contracts.length === PAGE_SIZE);
		if (!more) return { results };
		if (!filter?.trim() || results.length > 0 || read >= MAX_PAGES_PER_SEARCH) {
			return { results, paginationToken: String(page + 1) };
		}
	}
}

/** Templates, filtered by name on the API side (4.26 has a name filter). */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = {};
	if (filter?.trim()) qs.name = filter.trim();
	const templates = await apiRequestArray.call(this, 'GET', '/api/list/templates', { qs });
	return {
		results: templates.map((t) => ({
			name: String(t.name || t.templateId),
			value: String(t.templateId),
			description: `Created ${String(t.createdAt ?? '')}`,
		})),
	};
}

/** Participants of the contract chosen in the same node (from the variables endpoint, 4.5). */
export async function searchParticipants(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const contractId = String(
		this.getCurrentNodeParameter('contractId', { extractValue: true }) ?? '',
	).trim();
	// An expression cannot be resolved while editing: nothing to list yet.
	if (!contractId || contractId.startsWith('=')) return { results: [] };
	const response = await apiRequest.call(
		this,
		'GET',
		`/api/contract/variables/${encodeURIComponent(contractId)}`,
	);
	const participants = Array.isArray(response.participants)
		? (response.participants as IDataObject[])
		: [];
	return {
		results: participants
			.filter((p) => matches(filter, p.name, p.label, p.participantid))
			.map((p) => ({
				name:
					[p.label, p.name].filter((v) => typeof v === 'string' && v).join(': ') ||
					String(p.participantid),
				value: String(p.participantid),
			})),
	};
}
export * from './listSearchSubresources';
