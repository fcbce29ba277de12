import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fail, requireId } from '../../helpers/validate';
import { VariablesBody } from '../../helpers/variableInput';
import type { VariableKind } from '../../helpers/variables';
import { parseVariablesResponse } from '../../helpers/variables';
import { apiRequest } from '../../transport';
import { contractIdLocator, optionsCollection, participantIdLocator } from '../common.descriptions';

const inMode = (...inputMode: string[]) => ({ show: { inputMode } });

const properties: INodeProperties[] = [
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
		displayOptions: inMode('json'),
		description:
			'Object whose keys are variable references: text as a string, an image as a Base64 string, a dynamic table as {"headers": [...], "rows": [{"cols": [...]}]} or {} to remove it',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['variable'], operation: ['set'] } },
	properties,
);

const entries = (ctx: IExecuteFunctions, itemIndex: number, path: string): IDataObject[] =>
	(ctx.getNodeParameter(path, itemIndex, []) as IDataObject[]) ?? [];

/** Mapper values: the form's fields, or the input item's fields named like a variable reference (auto-map). */
async function fromMapper(
	this: IExecuteFunctions,
	itemIndex: number,
	contractId: string,
	participantId: string,
	out: VariablesBody,
) {
	const auto =
		this.getNodeParameter('columns.mappingMode', itemIndex, 'defineBelow') === 'autoMapInputData';
	const source = auto
		? this.getInputData()[itemIndex].json
		: ((this.getNodeParameter('columns.value', itemIndex, {}) as IDataObject | null) ?? {});
	const given = Object.entries(source).filter(([, value]) => value !== null && value !== undefined);
	if (given.length === 0 && entries(this, itemIndex, 'tables.table').length === 0) {
		fail(
			this,
			itemIndex,
			auto ? 'The input item has no field' : 'No variable to set',
			'Fill in at least one variable, or add a dynamic table.',
		);
	}
	if (given.length === 0) return;
	// The kind of each variable (text or image) decides how its value is read, so read the participant's variables.
	const response = await apiRequest.call(
		this,
		'GET',
		`/api/contract/variables/${encodeURIComponent(contractId)}`,
		{ itemIndex },
	);
	const participant = parseVariablesResponse(response, contractId).participants.find(
		(p) => p.participantId === participantId,
	);
	if (!participant) {
		fail(
			this,
			itemIndex,
			`Contract ${contractId} has no participant ${participantId}`,
			'Choose the participant from the list.',
		);
	}
	const kinds = new Map<string, VariableKind>(
		participant.variables.map((v) => [v.reference, v.kind]),
	);
	const known = `Its variables: ${[...kinds.keys()].join(', ') || 'none'}.`;
	for (const [reference, value] of given) {
		const kind = kinds.get(reference);
		if (kind === 'image') await out.image(reference, value);
		else if (kind === 'dynamictable') out.tableJson(reference, value);
		else if (kind === 'text') out.text(reference, value);
		else if (!auto) {
			fail(
				this,
				itemIndex,
				`The participant has no variable "${reference}"`,
				`${known} Open "Variables" and refresh the list (the contract may come from another template).`,
			);
		}
	}
	if (
		auto &&
		Object.keys(out.body).length === 0 &&
		entries(this, itemIndex, 'tables.table').length === 0
	) {
		fail(
			this,
			itemIndex,
			'No input field is named like a variable of this participant',
			`${known} Rename the input fields, or map each variable.`,
		);
	}
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const participantId = requireId(this, itemIndex, 'participantId', 'Participant');
	const mode = this.getNodeParameter('inputMode', itemIndex, 'mapper') as string;
	const out = new VariablesBody(this, itemIndex);
	if (mode === 'json') {
		const raw = this.getNodeParameter('variablesJson', itemIndex, '{}');
		let json: unknown = raw;
		try {
			if (typeof raw === 'string') json = JSON.parse(raw);
		} catch {
			fail(
				this,
				itemIndex,
				'Variables (JSON) is not valid JSON',
				'Enter an object such as {"tenant_name": "Ana López"}.',
			);
		}
		if (json === null || typeof json !== 'object' || Array.isArray(json)) {
			fail(
				this,
				itemIndex,
				'Variables (JSON) must be an object',
				'Enter an object whose keys are variable references, such as {"tenant_name": "Ana López"}.',
			);
		}
		for (const [reference, value] of Object.entries(json)) out.add(reference, value);
	} else {
		if (mode === 'pairs') {
			for (const v of entries(this, itemIndex, 'textVariables.variable'))
				out.text(v.reference, v.value);
			for (const v of entries(this, itemIndex, 'imageVariables.image'))
				await out.image(v.reference, v.binaryPropertyName);
		} else {
			await fromMapper.call(this, itemIndex, contractId, participantId, out);
		}
		out.tables(entries(this, itemIndex, 'tables.table'));
	}
	const references = Object.keys(out.body);
	if (references.length === 0) {
		fail(
			this,
			itemIndex,
			'No variable to set',
			'Give at least one variable value (or a dynamic table to set or remove).',
		);
	}
	await apiRequest.call(
		this,
		'POST',
		`/api/contract/variables/${encodeURIComponent(contractId)}/${encodeURIComponent(participantId)}`,
		{
			body: out.body,
			itemIndex,
			hint: 'Variables can be set only until someone signs the contract; "Variable → Get Many" lists the references of each participant.',
		},
	);
	return { contractId, participantId, set: references };
}
