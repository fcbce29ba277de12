import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fail, requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { spectatorFieldOptions, spectatorIdLocator } from '../../descriptions/spectator';
import { assertNotParticipant, spectatorBody, spectatorOutput } from '../../helpers/spectators';
import { listSpectators, participantContacts } from '../../transport/records';
import { request } from '../../transport';

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
			spectatorFieldOptions.email,
			spectatorFieldOptions.linkExpirationDate,
			spectatorFieldOptions.name,
			spectatorFieldOptions.phone,
		],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['spectator'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const spectatorId = requireId(this, itemIndex, 'spectatorId', 'Spectator');
	const body = spectatorBody(
		this,
		itemIndex,
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
	);
	if (Object.keys(body).length === 0) {
		fail(
			this,
			itemIndex,
			'Nothing to update',
			'Click "Add Field" and fill in at least one of Email, Link Expiration Date, Name or Phone.',
		);
	}
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
