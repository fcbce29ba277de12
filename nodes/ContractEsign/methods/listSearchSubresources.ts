import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listProperties } from '../helpers/customProperties';
import { listSpectators } from '../helpers/spectators';

/** Pickers for records that live inside the contract chosen in the same node (custom properties, spectators). */

function currentContractId(ctx: ILoadOptionsFunctions): string {
	const value = ctx.getCurrentNodeParameter('contractId', { extractValue: true });
	return typeof value === 'string' ? value.trim() : '';
}

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter?.trim()) return true;
	const needle = filter.trim().toLowerCase();
	return values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

function shorten(text: string, max = 60): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Custom properties of the chosen contract, shown as "name: value". */
export async function searchCustomProperties(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const contractId = currentContractId(this);
	if (!contractId) return { results: [] };
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
	const contractId = currentContractId(this);
	if (!contractId) return { results: [] };
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
