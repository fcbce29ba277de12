import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readUpdate, requireSomethingToUpdate } from '../../helpers/update';
import { requireName } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { propertyIdLocator } from '../../descriptions/customProperty';
import { asText, propertyOutput } from '../../helpers/customProperties';
import { listProperties, request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: 'Change the name or value of a custom property',
	action: 'Change name or value of custom property',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	propertyIdLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Department',
				description: 'New name of the property; it cannot be empty',
			},
			{
				displayName: 'Value',
				name: 'value',
				type: 'string',
				default: '',
				placeholder: 'e.g. Sales',
				description: 'New value of the property (may be empty)',
			},
		],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customProperty'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const {
		contractId,
		recordId: propertyId,
		fields,
	} = readUpdate(this, itemIndex, 'propertyId', 'Custom Property');
	const body: IDataObject = {};
	if ('name' in fields) {
		body.name = requireName(this, itemIndex, asText(fields.name), {
			message: 'The new property name is empty',
			description: 'Enter a name, or remove the Name field to keep the current one.',
		});
	}
	if ('value' in fields) body.value = asText(fields.value);
	requireSomethingToUpdate(this, itemIndex, body, {
		message: 'Nothing to update',
		description: 'Click "Add Field" and choose Name and/or Value.',
	});
	if (body.name === undefined || body.value === undefined) {
		// The documented PUT body carries both fields: fill the missing one with its current value.
		const current = (await listProperties.call(this, contractId, itemIndex)).find(
			(p) => String(p._id) === propertyId,
		);
		if (current) {
			body.name ??= String(current.name ?? '');
			body.value ??= String(current.value ?? '');
		}
	}
	await request.call(this, 'customPropertyUpdate', { contractId, propertyId }, { body, itemIndex });
	return propertyOutput(contractId, { _id: propertyId, ...body });
}
