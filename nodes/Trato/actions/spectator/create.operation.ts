import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { spectatorFieldOptions } from '../../descriptions/spectator';
import { assertNotParticipant, spectatorBody, spectatorOutput } from '../../helpers/spectators';
import { listSpectators, participantContacts, request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: 'Add a spectator (a viewer who does not sign) to a contract',
	action: 'Add spectator who sees contract without signing',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{ ...spectatorFieldOptions.name, required: true },
	{ ...spectatorFieldOptions.email, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [spectatorFieldOptions.linkExpirationDate, spectatorFieldOptions.phone],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['spectator'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const body = spectatorBody(this, itemIndex, {
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
		// Required: an expression that resolves to nothing must still be checked (and refused) as empty.
		name: this.getNodeParameter('name', itemIndex, '') ?? '',
		email: this.getNodeParameter('email', itemIndex, '') ?? '',
	});
	const email = String(body.email);
	assertNotParticipant(
		this,
		itemIndex,
		email,
		await participantContacts.call(this, contractId, itemIndex),
	);
	await request.call(this, 'spectatorCreate', { contractId }, { body, itemIndex });
	// The API answers only success (api-notes R16): the new spectator is the listed one with this e-mail.
	const listed = await listSpectators.call(this, contractId, itemIndex);
	const created = listed
		.filter((s) => String(s.email ?? '').toLowerCase() === email.toLowerCase())
		.pop();
	return spectatorOutput(contractId, created ?? { _id: null, ...body });
}
