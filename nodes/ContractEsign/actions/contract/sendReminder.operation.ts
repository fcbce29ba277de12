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

export const description = updateDisplayOptions({ show: { resource: ['contract'], operation: ['sendReminder'] } }, properties);

/** Spec 4.15 and api-notes X8: reminders only while the contract waits for signatures. */
const HINT =
	'A reminder can only be sent while the contract waits for signatures (sent, in negotiation or negotiated) and at least one participant has not signed yet.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	await apiRequest.call(this, 'GET', `/api/contract/pending/${encodeURIComponent(contractId)}`, {
		itemIndex,
		hint: HINT,
	});
	return { contractId, reminderSent: true };
}
