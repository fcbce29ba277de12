import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection, templateIdLocator } from './common';
import { configurationFields } from './configure';
import { booleanField } from './fieldBuilders';

/**
 * Fields of Contract → Create From Template and Send: the template, the contract's name and External ID, the
 * signers by role and the variables (a mapper of the template's own fields, typed by hand, or JSON), the sending
 * options of Configure (4.4) and Return Signing Links.
 */

const inMode = (...inputMode: string[]) => ({ show: { inputMode } });

/** What the Template Fields mapper says instead of fields (methods/resourceMapping.ts `getTemplateFields`). */
export const TEMPLATE_FIELDS_NOTICES = {
	noTemplate: 'Choose a template to see its roles and variables here.',
	expression:
		'The template is an expression: its roles and variables are known only when the node runs. Set Input Mode to "Define Below" or "JSON" and give them by name.',
	noContractYet:
		'No contract has been made from this template yet, and TRATO shows a template\'s roles and variables only on its contracts. Set Input Mode to "Define Below" and type the roles and variable references as the template names them (the run checks them on the contract it creates), or create one contract from this template (Contract → Create) and open this list again.',
};

const text = (
	displayName: string,
	name: string,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties => ({ displayName, name, type: 'string', default: '', description, ...extra });

/** Configure's fields (4.4) but those shown on their own (name, External ID) and the deprecated webhook. */
const SENDING_OPTIONS = configurationFields.filter(
	(field) => !['name', 'externalId', 'webhook'].includes(field.name),
);

export const templateSendFields: INodeProperties[] = [
	{
		...templateIdLocator,
		description:
			'The template the contract is made from. Pick it from the list, or copy its ID from the templates page of the TRATO web app.',
	},
	text(
		'Contract Name',
		'name',
		"Name shown to the signers. Leave empty to keep the template's name.",
		{ placeholder: 'e.g. Lease Av. Reforma 222' },
	),
	text(
		'External ID',
		'externalId',
		'Your reference for the contract, e.g. a CRM ID. When set, a run first looks for a contract of this template that this workflow made for it (marked on the contract with a key of the credential; contracts others made with the same External ID are ignored): a draft a failed run left is finished and sent, one already sent is returned (outcome "alreadySent"), so none is created or sent twice, also when two runs overlap. Empty: always a new contract.',
		{ placeholder: 'e.g. {{ $json.dealId }}' },
	),
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		default: 'mapper',
		options: [
			{
				name: 'Define Below',
				value: 'pairs',
				description: 'Roles and variable references typed by name',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Signers and variables as JSON keyed by role, e.g. from an AI agent',
			},
			{
				name: 'Map Template Fields',
				value: 'mapper',
				description: "A form with the template's roles and variables",
			},
		],
		description: 'How to give the signers and the variables',
	},
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['templateId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getTemplateFields',
				mode: 'add',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
		displayOptions: inMode('mapper'),
		description:
			'Each role\'s signer (Name and Email needed), then its variables by their name in the document: an image takes the name of an input binary field, a dynamic table JSON {"headers": [...], "rows": [{"cols": [...]}]} or {} to remove it. Empty fields are not sent. Read from the newest contract of the template.',
	},
	{
		displayName: 'Signers',
		name: 'signers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Signer',
		default: {},
		displayOptions: inMode('pairs'),
		description: 'One signer for every role of the template',
		options: [
			{
				displayName: 'Signer',
				name: 'signer',
				values: [
					text('Role', 'role', "The participant's label in the template", {
						required: true,
						placeholder: 'e.g. Landlord',
					}),
					text('Name', 'name', 'Name of the person; the company name for a legal entity', {
						required: true,
					}),
					text('Last Name', 'lastName', 'Last name(s) of a person; joined to the name'),
					text('Email', 'email', 'Email address of the signer', {
						required: true,
						placeholder: 'e.g. name@example.com',
					}),
					text('Phone', 'phone', 'Mobile number with country code; needed to notify by SMS', {
						placeholder: 'e.g. +525512345678',
					}),
					text('Representative', 'representative', 'Legal representative of a legal entity'),
				],
			},
		],
	},
	{
		displayName: 'Variables',
		name: 'variables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		displayOptions: inMode('pairs'),
		description: "Values for the template's variables; the others keep the template's",
		options: [
			{
				displayName: 'Variable',
				name: 'variable',
				values: [
					text(
						'Role',
						'role',
						'The role the variable belongs to; needed only when two roles have a variable of that reference',
						{ placeholder: 'e.g. Tenant' },
					),
					text('Reference', 'reference', 'Reference of the variable as the template names it', {
						required: true,
						placeholder: 'e.g. tenant_name',
					}),
					text(
						'Value',
						'value',
						'Text for a text variable; the name of the input binary field holding the picture for an image; JSON {"headers": [...], "rows": [{"cols": [...]}]} for a dynamic table, or {} to remove it',
					),
				],
			},
		],
	},
	{
		displayName: 'Signers (JSON)',
		name: 'signersJson',
		type: 'json',
		default: '{}',
		required: true,
		displayOptions: inMode('json'),
		description:
			'An object keyed by role, e.g. {"Landlord": {"name": "Jane", "lastName": "Doe", "email": "jane@example.com"}} (also phone, representative)',
	},
	{
		displayName: 'Variables (JSON)',
		name: 'variablesJson',
		type: 'json',
		default: '{}',
		required: true,
		displayOptions: inMode('json'),
		description:
			'An object keyed by role, e.g. {"Tenant": {"tenant_name": "John Smith"}}, or by reference when one role has it. An image: an input binary field\'s name, or Base64; a table: {"headers": [...], "rows": [...]}.',
	},
	booleanField(
		'Return Signing Links',
		'showSignLinks',
		"Whether to output each signer's personal signing link (signUrl), for example to send it through your own channel. Treat the links like passwords.",
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: "Configure's options, sent right after the creation; only the fields you add",
		options: SENDING_OPTIONS,
	},
	optionsCollection(),
];
