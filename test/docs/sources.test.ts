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
 * What the repository says stays true for a reader who has only the repository: it cites TRATO's public pages, never
 * a file outside it (the folder beside the checkout some contributors keep notes in); no heading names an internal
 * issue number (a reader cannot look it up); and no text counts the instant trigger's events (a new event would make
 * the count false: "every event TRATO sends" stays true).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { headings, ROOT } from './markdown';

/** Folders never read: installed or built or generated, not the project's text. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'artifacts', 'coverage']);
const TEXT = /\.(?:md|ts|js|mjs|cjs|json|yml|yaml|svg)$/;

/** Every text file of the repository (outside installed, built and generated folders), as repository paths. */
function textFiles(dir = ROOT): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		if (SKIPPED.has(entry.name) || entry.isSymbolicLink()) continue;
		const path = join(dir, entry.name);
		if (entry.isDirectory()) out.push(...textFiles(path));
		else if (TEXT.test(entry.name) && entry.name !== 'package-lock.json')
			out.push(relative(ROOT, path));
	}
	return out;
}

/** Every text file but this one (whose checks of the patterns below name what they look for). */
const FILES = textFiles().filter((file) => file !== relative(ROOT, __filename));
const MARKDOWN = FILES.filter((file) => file.endsWith('.md'));
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Where `pattern` occurs: `file:line: text`. */
function occurrences(files: string[], pattern: RegExp): string[] {
	return files.flatMap((file) =>
		text(file)
			.split('\n')
			.flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
	);
}

/**
 * Where `pattern` occurs in `content` read across line breaks: a phrase wrapped onto the next line (after its indent
 * and a comment's `*` or `//`, or a quote's `>`) is found as if on one line; each with the line it starts on.
 */
function acrossLines(content: string, pattern: RegExp): Array<{ line: number; text: string }> {
	const starts: number[] = [];
	let joined = '';
	content.split('\n').forEach((line, i) => {
		if (i > 0) joined += ' ';
		starts.push(joined.length);
		joined += (i === 0 ? line : line.replace(/^\s*(?:\*(?!\*)|\/\/|>)?\s*/, '')).trimEnd();
	});
	const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
	return [...joined.matchAll(global)].map((match) => ({
		line: starts.filter((start) => start <= match.index!).length,
		text: match[0],
	}));
}

const OUTSIDE = /\.\.\/shared\/|shared\/spec/;
const ISSUE_NUMBER = /\bissues? #?\d+|#\d+\b/i;
const EVENT_COUNT =
	/\b(?:six|seven|[67]) (?:webhook |instant |TRATO )?events\b|\b(?:all|the|of the) six\b/i;

test('the files read include the docs, the READMEs, the changelog and the shipped code', () => {
	expect(MARKDOWN).toEqual(
		expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/api-notes.md']),
	);
	expect(FILES.filter((f) => f.startsWith('nodes/')).length).toBeGreaterThan(50);
	expect(FILES.filter((f) => f.startsWith('credentials/')).length).toBeGreaterThan(0);
});

test("no file cites a file outside the repository (TRATO's public pages instead: docs/api-notes.md)", () => {
	expect(OUTSIDE.test('see ../shared/spec/notes.md')).toBe(true);
	expect(occurrences(FILES, OUTSIDE)).toEqual([]);
});

test('no heading names an internal issue number', () => {
	expect(ISSUE_NUMBER.test('What TRATO answers (issue 26)')).toBe(true);
	const named = MARKDOWN.flatMap((file) =>
		headings(text(file))
			.filter((heading) => ISSUE_NUMBER.test(heading))
			.map((heading) => `${file}: ${heading}`),
	);
	expect(named).toEqual([]);
});

test('no text counts the instant trigger\'s events ("every event TRATO sends" stays true), not even wrapped', () => {
	expect(EVENT_COUNT.test('the six events, all chosen by default')).toBe(true);
	expect(acrossLines('The event: one of the\n   six named by the body', EVENT_COUNT)).toEqual([
		{ line: 1, text: 'of the six' },
	]);
	expect(acrossLines('/**\n * chosen from\n * the six\n * events\n */', EVENT_COUNT)).toEqual([
		{ line: 3, text: 'the six' },
	]);
	expect(occurrences(FILES, EVENT_COUNT)).toEqual([]);
	const wrapped = FILES.flatMap((file) =>
		acrossLines(text(file), EVENT_COUNT).map(({ line, text }) => `${file}:${line}: ${text}`),
	);
	expect(wrapped).toEqual([]);
});
