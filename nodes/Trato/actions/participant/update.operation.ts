import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isImage, readInputFile } from '../../helpers/binary';
import { toIsoTimestamp } from '../../helpers/dates';
import { readUpdate, requireSomethingToUpdate } from '../../helpers/update';
import { fail, requireEmail, requireName } from '../../helpers/validate';
import {
	contractIdLocator,
	optionsCollection,
	participantIdLocator,
} from '../../descriptions/common';
import { booleanField } from '../../descriptions/fieldBuilders';
import { OBLIGATION_OPTIONS } from '../../descriptions/participant';
import { normaliseRfc } from '../../helpers/participants';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: 'Update a participant of a contract',
	action: 'Set name and email of signer before sending',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	participantIdLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Custom Message',
				name: 'customMessage',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Message shown to the participant with the contract. Empty clears it.',
			},
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'e.g. name@example.com',
				default: '',
				description: 'Email address of the participant',
			},
			{
				displayName: 'Link Expiration Date',
				name: 'linkExpirationDate',
				type: 'dateTime',
				default: '',
				description: 'Last moment the participant can open the contract',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Name of the participant; the company name for a legal entity',
			},
			{
				displayName: 'Obligation',
				name: 'obligation',
				type: 'options',
				options: OBLIGATION_OPTIONS,
				default: 'individual',
				description: 'Whether the participant signs as a natural person or as a legal entity',
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +525512345678',
				description: 'Mobile number (needed for SMS notifications). Empty clears it.',
			},
			{
				displayName: 'Representative',
				name: 'representative',
				type: 'string',
				default: '',
				description: 'Legal representative of a legal entity. Empty clears it.',
			},
			booleanField(
				'Request INE',
				'requestIne',
				'Whether to ask the participant for a national ID (INE) validation',
			),
			booleanField(
				'Request Location',
				'requestLocation',
				'Whether to ask the participant to share their location when signing',
			),
			booleanField(
				'Request One-Time Password',
				'requestOneTimePassword',
				'Whether to ask the participant for a one-time password when signing',
			),
			booleanField(
				'Request Veridoc',
				'requestVeridoc',
				'Whether to ask the participant for a photo ID validation (Veridoc)',
			),
			{
				displayName: 'RFC',
				name: 'rfc',
				type: 'string',
				default: '',
				placeholder: 'e.g. LOAA800101AB1',
				description:
					'Mexican tax ID: 13 characters for a natural person, 12 for a legal entity. Empty clears it.',
			},
			{
				displayName: 'Selfie (Input Binary Field)',
				name: 'selfie',
				type: 'string',
				default: 'data',
				description:
					'Name of the input binary field holding a photo of the participant (PNG, JPEG, GIF or WebP), for automatic video validation (Shield-3)',
			},
		],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['participant'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const {
		contractId,
		recordId: participantId,
		fields,
	} = readUpdate(this, itemIndex, 'participantId', 'Participant');
	requireSomethingToUpdate(this, itemIndex, fields, {
		message: 'No field to update',
		description: 'Add at least one field under "Update Fields".',
	});
	// An expression that resolves to nothing counts as an empty value, never as a silently skipped field.
	const body: IDataObject = Object.fromEntries(
		Object.entries(fields).map(([key, value]) => [key, value ?? '']),
	);
	if ('name' in body) {
		body.name = requireName(this, itemIndex, String(body.name), {
			message: 'The Name is empty',
			description: "Enter the participant's name, or remove the Name field.",
		});
	}
	if ('email' in body) body.email = requireEmail(this, itemIndex, body.email, 'Email');
	if ('rfc' in body)
		body.rfc = normaliseRfc(this, itemIndex, body.rfc, body.obligation as string | undefined);
	if ('linkExpirationDate' in body) {
		body.linkExpirationDate = toIsoTimestamp(
			this,
			itemIndex,
			body.linkExpirationDate,
			'Link Expiration Date',
		);
	}
	if ('selfie' in body) {
		const field = String(body.selfie);
		const file = await readInputFile(this, itemIndex, field, 'the selfie');
		if (!isImage(file.buffer)) {
			fail(
				this,
				itemIndex,
				`The selfie ${file.fileName ? `"${file.fileName}"` : `in field "${field}"`} is not an image`,
				`Its type is ${file.mimeType || 'unknown'}. Use a PNG, JPEG, GIF or WebP photo.`,
			);
		}
		body.selfie = file.buffer.toString('base64');
	}
	await request.call(
		this,
		'participantUpdate',
		{ contractId, participantId },
		{
			body,
			itemIndex,
			hint: 'Participants can be changed only until someone signs (not once the contract is signed, cancelled, expired or rejected).',
		},
	);
	return { contractId, participantId, updated: Object.keys(body) };
}
