import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyContract } from '../../helpers/simplify';
import { statusLabel } from '../../helpers/status';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection, simplifyField } from '../../descriptions/common';
import { request } from '../../transport';
import { perVersion } from '../versions';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: 'Get the status record of a contract',
	action: 'Get contract status and details by ID',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	...perVersion(simplifyField, 'simplify'),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const simple = this.getNodeParameter('simple', itemIndex) as boolean;
	const record = await request.call(
		this,
		'contractStatus',
		{ contractId },
		{
			itemIndex,
		},
	);
	const contract = { contractId, ...record, statusLabel: statusLabel(record.status) };
	return simple ? simplifyContract(contract) : contract;
}
