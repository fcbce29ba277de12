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
 * Every link of the docs leads somewhere: a relative link to a file of the repository, an anchor to a heading
 * of its file, and the README's absolute addresses into this repository (they must work on npm's page, where
 * relative links do not) to files and headings that exist. What left the README stays reachable from it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { anchors, BASE, links, markdownIn, read, repositoryTarget, ROOT } from './markdown';

/** The docs whose links are checked. */
const DOCS = [
	'README.md',
	'docs/es/README.md',
	'CONTRIBUTING.md',
	'RELEASING.md',
	'CHANGELOG.md',
	...markdownIn('docs'),
	'examples/README.md',
	'bench/README.md',
	'bench/README-section.md',
];

/** Why `target` (a link found in `file`) leads nowhere, or undefined when it leads to a file and heading. */
function brokenBecause(file: string, target: string): string | undefined {
	let path: string;
	let anchor: string | undefined;
	if (/^[a-z]+:/i.test(target)) {
		const ours = repositoryTarget(target);
		if (!ours) {
			return target.startsWith(BASE) &&
				!/^[^#]*\/(?:issues|pulls?)(?:$|[/?#])/.test(target.slice(BASE.length)) &&
				target !== BASE
				? 'an address into this repository that is not a file on main'
				: undefined;
		}
		({ path, anchor } = ours);
	} else {
		const [p, a] = target.split('#');
		path = p === '' ? file : normalize(join(dirname(file), decodeURIComponent(p)));
		anchor = a;
	}
	if (path.startsWith('..')) return 'outside the repository';
	if (!existsSync(join(ROOT, path))) return 'no such file';
	if (anchor === undefined || anchor === '') return undefined;
	if (statSync(join(ROOT, path)).isDirectory() || !path.endsWith('.md')) return undefined;
	return anchors(read(path)).has(decodeURIComponent(anchor)) ? undefined : 'no such heading';
}

describe.each(DOCS)('%s', (file) => {
	it('every link leads to an existing file and heading', () => {
		const found = links(read(file));
		expect(
			found
				.map((target) => [target, brokenBecause(file, target)])
				.filter(([, why]) => why !== undefined),
		).toEqual([]);
	});
});

describe('what left the README', () => {
	const README = read('README.md');
	const targets = links(README)
		.map(repositoryTarget)
		.filter((t) => t !== undefined)
		.map((t) => t.path);

	it('is linked from it: contributors, both triggers, operations, credential, AI agents, examples, queue mode, performance, the Spanish guide', () => {
		expect(targets).toEqual(
			expect.arrayContaining([
				'CONTRIBUTING.md',
				'docs/trigger.md',
				'docs/operations.md',
				'docs/credential.md',
				'docs/ai-agents.md',
				'examples/README.md',
				'docs/queue-mode.md',
				'bench/README-section.md',
				'docs/api-notes.md',
				'CHANGELOG.md',
				'RELEASING.md',
				'docs/es/README.md',
			]),
		);
	});

	it('links every example workflow, for import', () => {
		const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
		expect(examples.length).toBeGreaterThan(0);
		expect(targets.filter((t) => t.startsWith('examples/') && t.endsWith('.json')).sort()).toEqual(
			examples.map((f) => `examples/${f}`).sort(),
		);
	});

	it('a broken link would be found: the check sees a missing file and a missing heading', () => {
		expect(brokenBecause('docs/trigger.md', 'missing.md')).toBe('no such file');
		expect(brokenBecause('docs/trigger.md', '#no-such-heading')).toBe('no such heading');
		expect(
			brokenBecause('README.md', `${BASE}/blob/main/docs/trigger.md#guarantee`),
		).toBeUndefined();
		expect(brokenBecause('README.md', `${BASE}/blob/main/docs/gone.md`)).toBe('no such file');
	});
});
