import type {
	IBinaryData,
	IExecuteFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { DOCX_MIME } from '../helpers/binary';
import { fileNameFromDisposition, lastPathSegment } from '../helpers/files';
import { send } from './pipeline';

const EXTENSION_MIME: Record<string, string> = {
	pdf: 'application/pdf',
	webm: 'video/webm',
	zip: 'application/zip',
	docx: DOCX_MIME,
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	json: 'application/json',
	xml: 'application/xml',
};

function mimeTypeFromFileName(fileName: string): string | undefined {
	const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
	return EXTENSION_MIME[ext];
}

export interface DownloadOptions {
	itemIndex?: number;
	/** File name when the response names none. */
	fileName?: string;
	mimeType?: string;
	/** The most bytes the file may have ("Max File Size (MB)", helpers/files.ts `maxFileBytes`); default 100 MB. */
	maxBytes?: number;
}

/**
 * Downloads a file address the API returned (signed PDF, certificate, video, {base_url}/uploads/<id>) as n8n
 * binary data. The pipeline sends the credentials only to the Base URL's origin; any other origin (the upload
 * URL, a storage bucket, a redirect target) is fetched without them.
 */
export async function download(
	this: IExecuteFunctions | IPollFunctions | IWebhookFunctions,
	fileUrl: string,
	options: DownloadOptions = {},
): Promise<IBinaryData> {
	const response = await send.call(this, {
		method: 'GET',
		target: 'file',
		address: fileUrl,
		retry: 'safe',
		file: true,
		itemIndex: options.itemIndex,
		maxBytes: options.maxBytes,
	});
	const headers = response.headers;
	const data = response.body as Buffer;
	const fileName =
		fileNameFromDisposition(headers['content-disposition']) ??
		options.fileName ??
		lastPathSegment(response.url) ??
		'file';
	const contentType = headers['content-type']?.split(';')[0].trim();
	const mimeType =
		options.mimeType ??
		(contentType && contentType !== 'application/octet-stream' ? contentType : undefined) ??
		mimeTypeFromFileName(fileName) ??
		'application/octet-stream';
	const binary = await this.helpers.prepareBinaryData(data, fileName, mimeType);
	// The exact size, under the name n8n 2.x gives it (n8n 1.x keeps only the "48.2 kB" text).
	binary.bytes ??= data.length;
	return binary;
}
