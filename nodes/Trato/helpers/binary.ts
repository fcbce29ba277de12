import type { IExecuteFunctions } from 'n8n-workflow';

import { fail } from './validate';

export type DocumentKind = 'pdf' | 'docx';

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

const isZip = (buffer: Buffer) =>
	buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 0x03 && buffer[3] === 0x04;

/**
 * Recognises a PDF by its magic bytes (`%PDF-` in the first 1 KB, as PDF readers accept it) and a Word .docx as a zip
 * with a `word/document…` part (zip entry names are stored uncompressed; Word Online names the part document2.xml).
 */
export function detectDocumentKind(file: Pick<InputFile, 'buffer'>): DocumentKind | undefined {
	const head = file.buffer.subarray(0, 1024).toString('latin1');
	if (head.includes('%PDF-')) return 'pdf';
	if (isZip(file.buffer) && file.buffer.includes('word/document')) return 'docx';
	return undefined;
}

/** The kind of image a file is by its magic bytes: PNG, JPEG, GIF or WebP. */
export function imageKind(buffer: Buffer): string | undefined {
	if (buffer.length < 4) return undefined;
	if (buffer[0] === 0x89 && buffer.subarray(1, 4).toString('latin1') === 'PNG') return 'PNG';
	if (buffer[0] === 0xff && buffer[1] === 0xd8) return 'JPEG';
	const head = buffer.subarray(0, 12).toString('latin1');
	if (head.startsWith('GIF8')) return 'GIF';
	return head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP' ? 'WebP' : undefined;
}

/**
 * What a File URL gave when it is neither a PDF nor a .docx, told from its bytes, as the end of "… gave …": the legacy Word
 * format, a web page (a sign-in or sharing page instead of the file), an image, another office or zip file, text.
 */
export function describeOtherFile(buffer: Buffer): { what: string; fix: string } {
	const head = buffer.subarray(0, 1024).toString('latin1');
	const start = head
		.replace(/^\xEF\xBB\xBF/, '')
		.trimStart()
		.toLowerCase();
	const zip = isZip(buffer);
	if (buffer.length === 0)
		return { what: 'an empty file', fix: 'Check that the link points to the file itself.' };
	if (buffer.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')))
		return {
			what: 'a legacy Word .doc file (or another Office 97–2003 file)',
			fix: 'Save the document as .docx or PDF, then link to that file.',
		};
	if (
		start.startsWith('<!doctype html') ||
		start.startsWith('<html') ||
		/<(head|body)[\s>]/.test(start)
	)
		return {
			what: 'a web page (HTML), not the file itself',
			fix: 'The link opens a page (a sign-in, preview or sharing page). Use a direct download link, e.g. a presigned URL.',
		};
	const image = imageKind(buffer);
	if (image)
		return {
			what: `a ${image} image`,
			fix: 'Convert the image to PDF first, then link to the PDF.',
		};
	if (zip && buffer.includes('xl/'))
		return { what: 'an Excel workbook (.xlsx)', fix: 'Link to a PDF or Word (.docx) file.' };
	if (zip && buffer.includes('ppt/'))
		return {
			what: 'a PowerPoint presentation (.pptx)',
			fix: 'Export it as PDF, then link to the PDF.',
		};
	if (zip && buffer.includes('opendocument'))
		return {
			what: 'an OpenDocument file (.odt)',
			fix: 'Save it as .docx or PDF, then link to that file.',
		};
	if (zip)
		return {
			what: 'a zip archive',
			fix: 'Link to the PDF or Word (.docx) file itself, not to an archive.',
		};
	if (start.startsWith('{\\rtf'))
		return {
			what: 'a Rich Text (.rtf) file',
			fix: 'Save it as .docx or PDF, then link to that file.',
		};
	if (start.startsWith('<?xml') || start.startsWith('<'))
		return {
			what: 'an XML document',
			fix: 'Check that the link points to the file itself and has not expired.',
		};
	if (start.startsWith('{') || start.startsWith('['))
		return {
			what: 'JSON data',
			fix: 'Check that the link points to the file itself and has not expired.',
		};
	const printable = [...head].filter((ch) => /[\x20-\x7e\t\r\n\u00a0-\u00ff]/.test(ch)).length;
	if (printable >= head.length * 0.95)
		return { what: 'plain text', fix: 'Link to a PDF or Word (.docx) file.' };
	return { what: 'a file of another type', fix: 'Link to a PDF or Word (.docx) file.' };
}

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
