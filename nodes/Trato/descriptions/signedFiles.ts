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
