import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { concurrencyOption, contractIdLocator } from '../common.descriptions';

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [concurrencyOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['contract'], operation: ['cancel'] } }, properties);

/** Spec 3 and 4.17: refused when every participant has signed or the contract is already cancelled. */
const HINT =
	'A contract cannot be cancelled once every participant has signed it, or when it is already cancelled.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	await apiRequest.call(this, 'DELETE', `/api/contract/cancel/${encodeURIComponent(contractId)}`, {
		itemIndex,
		// api-notes R1/R12: DELETE, never retried (a repeated cancel is refused).
		idempotent: false,
		hint: HINT,
	});
	return { contractId, canceled: true };
}
