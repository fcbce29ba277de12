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
/**
 * Every "How to add …" and "How to change …" checklist in the contributor docs ends at a test that fails while the
 * last step is missing, and every test file a checklist names exists: following the list ends at a red or green
 * test, not at prose.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { anchorOf, headings, links, markdownIn, read, ROOT, section } from './markdown';

const FILES = ['CONTRIBUTING.md', ...markdownIn('docs')];

const CHECKLISTS = FILES.flatMap((file) =>
	headings(read(file))
		.filter((heading) => /^How to (add|change)\b/.test(heading))
		.map((heading) => [file, heading, section(read(file), heading)] as const),
);

/** The steps of a checklist: `- [ ] …` items with their continuation lines. */
const steps = (text: string) =>
	text
		.split(/^- \[ \] /m)
		.slice(1)
		.map((step) => step.trim());

/** Test files a text names (a pattern such as `test/<resource>/<operation>.test.ts` is not a file name). */
const testFilesNamed = (text: string) =>
	[...text.matchAll(/`(test\/[^`<>]+\.test\.ts)`/g)].map((m) => m[1]);

test('CONTRIBUTING.md opens with the architecture page: its load-bearing rules and every "How to" checklist', () => {
	const opening = links(read('CONTRIBUTING.md').split(/^## /m)[0]);
	const architecture = read('docs/architecture.md');
	expect(headings(architecture, 2)[0]).toBe('Load-bearing');
	const checklists = headings(architecture).filter((heading) => /^How to\b/.test(heading));
	expect(checklists.length).toBeGreaterThanOrEqual(3);
	expect(opening).toEqual(
		expect.arrayContaining([
			'docs/architecture.md',
			'docs/architecture.md#load-bearing',
			...checklists.map((heading) => `docs/architecture.md#${anchorOf(heading)}`),
		]),
	);
});

test("there are checklists (how to add an operation, a trigger mode; how to change an operation's output)", () => {
	expect(CHECKLISTS.map(([, heading]) => heading)).toEqual(
		expect.arrayContaining([
			'How to add an operation',
			'How to add a trigger mode',
			"How to change an operation's output",
		]),
	);
});

describe.each(CHECKLISTS.map(([file, heading, text]) => [`${file}: ${heading}`, text]))(
	'%s',
	(_name, text) => {
		it('ends at a step that names, in italics, the test that fails while it is missing', () => {
			const last = steps(text).at(-1) ?? '';
			const italic = [...last.matchAll(/\*([^*]+)\*/g)].map((m) => m[1]).join(' ');
			expect(testFilesNamed(italic).length).toBeGreaterThan(0);
		});

		it('names only test files that exist', () => {
			const named = testFilesNamed(text);
			expect(named.length).toBeGreaterThan(0);
			expect(named.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
		});
	},
);
