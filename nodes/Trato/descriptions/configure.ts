import type { INodeProperties } from 'n8n-workflow';

import { booleanField, languageField, notificationTypeField } from './fieldBuilders';

/** The configuration fields of spec 4.4 as typed UI fields (the body is built by helpers/configurationBody). */

export const configurationFields: INodeProperties[] = [
	booleanField(
		'Allow Extra Attachments',
		'allowAttachments',
		'Whether participants may add attachments beyond those configured in the template',
	),
	booleanField(
		'Auto-Validate Declaration Video',
		'hasShield3AutoValidation',
		'Whether the declaration video is validated automatically against an image (participants then need a selfie, see "Participant → Update")',
	),
	{
		displayName: 'Blockchain Type',
		name: 'blockchainType',
		type: 'options',
		options: [
			{
				name: 'Basic (With Blockchain)',
				value: 'basic',
			},
			{
				name: 'None',
				value: 'none',
			},
		],
		default: 'basic',
		description: 'Whether the contract is registered on a blockchain',
	},
	{
		displayName: 'Contract Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Lease 12 Reforma Avenue',
		description: 'Name shown to participants and in lists; needed before sending',
	},
	{
		displayName: 'Expiry End Date',
		name: 'expiryEndDate',
		type: 'dateTime',
		default: '',
		description:
			'Last day the contract can be signed (only the date is used). Give it with Expiry Start Date to set a signing period.',
	},
	{
		displayName: 'Expiry Start Date',
		name: 'expiryStartDate',
		type: 'dateTime',
		default: '',
		description:
			'First day of the signing period (only the date is used). Give it with Expiry End Date to set a signing period.',
	},
	{
		displayName: 'Expiry Undefined',
		name: 'expiryUndefined',
		type: 'boolean',
		default: true,
		description:
			'Whether the contract never expires. To give a signing period, add Expiry Start Date and Expiry End Date instead (this is then turned off for you).',
	},
	{
		displayName: 'External ID',
		name: 'externalId',
		type: 'string',
		default: '',
		description:
			'Your own reference for the contract (for example an ID from your CRM). Leave empty to clear it.',
	},
	booleanField(
		'Include NOM-151 Certificate',
		'stampNom',
		'Whether to include the NOM-151 certificate with the signed contract',
	),
	languageField('participant'),
	booleanField(
		'Negotiable',
		'negotiate',
		'Whether participants can negotiate the contract while signing',
	),
	notificationTypeField('participant'),
	booleanField(
		'Owner Signs Automatically',
		'ownerSelfSign',
		'Whether the account owner signs automatically, when they are a participant, have a signature in their profile and no variables to fill',
	),
	booleanField(
		'Password Protection',
		'password',
		'Whether TRATO generates a random password that participants need to open the contract',
	),
	booleanField(
		'Require Validation Before Signing',
		'validationRequired',
		'Whether signing needs a prior validation',
	),
	{
		displayName: 'Signature Type',
		name: 'signatureType',
		type: 'options',
		options: [
			{
				name: 'Advanced Electronic Signature (Certificate)',
				value: 'certificate',
			},
			{
				name: 'Autograph (Electronic Signature)',
				value: 'autograph',
			},
			{
				name: 'None',
				value: 'none',
				description: 'No signature',
			},
			{
				name: 'Shield-2 Certificate',
				value: 'shield2-certificate',
				description:
					'Needs Shield-2 credits; stamp it with "Contract → Stamp Shield-2 Certificate"',
			},
		],
		default: 'autograph',
		description: 'How participants sign',
	},
	{
		displayName: 'Webhook URL (Deprecated)',
		name: 'webhook',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/hooks/contracts',
		description:
			'Deprecated by TRATO and only kept for old setups; it may stop working at any time. Use the TRATO Instant Webhook Trigger (TRATO calls it on each event) or the TRATO Polling Trigger (checks on a schedule) to react to status changes instead.',
	},
];
