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
 * Reading the project's Markdown as GitHub shows it: headings and their anchors, sections, links (outside code),
 * and the repository's own absolute addresses (the README's links are absolute so that they work on npm's page).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

export const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The Markdown files of a folder of the repository (not below it), as repository paths. */
export const markdownIn = (dir: string): string[] =>
	readdirSync(join(ROOT, dir))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `${dir}/${file}`);

const pkg = JSON.parse(read('package.json')) as { repository: { url: string } };
/** `https://github.com/<owner>/<name>`, from package.json's repository.url. */
export const BASE = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** The text without fenced code blocks (where `#` starts no heading and `[x](y)` is no link). */
export function withoutFences(markdown: string): string {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text without fenced code blocks and inline code spans (where `[x](y)` is not a link). */
export function withoutCode(markdown: string): string {
	return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters with accents kept), spaces to hyphens. */
export function anchorOf(heading: string): string {
	return heading
		.trim()
		.replace(/`/g, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

export function headings(markdown: string, level?: number): string[] {
	const hashes = level === undefined ? '#{1,6}' : `#{${level}}`;
	return [...withoutFences(markdown).matchAll(new RegExp(`^${hashes} (.+)$`, 'gm'))].map((m) =>
		m[1].trim(),
	);
}

export function anchors(markdown: string): Set<string> {
	return new Set(headings(markdown).map(anchorOf));
}

/** Link targets `[text](target)` and `![alt](target)`, outside code. */
export function links(markdown: string): string[] {
	return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** The text of the section under `heading` (any level), up to the next heading of the same or a higher level. */
export function section(markdown: string, heading: string): string {
	const lines = markdown.split('\n');
	const start = lines.findIndex(
		(line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, '') === heading,
	);
	if (start < 0) throw new Error(`no heading "${heading}"`);
	const level = /^#+/.exec(lines[start])![0].length;
	let end = start + 1;
	while (end < lines.length && !new RegExp(`^#{1,${level}} `).test(lines[end])) end++;
	return lines.slice(start + 1, end).join('\n');
}

/** Texts in bold (`**x**`, also wrapped over lines; a code span in bold counts as its text), outside code blocks. */
export function bold(markdown: string): string[] {
	const text = withoutFences(markdown).replace(/`([^`\n]*)`/g, '$1');
	return [...text.matchAll(/\*\*([^*]+?)\*\*/g)].map((m) => m[1].replace(/\s+/g, ' ').trim());
}

/** The repository path a `<BASE>/blob|tree/main/<path>[#anchor]` address names, with its anchor. */
export function repositoryTarget(url: string): { path: string; anchor?: string } | undefined {
	const match = new RegExp(
		`^${BASE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/main/([^?#]+)(?:\\?[^#]*)?(?:#(.*))?$`,
	).exec(url);
	return match ? { path: match[1], anchor: match[2] } : undefined;
}
