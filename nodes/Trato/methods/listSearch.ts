import { createHash } from 'node:crypto';
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { contractIdOf } from '../helpers/answers';
import { statusLabel } from '../helpers/status';
import {
	getVariables,
	listProperties,
	listSpectators,
	listTemplates,
	MAX_PER_PAGE,
	PageGuard,
	pageKeys,
	pagingSentence,
	pagingSettings,
	type PagingStop,
	requestPage,
} from '../transport';
import { currentId } from './currentParameter';

/** The pickers (resource locators in "From List" mode): recent contracts, templates, and records of a contract. */

const PAGE_SIZE = 100;
const MAX_PAGES_PER_SEARCH = 5;

/** Whether any of the values contains the typed text (not case-sensitive); no text matches everything. */
function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter?.trim()) return true;
	const needle = filter.trim().toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

const SHORT_NAME = 60;

function shorten(text: string): string {
	return text.length > SHORT_NAME ? `${text.slice(0, SHORT_NAME - 1)}…` : text;
}

/**
 * The contract chosen in the same node, for a picker of that contract's records; or, when there is none to list
 * from, what the picker shows instead: nothing while no contract is chosen, and while the contract is an
 * expression (the usual case after Create or the trigger) how to go on, as its only entry (its value is empty,
 * so picking it chooses nothing). Nothing is asked from the API then: the expression has no value while editing.
 */
function chosenContract(
	ctx: ILoadOptionsFunctions,
	noun: string,
	example: string,
): string | INodeListSearchResult {
	const id = currentId(ctx, 'contractId');
	if (!id) return { results: [] };
	if (!id.startsWith('=')) return id;
	return {
		results: [
			{
				name: `The contract is an expression: set the ${noun} "By ID" with an expression too, e.g. ${example}`,
				value: '',
			},
		],
	};
}

/**
 * A short fingerprint of a page's contracts (their ids in any order: a list that reorders ties shows the same page
 * in another order), carried in the picker's token to the next call.
 */
function fingerprint(keys: string[]): string {
	return createHash('sha256')
		.update([...keys].sort().join('\n'))
		.digest('base64url')
		.slice(0, 16);
}

/**
 * Recent contracts, newest first. The API has no name filter, so the typed text filters the pages on our side
 * (name, id, external id, status); while a search finds nothing, up to 5 pages are read in one call so a match
 * further down the list still shows up. The token names the next page and a fingerprint of the contracts of the
 * page read (in any order), so a page that brings nothing new (a list that ignores paging, issues 34 and 40: within
 * a call, no contract not read before; from one call to the next, the same contracts again) ends the list instead
 * of showing them again at every scroll; so does the page ceiling (the totals, else as many contracts as Get Many
 * reads at most).
 */
export async function searchContracts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const [next, previousPrint] = (paginationToken ?? '').split(':');
	let page = next ? Number(next) : 1;
	const from = page;
	const guard = new PageGuard(Math.ceil((pagingSettings.maxPages * MAX_PER_PAGE) / PAGE_SIZE));
	const results: INodeListSearchItems[] = [];
	for (let read = 1; ; read++, page++) {
		const { items: contracts, info } = await requestPage.call(this, { page, perPage: PAGE_SIZE });
		const keys = pageKeys(contracts);
		const fresh = guard.admit(contracts, keys, info, PAGE_SIZE);
		const more =
			contracts.length > 0 &&
			(info.totalPages !== undefined ? page < info.totalPages : contracts.length === PAGE_SIZE);
		const again = read === 1 && page > 1 && keys.length > 0 && fingerprint(keys) === previousPrint;
		const cause = again ? 'repeat' : guard.stopAt(page, more);
		if (cause && cause !== 'ceiling') {
			// the last entry says what happened and the way on (its value is empty: picking it chooses nothing)
			return { results: [...results, notice(page, cause, from)] };
		}
		for (const c of fresh) {
			const id = contractIdOf(c);
			if (!id || !matches(filter, c.name, id, c.externalId, statusLabel(c.status))) continue;
			results.push({
				name: `${String(c.name || '(no name)')} · ${statusLabel(c.status)}`,
				value: id,
				description: `Created ${String(c.createdAt ?? '')}`,
			});
		}
		if (cause) return { results: [...results, notice(page, cause, from, guard)] };
		if (!more) return { results };
		if (!filter?.trim() || results.length > 0 || read >= MAX_PAGES_PER_SEARCH) {
			return { results, paginationToken: `${page + 1}:${fingerprint(keys)}` };
		}
	}
}

/** The picker's last entry when it stops reading (its value is empty: picking it chooses nothing). */
function notice(
	page: number,
	cause: PagingStop,
	from: number,
	guard?: PageGuard,
): INodeListSearchItems {
	const ceiling = guard && { pages: guard.ceiling ?? page, fromTotals: guard.fromTotals };
	const sentence = pagingSentence(page, cause, ceiling, from);
	return {
		name: `${sentence}, so only these are listed. For another contract, choose "By ID".`,
		value: '',
	};
}

/** Templates, filtered by name on the API side (4.26 has a name filter). */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = {};
	if (filter?.trim()) qs.name = filter.trim();
	const templates = await listTemplates.call(this, qs);
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
	const contractId = chosenContract(
		this,
		'participant',
		'{{ $json.participants[0].participantId }}',
	);
	if (typeof contractId !== 'string') return contractId;
	const { participants } = await getVariables.call(this, contractId);
	return {
		results: participants
			.filter((p) => matches(filter, p.participantName, p.label, p.participantId))
			.map((p) => ({
				name: [p.label, p.participantName].filter((v) => v).join(': ') || p.participantId,
				value: p.participantId,
			})),
	};
}

/** Custom properties of the chosen contract, shown as "name: value". */
export async function searchCustomProperties(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const contractId = chosenContract(this, 'property', '{{ $json.propertyId }}');
	if (typeof contractId !== 'string') return contractId;
	const properties = await listProperties.call(this, contractId);
	return {
		results: properties
			.filter((p) => matches(filter, p.name, p.value, p._id))
			.map((p) => ({
				name: shorten(`${String(p.name ?? '')}: ${String(p.value ?? '')}`),
				value: String(p._id),
			})),
	};
}

/** Spectators of the chosen contract, shown as "name <email>". The access token is never read into the list. */
export async function searchSpectators(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const contractId = chosenContract(this, 'spectator', '{{ $json.spectatorId }}');
	if (typeof contractId !== 'string') return contractId;
	const spectators = await listSpectators.call(this, contractId);
	return {
		results: spectators
			.filter((s) => matches(filter, s.name, s.email, s._id))
			.map((s) => ({
				name: `${String(s.name || s.email || s._id)}${s.email ? ` <${String(s.email)}>` : ''}`,
				value: String(s._id),
			})),
	};
}
