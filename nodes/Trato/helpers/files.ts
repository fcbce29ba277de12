import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fail } from './validate';

/** File names and binary field names for files the node outputs. */

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` preferred over `filename=`). */
export function fileNameFromDisposition(disposition: string | undefined): string | undefined {
	if (!disposition) return undefined;
	const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition);
	if (star) {
		try {
			const decoded = decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
			if (decoded) return decoded;
		} catch {
			// malformed percent-encoding: fall back to the plain parameter
		}
	}
	const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
	const name = plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : '';
	return name ? name.split(/[\\/]/).pop() : undefined;
}

/** Last path segment of a URL when it looks like a file name (has an extension); else the fallback. */
export function fileNameFromUrl(url: string, fallback: string): string {
	try {
		const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
		return /\.[A-Za-z0-9]{1,8}$/.test(last) ? last : fallback;
	} catch {
		return fallback;
	}
}

/** Reads an output binary field name parameter ("Put … in Field") and insists on a value. */
export function requireFieldName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): string {
	const value = String(ctx.getNodeParameter(parameter, itemIndex, '') ?? '').trim();
	if (!value)
		fail(
			ctx,
			itemIndex,
			`"${label}" is empty`,
			'Enter the name of the binary field to put the file in, for example "data".',
		);
	return value;
}

/**
 * What a file on the output item is, in the item's JSON: an AI agent (or any step that reads JSON only) then knows
 * which files the run produced without seeing their bytes. `fileSize` in bytes, as Download Package gives it.
 */
export function fileFacts(field: string, binary: IBinaryData): IDataObject {
	return {
		field,
		fileName: binary.fileName,
		mimeType: binary.mimeType,
		fileSize: binary.bytes,
	};
}
