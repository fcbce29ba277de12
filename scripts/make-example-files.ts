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
// Regenerates the sample files the example workflows read (examples/files/). They are committed; this script
// documents how they were made: `npx tsx scripts/make-example-files.ts`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PDFDocument, StandardFonts } from 'pdf-lib';

async function pdf(title: string, paragraphs: string[]): Promise<Buffer> {
	const doc = await PDFDocument.create();
	doc.setTitle(title);
	const font = await doc.embedFont(StandardFonts.Helvetica);
	const bold = await doc.embedFont(StandardFonts.HelveticaBold);
	const page = doc.addPage([595, 842]);
	page.drawText(title, { x: 60, y: 770, size: 16, font: bold });
	let y = 730;
	for (const paragraph of paragraphs) {
		page.drawText(paragraph, { x: 60, y, size: 10, font, maxWidth: 475, lineHeight: 14 });
		y -= 14 * (Math.ceil(paragraph.length / 90) + 1);
	}
	return Buffer.from(await doc.save());
}

async function main() {
	const dir = join(__dirname, '..', 'examples', 'files');
	writeFileSync(
		join(dir, 'service-agreement.pdf'),
		await pdf('Service agreement', [
			'This agreement is made between the Client and the Provider named on the signature page.',
			'1. Services. The Provider delivers the services described in Annex A.',
			'2. Fees. The Client pays the fees of Annex A within 30 days of each invoice.',
			'3. Term. This agreement starts on the date of the last signature and lasts twelve months.',
			'Signed electronically by both parties.',
		]),
	);
	writeFileSync(
		join(dir, 'annex-a-scope.pdf'),
		await pdf('Annex A - Scope and fees', [
			'Monthly maintenance of the website: 12,000.00 MXN.',
			'Support hours beyond 10 per month: 850.00 MXN per hour.',
		]),
	);
}

void main();
