import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { propertyIdLocator, propertyPath } from '../../helpers/customProperties';
import { requireId } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { contractIdLocator, optionsCollection } from '../common.descriptions';

const properties: INodeProperties[] = [contractIdLocator, propertyIdLocator, optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['customProperty'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const propertyId = requireId(this, itemIndex, 'propertyId', 'Custom Property');
	// Deleting an addressed property has the same end state when repeated: safe to retry (api-notes R12).
	await apiRequest.call(this, 'DELETE', propertyPath(contractId, propertyId), {
		itemIndex,
		idempotent: true,
	});
	return { contractId, propertyId, deleted: true };
}
