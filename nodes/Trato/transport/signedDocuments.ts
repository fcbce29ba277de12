import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { type SignedFileAddresses, signedDocumentFiles } from '../helpers/answers';
import { fileNameFromUrl } from '../helpers/files';
import { FileTooLargeError } from './body';
import { tratoRefused } from './errors';
import { download } from './download';
import { request } from './request';

/**
 * The one reader of a contract's signed documents (spec 4.11) and its two files, for every caller: Get Signed
 * Documents, Finalize, both triggers. It never throws: it answers what it read and what failed, typed, and the
 * caller decides what a failure means (fail the item, put it on the item, or fail a poll so it is tried again).
 */

/** Every context that may download files (n8n's `prepareBinaryData`). */
type FileContext = IExecuteFunctions | IPollFunctions | IWebhookFunctions;

/** Where the signed files go: their binary fields and the largest file accepted. */
export interface SignedFileFields {
	/** The signed PDF's binary field ("Put PDF in Field", "Put Contract in Field"). */
	pdfField: string;
	/** The NOM-151 certificate's binary field ("Put Certificate in Field"). */
	certificateField: string;
	/** Max File Size (MB) in bytes, checked before any request. */
	maxBytes: number;
}

/** What failed. */
export interface SignedDocumentsFailure {
	error: Error;
	/** `record`: the signed documents record could not be read; `file`: one of its files could not be downloaded. */
	during: 'record' | 'file';
	/**
	 * Whether asking again gives the same answer: TRATO (or the file host) refused with a 4xx other than 429, or the
	 * file is over Max File Size. Otherwise (5xx, 429, no answer) it is transient.
	 */
	permanent: boolean;
}

export interface SignedFiles {
	/** The files' addresses. */
	addresses: SignedFileAddresses;
	/** The files downloaded, in order (the PDF first), up to the first failure. */
	binary: Record<string, IBinaryData>;
	/** Which field holds which file, under the names the actions output (`binaryFields`). */
	binaryFields: { signedContract?: string; certificate?: string };
	failure?: SignedDocumentsFailure;
}

export interface SignedDocuments extends SignedFiles {
	/** The record as TRATO answered it; undefined when it could not be read (`failure.during` is `record`). */
	record?: IDataObject;
}

export interface ReadSignedDocumentsOptions {
	/** Download the files into these fields; without it only the record is read. */
	download?: SignedFileFields;
	/** The documents as signed so far (Get Signed Documents' option); the triggers and Finalize read the final ones. */
	partial?: boolean;
	itemIndex?: number;
	/** The hint of a refusal (the operation's words). */
	hint?: string;
}

/**
 * A failure that will not change by asking again: a refusal, judged by TRATO's answer as everywhere in the pack
 * (`tratoRefused`: a 4xx other than 408 and 429, or HTTP 200 with `success: false`; api-notes S1), or a file over
 * Max File Size.
 */
function isPermanent(error: unknown): boolean {
	return error instanceof FileTooLargeError || tratoRefused(error);
}

const failure = (error: unknown, during: 'record' | 'file'): SignedDocumentsFailure => ({
	error: error as Error,
	during,
	permanent: isPermanent(error),
});

/**
 * The signed documents record (4.11) and, with `download`, the signed PDF and the NOM-151 certificate (when the
 * record names one) as binary data, through the transport (credentials only on the API's origin).
 */
export async function readSignedDocuments(
	this: FileContext,
	contractId: string,
	options: ReadSignedDocumentsOptions = {},
): Promise<SignedDocuments> {
	const { itemIndex } = options;
	let record: IDataObject;
	try {
		record = await request.call(
			this,
			'contractDocuments',
			{ contractId },
			{ qs: { partial: options.partial === true }, itemIndex, hint: options.hint },
		);
	} catch (error) {
		return { addresses: {}, binary: {}, binaryFields: {}, failure: failure(error, 'record') };
	}
	const files = signedDocumentFiles(record);
	return {
		record,
		...(await downloadSignedFiles.call(this, contractId, files, options.download, itemIndex)),
	};
}

/**
 * The signed PDF and the NOM-151 certificate from their addresses (the record's, or those Finalize answered), each
 * into its field, named after its address (else `<contract id>-signed.pdf`, `<contract id>-nom151-certificate.pdf`).
 * Stops at the first failure; without `fields`, downloads nothing.
 */
export async function downloadSignedFiles(
	this: FileContext,
	contractId: string,
	addresses: SignedFileAddresses,
	fields?: SignedFileFields,
	itemIndex?: number,
): Promise<SignedFiles> {
	const out: SignedFiles = { addresses, binary: {}, binaryFields: {} };
	if (!fields) return out;
	const files = [
		[addresses.signedPdf, fields.pdfField, 'signedContract', `${contractId}-signed.pdf`],
		[
			addresses.nom151Certificate,
			fields.certificateField,
			'certificate',
			`${contractId}-nom151-certificate.pdf`,
		],
	] as const;
	for (const [url, field, role, fallbackName] of files) {
		if (!url) continue;
		try {
			out.binary[field] = await download.call(this, url, {
				itemIndex,
				fileName: fileNameFromUrl(url, fallbackName),
				maxBytes: fields.maxBytes,
			});
		} catch (error) {
			out.failure = failure(error, 'file');
			return out;
		}
		out.binaryFields[role] = field;
	}
	return out;
}
