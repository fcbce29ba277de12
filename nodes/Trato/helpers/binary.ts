import type { IExecuteFunctions } from 'n8n-workflow';

import { type DocumentKind, detectDocumentKind, imageKind } from './fileKind';
import { fail } from './validate';

export type { DocumentKind } from './fileKind';
export { detectDocumentKind, imageKind } from './fileKind';

export interface InputFile {
	buffer: Buffer;
	fileName?: string;
	mimeType: string;
}

/**
 * Reads an input binary field through n8n's binary helpers (works in memory, filesystem and S3 modes). The field's
 * name is what the parameter holds: an expression that gives anything but text (a number, an object) is refused
 * with a sentence, not a TypeError.
 */
export async function readInputFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: unknown,
	purpose: string,
): Promise<InputFile> {
	if (typeof propertyName !== 'string') {
		const available = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
		fail(
			ctx,
			itemIndex,
			`The input binary field for ${purpose} must be a field name, not ${propertyName === null ? 'null' : `the ${typeof propertyName} ${JSON.stringify(propertyName) ?? String(propertyName)}`}`,
			`Its expression gave ${typeof propertyName === 'object' ? 'an object' : `a ${typeof propertyName}`}. Write the field's name as text, e.g. data, or {{ "data" }} in an expression${available.length ? ` (binary fields on this item: ${available.join(', ')})` : ''}.`,
		);
	}
	const name = propertyName.trim();
	if (!name) {
		fail(
			ctx,
			itemIndex,
			`The input binary field for ${purpose} is empty`,
			'Enter the name of the binary field that holds the file, usually "data".',
		);
	}
	const item = ctx.getInputData()[itemIndex];
	const available = Object.keys(item?.binary ?? {});
	if (!item?.binary?.[name]) {
		fail(
			ctx,
			itemIndex,
			`Item ${itemIndex + 1} has no binary field "${name}" for ${purpose}`,
			available.length
				? `Binary fields on this item: ${available.join(', ')}. Set "Input Binary Field" to one of them.`
				: 'The item carries no file. Put a node that reads or downloads the file (e.g. Read/Write Files from Disk, HTTP Request) before this one.',
		);
	}
	const binary = ctx.helpers.assertBinaryData(itemIndex, name);
	const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, name);
	if (buffer.length === 0) fail(ctx, itemIndex, `The file in binary field "${name}" is empty`);
	return { buffer, fileName: binary.fileName, mimeType: binary.mimeType };
}

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What the file claims to be (MIME type or extension), for explaining a mismatch. */
export function declaredKind(file: InputFile): DocumentKind | undefined {
	const ext = file.fileName?.split('.').pop()?.toLowerCase();
	if (file.mimeType === 'application/pdf' || ext === 'pdf') return 'pdf';
	if (file.mimeType === DOCX_MIME || ext === 'docx') return 'docx';
	return undefined;
}

/** Reads the document a contract is created from and insists on the kind the Source field names. */
export async function readDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: unknown,
	source: 'pdf' | 'word',
): Promise<InputFile & { kind: DocumentKind }> {
	const purpose = 'creating a contract';
	const expected: DocumentKind = source === 'pdf' ? 'pdf' : 'docx';
	const file = await readInputFile(ctx, itemIndex, propertyName, purpose);
	const kind = detectDocumentKind(file);
	const name = file.fileName ? `"${file.fileName}"` : `in field "${propertyName}"`;
	if (!kind) {
		fail(
			ctx,
			itemIndex,
			`The file ${name} is neither a PDF nor a Word (.docx) document`,
			`Its type is ${file.mimeType || 'unknown'}. Only PDF and .docx files can be used for ${purpose}.`,
		);
	}
	if (kind !== expected) {
		fail(
			ctx,
			itemIndex,
			`The file ${name} is a ${kind === 'pdf' ? 'PDF' : 'Word document'}, but the source is set to ${expected === 'pdf' ? 'PDF' : 'Word'}`,
			'Change the source to match the file, or pass the right file.',
		);
	}
	return { ...file, kind };
}

/** An image for image variables and selfies: PNG, JPEG, GIF or WebP. */
export function isImage(buffer: Buffer): boolean {
	return imageKind(buffer) !== undefined;
}
