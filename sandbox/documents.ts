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
// Real documents: PDF checks, DOCX → PDF "conversion", template rendering, signed PDFs, NOM-151
// certificates and zip packages. Everything is produced by pdf-lib and jszip.
import JSZip from 'jszip';
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { badRequest, isImage } from './util';
import type { CertificateData, ContractState, DynamicTableValue, TemplateState } from './types';

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 56;

/** Checks that bytes are a real PDF (magic bytes and loadable by pdf-lib); throws 400 otherwise. */
export async function assertPdf(buf: Buffer, field: string): Promise<void> {
	if (buf.length < 5 || buf.subarray(0, 5).toString('latin1') !== '%PDF-') {
		throw badRequest(`Field '${field}' is not a PDF document (missing %PDF- header)`);
	}
	try {
		const doc = await PDFDocument.load(buf, { ignoreEncryption: true, updateMetadata: false });
		if (doc.getPageCount() < 1) throw new Error('no pages');
	} catch (error) {
		throw badRequest(
			`Field '${field}' is not a readable PDF document (${(error as Error).message.split('\n')[0]})`,
		);
	}
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(text: string): string {
	return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_m, e: string) => {
		if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
		if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
		return XML_ENTITIES[e];
	});
}

/** Paragraph texts of a .docx (word/document.xml); throws 400 when the bytes are not a Word document. */
async function extractDocxParagraphs(buf: Buffer, field: string): Promise<string[]> {
	let zip: JSZip;
	try {
		zip = await JSZip.loadAsync(buf);
	} catch {
		throw badRequest(`Field '${field}' is not a Word (.docx) document (not a zip archive)`);
	}
	const entry = zip.file('word/document.xml');
	if (!entry)
		throw badRequest(`Field '${field}' is not a Word (.docx) document (no word/document.xml)`);
	const xml = await entry.async('string');
	const bodyMatch = /<w:body[^>]*>([\s\S]*)<\/w:body>/.exec(xml);
	const body = bodyMatch ? bodyMatch[1] : xml;
	const paragraphs: string[] = [];
	for (const p of body.split(/<\/w:p>/)) {
		let text = '';
		const re = /<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>|<w:tab\/>|<w:br\/>|<w:cr\/>/g;
		let m: RegExpExecArray | null;
		while ((m = re.exec(p))) {
			if (m[1] !== undefined) text += decodeXml(m[1]);
			else if (m[0] === '<w:tab/>') text += '    ';
			else text += '\n';
		}
		if (/<w:p[\s>]/.test(p) || text) paragraphs.push(text);
	}
	while (paragraphs.length && paragraphs[paragraphs.length - 1].trim() === '') paragraphs.pop();
	return paragraphs;
}

/** Small text layout helper over pdf-lib (A4 pages, Helvetica, word wrapping, WinAnsi-safe text). */
class PdfWriter {
	page!: PDFPage;
	y = 0;
	private charset: Set<number>;

	private constructor(
		readonly doc: PDFDocument,
		readonly font: PDFFont,
		readonly bold: PDFFont,
	) {
		this.charset = new Set(font.getCharacterSet());
	}

	static async create(doc?: PDFDocument): Promise<PdfWriter> {
		const d = doc ?? (await PDFDocument.create());
		const w = new PdfWriter(
			d,
			await d.embedFont(StandardFonts.Helvetica),
			await d.embedFont(StandardFonts.HelveticaBold),
		);
		w.newPage();
		return w;
	}

	newPage(): void {
		this.page = this.doc.addPage([PAGE_W, PAGE_H]);
		this.y = PAGE_H - MARGIN;
	}

	safe(text: string): string {
		let out = '';
		for (const ch of text.replace(/\t/g, '    ')) {
			const cp = ch.codePointAt(0) ?? 63;
			out += this.charset.has(cp) ? ch : '?';
		}
		return out;
	}

	text(
		text: string,
		options: { size?: number; bold?: boolean; gap?: number; color?: [number, number, number] } = {},
	): void {
		const size = options.size ?? 11;
		const font = options.bold ? this.bold : this.font;
		const maxWidth = PAGE_W - 2 * MARGIN;
		const lineHeight = size * 1.35;
		for (const rawLine of text.split('\n')) {
			const words = this.safe(rawLine).split(/ +/);
			let line = '';
			const flush = () => {
				if (this.y - lineHeight < MARGIN) this.newPage();
				this.y -= lineHeight;
				const [r, g, b] = options.color ?? [0, 0, 0];
				this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: rgb(r, g, b) });
				line = '';
			};
			for (let word of words) {
				while (font.widthOfTextAtSize(word, size) > maxWidth && word.length > 1) {
					// a single word longer than the line: hard-break it
					let cut = word.length - 1;
					while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > maxWidth) cut--;
					if (line) flush();
					line = word.slice(0, cut);
					flush();
					word = word.slice(cut);
				}
				const candidate = line ? `${line} ${word}` : word;
				if (font.widthOfTextAtSize(candidate, size) > maxWidth && line) {
					flush();
					line = word;
				} else {
					line = candidate;
				}
			}
			flush();
		}
		this.y -= options.gap ?? size * 0.6;
	}

	async image(bytes: Buffer, maxHeight = 120): Promise<boolean> {
		try {
			const isPng = bytes[0] === 0x89;
			const img = isPng ? await this.doc.embedPng(bytes) : await this.doc.embedJpg(bytes);
			const scale = Math.min(1, maxHeight / img.height, (PAGE_W - 2 * MARGIN) / img.width);
			const w = img.width * scale;
			const h = img.height * scale;
			if (this.y - h < MARGIN) this.newPage();
			this.y -= h;
			this.page.drawImage(img, { x: MARGIN, y: this.y, width: w, height: h });
			this.y -= 8;
			return true;
		} catch {
			return false;
		}
	}

	async save(meta: { title: string; subject?: string; keywords?: string[] }): Promise<Buffer> {
		this.doc.setTitle(this.safe(meta.title));
		if (meta.subject) this.doc.setSubject(this.safe(meta.subject));
		if (meta.keywords) this.doc.setKeywords(meta.keywords);
		this.doc.setProducer('TRATO sandbox (pdf-lib)');
		this.doc.setCreator('TRATO sandbox');
		return Buffer.from(await this.doc.save());
	}
}

/** "Converts" a .docx to PDF: the document's paragraphs laid out as text (formatting is not kept, like spec 1.1 warns). */
export async function docxToPdf(buf: Buffer, field: string, title: string): Promise<Buffer> {
	const paragraphs = await extractDocxParagraphs(buf, field);
	const w = await PdfWriter.create();
	if (paragraphs.length === 0) w.text('(empty document)', { color: [0.4, 0.4, 0.4] });
	for (const p of paragraphs) w.text(p);
	return w.save({ title, subject: 'Converted from Word (.docx) by the sandbox' });
}

function tableLines(value: DynamicTableValue): string[] {
	if (!value.headers || value.headers.length === 0) return [];
	const lines = [value.headers.join(' | ')];
	for (const row of value.rows ?? []) lines.push(row.cols.join(' | '));
	return lines;
}

/** Renders a template contract: the template body with the participants' current variable values. */
export async function renderTemplatePdf(
	template: TemplateState,
	contract: ContractState,
): Promise<Buffer> {
	const values = new Map<string, { type: string; value: unknown }>();
	for (const p of contract.participants)
		for (const [ref, v] of Object.entries(p.variables)) values.set(ref, v);
	const w = await PdfWriter.create();
	w.text(contract.name || template.name, { size: 16, bold: true, gap: 14 });
	for (const paragraph of template.body) {
		const only = /^\{\{(\w+)\}\}$/.exec(paragraph.trim());
		const v = only ? values.get(only[1]) : undefined;
		if (v && v.type === 'image') {
			if (typeof v.value === 'string' && v.value) {
				const bytes = Buffer.from(v.value, 'base64');
				if (!(isImage(bytes) && (await w.image(bytes))))
					w.text(`[image ${bytes.length} bytes]`, { color: [0.4, 0.4, 0.4] });
			}
			continue;
		}
		if (v && v.type === 'dynamictable') {
			for (const line of tableLines((v.value as DynamicTableValue) ?? {}))
				w.text(line, { size: 10, gap: 2 });
			w.y -= 6;
			continue;
		}
		const text = paragraph.replace(/\{\{(\w+)\}\}/g, (_m, ref: string) => {
			const val = values.get(ref);
			return typeof val?.value === 'string' && val.value ? val.value : '________';
		});
		w.text(text, paragraph === template.body[0] ? { bold: true, size: 13 } : {});
	}
	return w.save({
		title: contract.name || template.name,
		subject: `Template ${template.templateId}`,
	});
}

/** Stand-in document of contracts created without bytes (seeded or control-created document contracts). */
export async function placeholderPdf(contract: ContractState): Promise<Buffer> {
	const w = await PdfWriter.create();
	w.text(contract.name || 'Contract', { size: 16, bold: true, gap: 14 });
	w.text(`Contract ${contract._id}, created ${contract.createdAt}.`);
	w.text('This document was generated by the sandbox for a contract created without a file.', {
		color: [0.4, 0.4, 0.4],
	});
	return w.save({ title: contract.name || 'Contract' });
}

interface SignedPdfInput {
	source: Buffer;
	attachments: Array<{ name: string; pdf: Buffer }>;
	contract: ContractState;
	partial: boolean;
	sourceSha256: string;
}

/** Original document + attachment pages + a signature page (participants, timestamps, IPs) and the document trail. */
export async function signedPdf(input: SignedPdfInput): Promise<Buffer> {
	const { contract } = input;
	const doc = await PDFDocument.create();
	const source = await PDFDocument.load(input.source, { ignoreEncryption: true });
	for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
	for (const att of input.attachments) {
		try {
			const a = await PDFDocument.load(att.pdf, { ignoreEncryption: true });
			for (const page of await doc.copyPages(a, a.getPageIndices())) doc.addPage(page);
		} catch {
			// an attachment pdf-lib cannot copy is listed on the signature page only
		}
	}
	const w = await PdfWriter.create(doc);
	w.text(input.partial ? 'Signature page (partially signed)' : 'Signature page', {
		size: 16,
		bold: true,
		gap: 12,
	});
	w.text(`Contract: ${contract.name || '(no name)'}`);
	w.text(`Contract id: ${contract._id}`);
	w.text(`Original document SHA-256: ${input.sourceSha256}`, { size: 9 });
	if (input.attachments.length)
		w.text(`Attachments: ${input.attachments.map((a) => a.name).join(', ')}`);
	w.y -= 6;
	for (const p of contract.participants) {
		if (input.partial && p.status !== 'SIGNED') continue;
		w.text(
			`${p.label}: ${[p.name, p.lastName].filter(Boolean).join(' ') || '(no name)'} <${p.email}>`,
			{ bold: true, gap: 2 },
		);
		w.text(`Status: ${p.status}`, { size: 10, gap: 2 });
		w.text(`Signed at: ${p.signedAt ?? '-'} | IP: ${p.ip ?? '-'}`, { size: 10, gap: 2 });
		if (p.geolocation)
			w.text(`Geolocation: ${p.geolocation.latitude}, ${p.geolocation.longitude}`, {
				size: 10,
				gap: 2,
			});
		w.y -= 8;
	}
	w.text('Document trail', { size: 13, bold: true, gap: 6 });
	w.text(`${contract.createdAt}  created`, { size: 9, gap: 1 });
	for (const e of contract.events)
		w.text(`${e.at}  ${e.type}${e.detail ? ` (${e.detail})` : ''}`, { size: 9, gap: 1 });
	return w.save({
		title: `${contract.name || 'Contract'} (signed)`,
		subject: `Signed contract ${contract._id}`,
	});
}

/** NOM-151 conservation certificate PDF. */
export async function certificatePdf(
	contract: ContractState,
	data: CertificateData,
): Promise<Buffer> {
	const w = await PdfWriter.create();
	w.text('Constancia de conservación de mensajes de datos', { size: 15, bold: true, gap: 4 });
	w.text('NOM-151-SCFI-2016 (sandbox certificate, not legally valid)', {
		size: 10,
		color: [0.5, 0.1, 0.1],
		gap: 14,
	});
	w.text(`Contract: ${contract.name || '(no name)'} (${contract._id})`);
	w.text(`Number: ${data.number}`);
	w.text(`Certification authority: ${data.caName}`);
	w.text(`Hash (${data.hashAlg}) of the signed contract: ${data.hash}`, { size: 10 });
	w.text(`Expedition date: ${data.expeditionDate}`);
	w.text(`Policy: ${data.policy}`);
	w.text(`RSA signature: ${data.rsaSignature}`, { size: 8 });
	return w.save({
		title: `NOM-151 certificate ${data.number}`,
		subject: `NOM-151 ${contract._id}`,
		keywords: ['NOM-151', data.number],
	});
}

export async function zip(
	entries: Array<{ name: string; data: Buffer | string }>,
): Promise<Buffer> {
	const z = new JSZip();
	for (const e of entries) z.file(e.name, e.data);
	return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
