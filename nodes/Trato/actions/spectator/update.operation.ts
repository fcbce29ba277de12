import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readUpdate, requireSomethingToUpdate } from '../../helpers/update';
import { fail } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { spectatorFieldOptions, spectatorIdLocator } from '../../descriptions/spectator';
import { assertNotParticipant, spectatorBody, spectatorOutput } from '../../helpers/spectators';
import { listSpectators, participantContacts, request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: 'Change a spectator of a contract',
	action: 'Update spectator of contract',
};

const FIELDS = ['name', 'email', 'phone', 'linkExpirationDate'] as const;

const properties: INodeProperties[] = [
	contractIdLocator,
	spectatorIdLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Clear',
				name: 'clearFields',
				type: 'multiOptions',
				options: [
					{
						name: 'Link Expiration Date',
						value: 'linkExpirationDate',
						description: 'The link no longer expires',
					},
					{ name: 'Phone', value: 'phone' },
				],
				default: [],
				description: 'Values to remove from the spectator (an empty field keeps the current value)',
			},
			spectatorFieldOptions.email,
			{
				...spectatorFieldOptions.linkExpirationDate,
				description:
					'New last moment the spectator can open the contract. To make the link never expire, choose it under Clear instead.',
			},
			spectatorFieldOptions.name,
			{
				...spectatorFieldOptions.phone,
				description:
					'New mobile number, with country code. To remove it, choose it under Clear instead.',
			},
		],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['spectator'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const {
		contractId,
		recordId: spectatorId,
		fields: { clearFields, ...fields },
	} = readUpdate(this, itemIndex, 'spectatorId', 'Spectator');
	const cleared = (Array.isArray(clearFields) ? clearFields : []) as Array<
		'phone' | 'linkExpirationDate'
	>;
	const body = spectatorBody(this, itemIndex, fields);
	for (const field of cleared) {
		if (body[field] !== undefined) {
			fail(
				this,
				itemIndex,
				`${field === 'phone' ? 'Phone' : 'Link Expiration Date'} is both given and cleared`,
				'Remove the value, or remove it from Clear.',
			);
		}
		// what the API takes as "none" (spec 2.6: linkExpirationDate is a string or null)
		body[field] = field === 'phone' ? '' : null;
	}
	requireSomethingToUpdate(this, itemIndex, body, {
		message: 'Nothing to update',
		description:
			'Click "Add Field" and fill in at least one of Email, Link Expiration Date, Name or Phone, or choose what to Clear.',
	});
	if (body.email !== undefined) {
		const participants = await participantContacts.call(this, contractId, itemIndex);
		assertNotParticipant(this, itemIndex, String(body.email), participants);
	}
	// The documented PUT body carries every field: the ones not changed are sent with their current values.
	const current = FIELDS.every((f) => body[f] !== undefined)
		? undefined
		: (await listSpectators.call(this, contractId, itemIndex)).find(
				(s) => String(s._id) === spectatorId,
			);
	for (const field of FIELDS) {
		const value = current?.[field];
		if (body[field] === undefined && typeof value === 'string' && value !== '') body[field] = value;
	}
	await request.call(this, 'spectatorUpdate', { contractId, spectatorId }, { body, itemIndex });
	return spectatorOutput(contractId, { ...(current ?? {}), ...body, _id: spectatorId });
}
