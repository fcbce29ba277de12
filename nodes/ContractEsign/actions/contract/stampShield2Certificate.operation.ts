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

export const description = updateDisplayOptions({ show: { resource: ['contract'], operation: ['stampShield2Certificate'] } }, properties);

/** Spec 4.25 and api-notes X8. */
const HINT =
	'Stamping needs the contract configured with Signature Type "shield2-certificate" (Contract → Configure) and shield-2 credits on the account; a contract is stamped only once, and not when it is cancelled, rejected or expired.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	await apiRequest.call(this, 'POST', `/api/contracts/${encodeURIComponent(contractId)}/stamp-shield2-certificate`, {
		itemIndex,
		hint: HINT,
	});
	return { contractId, shield2CertificateStamped: true };
}
