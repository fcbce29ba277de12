import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fail, requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { asText, findCreated, propertyOutput } from '../../helpers/customProperties';
import { listProperties, request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: 'Add one or more name/value properties to a contract',
	action: 'Add custom name and value properties to contract',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Properties',
		name: 'properties',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Property',
		default: {
			property: [
				{
					name: '',
					value: '',
				},
			],
		},
		required: true,
		description: 'Name/value pairs stored with the contract, e.g. a department or an order number',
		options: [
			{
				displayName: 'Property',
				name: 'property',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. Department',
						description: 'Name of the property; it cannot be empty',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. Sales',
						description: 'Value of the property (may be empty)',
					},
				],
			},
		],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customProperty'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const entries = this.getNodeParameter('properties.property', itemIndex, []) as IDataObject[];
	if (entries.length === 0) {
		fail(
			this,
			itemIndex,
			'No custom property to create',
			'Click "Add Property" and fill in at least one name.',
		);
	}
	const sent = entries.map((entry, index) => {
		const name = String(entry.name ?? '').trim();
		if (!name) {
			fail(
				this,
				itemIndex,
				`Property ${index + 1} has an empty name`,
				'Every custom property needs a name; the value may be empty.',
			);
		}
		return {
			name,
			value: asText(entry.value),
		};
	});
	await request.call(
		this,
		'customPropertyCreate',
		{ contractId },
		{
			body: { properties: sent },
			itemIndex,
		},
	);
	const found = findCreated(await listProperties.call(this, contractId, itemIndex), sent);
	return sent.map((entry, index) =>
		propertyOutput(contractId, found[index] ?? { _id: null, ...entry }),
	);
}
