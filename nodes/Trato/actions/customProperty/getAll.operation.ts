import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, limit, optionsCollection, returnAll } from '../../descriptions/common';
import { propertyOutput } from '../../helpers/customProperties';
import { resultLimit } from '../../helpers/listQuery';
import { listProperties } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'Get the custom properties of a contract',
	action: 'Get many custom properties of contract',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	returnAll,
	limit,
	optionsCollection({
		displayName: 'Output One Item per Contract',
		name: 'oneItem',
		type: 'boolean',
		default: false,
		description:
			'Whether to output a single item per contract holding all its properties (in "properties", an empty list when there are none) instead of one item per property',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customProperty'], operation: ['getAll'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const max = resultLimit(this, itemIndex);
	const oneItem = this.getNodeParameter('options.oneItem', itemIndex, false) as boolean;
	const listed = await listProperties.call(this, contractId, itemIndex);
	const records = listed.slice(0, max).map((record) => propertyOutput(contractId, record));
	if (!oneItem) return records;
	for (const record of records) delete record.contractId;
	return { contractId, properties: records };
}
