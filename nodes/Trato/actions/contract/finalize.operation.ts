import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { finalizedFiles, otherContractFields } from '../../helpers/answers';
import { fileFacts } from '../../helpers/files';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, maxFileSizeOption, optionsCollection } from '../../descriptions/common';
import { signedFileFields } from '../../descriptions/signedFiles';
import { downloadSignedFiles, readSignedDocuments, request } from '../../transport';
import { readSignedFileFields } from './signedFiles';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Finalize',
	value: 'finalize',
	description: 'Finalize a signed contract',
	action: 'Finalize contract everyone has signed',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	...signedFileFields('the signed contract and the NOM-151 certificate TRATO answers with'),
	optionsCollection({
		...maxFileSizeOption,
		displayOptions: { show: { '/downloadFiles': [true] } },
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['finalize'] } },
	properties,
);

/** Spec 3 and 4.18: only from RECEIVED_SIGNED. */
const HINT =
	'Only a contract signed by every participant and not yet finalized (status "Signed", RECEIVED_SIGNED) can be finalized.';

/**
 * Finalize (4.18). TRATO answers `contract.downloadPdfUrl` (signed PDF) and `contract.nom151` (NOM-151
 * certificate), plain file addresses (trato-notes "What TRATO answers", H); an answer without them: the signed
 * documents record (4.11). The contract is finalized once TRATO said so: a failed read or download after it is
 * written on the item (`filesError`), never thrown (running the step again would be refused).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const downloadFiles = this.getNodeParameter('downloadFiles', itemIndex, false) as boolean;
	const fields = downloadFiles ? readSignedFileFields(this, itemIndex) : undefined;
	const response = await request.call(
		this,
		'contractFinalize',
		{ contractId },
		{ itemIndex, hint: HINT },
	);
	const json: IDataObject = {
		contractId,
		finalized: true,
		...otherContractFields(response, ['_id', 'downloadPdfUrl', 'nom151']),
	};
	// the files TRATO answered, else those of the signed documents record (4.11), read by the one reader
	const answered = finalizedFiles(response);
	const read =
		answered.signedPdf || answered.nom151Certificate
			? await downloadSignedFiles.call(this, contractId, answered, fields, itemIndex)
			: await readSignedDocuments.call(this, contractId, { itemIndex, download: fields });
	if (read.failure?.during === 'record') {
		json.filesError = `${FINALIZED}, but its files could not be read: ${read.failure.error.message}. ${GET_THEM}`;
		return [{ json }];
	}
	const { signedPdf, nom151Certificate } = read.addresses;
	json.signedPdfUrl = signedPdf ?? null;
	json.nom151CertificateUrl = nom151Certificate ?? null;
	if (!fields) return [{ json }];
	if (read.failure)
		json.filesError = `${FINALIZED}, but a file could not be downloaded: ${read.failure.error.message}. ${GET_THEM}`;
	else if (!signedPdf && !nom151Certificate)
		json.filesError = `${FINALIZED}, but TRATO named no file. ${GET_THEM}`;
	json.binaryFields = read.binaryFields;
	json.files = Object.entries(read.binary).map(([field, file]) => fileFacts(field, file));
	return [{ json, binary: read.binary }];
}

const FINALIZED = 'The contract was finalized';
const GET_THEM = 'Do not finalize it again; get the files with Contract → Get Signed Documents.';
