import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { apiRequest, type EsignContext } from '../transport';
import { recordLocator } from './fieldBuilders';

/** Custom properties of a contract (spec 4.20); the identifier is `_id` in the listing (api-notes R13). */

export const propertyIdLocator: INodeProperties = recordLocator({
	displayName: 'Custom Property',
	name: 'propertyId',
	description: 'A custom property of the chosen contract',
	noun: 'property',
	searchListMethod: 'searchCustomProperties',
	idPlaceholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e61',
});

export function propertiesPath(contractId: string): string {
	return `/api/contracts/${encodeURIComponent(contractId)}/customproperties`;
}

export function propertyPath(contractId: string, propertyId: string): string {
	return `/api/contracts/${encodeURIComponent(contractId)}/${encodeURIComponent(propertyId)}/customproperties`;
}

/** The contract's properties as the API lists them ({_id, name, value}). */
export async function listProperties(
	this: EsignContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const response = await apiRequest.call(this, 'GET', propertiesPath(contractId), { itemIndex });
	return Array.isArray(response.properties) ? (response.properties as IDataObject[]) : [];
}

/** Expressions may resolve to numbers or objects; the API stores text. */
export function asText(value: unknown): string {
	if (value === undefined || value === null) return '';
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What the user sees for one property: `propertyId` instead of `_id`, with the contract it belongs to. */
export function propertyOutput(contractId: string, record: IDataObject): IDataObject {
	const { _id, ...rest } = record;
	return { contractId, propertyId: _id ?? null, ...rest };
}

/**
 * Finds the properties a create call added (the API answers only success, api-notes R16): for each sent pair,
 * the last listed property with the same name and value not taken yet. Walking backwards keeps the order of
 * duplicates when the API appends new properties at the end.
 */
export function findCreated(
	listed: IDataObject[],
	sent: Array<{ name: string; value: string }>,
): Array<IDataObject | undefined> {
	const taken = new Set<number>();
	const found: Array<IDataObject | undefined> = new Array(sent.length);
	for (let s = sent.length - 1; s >= 0; s--) {
		for (let l = listed.length - 1; l >= 0; l--) {
			const record = listed[l];
			if (
				!taken.has(l) &&
				String(record.name ?? '').trim() === sent[s].name &&
				String(record.value ?? '') === sent[s].value
			) {
				taken.add(l);
				found[s] = record;
				break;
			}
		}
	}
	return found;
}
