import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireEmail, requireId } from '../../helpers/validate';
import {
	contractIdLocator,
	optionsCollection,
	participantIdLocator,
} from '../../descriptions/common';
import { OBLIGATION_OPTIONS } from '../../descriptions/participant';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Change Email',
	value: 'changeEmail',
	description: 'Change the email, phone and name of a participant of a contract in progress',
	action: 'Change email or phone of signer after sending',
};

const forObligation = (obligation: string) => ({ show: { obligation: [obligation] } });

const properties: INodeProperties[] = [
	contractIdLocator,
	participantIdLocator,
	{
		displayName: 'Obligation',
		name: 'obligation',
		type: 'options',
		// in alphabetical order, as in every menu of n8n's (rule options-sorted-alphabetically)
		options: [
			{
				name: "Keep the Participant's Current Obligation",
				value: 'keep',
				description: 'Send no obligation: TRATO keeps the current one (and the representative)',
			},
			...OBLIGATION_OPTIONS,
		].sort((a, b) => a.name.localeCompare(b.name)),
		default: 'keep',
		description:
			"Whether the participant signs as a natural person or as a legal entity. Choosing one sends it with the change (the other kind changes the participant's obligation) and shows the name fields that apply to it.",
	},
	{
		displayName: 'New Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. name@example.com',
		default: '',
		required: true,
		description:
			'The new email address. The participant gets a new signing link there; the old link stops working.',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		displayOptions: forObligation('keep'),
		description:
			"New name: the person's first name, or the company name for a legal entity. Leave empty to keep the current value.",
	},
	{
		displayName:
			"To change the last name or the legal representative, choose the participant's Obligation above",
		name: 'keepObligationNotice',
		type: 'notice',
		default: '',
		displayOptions: forObligation('keep'),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		displayOptions: forObligation('individual'),
		description: 'First name of the participant. Leave empty to keep the current value.',
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		displayOptions: forObligation('individual'),
		description: 'Last name of the participant. Leave empty to keep the current value.',
	},
	{
		displayName: 'Company Name',
		name: 'name',
		type: 'string',
		default: '',
		displayOptions: forObligation('legal'),
		description: 'Name of the company that signs. Leave empty to keep the current value.',
	},
	{
		displayName: 'Representative',
		name: 'representative',
		type: 'string',
		default: '',
		displayOptions: forObligation('legal'),
		description:
			'Legal representative who signs for the company. Leave empty to keep the current value.',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +525512345678',
		description: 'New mobile number. Leave empty to keep the current value.',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['participant'], operation: ['changeEmail'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const participantId = requireId(this, itemIndex, 'participantId', 'Participant');
	const obligation = this.getNodeParameter('obligation', itemIndex, 'keep') as string;
	const body: IDataObject = {
		// keep (the default): no obligation sent, so a legal entity stays one with its representative
		...(obligation === 'keep' ? {} : { obligation }),
		email: requireEmail(
			this,
			itemIndex,
			this.getNodeParameter('email', itemIndex, ''),
			'New Email',
		),
	};
	const optional =
		obligation === 'legal'
			? ['name', 'representative', 'phone']
			: obligation === 'individual'
				? ['name', 'lastName', 'phone']
				: ['name', 'phone'];
	for (const field of optional) {
		const value = String(this.getNodeParameter(field, itemIndex, '') ?? '').trim();
		if (value) body[field] = value;
	}
	await request.call(
		this,
		'participantChangeEmail',
		{ contractId, participantId },
		{
			body,
			itemIndex,
			hint: 'Changing the email works only for a contract in progress (sent for signature) and a participant who has not signed yet. Before sending, use "Participant → Update" instead.',
		},
	);
	return { contractId, participantId, ...body };
}
