import type { INodeProperties } from 'n8n-workflow';

/** Fields used by several operations, defined once. Visibility is attached with updateDisplayOptions. */

export const contractIdLocator: INodeProperties = {
	displayName: 'Contract',
	name: 'contractId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The contract to work on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a contract...',
			typeOptions: { searchListMethod: 'searchContracts', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e5f',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*[^\\s/?#]+\\s*$', errorMessage: 'A contract ID has no spaces, slashes, "?" or "#"' },
				},
			],
		},
	],
};

export const templateIdLocator: INodeProperties = {
	displayName: 'Template',
	name: 'templateId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The template the contract is created from',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a template...',
			typeOptions: { searchListMethod: 'searchTemplates', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. tpl0lease0residential00001',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*\\S{25}\\s*$', errorMessage: 'A template ID has exactly 25 characters' },
				},
			],
		},
	],
};

export const participantIdLocator: INodeProperties = {
	displayName: 'Participant',
	name: 'participantId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A participant (signer) of the chosen contract',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a participant...',
			typeOptions: { searchListMethod: 'searchParticipants', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e60',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*[^\\s/?#]+\\s*$', errorMessage: 'A participant ID has no spaces, slashes, "?" or "#"' },
				},
			],
		},
	],
};

export const returnAll: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limit: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

export const inputBinaryField: INodeProperties = {
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field containing the file to be uploaded',
	description: 'Name of the binary field on the input item that holds the file',
};

export const concurrencyOption: INodeProperties = {
	displayName: 'Concurrency',
	name: 'concurrency',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 16 },
	default: 1,
	description:
		'How many items to process at the same time. Output order and item pairing are kept. Raise it for large batches; lower it if the service rate-limits you.',
};
