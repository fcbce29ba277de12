import type { INodeProperties } from 'n8n-workflow';

import { documentSourceField } from './common';
import { configurationFields } from './configure';
import { participantValues, text } from './createV2Participant';
import { booleanField, languageField, notificationTypeField } from './fieldBuilders';

/**
 * UI fields of Create V2 (spec 4.2) as TRATO takes them (trato-notes "Create V2"): top-level settings, the
 * participants with their signature boxes, spectators; participants and spectators as fields or as JSON arrays.
 */

const NOT_DOCUMENTED =
	'TRATO does not document a template for Create With Signers (V2): its public examples always send a PDF or Word file. If TRATO refuses it, create the contract with Contract → Create instead.';

/**
 * Source of a Create V2 contract: a file is what TRATO documents for V2 (trato-notes "Create V2"); the template stays
 * available and says so. The default differs per node version (actions/versions.ts), so it is set there.
 */
export const createV2SourceField: INodeProperties = {
	...documentSourceField,
	options: (documentSourceField.options ?? []).map((option) =>
		'value' in option && option.value === 'template'
			? { ...option, description: `A template stored in your TRATO account. ${NOT_DOCUMENTED}` }
			: option,
	),
};

/** Shown when Create V2 is asked to use a template. */
export const createV2TemplateNotice: INodeProperties = {
	displayName: NOT_DOCUMENTED,
	name: 'createV2TemplateNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { source: ['template'] } },
};

/** Configuration fields of 4.4 that are also top-level settings of a Create V2 body (trato-notes). */
const SETTINGS = [
	'expiryEndDate',
	'expiryStartDate',
	'expiryUndefined',
	'externalId',
	'ownerSelfSign',
	'signatureType',
	'stampNom',
];

/** Language, notifications, order, links and shield of a Create V2 contract, then the optional settings. */
export const createV2SettingsFields: INodeProperties[] = [
	languageField('participant'),
	notificationTypeField('participant'),
	booleanField(
		'Sign in Order',
		'signInOrder',
		'Whether participants sign one after the other, in the order they are listed',
	),
	booleanField(
		'Return Signing Links',
		'showSignLinks',
		"Whether to output each participant's personal signing link (signUrl), for example to send it through your own channel. Treat the links like passwords.",
	),
	{
		displayName: 'Shield',
		name: 'shield',
		type: 'options',
		options: [
			{
				name: 'None',
				value: 'none',
				description: 'Nothing is sent about shields',
			},
			{
				name: 'Shield-1',
				value: 'shield1',
				description: 'Uses one Shield-1 credit of your account',
			},
			{
				name: 'Shield-2',
				value: 'shield2',
				description: 'Uses one Shield-2 credit of your account',
			},
		],
		default: 'none',
		description:
			'Extra identity protection that uses credits of your account. TRATO does not document how a shield is asked for: the node sends "shield" only when you choose one.',
	},
	{
		displayName: 'Creating this contract uses one credit of the chosen shield from your account',
		name: 'shieldCreditsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { shield: ['shield1', 'shield2'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			...configurationFields.filter((field) => SETTINGS.includes(field.name)),
			text(
				'Shield-3 Statement',
				'shield3Statement',
				'Text the participants with "Request Agreement (Shield-3)" agree to',
				{ typeOptions: { rows: 3 } },
			),
		].sort((a, b) => a.displayName.localeCompare(b.displayName, 'en')),
	},
];

const PARTICIPANTS_EXAMPLE =
	'[{"obligation": "individual", "name": "Jane", "last_name": "Doe", "label": "Landlord", "email": "jane@example.com", "signOrder": 0, "isNotSigner": false, "isNotNegotiator": false, "requestAgreement": false, "signatures": [{"page": 1, "top": 600, "left": 72, "width": 150, "height": 75, "customSize": true}]}]';

export const createV2PeopleFields: INodeProperties[] = [
	{
		displayName: 'Participants Input Mode',
		name: 'signersInputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Fields',
				value: 'fields',
				description: 'Fill in each participant and spectator; the node checks them before sending',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Pass the participants and spectators as JSON arrays, as TRATO takes them',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Participants',
		name: 'signers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Participant',
		default: {},
		displayOptions: { show: { signersInputMode: ['fields'] } },
		description:
			'The people who take part, in signing order (sent as signOrder 0, 1, 2…). At least one signs.',
		options: [
			{
				displayName: 'Participant',
				name: 'signer',
				values: participantValues,
			},
		],
	},
	{
		displayName: 'Spectators',
		name: 'spectators',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Spectator',
		default: {},
		displayOptions: { show: { signersInputMode: ['fields'] } },
		description: 'People who follow the contract without taking part',
		options: [
			{
				displayName: 'Spectator',
				name: 'spectator',
				values: [
					text('Name', 'name', 'Name of the spectator'),
					text('Email', 'email', "Email of the spectator; must differ from every participant's", {
						placeholder: 'e.g. name@example.com',
					}),
					text('Phone', 'phone', 'Mobile number with country code', {
						placeholder: 'e.g. +525512345678',
					}),
				],
			},
		],
	},
	{
		displayName: 'Participants (JSON)',
		name: 'signersJson',
		type: 'json',
		default: '[]',
		required: true,
		displayOptions: { show: { signersInputMode: ['json'] } },
		description: `Array of participants with TRATO's fields: obligation, name, last_name, label, email, phone, signOrder (from 0), isNotSigner, isNotNegotiator, requestAgreement, signatures [{page, top, left, width, height, customSize}], and where needed rfc, representative, qualifiedCertificate, creditBureau, agendaProperties {rfc, paternalLastName, maternalLastName, birthDate, zipcode, state, street, city, suburb}. Example: ${PARTICIPANTS_EXAMPLE}.`,
	},
	{
		displayName: 'Spectators (JSON)',
		name: 'spectatorsJson',
		type: 'json',
		default: '[]',
		required: true,
		displayOptions: { show: { signersInputMode: ['json'] } },
		description:
			'Array of spectators, [] for none: [{"name": "Auditor", "email": "audit@example.com", "phone": ""}]',
	},
];
