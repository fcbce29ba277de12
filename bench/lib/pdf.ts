/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/** Large, valid PDF files for group 3: one page and an incompressible payload stream, of an exact size. */
import { randomBytes } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

import { OUT } from './common';

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

/** bench/out/large-<size>.pdf, exactly `size` bytes (created once, then reused). */
export async function largePdf(size: number): Promise<string> {
	const file = join(OUT, `large-${size}.pdf`);
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
