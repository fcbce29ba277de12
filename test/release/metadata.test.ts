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
 * The package's metadata as users and n8n see it: the repository address the same everywhere (npm rejects a
 * provenance publish whose repository.url differs, E422), README links that work on the npm page, the
 * Compatibility and Version history sections, English search aliases, strict mode's default lint config.
 */
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { planRelease } from '../../scripts/release/release';
import { laptopEnv, readPackageJson, ROOT, run, TSX } from './helpers';

const pkg = readPackageJson();
const read = (file: string, dir = ROOT) => readFileSync(join(dir, file), 'utf8');
const README = read('README.md');

const repository = /^git\+(https:\/\/github\.com\/([^/]+)\/([^/]+?))\.git$/.exec(
	pkg.repository?.url ?? '',
);
const BASE = repository?.[1] ?? '(no GitHub repository.url)';
const OWNER = `https://github.com/${repository?.[2]}`;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
	return new Set(
		[...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
			match[1]
				.trim()
				.toLowerCase()
				.replace(/[^\p{L}\p{N}\s_-]/gu, '')
				.replace(/\s/g, '-'),
		),
	);
}

/** Files a link into this repository's main branch points to: `<BASE>/blob|tree/main/<path>`. */
function repositoryPath(url: string): string | undefined {
	const prefix = `${BASE}/`;
	if (!url.startsWith(prefix)) return undefined;
	const match = /^(?:blob|tree)\/main\/([^?#]+)/.exec(url.slice(prefix.length));
	return match?.[1];
}

function filesUnder(dir: string, pattern: RegExp): string[] {
	return readdirSync(join(ROOT, dir), { recursive: true })
		.map(String)
		.filter((file) => pattern.test(file))
		.map((file) => join(dir, file));
}

/** The files that name the repository: metadata, docs, codex and credential documentation links. */
const NAMING_FILES = [
	'package.json',
	'README.md',
	'RELEASING.md',
	...filesUnder('nodes', /\.node\.json$/),
	...filesUnder('credentials', /\.ts$/),
];

describe('repository, homepage, bugs, author', () => {
	it('are one GitHub repository and its owner', () => {
		expect(repository).not.toBeNull();
		expect(pkg.homepage).toBe(`${BASE}#readme`);
		expect(pkg.bugs).toEqual({ url: `${BASE}/issues` });
		expect(pkg.author.url).toBe(OWNER);
		expect(pkg.author.name).toMatch(/\S/);
		expect(pkg.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
	});

	it('are the address RELEASING.md documents', () => {
		const releasing = read('RELEASING.md');
		expect(releasing).toContain(`**${BASE}**`);
		expect(releasing).toContain(`\`${pkg.repository.url}\``);
		expect(releasing).toContain(`\`${pkg.author.email}\``);
	});

	it('are the only GitHub repository that README, RELEASING, codex and credential links name', () => {
		const foreign: string[] = [];
		for (const file of NAMING_FILES) {
			for (const [url] of read(file).matchAll(/https:\/\/github\.com\/[^\s)"'`<>*]+/g)) {
				const ours =
					[BASE, `${BASE}.git`, OWNER].includes(url) ||
					url.startsWith(`${BASE}/`) ||
					url.startsWith(`${BASE}#`);
				if (!ours) {
					foreign.push(`${file}: ${url}`);
				}
			}
		}
		expect(foreign).toEqual([]);
	});

	it('change everywhere with npm run set-repository', () => {
		const work = mkdtempSync(join(tmpdir(), 'trato-set-repository-'));
		try {
			for (const file of NAMING_FILES) {
				mkdirSync(dirname(join(work, file)), { recursive: true });
				cpSync(join(ROOT, file), join(work, file));
			}
			expect(run('git', ['init', '-q'], { cwd: work }).status).toBe(0);
			expect(run('git', ['add', '.'], { cwd: work }).status).toBe(0);
			const count = (text: string, what: string) => text.split(what).length - 1;
			const before = NAMING_FILES.reduce((sum, file) => sum + count(read(file), BASE), 0);

			const result = run(
				TSX,
				[join(ROOT, 'scripts/release/set-repository.ts'), 'acme/n8n-nodes-trato-fork'],
				{
					cwd: work,
					env: laptopEnv(),
				},
			);
			expect(result.status).toBe(0);

			const moved = readPackageJson(work);
			expect(moved.repository.url).toBe('git+https://github.com/acme/n8n-nodes-trato-fork.git');
			expect(moved.homepage).toBe('https://github.com/acme/n8n-nodes-trato-fork#readme');
			expect(moved.bugs.url).toBe('https://github.com/acme/n8n-nodes-trato-fork/issues');
			expect(moved.author.url).toBe('https://github.com/acme');
			const after = NAMING_FILES.map((file) => read(file, work));
			expect(after.filter((text) => text.includes(BASE))).toEqual([]);
			const moves = after.reduce(
				(sum, text) => sum + count(text, 'https://github.com/acme/n8n-nodes-trato-fork'),
				0,
			);
			expect(moves).toBe(before);
		} finally {
			rmSync(work, { recursive: true, force: true });
		}
	});
});

describe('package.json', () => {
	it('has no main entry (n8n loads the files listed under "n8n"), or one that is shipped', () => {
		if (pkg.main !== undefined) expect(pkg.main).toMatch(/^dist\//);
		expect(pkg.files).toEqual(['dist']);
	});

	it('engines: the Node.js floor of the n8n lines we support, stated in the README', () => {
		expect(pkg.engines).toEqual({ node: '>=20.19' });
		expect(README).toContain('`engines.node` is `>=20.19`');
	});

	it('has no runtime dependencies and only n8n-workflow as peer dependency', () => {
		expect(pkg.dependencies).toBeUndefined();
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});

	it("keeps n8n's strict mode with node-cli's default eslint.config.mjs (n8n-node lint refuses any other)", () => {
		expect(pkg.n8n.strict).toBe(true);
		const template = read(
			'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
		);
		const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
		expect(normalise(read('eslint.config.mjs'))).toBe(normalise(template));
	});
});

describe('README (also the npm page, where docs/ and examples/ do not exist)', () => {
	const links = [...README.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]);

	it('links only to its own headings or to absolute https addresses', () => {
		expect(links.length).toBeGreaterThan(5);
		expect(links.filter((link) => !link.startsWith('#') && !link.startsWith('https://'))).toEqual(
			[],
		);
		const headings = anchors(README);
		expect(links.filter((link) => link.startsWith('#') && !headings.has(link.slice(1)))).toEqual(
			[],
		);
	});

	it('links to files of the repository that exist', () => {
		const paths = links.map(repositoryPath).filter((path): path is string => path !== undefined);
		expect(paths).toEqual(
			expect.arrayContaining([
				'docs/api-notes.md',
				'examples/README.md',
				'CHANGELOG.md',
				'RELEASING.md',
			]),
		);
		expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
	});

	it('has a Compatibility section with the n8n versions and Node.js lines the end-to-end tests use', () => {
		const section = README.slice(README.indexOf('## Compatibility'));
		expect(README).toContain('## Compatibility');
		const install = read('test-support/n8n/n8n-install.js');
		const n8n1 = /const N8N_1 = '([^']+)'/.exec(install)![1];
		const n8n2 = /const N8N_2 = '([^']+)'/.exec(install)![1];
		const node2 = /const NODE_24 = '([^']+)'/.exec(install)![1];
		const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| n8n |')));
		expect(table).toContain(`**${n8n1}** (n8n 1.x) | **20** |`);
		expect(table).toContain(`**${n8n2}** (n8n 2.x) | **${node2}** |`);
	});

	it('has a Version history section pointing to the CHANGELOG', () => {
		const section = README.slice(README.indexOf('## Version history'));
		expect(section).toContain(`(${BASE}/blob/main/CHANGELOG.md)`);
	});

	it("is what the nodes' and the credential's documentation links open (existing headings)", () => {
		const headings = anchors(README);
		const docLinks = NAMING_FILES.filter(
			(file) => file.startsWith('nodes/') || file.startsWith('credentials/'),
		).flatMap((file) =>
			[...read(file).matchAll(/https:\/\/github\.com\/[^\s"']+/g)].map(([url]) => url),
		);
		expect(docLinks.length).toBeGreaterThanOrEqual(5);
		for (const url of docLinks) {
			expect(url.startsWith(`${BASE}/blob/main/README.md#`)).toBe(true);
			expect(headings.has(url.split('#')[1])).toBe(true);
		}
	});
});

describe('user-facing strings', () => {
	it('search aliases and package keywords are English (n8n verification): plain letters, no Spanish words', () => {
		const aliases: string[] = filesUnder('nodes', /\.node\.json$/).flatMap(
			(file) => JSON.parse(read(file)).alias ?? [],
		);
		const keywords: string[] = pkg.keywords;
		expect(aliases.length).toBeGreaterThan(3);
		expect([...aliases, ...keywords].filter((word) => !/^[A-Za-z0-9 .-]+$/.test(word))).toEqual([]);
		expect(
			[...aliases, ...keywords].filter((word) =>
				/\b(contratos?|firmad[oa]s?|firma|electr[oó]nica)\b/i.test(word),
			),
		).toEqual([]);
		expect(aliases).toEqual(
			expect.arrayContaining(['TRATO', 'e-signature', 'electronic signature', 'NOM-151']),
		);
		expect(keywords).toEqual(expect.arrayContaining(['n8n-community-node-package', 'e-signature']));
	});
});

describe('CHANGELOG.md', () => {
	it('is in the format npm run release reads (a "## <version> (unreleased)" heading with changes)', () => {
		const plan = planRelease(read('CHANGELOG.md'), pkg.version, undefined, '2026-12-01');
		expect(plan.version).toMatch(/^\d+\.\d+\.\d+/);
	});
});

describe('docs/es/README.md (the Spanish guide for Mexican users, in the repository, not in the package)', () => {
	const GUIDE = 'docs/es/README.md';
	const SPANISH = read(GUIDE);

	it('is linked from the top of the README, and links back, with absolute addresses (npm page)', () => {
		const top = README.split('\n').slice(0, 5).join('\n');
		expect(top).toContain(`(${BASE}/blob/main/${GUIDE})`);
		expect(SPANISH.split('\n').slice(0, 5).join('\n')).toContain(`(${BASE}/blob/main/README.md)`);
		const links = [...SPANISH.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
		// its own headings (test/docs/links.test.ts checks them) or absolute addresses
		expect(links.filter((link) => !link.startsWith('https://') && !link.startsWith('#'))).toEqual(
			[],
		);
		expect(
			links
				.map(repositoryPath)
				.filter((path): path is string => path !== undefined)
				.filter((path) => !existsSync(join(ROOT, path))),
		).toEqual([]);
	});

	// Its sections (the same as README.md's, and its glossary), the credential's fields, the quoted messages, the
	// operation names and the sandbox's login are checked against the node in test/docs/readme.test.ts; that it is not
	// packed, in test/release/english.test.ts.
});
