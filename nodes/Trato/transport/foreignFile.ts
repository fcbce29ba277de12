import type { IExecuteFunctions } from 'n8n-workflow';

import { fileNameFromDisposition } from '../helpers/files';
import { fileNameFromFileUrl } from '../helpers/fileUrl';
import type { ByteSink } from './body';
import { send } from './pipeline';

/** What a File URL's host said about the file it sent (its bytes went to the caller's sink). */
export interface ForeignFile {
	/** The answer's Content-Type without parameters: a hint only, the bytes decide what the file is. */
	contentType?: string;
	/** From Content-Disposition, else the last path segment when it is a real file name (not a link's key). */
	fileName?: string;
}

/**
 * Fetches a file from an address a user or an AI agent gave (Create's and Create With Signers' File URL) through
 * n8n's `httpRequest`: never with the TRATO credential, on no hop (target `foreign`, pipeline.ts), redirects
 * followed by hand, read as a stream up to `maxBytes` (a `Content-Length` over it is refused before reading) and
 * within the time limits (limits.ts), its bytes handed to `sink` as they arrive.
 */
export async function fetchForeignFile(
	this: IExecuteFunctions,
	url: URL,
	options: { itemIndex: number; maxBytes: number; sink: ByteSink },
): Promise<ForeignFile> {
	const response = await send.call(this, {
		method: 'GET',
		target: 'foreign',
		address: url.toString(),
		retry: 'safe',
		file: true,
		itemIndex: options.itemIndex,
		maxBytes: options.maxBytes,
		sink: options.sink,
	});
	return {
		contentType: response.headers['content-type']?.split(';')[0].trim() || undefined,
		fileName:
			fileNameFromDisposition(response.headers['content-disposition']) ??
			fileNameFromFileUrl(response.url),
	};
}
