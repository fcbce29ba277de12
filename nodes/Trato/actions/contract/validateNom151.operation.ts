import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { flagOf } from '../../helpers/answers';
import { readInputFile } from '../../helpers/binary';
import { buildMultipart } from '../../helpers/multipart';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, inputBinaryField, optionsCollection } from '../../descriptions/common';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Validate NOM-151 Certificate',
	value: 'validateNom151',
	description: 'Check a NOM-151 certificate file against a contract',
	action: 'Check NOM-151 certificate file against contract',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		...inputBinaryField,
		hint: 'The name of the input binary field containing the NOM-151 certificate file',
		description:
			'Name of the binary field on the input item that holds the NOM-151 certificate, for example the "certificate" field of "Get Signed Documents" with "Download Files" on',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['validateNom151'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const field = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data'));
	const file = await readInputFile(this, itemIndex, field, 'the NOM-151 certificate');
	// Spec 4.19: the certificate as a multipart file part named "nom151".
	const multipart = buildMultipart([
		{
			name: 'nom151',
			data: file.buffer,
			fileName: file.fileName || 'nom151-certificate.pdf',
			contentType: file.mimeType || 'application/octet-stream',
		},
	]);
	const response = await request.call(
		this,
		'nom151Validate',
		{ contractId },
		{
			itemIndex,
			body: multipart.body,
			headers: { 'Content-Type': multipart.contentType },
			hint: 'Send the certificate file exactly as TRATO issued it, for the same contract.',
		},
	);
	// api-notes S13: data is null when the certificate is not valid.
	return {
		contractId,
		isValid: flagOf(response.isValid) === true,
		data: (response.data ?? null) as IDataObject | null,
		fileName: file.fileName ?? null,
	};
}
