import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_FILE_MB } from '../helpers/files';
import { recordLocator } from './fieldBuilders';

/** Fields used by several operations, defined once. Visibility is attached with updateDisplayOptions. */

export const contractIdLocator: INodeProperties = recordLocator({
	displayName: 'Contract',
	name: 'contractId',
	description: 'The contract to work on',
	noun: 'contract',
	searchListMethod: 'searchContracts',
	idPlaceholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e5f',
});

export const templateIdLocator: INodeProperties = recordLocator({
	displayName: 'Template',
	name: 'templateId',
	description: 'The template the contract is created from',
	noun: 'template',
	searchListMethod: 'searchTemplates',
	idPlaceholder: 'e.g. 67878720c4e6a1f3b9d20a11',
});

export const participantIdLocator: INodeProperties = recordLocator({
	displayName: 'Participant',
	name: 'participantId',
	description: 'A participant (signer) of the chosen contract',
	noun: 'participant',
	searchListMethod: 'searchParticipants',
	idPlaceholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e60',
});

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

/**
 * n8n's "Simplify" (name, label and description as n8n's own nodes have them), on the operations whose records are
 * large (api-notes O1–O4): the simplified record of helpers/simplify.ts, or every field. Its default differs per
 * node version: operations spread `perVersion(simplifyField, 'simplify')` (actions/versions.ts).
 */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
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

const concurrencyOption: INodeProperties = {
	displayName: 'Concurrency',
	name: 'concurrency',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 16 },
	default: 1,
	description:
		'How many items to process at the same time. Output order and item pairing are kept. Raise it for large batches; lower it if TRATO rate-limits you.',
};

/**
 * "Max File Size (MB)", for the Options of every operation that downloads a file: read with helpers/files.ts
 * `maxFileBytes(ctx, itemIndex)` and passed to the transport as `maxBytes` (download, requestFile). A larger file
 * fails with a sentence instead of filling n8n's memory.
 */
export const maxFileSizeOption: INodeProperties = {
	displayName: 'Max File Size (MB)',
	name: 'maxFileSize',
	type: 'number',
	typeOptions: { minValue: 0.01, numberPrecision: 2 },
	default: DEFAULT_MAX_FILE_MB,
	description:
		'Largest file the node downloads, in megabytes; a larger one fails with an error instead of filling the memory of n8n, which holds each file in memory while it downloads it',
};

/**
 * The "Options" collection of an operation: Concurrency (read by the router for every operation) plus the
 * operation's own options, alphabetized by display name as n8n's lint wants for collection items.
 */
export function optionsCollection(...extra: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [concurrencyOption, ...extra].sort((a, b) =>
			a.displayName.localeCompare(b.displayName, 'en'),
		),
	};
}

/** Source of a new contract (create and Create V2, spec 4.1 and 4.2). */
export const documentSourceField: INodeProperties = {
	displayName: 'Source',
	name: 'source',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'File URL',
			value: 'url',
			description:
				'A PDF or Word (.docx) file downloaded from a web address, such as a presigned S3 or Google Cloud Storage link; whether it is a PDF or Word is told from the file',
		},
		{
			name: 'PDF',
			value: 'pdf',
			description: 'A PDF file from an input binary field (kept exactly as it is)',
		},
		{
			name: 'Template',
			value: 'template',
			description: 'A template stored in your TRATO account',
		},
		{
			name: 'Word',
			value: 'word',
			description:
				'A Word (.docx) file from an input binary field; TRATO converts it to PDF, which can change its layout',
		},
	],
	default: 'template',
	description: 'What the contract is made from',
};

/** The address of a File URL source (helpers/fileUrl.ts reads and checks it; an AI agent can fill it). */
export const fileUrlField: INodeProperties = {
	displayName: 'File URL',
	name: 'fileUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. https://files.example.com/lease.pdf',
	description:
		'Web address (https:// or http://) of the PDF or Word (.docx) file, e.g. a presigned S3, Google Cloud Storage or Drive download link. n8n downloads it without your TRATO credential, up to Max File Size (in Options); a web page, an image or a legacy .doc file is refused before anything reaches TRATO. A Word file is converted to PDF by TRATO.',
	displayOptions: { show: { source: ['url'] } },
};

/** Max File Size (MB) in a Create operation's Options: the limit of a File URL download, shown for that source only. */
export const fileUrlMaxSizeOption: INodeProperties = {
	...maxFileSizeOption,
	description:
		'Largest file the node downloads from the File URL, in megabytes; a larger one fails with an error before anything reaches TRATO (n8n holds the file in memory to send it)',
	displayOptions: { show: { '/source': ['url'] } },
};

/** Shown before a Word file is sent: the service converts it, and the PDF signers see can differ from the file. */
export const wordConversionNotice: INodeProperties = {
	displayName:
		'TRATO converts the Word file to PDF, and fonts or layout can change. Check the converted PDF (its address is in the output of Contract → Get) before sending, or use a PDF to keep the layout exactly.',
	name: 'wordConversionNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { source: ['word'] } },
};
