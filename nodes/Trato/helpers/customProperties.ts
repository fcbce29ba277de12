import type { IDataObject } from 'n8n-workflow';

/** Custom properties of a contract (spec 4.20); the identifier is `_id` in the listing (api-notes R13). */

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
