import type { IExecuteFunctions } from 'n8n-workflow';

import { fileNameFromDisposition, fileNameFromUrl } from '../helpers/files';
import { send } from './pipeline';

/** A file fetched from a user's File URL: its bytes and what its host said about it. */
export interface ForeignFile {
	data: Buffer;
	/** The answer's Content-Type without parameters: a hint only, the bytes decide what the file is. */
	contentType?: string;
	/** From Content-Disposition, else the last path segment when it has an extension. */
	fileName?: string;
}

/**
 * Fetches a file from an address a user or an AI agent gave (Create's and Create With Signers' File URL) through
 * n8n's `httpRequest`: never with the TRATO credential, on no hop (target `foreign`, pipeline.ts), redirects
 * followed by hand, read as a stream up to `maxBytes` (a `Content-Length` over it is refused before reading).
 */
export async function fetchForeignFile(
	this: IExecuteFunctions,
	url: URL,
	options: { itemIndex: number; maxBytes: number },
): Promise<ForeignFile> {
	const response = await send.call(this, {
		method: 'GET',
		target: 'foreign',
		address: url.toString(),
		retry: 'safe',
		file: true,
		itemIndex: options.itemIndex,
		maxBytes: options.maxBytes,
	});
	return {
		data: response.body as Buffer,
		contentType: response.headers['content-type']?.split(';')[0].trim() || undefined,
		fileName:
			fileNameFromDisposition(response.headers['content-disposition']) ??
			(fileNameFromUrl(response.url, '') || undefined),
	};
}
