/* eslint
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * Saved workflows keep working when display texts change: every node type name, version, parameter name, option
 * value and stored default that main had before issue 29's wording pass (test/fixtures/stored/names.json, captured
 * from main with `storedNames()` before any text changed) is still there. New parameters may be added; none of
 * the old ones may be renamed, lose a value or change a default that n8n leaves out of saved workflows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { storedNames } from '../support/descriptions';

const before: string[] = JSON.parse(
	readFileSync(join(__dirname, '..', 'fixtures', 'stored', 'names.json'), 'utf8'),
);

test('the fixture covers every node, the credential and every option list', () => {
	expect(before.length).toBeGreaterThan(600);
	for (const owner of ['trato', 'tratoTrigger', 'tratoWebhookTrigger', 'tratoApi'])
		expect(before.some((line) => line.startsWith(`${owner} `))).toBe(true);
	expect(before.filter((line) => line.includes(' ∋ ')).length).toBeGreaterThan(100);
});

test('every stored name, value and default of main is still there', () => {
	const now = new Set(storedNames());
	expect(before.filter((line) => !now.has(line))).toEqual([]);
});
