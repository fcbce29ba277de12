import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { inputBinaryField } from './common';

/** Upload fields shared by participant attachments (spec 4.9) and confidential attachments (4.12). */

const fields: INodeProperties[] = [
	{
		...inputBinaryField,
		description:
			'Name of the binary field on the input item that holds the PDF or Word (.docx) file',
	},
	{
		displayName: 'Attachment Name',
		name: 'attachmentName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Proof of address',
		description: 'Name of the attachment as it is shown in the contract',
	},
	{
		displayName: 'Document Type',
		name: 'documentType',
		type: 'options',
		default: 'auto',
		options: [
			{
				name: 'Auto-Detect',
				value: 'auto',
				description:
					'Recognise PDF or Word from the file content, else from its MIME type or file extension',
			},
			{
				name: 'PDF',
				value: 'pdf',
			},
			{
				name: 'Word (.docx)',
				value: 'docx',
				description: 'TRATO converts it to PDF',
			},
		],
		description: 'Type of the file. Choose one only when auto-detection cannot recognise the file.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. proof-of-address.pdf',
				description:
					'File name stored with the attachment. Default: the file name of the input binary.',
			},
			{
				displayName: 'Required',
				name: 'required',
				type: 'boolean',
				default: false,
				description: 'Whether the attachment is required for signing',
			},
			{
				displayName: 'Validated',
				name: 'validated',
				type: 'boolean',
				default: false,
				description: 'Whether the attachment is marked as already validated',
			},
		],
	},
];

/** The attachment fields (binary field, name, document type, additional fields) shown for the given resource/operation. */
export function attachmentFields(show: NonNullable<IDisplayOptions['show']>): INodeProperties[] {
	return updateDisplayOptions({ show }, fields);
}
