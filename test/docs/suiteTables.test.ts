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
 * CONTRIBUTING.md's tables of the real-n8n suites list every case, and only cases that exist. A row's labels are the
 * texts in bold in its first cell; a case belongs to the row whose label begins its name (any case). Every test of
 * the suite's file must begin with the label of exactly one row, and every label must begin some test's name. A
 * subtest (`t.test(…)`) needs no row of its own (it is part of its test) but may have one, and a test whose subtest
 * has a row needs none. Names are read from the source, so the suites need not run.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { bold, read, section } from './markdown';

/** The table right under `heading` of CONTRIBUTING.md, and the suite file it describes. */
const TABLES: Array<[heading: string, suite: string]> = [
	['End-to-end tests in a real n8n', 'test-e2e/e2e.test.ts'],
	['Agent and MCP tests', 'test-e2e/agent.test.ts'],
	['Editor tests in a browser', 'test-ui/ui.test.ts'],
];

export interface Case {
	name: string;
	line: number;
	/** For a subtest: the line of the test it runs inside. */
	parent?: number;
}

/** `const NAME = '…'` (exported or not) in `file` and in the files it imports by a relative path. */
function stringConstants(file: string): Map<string, string> {
	const out = new Map<string, string>();
	const source = read(file);
	const files = [file];
	for (const m of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
		const base = join(dirname(file), m[1]);
		const found = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(join(ROOT_DIR, f)));
		if (found) files.push(found);
	}
	for (const f of files)
		for (const m of read(f).matchAll(/\bconst (\w+) = (['"])((?:\\.|(?!\2).)*)\2;/g))
			if (!out.has(m[1])) out.set(m[1], m[3].replace(/\\(.)/g, '$1'));
	return out;
}
const ROOT_DIR = join(__dirname, '..', '..');

/**
 * The names a test call's first argument can take: a string, a template whose `${…}` are constants, or a condition's
 * branches (`major === '1' ? 'a' : 'b'`). A name built from anything else (one subtest per operation) is no case.
 */
function namesOf(text: string, constants: Map<string, string>): string[] {
	const tokens: Array<{ kind: 'string' | 'dynamic' | 'other'; value: string }> = [];
	let depth = 0;
	for (let i = 0; i < text.length; ) {
		const c = text[i];
		if (/\s/.test(c)) {
			i++;
		} else if (c === "'" || c === '"') {
			let j = i + 1;
			let value = '';
			while (j < text.length && text[j] !== c) {
				if (text[j] === '\\') j++;
				value += text[j];
				j++;
			}
			tokens.push({ kind: 'string', value });
			i = j + 1;
		} else if (c === '`') {
			let j = i + 1;
			let value = '';
			let dynamic = false;
			while (j < text.length && text[j] !== '`') {
				if (text[j] === '\\') {
					value += text[j + 1];
					j += 2;
				} else if (text.startsWith('${', j)) {
					const end = text.indexOf('}', j);
					const name = text.slice(j + 2, end).trim();
					if (constants.has(name)) value += constants.get(name);
					else dynamic = true;
					j = end + 1;
				} else {
					value += text[j++];
				}
			}
			tokens.push({ kind: dynamic ? 'dynamic' : 'string', value });
			i = j + 1;
		} else if ((c === ',' || c === ')') && depth === 0) {
			break;
		} else {
			if (c === '(') depth++;
			if (c === ')') depth--;
			const op = /^(?:[!=]==?|\w+|.)/.exec(text.slice(i))![0];
			tokens.push({ kind: 'other', value: op });
			i += op.length;
		}
	}
	const compared = (k: number) =>
		['===', '!==', '==', '!='].includes(tokens[k - 1]?.value) ||
		['===', '!==', '==', '!='].includes(tokens[k + 1]?.value);
	return tokens.flatMap((t, k) => (t.kind === 'string' && !compared(k) ? [t.value] : []));
}

/** Every test and subtest of a suite file whose name is known from its source. */
export function casesOf(file: string): Case[] {
	const constants = stringConstants(file);
	const lines = read(file).split('\n');
	const out: Case[] = [];
	const tests: Array<{ line: number; indent: number }> = [];
	lines.forEach((line, index) => {
		const m = /^(\s*)(?:await\s+)?(?:(\w+)\.)?(?:test|it)(?:\.(?:skip|only|todo))?\(/.exec(line);
		if (!m) return;
		const indent = m[1].length;
		const rest = [line.slice(m[0].length), ...lines.slice(index + 1, index + 8)].join('\n');
		const names = namesOf(rest, constants);
		const parent = m[2]
			? tests.filter((t) => t.indent < indent).at(-1)?.line
			: (tests.push({ line: index + 1, indent }), undefined);
		for (const name of names) out.push({ name, line: index + 1, parent });
	});
	return out;
}

/** The first table under `heading`: each row's labels (the bold texts of its first cell). */
export function rowsUnder(markdown: string, heading: string): string[][] {
	const lines = section(markdown, heading).split('\n');
	const start = lines.findIndex((line) => line.startsWith('|'));
	const table: string[] = [];
	for (const line of lines.slice(start)) {
		if (!line.startsWith('|')) break;
		table.push(line);
	}
	return table.slice(2).map((row) => bold(row.split('|')[1]));
}

const begins = (name: string, label: string) =>
	name.replace(/\s+/g, ' ').toLowerCase().startsWith(label.toLowerCase());

/** What is wrong between a suite's cases and a table's rows: cases without a row or with two, labels of no case. */
export function mismatches(cases: Case[], rows: string[][]): string[] {
	const labels = rows.flat();
	const rowsOf = (c: Case) => rows.filter((row) => row.some((label) => begins(c.name, label)));
	const problems: string[] = [];
	for (const row of rows)
		if (row.length === 0) problems.push('a row without a label in bold in its first cell');
	for (const c of cases) {
		const owners = rowsOf(c);
		if (owners.length > 1)
			problems.push(`line ${c.line} "${c.name}" begins with the labels of two rows`);
		const coveredBySubtest = cases.some((s) => s.parent === c.line && rowsOf(s).length > 0);
		if (owners.length === 0 && c.parent === undefined && !coveredBySubtest)
			problems.push(`line ${c.line} "${c.name}" has no row`);
	}
	for (const label of labels)
		if (!cases.some((c) => begins(c.name, label))) problems.push(`row "${label}" names no case`);
	return problems;
}

const CONTRIBUTING = read('CONTRIBUTING.md');

describe.each(TABLES)('CONTRIBUTING.md "%s" and %s', (heading, suite) => {
	it('every case has exactly one row, and every row a case', () => {
		const cases = casesOf(suite);
		expect(cases.length).toBeGreaterThan(3);
		expect(mismatches(cases, rowsUnder(CONTRIBUTING, heading))).toEqual([]);
	});
});

describe('the check itself', () => {
	it('reads names split over lines, from a condition, from constants; skips names built per item', () => {
		const cases = casesOf('test-ui/ui.test.ts');
		const names = cases.map((c) => c.name);
		expect(names).toContain(
			'credential dialog: Save tests the connection; a wrong key fails without showing it',
		);
		expect(
			names.some((n) =>
				n.startsWith('instant trigger: the panel shows its Test and Production URLs'),
			),
		).toBe(true);
		expect(names.some((n) => n.includes('${') || n.includes('→ '))).toBe(false);
		const agent = casesOf('test-e2e/agent.test.ts').map((c) => c.name);
		expect(agent.filter((n) => n.startsWith('a tool error (unknown contract)'))).toHaveLength(2);
		expect(agent).not.toContain('1');
	});

	it('finds a case without a row, a row without a case and a case in two rows', () => {
		const cases: Case[] = [
			{ name: 'example 1: sends', line: 1 },
			{ name: 'example 2: attaches', line: 2 },
			{ name: 'wrapper', line: 3 },
			{ name: 'inside: checked', line: 4, parent: 3 },
			{ name: 'inside, unlisted', line: 5, parent: 3 },
		];
		expect(mismatches(cases, [['example 1'], ['Example 2'], ['inside:']])).toEqual([]);
		expect(mismatches(cases, [['example 1'], ['inside:']])).toEqual([
			'line 2 "example 2: attaches" has no row',
		]);
		expect(mismatches(cases, [['example 1'], ['example 2'], ['inside:'], ['example 3']])).toEqual([
			'row "example 3" names no case',
		]);
		expect(mismatches(cases, [['example'], ['example 1'], ['example 2'], ['inside:']])).toEqual([
			'line 1 "example 1: sends" begins with the labels of two rows',
			'line 2 "example 2: attaches" begins with the labels of two rows',
		]);
	});
});
