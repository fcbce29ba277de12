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

export const description = updateDisplayOptions({ show: { resource: ['contract'], operation: ['archive'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	await apiRequest.call(this, 'POST', `/api/contract/archive/${encodeURIComponent(contractId)}`, {
		itemIndex,
	});
	// api-notes S12: archiving keeps the status and the listing; the API answers only success.
	return { contractId, archived: true };
}
