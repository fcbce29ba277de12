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
// Regenerates the small real files in test/fixtures/ (run with `npx tsx scripts/make-fixtures.ts`).
// They are committed; this script documents how they were made.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { makeDocx, makePdf, PNG_BASE64 } from '../test-support/files';

async function main() {
	const dir = join(__dirname, '..', 'test', 'fixtures');
	writeFileSync(
		join(dir, 'lease.pdf'),
		await makePdf('Residential lease agreement - Contrato de arrendamiento', 2),
	);
	writeFileSync(
		join(dir, 'services.docx'),
		await makeDocx([
			'Service agreement',
			'The provider delivers the services described in Annex A.',
			'Firmas',
		]),
	);
	writeFileSync(join(dir, 'signature.png'), Buffer.from(PNG_BASE64, 'base64'));
	writeFileSync(join(dir, 'notes.txt'), 'This is a plain text file, not a contract document.\n');
}

void main();
