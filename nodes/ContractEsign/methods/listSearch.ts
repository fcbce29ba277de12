import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { statusLabel } from '../helpers/status';
import { apiRequest, apiRequestArray, apiRequestFull, readPageInfo } from '../transport';

const PAGE_SIZE = 100;

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.trim().toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/**
 * Recent contracts, newest first, one API page per call. The API has no name filter, so the typed text
 * filters each page on our side (name, id, external id, status).
 */
export async function searchContracts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const response = await apiRequestFull.call(this, 'GET', '/api/list/contracts', {
		qs: { page, perPage: PAGE_SIZE },
	});
	const contracts = Array.isArray(response.body) ? (response.body as IDataObject[]) : [];
	const results: INodeListSearchItems[] = contracts
		.filter((c) => matches(filter, c.name, c._id, c.externalId, statusLabel(c.status)))
		.map((c) => ({
			name: `${String(c.name || '(no name)')} · ${statusLabel(c.status)}`,
			value: String(c._id),
			description: `Created ${String(c.createdAt ?? '')}`,
		}));
	const { totalPages } = readPageInfo(response.headers);
	const more = contracts.length > 0 && (totalPages !== undefined ? page < totalPages : contracts.length === PAGE_SIZE);
	return { results, paginationToken: more ? String(page + 1) : undefined };
}

/** Templates, filtered by name on the API side (4.26 has a name filter). */
export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
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
	const contractId = String(this.getCurrentNodeParameter('contractId', { extractValue: true }) ?? '').trim();
	if (!contractId) return { results: [] };
	const response = await apiRequest.call(this, 'GET', `/api/contract/variables/${encodeURIComponent(contractId)}`);
	const participants = Array.isArray(response.participants) ? (response.participants as IDataObject[]) : [];
	return {
		results: participants
			.filter((p) => matches(filter, p.name, p.label, p.participantid))
			.map((p) => ({
				name: [p.label, p.name].filter((v) => typeof v === 'string' && v).join(': ') || String(p.participantid),
				value: String(p.participantid),
			})),
	};
}
