import type { INodeProperties } from 'n8n-workflow';

/**
 * The fields that put a contract's signed files on the output item (Contract → Get Signed Documents and Finalize):
 * Download Files and the binary field of the signed contract and of the NOM-151 certificate.
 */
export function signedFileFields(whatIsDownloaded: string): INodeProperties[] {
	const showWhenDownloading = { show: { downloadFiles: [true] } };
	return [
		{
			displayName: 'Download Files',
			name: 'downloadFiles',
			type: 'boolean',
			default: false,
			description: `Whether to download ${whatIsDownloaded} as files on the output item, instead of returning only their addresses`,
		},
		{
			displayName: 'Put Contract in Field',
			name: 'contractBinaryField',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: showWhenDownloading,
			description: 'Name of the output binary field for the signed contract PDF',
		},
		{
			displayName: 'Put Certificate in Field',
			name: 'certificateBinaryField',
			type: 'string',
			default: 'certificate',
			required: true,
			displayOptions: showWhenDownloading,
			description:
				'Name of the output binary field for the NOM-151 certificate PDF (only present when the contract was configured with "Include NOM-151 Certificate" on)',
		},
	];
}

/**
 * Download Signed PDF's two fields in both triggers' Options (in the options' alphabetical place), read by
 * helpers/files.ts `triggerFileFields`: the binary fields of the NOM-151 certificate and of the signed PDF.
 */
export const triggerFileFieldOptions: INodeProperties[] = [
	{
		displayName: 'Put Certificate in Field',
		name: 'certificateBinaryPropertyName',
		type: 'string',
		default: 'certificate',
		description:
			'Name of the binary field that receives the NOM-151 certificate (used with Download Signed PDF only)',
	},
	{
		displayName: 'Put PDF in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		description:
			'Name of the binary field that receives the signed PDF (used with Download Signed PDF only)',
	},
];
