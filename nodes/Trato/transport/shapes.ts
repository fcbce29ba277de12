import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { TratoContext } from './credentials';

/** Keys a list may be wrapped in when the service answers an object instead of a bare array (api-notes). */
const WRAPPERS = ['data', 'items', 'results', 'docs'];

function describe(body: unknown): string {
	if (body === null || body === undefined) return 'nothing';
	if (Array.isArray(body)) return 'a list';
	if (typeof body !== 'object') return `${typeof body === 'string' ? 'text' : typeof body}`;
	const keys = Object.keys(body);
	return keys.length
		? `an object with the keys ${keys.slice(0, 12).join(', ')}`
		: 'an empty object';
}

/**
 * The records of a list answer: a bare array, or an object holding the array in `data`, `items`, `results`,
 * `docs` or the records' plural (`contracts`, `properties`, …). Anything else is an error that says what the
 * service answered, never an empty list.
 */
export function unwrapList(
	ctx: TratoContext,
	body: unknown,
	plural: string,
	itemIndex?: number,
): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (body !== null && typeof body === 'object') {
		for (const key of [plural, ...WRAPPERS]) {
			const value = (body as IDataObject)[key];
			if (Array.isArray(value)) return value as IDataObject[];
		}
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`TRATO answered the ${plural} list with ${describe(body)} instead of a list`,
		{
			itemIndex,
			description: `The node expects a JSON array, or an object holding it in "${plural}", ${WRAPPERS.map((k) => `"${k}"`).join(', ')}. Nothing was changed; please report this answer to the maintainers of the node.`,
		},
	);
}
