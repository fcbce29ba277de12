import type { INodeProperties } from 'n8n-workflow';

import { booleanField } from './fieldBuilders';

/** A Create V2 participant as the Participants collection shows it, with its signature boxes (trato-notes). */

export const text = (
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

const number = (
	displayName: string,
	name: string,
	value: number,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	default: value,
	typeOptions: { minValue: 0 },
	description,
	...extra,
});

/** One signature box of a participant: where on which page the signature goes, in PDF points. */
const signatureBoxValues: INodeProperties[] = [
	number('Page', 'page', 1, 'Page of the document the signature goes on', {
		typeOptions: { minValue: 0, numberPrecision: 0 },
	}),
	number(
		'Top',
		'top',
		0,
		"Distance of the box's top edge from the top of the page, in PDF points (a Letter page is 792 points high)",
	),
	number(
		'Left',
		'left',
		0,
		"Distance of the box's left edge from the left of the page, in PDF points (a Letter page is 612 points wide)",
	),
	number('Width', 'width', 150, 'Width of the signature box, in PDF points'),
	number('Height', 'height', 75, 'Height of the signature box, in PDF points'),
	{
		displayName: 'Custom Size',
		name: 'customSize',
		type: 'boolean',
		default: true,
		description: 'Whether TRATO uses this Width and Height instead of its own box size',
	},
];

const creditBureauOnly = { show: { creditBureau: [true] } };

export const participantValues: INodeProperties[] = [
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
		description: 'Whether the participant is a person or signs for a company',
	},
	text('Name', 'name', 'First name(s) of the person, or the company name for a legal entity', {
		required: true,
	}),
	text('Last Name', 'lastName', 'Last name(s) of the person', {
		required: true,
		displayOptions: { show: { obligation: ['individual'] } },
	}),
	text('Email', 'email', 'Email address the signing invitation is sent to', {
		required: true,
		placeholder: 'e.g. name@example.com',
	}),
	text('Role', 'label', 'The role of the participant in the contract, shown by TRATO', {
		placeholder: 'e.g. Landlord',
	}),
	{
		displayName: 'Signature Boxes',
		name: 'signatures',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Signature Box',
		default: {},
		description:
			"Where the participant's signature goes: page and position, in PDF points from the page's top-left corner",
		options: [
			{
				displayName: 'Signature Box',
				name: 'box',
				values: signatureBoxValues,
			},
		],
	},
	text(
		'Phone',
		'phone',
		'Mobile number with country code. Required when notifications go by SMS.',
		{ placeholder: 'e.g. +525512345678' },
	),
	booleanField(
		'Does Not Sign',
		'isNotSigner',
		'Whether the participant takes part without signing (at least one participant must sign)',
	),
	booleanField(
		'Cannot Negotiate',
		'isNotNegotiator',
		'Whether the participant may not negotiate the contract',
	),
	booleanField(
		'Request Agreement (Shield-3)',
		'requestAgreement',
		"Whether the participant must agree to the contract's Shield-3 Statement",
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
		{ displayOptions: { show: { obligation: ['legal'] } } },
	),
	booleanField(
		'Qualified Certificate',
		'qualifiedCertificate',
		'Whether the participant signs with a qualified certificate (needs the RFC)',
	),
	booleanField(
		'Credit Bureau Check',
		'creditBureau',
		'Whether to run a credit-bureau check on the participant (needs the RFC and every Agenda Properties field)',
	),
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
