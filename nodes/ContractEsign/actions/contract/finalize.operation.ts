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

export const description = updateDisplayOptions({ show: { resource: ['contract'], operation: ['finalize'] } }, properties);

/** Spec 3 and 4.18: only from RECEIVED_SIGNED. */
const HINT =
	'Only a contract signed by every participant and not yet finalized (status "Signed", RECEIVED_SIGNED) can be finalized.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	await apiRequest.call(this, 'POST', `/api/contract/finalize/${encodeURIComponent(contractId)}`, {
		itemIndex,
		hint: HINT,
	});
	return { contractId, finalized: true };
}
