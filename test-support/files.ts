/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/** Real small files for tests, fixtures and benchmarks: PDF, Word (.docx), PNG, and large PDFs of an exact size. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';

export async function makePdf(text = 'Hello from the test PDF', pages = 1): Promise<Buffer> {
	const doc = await PDFDocument.create();
	const font = await doc.embedFont(StandardFonts.Helvetica);
	for (let i = 0; i < pages; i++)
		doc.addPage([300, 400]).drawText(`${text} (page ${i + 1})`, { x: 20, y: 350, size: 10, font });
	return Buffer.from(await doc.save());
}

/** A minimal but real .docx (OOXML zip) with the given paragraphs. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
	const zip = new JSZip();
	zip.file(
		'[Content_Types].xml',
		'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
	);
	zip.file(
		'_rels/.rels',
		'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
	);
	const escape = (s: string) =>
		s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	const body = paragraphs
		.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escape(p)}</w:t></w:r></w:p>`)
		.join('');
	zip.file(
		'word/document.xml',
		`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
	);
	return zip.generateAsync({ type: 'nodebuffer' });
}

/** 1×1 PNG. */
export const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function build(payloadBytes: number, payload: Buffer): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	const page = doc.addPage([595, 842]);
	page.drawText(`Benchmark document (${payloadBytes} bytes of payload)`, {
		x: 50,
		y: 780,
		size: 12,
	});
	const data = payload.subarray(0, payloadBytes);
	const stream = PDFRawStream.of(doc.context.obj({ Length: data.length }), data);
	doc.catalog.set(PDFName.of('BenchPayload'), doc.context.register(stream));
	return await doc.save({ useObjectStreams: false });
}

/**
 * `<dir>/large-<size>.pdf`, a valid PDF of exactly `size` bytes (one page and an incompressible payload stream),
 * made once and then reused.
 */
export async function largePdf(size: number, dir: string): Promise<string> {
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `large-${size}.pdf`);
	if (existsSync(file) && statSync(file).size === size) return file;
	const payload = randomBytes(size);
	let length = size - 2000;
	for (let attempt = 0; attempt < 5; attempt++) {
		const bytes = await build(length, payload);
		if (bytes.length <= size && bytes.length >= size - 16) {
			// end-of-line bytes after %%EOF are allowed: pad to the exact size
			writeFileSync(file, Buffer.concat([bytes, Buffer.alloc(size - bytes.length, 0x0a)]));
			return file;
		}
		length += size - bytes.length;
	}
	throw new Error(`could not build a PDF of exactly ${size} bytes`);
}
