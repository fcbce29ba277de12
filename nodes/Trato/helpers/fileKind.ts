/** What kind of file some bytes are, told from the bytes: from a whole file, or while a download arrives. */

export type DocumentKind = 'pdf' | 'docx';

/** The bytes looked for anywhere in a file (zip entry names are stored uncompressed). */
const MARKERS = ['word/document', 'xl/', 'ppt/', 'opendocument'] as const;
type Marker = (typeof MARKERS)[number];

/** What the kind is told from: the first 1 KB, the size, and which markers appear. */
export interface FileFacts {
	head: Buffer;
	size: number;
	has(marker: Marker): boolean;
}

const HEAD = 1024;

export function factsOf(buffer: Buffer): FileFacts {
	return {
		head: buffer.subarray(0, HEAD),
		size: buffer.length,
		has: (marker) => buffer.includes(marker),
	};
}

/**
 * Gathers a file's facts from its chunks as they arrive, without keeping the file: its first 1 KB, its size, the
 * markers seen (a chunk is searched with the end of the one before, so a marker cut in two is found).
 */
export class FileSniffer {
	private head = Buffer.alloc(0);
	private size = 0;
	private tail = Buffer.alloc(0);
	private readonly seen = new Set<Marker>();

	write(chunk: Buffer): void {
		if (this.head.length < HEAD)
			this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD - this.head.length)]);
		this.size += chunk.length;
		const overlap = Math.max(...MARKERS.map((marker) => marker.length)) - 1;
		const window = Buffer.concat([this.tail, chunk.subarray(0, overlap)]);
		for (const marker of MARKERS) {
			if (!this.seen.has(marker) && (window.includes(marker) || chunk.includes(marker)))
				this.seen.add(marker);
		}
		this.tail = Buffer.from(
			chunk.length >= overlap
				? chunk.subarray(chunk.length - overlap)
				: Buffer.concat([this.tail, chunk]).subarray(-overlap),
		);
	}

	facts(): FileFacts {
		return { head: this.head, size: this.size, has: (marker) => this.seen.has(marker) };
	}
}

const isZip = (head: Buffer) =>
	head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/**
 * Recognises a PDF by its magic bytes (`%PDF-` in the first 1 KB, as PDF readers accept it) and a Word .docx as a zip
 * with a `word/document…` part (zip entry names are stored uncompressed; Word Online names the part document2.xml).
 */
export function documentKindOf(facts: FileFacts): DocumentKind | undefined {
	if (facts.head.toString('latin1').includes('%PDF-')) return 'pdf';
	if (isZip(facts.head) && facts.has('word/document')) return 'docx';
	return undefined;
}

/** `documentKindOf` a whole file. */
export function detectDocumentKind(file: { buffer: Buffer }): DocumentKind | undefined {
	return documentKindOf(factsOf(file.buffer));
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
export function describeOtherFile(file: Buffer | FileFacts): { what: string; fix: string } {
	const facts = Buffer.isBuffer(file) ? factsOf(file) : file;
	const head = facts.head.toString('latin1');
	const start = head
		.replace(/^\xEF\xBB\xBF/, '')
		.trimStart()
		.toLowerCase();
	const zip = isZip(facts.head);
	if (facts.size === 0)
		return { what: 'an empty file', fix: 'Check that the link points to the file itself.' };
	if (facts.head.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')))
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
	const image = imageKind(facts.head);
	if (image)
		return {
			what: `a ${image} image`,
			fix: 'Convert the image to PDF first, then link to the PDF.',
		};
	if (zip && facts.has('xl/'))
		return { what: 'an Excel workbook (.xlsx)', fix: 'Link to a PDF or Word (.docx) file.' };
	if (zip && facts.has('ppt/'))
		return {
			what: 'a PowerPoint presentation (.pptx)',
			fix: 'Export it as PDF, then link to the PDF.',
		};
	if (zip && facts.has('opendocument'))
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
