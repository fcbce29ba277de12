import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { finalizedFiles, firstText, otherContractFields } from '../../helpers/answers';
import { maxFileBytes } from '../../helpers/files';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, maxFileSizeOption, optionsCollection } from '../../descriptions/common';
import { signedFileFields } from '../../descriptions/signedFiles';
import { request } from '../../transport';
import { ItemFiles, signedFileFieldNames } from './signedFiles';

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
	const fields = downloadFiles ? signedFileFieldNames(this, itemIndex) : undefined;
	const maxBytes = downloadFiles ? maxFileBytes(this, itemIndex) : 0;
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
	let urls: Array<string | undefined>;
	try {
		urls = await fileAddresses.call(this, response, contractId, itemIndex);
	} catch (error) {
		json.filesError = `${FINALIZED}, but its files could not be read: ${(error as Error).message}. ${GET_THEM}`;
		return [{ json }];
	}
	[json.signedPdfUrl, json.nom151CertificateUrl] = urls.map((url) => url ?? null);
	if (!fields) return [{ json }];
	const files = new ItemFiles(this, itemIndex, maxBytes);
	const binaryFields: IDataObject = {};
	try {
		if (await files.add(urls[0], fields.contract, `${contractId}-signed.pdf`))
			binaryFields.signedContract = fields.contract;
		if (await files.add(urls[1], fields.certificate, `${contractId}-nom151-certificate.pdf`))
			binaryFields.certificate = fields.certificate;
		if (!urls[0] && !urls[1])
			json.filesError = `${FINALIZED}, but TRATO named no file. ${GET_THEM}`;
	} catch (error) {
		json.filesError = `${FINALIZED}, but a file could not be downloaded: ${(error as Error).message}. ${GET_THEM}`;
	}
	json.binaryFields = binaryFields;
	json.files = files.facts();
	return [{ json, binary: files.binary }];
}

const FINALIZED = 'The contract was finalized';
const GET_THEM = 'Do not finalize it again; get the files with Contract → Get Signed Documents.';

/** The signed PDF and the certificate: from the answer, else from the signed documents record (4.11). */
async function fileAddresses(
	this: IExecuteFunctions,
	response: IDataObject,
	contractId: string,
	itemIndex: number,
): Promise<Array<string | undefined>> {
	const answered = finalizedFiles(response);
	if (answered.signedPdf || answered.nom151Certificate)
		return [answered.signedPdf, answered.nom151Certificate];
	const record = await request.call(this, 'contractDocuments', { contractId }, { itemIndex });
	return [
		firstText(record.documents, ['signed_contract']),
		firstText(record.documents, ['signed_certificate']),
	];
}
