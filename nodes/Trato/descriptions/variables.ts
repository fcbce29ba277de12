import type { INodeProperties } from 'n8n-workflow';

import { contractIdLocator, optionsCollection, participantIdLocator } from './common';

/** Fields of "Variable → Set" (spec 4.6): a mapper, reference/value pairs or JSON, plus dynamic tables. */

const inMode = (...inputMode: string[]) => ({ show: { inputMode } });

export const setVariablesFields: INodeProperties[] = [
	contractIdLocator,
	participantIdLocator,
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		default: 'mapper',
		options: [
			{
				name: 'Define Below (Reference/Value Pairs)',
				value: 'pairs',
				description:
					'Type each variable reference with its value; use it when the contract comes from an expression',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'One JSON object {reference: value} sent as it is',
			},
			{
				name: 'Map Each Variable',
				value: 'mapper',
				description: 'A form with the variables of the chosen contract and participant',
			},
		],
		description: 'How to give the variable values',
	},
	{
		displayName: 'Variables',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['contractId.value', 'participantId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getVariableColumns',
				mode: 'add',
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: true,
			},
		},
		displayOptions: inMode('mapper'),
		description:
			'The text and image variables of the participant, by their name in the document. For an image variable, enter the name of the input binary field holding the picture. Empty fields are not sent. Automatic mapping uses input fields named like the variable references.',
	},
	{
		displayName: 'Text Variables',
		name: 'textVariables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Text Variable',
		default: {},
		displayOptions: inMode('pairs'),
		options: [
			{
				displayName: 'Variable',
				name: 'variable',
				values: [
					{
						displayName: 'Reference',
						name: 'reference',
						type: 'string',
						default: '',
						placeholder: 'e.g. tenant_name',
						description: 'Reference of the variable (see "Variable → Get Many")',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'Text to put in the document',
					},
				],
			},
		],
	},
	{
		displayName: 'Image Variables',
		name: 'imageVariables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Image Variable',
		default: {},
		displayOptions: inMode('pairs'),
		options: [
			{
				displayName: 'Image',
				name: 'image',
				values: [
					{
						displayName: 'Reference',
						name: 'reference',
						type: 'string',
						default: '',
						placeholder: 'e.g. property_photo',
						description: 'Reference of the image variable',
					},
					{
						displayName: 'Input Binary Field',
						name: 'binaryPropertyName',
						type: 'string',
						default: 'data',
						description:
							'Name of the input binary field holding the picture (PNG, JPEG, GIF or WebP)',
					},
				],
			},
		],
	},
	{
		displayName: 'Dynamic Tables',
		name: 'tables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Dynamic Table',
		default: {},
		displayOptions: inMode('mapper', 'pairs'),
		options: [
			{
				displayName: 'Table',
				name: 'table',
				values: [
					{
						displayName: 'Reference',
						name: 'reference',
						type: 'string',
						default: '',
						placeholder: 'e.g. rent_schedule',
						description: 'Reference of the dynamic table variable',
					},
					{
						displayName: 'Table Action',
						name: 'tableAction',
						type: 'options',
						default: 'text',
						options: [
							{
								name: 'Remove Table',
								value: 'remove',
								description: 'Make the table absent from the contract',
							},
							{
								name: 'Set From Headers and Rows',
								value: 'text',
								description:
									'Headers separated by commas, one row per line with cells separated by |',
							},
							{
								name: 'Set From JSON',
								value: 'json',
								description:
									'{"headers": [...], "rows": [{"cols": [...]}]} or rows as arrays of cells',
							},
						],
					},
					{
						displayName: 'Table Headers',
						name: 'headers',
						type: 'string',
						default: '',
						placeholder: 'e.g. Month, Amount',
						displayOptions: { show: { tableAction: ['text'] } },
						description: 'Column titles separated by commas',
					},
					{
						displayName: 'Table JSON',
						name: 'tableJson',
						type: 'json',
						default: '{\n  "headers": [],\n  "rows": []\n}',
						required: true,
						displayOptions: { show: { tableAction: ['json'] } },
					},
					{
						displayName: 'Table Rows',
						name: 'rows',
						type: 'string',
						typeOptions: { rows: 5 },
						default: '',
						placeholder: 'January | 12000\nFebruary | 12000',
						displayOptions: { show: { tableAction: ['text'] } },
						description: 'One row per line; cells separated by "|", as many as there are headers',
					},
				],
			},
		],
	},
	{
		displayName: 'Variables (JSON)',
		name: 'variablesJson',
		type: 'json',
		default: '{\n  "reference": "value"\n}',
		required: true,
		displayOptions: inMode('json'),
		description:
			'Object whose keys are variable references: text as a string, an image as a Base64 string, a dynamic table as {"headers": [...], "rows": [{"cols": [...]}]} or {} to remove it',
	},
	optionsCollection(),
];
