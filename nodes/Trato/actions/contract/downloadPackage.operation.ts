import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fileNameFromDisposition, maxFileBytes, requireFieldName } from '../../helpers/files';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, maxFileSizeOption, optionsCollection } from '../../descriptions/common';
import { requestFile } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Download Package',
	value: 'downloadPackage',
	description: 'Download all documents of a contract as one zip file',
	action: 'Download all contract documents as zip file',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the zip file in',
		description:
			"Name of the binary field on the output item that receives the zip with the contract's documents (signed PDF, NOM-151 certificate, videos and attachments once signed)",
	},
	optionsCollection(maxFileSizeOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['downloadPackage'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const field = requireFieldName(this, itemIndex, 'binaryPropertyName', 'Put Output File in Field');
	// Spec 4.24: POST (never retried by the transport); the answer is the zip itself.
	const maxBytes = maxFileBytes(this, itemIndex);
	const response = await requestFile.call(
		this,
		'contractPackage',
		{ contractId },
		{ itemIndex, maxBytes },
	);
	const data = response.data;
	const fileName =
		fileNameFromDisposition(response.headers['content-disposition']) ??
		`contract-${contractId}.zip`;
	const binary = await this.helpers.prepareBinaryData(data, fileName, 'application/zip');
	return [
		{
			json: {
				contractId,
				fileName,
				mimeType: binary.mimeType,
				fileSize: data.length,
				binaryField: field,
			},
			binary: { [field]: binary },
		},
	];
}
