import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { propertyIdLocator } from '../../descriptions/customProperty';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	description: 'Delete a custom property of a contract',
	action: 'Delete custom property of contract',
};

const properties: INodeProperties[] = [contractIdLocator, propertyIdLocator, optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['customProperty'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const propertyId = requireId(this, itemIndex, 'propertyId', 'Custom Property');
	// Deleting an addressed property has the same end state when repeated: safe to retry (api-notes R12).
	await request.call(
		this,
		'customPropertyDelete',
		{ contractId, propertyId },
		{
			itemIndex,
		},
	);
	return { contractId, propertyId, deleted: true };
}
