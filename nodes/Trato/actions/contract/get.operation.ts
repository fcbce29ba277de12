import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { statusLabel } from '../../helpers/status';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { request } from '../../transport';

const properties: INodeProperties[] = [contractIdLocator, optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const record = await request.call(
		this,
		'contractStatus',
		{ contractId },
		{
			itemIndex,
		},
	);
	return { contractId, ...record, statusLabel: statusLabel(record.status) };
}
