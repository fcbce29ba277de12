import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fail } from './validate';

/** File names, binary field names and size limits for files the node outputs. */

/** Bytes in a megabyte, as "Max File Size (MB)" counts them. */
export const MEGABYTE = 1024 * 1024;

/**
 * "Max File Size (MB)": what a download may hold in memory, when the user sets nothing. Signed contracts,
 * certificates and packages are far smaller; declaration videos can reach tens of megabytes.
 */
export const DEFAULT_MAX_FILE_MB = 100;

/** The parameter of the shared "Max File Size (MB)" option (descriptions/common.ts `maxFileSizeOption`). */
export const MAX_FILE_SIZE_PARAMETER = 'options.maxFileSize';

/** "Max File Size (MB)" as bytes; undefined for anything but a positive number (text of a number counts). */
export function megabytesToBytes(value: unknown): number | undefined {
	const megabytes = typeof value === 'string' && value.trim() ? Number(value) : value;
	if (typeof megabytes !== 'number' || !Number.isFinite(megabytes) || megabytes <= 0)
		return undefined;
	return Math.round(megabytes * MEGABYTE);
}

/** The sentence and fix for a "Max File Size (MB)" that is not a positive number. */
export function maxFileSizeProblem(value: unknown): { message: string; description: string } {
	return {
		message: `"Max File Size (MB)" must be a positive number of megabytes, not ${JSON.stringify(value)}`,
		description: `Enter the largest file the node may download, in megabytes (${DEFAULT_MAX_FILE_MB} when left out).`,
	};
}

/**
 * The user's "Max File Size (MB)" in bytes, for the transport's `maxBytes`: anything but a positive number is
 * refused before any request.
 */
export function maxFileBytes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter = MAX_FILE_SIZE_PARAMETER,
): number {
	const value = ctx.getNodeParameter(parameter, itemIndex, DEFAULT_MAX_FILE_MB) as unknown;
	const bytes = megabytesToBytes(value);
	if (bytes === undefined) {
		const problem = maxFileSizeProblem(value);
		fail(ctx, itemIndex, problem.message, problem.description);
	}
	return bytes;
}

/**
 * A file name that cannot leave the folder it is saved in: the last part after any "/" or "\", without control
 * characters; "", "." and ".." are no name.
 */
export function safeFileName(name: string): string | undefined {
	const last = [...(name.split(/[\\/]/).pop() ?? '')]
		.filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
		.join('')
		.trim();
	return last && last !== '.' && last !== '..' ? last : undefined;
}

/** `decodeURIComponent`, or the text as it is when its percent-encoding is malformed (e.g. a lone "%"). */
export function decodeOrKeep(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` preferred over `filename=`). */
export function fileNameFromDisposition(disposition: string | undefined): string | undefined {
	if (!disposition) return undefined;
	const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition);
	if (star) {
		try {
			const decoded = safeFileName(decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')));
			if (decoded) return decoded;
		} catch {
			// malformed percent-encoding: fall back to the plain parameter
		}
	}
	const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
	return plain ? safeFileName((plain[1] ?? plain[2]).replace(/\\(.)/g, '$1')) : undefined;
}

/** The last segment of a URL's path, decoded when it can be, as a safe file name. */
export function lastPathSegment(url: string): string | undefined {
	try {
		return safeFileName(decodeOrKeep(new URL(url).pathname.split('/').pop() ?? ''));
	} catch {
		return undefined;
	}
}

/** Last path segment of a URL when it looks like a file name (has an extension); else the fallback. */
export function fileNameFromUrl(url: string, fallback: string): string {
	const last = lastPathSegment(url);
	return last && /\.[A-Za-z0-9]{1,8}$/.test(last) ? last : fallback;
}

/** A binary field name typed in an option, trimmed; the default when empty. */
export const binaryFieldName = (value: unknown, fallback: string): string =>
	(typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '') || fallback;

/**
 * Download Signed PDF's fields in both triggers' Options: "Put PDF in Field" (`binaryPropertyName`, default `data`)
 * and "Put Certificate in Field" (`certificateBinaryPropertyName`, default `certificate`); `problem` when both name
 * the same field.
 */
export function triggerFileFields(options: IDataObject): {
	pdfField: string;
	certificateField: string;
	problem?: { message: string; description: string };
} {
	const pdfField = binaryFieldName(options.binaryPropertyName, 'data');
	const certificateField = binaryFieldName(options.certificateBinaryPropertyName, 'certificate');
	if (pdfField !== certificateField) return { pdfField, certificateField };
	return {
		pdfField,
		certificateField,
		problem: {
			message: `Put PDF in Field and Put Certificate in Field are both "${pdfField}"; give them different names.`,
			description: 'Give the signed PDF and the NOM-151 certificate different binary field names.',
		},
	};
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
