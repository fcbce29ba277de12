import type { INodeProperties } from 'n8n-workflow';

import { languageField, notificationTypeField } from './fieldBuilders';

/** UI fields of Create V2 (spec 4.2, api-notes "Create V2"): signers and spectators as collections or JSON. */

const text = (
	displayName: string,
	name: string,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	description,
	...extra,
});

const creditBureauOnly = { show: { creditBureau: [true] } };

const signerValues: INodeProperties[] = [
	{
		displayName: 'Obligation',
		name: 'obligation',
		type: 'options',
		options: [
			{
				name: 'Individual (Natural Person)',
				value: 'individual',
			},
			{
				name: 'Legal Entity (Company)',
				value: 'legal',
			},
		],
		default: 'individual',
		description: 'Whether the signer is a person or signs for a company',
	},
	text('Name', 'name', 'First name(s) of the person, or the company name for a legal entity', {
		required: true,
	}),
	text('Last Name', 'lastName', 'Last name(s) of the person', {
		required: true,
		displayOptions: { show: { obligation: ['individual'] } },
	}),
	text('Email', 'email', 'E-mail address the signing invitation is sent to', {
		required: true,
		placeholder: 'e.g. nathan@example.com',
	}),
	text(
		'Phone',
		'phone',
		'Mobile number with country code. Required when notifications go by SMS.',
		{ placeholder: 'e.g. +525512345678' },
	),
	text(
		'RFC',
		'rfc',
		'Mexican tax ID: 13 characters for a natural person (4 letters, 6 digits YYMMDD, 3 homoclave), 12 for a legal entity. Required for a qualified certificate or a credit-bureau check.',
		{ placeholder: 'e.g. LOAA800101AB1' },
	),
	text(
		'Representative',
		'representative',
		'Name of the legal representative who signs for the company',
		{
			displayOptions: { show: { obligation: ['legal'] } },
		},
	),
	{
		displayName: 'Qualified Certificate',
		name: 'qualifiedCertificate',
		type: 'boolean',
		default: false,
		description: 'Whether the signer signs with a qualified certificate (needs the RFC)',
	},
	{
		displayName: 'Credit Bureau Check',
		name: 'creditBureau',
		type: 'boolean',
		default: false,
		description:
			'Whether to run a credit-bureau check on the signer (needs the RFC and every Agenda Properties field)',
	},
	{
		displayName: 'Agenda Properties',
		name: 'agendaProperties',
		type: 'collection',
		placeholder: 'Add Property',
		default: {},
		displayOptions: creditBureauOnly,
		description: 'Personal data for the credit-bureau check; all of them are required',
		options: [
			{
				displayName: 'Birth Date',
				name: 'birthDate',
				type: 'dateTime',
				default: '',
				description: 'Date of birth (only the date is used)',
			},
			text('City', 'city', 'City or municipality'),
			text('Maternal Last Name', 'maternalLastName', 'Second (maternal) last name'),
			text('Paternal Last Name', 'paternalLastName', 'First (paternal) last name'),
			text(
				'State',
				'state',
				'Official abbreviation of the Mexican state, such as AGU, CMX, JAL, NLE or ZAC',
				{ placeholder: 'e.g. JAL' },
			),
			text('Street', 'street', 'Street and number'),
			text('Suburb', 'suburb', 'Suburb (colonia)'),
			text('Zip Code', 'zipcode', 'Postal code', { placeholder: 'e.g. 44100' }),
		],
	},
];

/** Language, notifications and shield of a Create V2 contract. */
export const createV2SettingsFields: INodeProperties[] = [
	languageField('signer'),
	notificationTypeField('signer'),
	{
		displayName: 'Shield',
		name: 'shield',
		type: 'options',
		options: [
			{
				name: 'None',
				value: 'none',
			},
			{
				name: 'Shield 1',
				value: 'shield1',
				description: 'Uses one shield-1 credit of your account',
			},
			{
				name: 'Shield 2',
				value: 'shield2',
				description: 'Uses one shield-2 credit of your account',
			},
		],
		default: 'none',
		description: 'Extra identity protection level of the contract',
	},
	{
		displayName: 'Creating this contract uses one credit of the chosen shield from your account',
		name: 'shieldCreditsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { shield: ['shield1', 'shield2'] } },
	},
];

const JSON_EXAMPLE =
	'[{"obligation": "individual", "name": "Ana", "last_name": "López", "email": "ana@example.com", "phone": "+525512345678"}]';

export const createV2PeopleFields: INodeProperties[] = [
	{
		displayName: 'Signers Input Mode',
		name: 'signersInputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Fields',
				value: 'fields',
				description: 'Fill in each signer and spectator; the node checks them before sending',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Pass the signers and spectators as JSON arrays, as the API takes them',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Signers',
		name: 'signers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Signer',
		default: {},
		displayOptions: { show: { signersInputMode: ['fields'] } },
		description: 'The people who sign, in signing order. At least one.',
		options: [
			{
				displayName: 'Signer',
				name: 'signer',
				values: signerValues,
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
		description: 'People who follow the contract without signing',
		options: [
			{
				displayName: 'Spectator',
				name: 'spectator',
				values: [
					text('Name', 'name', 'Name of the spectator'),
					text('Email', 'email', "E-mail of the spectator; must differ from every signer's", {
						placeholder: 'e.g. nathan@example.com',
					}),
					text('Phone', 'phone', 'Mobile number with country code', {
						placeholder: 'e.g. +525512345678',
					}),
				],
			},
		],
	},
	{
		displayName: 'Signers (JSON)',
		name: 'signersJson',
		type: 'json',
		default: '[]',
		displayOptions: { show: { signersInputMode: ['json'] } },
		description: `Array of signers with the API's fields: obligation, name, last_name, email, phone, rfc, representative, qualifiedCertificate, creditBureau, agendaProperties {rfc, paternalLastName, maternalLastName, birthDate, zipcode, state, street, city, suburb}. Example: ${JSON_EXAMPLE}.`,
	},
	{
		displayName: 'Spectators (JSON)',
		name: 'spectatorsJson',
		type: 'json',
		default: '[]',
		displayOptions: { show: { signersInputMode: ['json'] } },
		description:
			'Array of spectators: [{"name": "Auditor", "email": "audit@example.com", "phone": ""}]',
	},
];
