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
 * n8n's community-node rules that are newer than the linter npm serves, applied to what n8n loads.
 *
 * n8n's repository documents 71 rules (`@n8n/eslint-plugin-community-nodes`); @n8n/node-cli 0.48.3 and
 * @n8n/scan-community-package 0.32.0, the newest on npm, check 44. Most of the newer ones read literals inside a
 * `.node.ts` file's class, and this package builds its descriptions in other files, so a clean lint would prove
 * little here. This file checks each rule's intent on the loaded classes (every property at any depth), the
 * credential, the codex files n8n reads beside each node, the icons and package.json. The YARA threats of n8n's
 * newer scanner are checked on the packed tarball in package.test.ts; docs/verification.md has the table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

import type { ICredentialType, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { CREDENTIAL, FIELDS, NODES, choices } from '../support/descriptions';
import { readPackageJson, ROOT } from './helpers';

const pkg = readPackageJson();

/** The TypeScript source n8n's entry (`dist/…/X.node.js`) is built from. */
const sourceOf = (entry: string) =>
	join(ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

/** The classes package.json registers, loaded from their own files, with those files. */
function registered<T>(entries: string[], describe: (instance: any) => T) {
	return entries.map((entry) => {
		const file = sourceOf(entry);
		const classes = Object.values(jest.requireActual(file)).filter(
			(value): value is new () => unknown => typeof value === 'function',
		);
		expect(classes).toHaveLength(1);
		const instance = new classes[0]();
		return { file, className: classes[0].name, what: describe(instance) };
	});
}

const nodeFiles = registered<INodeTypeDescription>(pkg.n8n.nodes, (node) => node.description);
const credentialFiles = registered<ICredentialType>(pkg.n8n.credentials, (cred) => cred);

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
/** A field for messages: its node, its stored path and the operations it is shown for. */
const where = (owner: string, names: string[], p?: INodeProperties) => {
	const operations = p?.displayOptions?.show?.operation;
	return `${owner} ${names.join('.')}${operations ? ` (${operations.join(', ')})` : ''}`;
};

test('the loaded descriptions are the ones package.json registers (the fields walked below)', () => {
	expect(nodeFiles.map((n) => n.what.name)).toEqual(NODES.map((n) => n.name));
	expect(credentialFiles.map((c) => c.what.name)).toEqual([CREDENTIAL.name]);
	expect(FIELDS.length).toBeGreaterThan(200);
});

describe('node properties, at any depth (inside collections too)', () => {
	test('hint-max-length: every hint is a short nudge of 120 characters at most; longer text goes in the description', () => {
		const hints = FIELDS.filter((f) => f.p.hint);
		expect(hints.length).toBeGreaterThan(0);
		expect(
			hints
				.filter((f) => f.p.hint!.length > 120)
				.map((f) => `${where(f.owner, f.names)}: ${f.p.hint!.length}`),
		).toEqual([]);
	});

	test('open-ended-node-fields: every JSON field n8n shows is required (a JSON field may not stand in for optional settings)', () => {
		const json = FIELDS.filter((f) => f.p.type === 'json');
		expect(json.length).toBeGreaterThan(0);
		expect(
			json.filter((f) => f.p.required !== true).map((f) => where(f.owner, f.names, f.p)),
		).toEqual([]);
	});

	test('require-param-default: every parameter declares a default', () => {
		expect(FIELDS.filter((f) => !('default' in f.p)).map((f) => where(f.owner, f.names))).toEqual(
			[],
		);
	});

	test('no-duplicate-param-options: no dropdown offers one name or one value twice', () => {
		const duplicated = FIELDS.filter((f) => {
			const options = choices(f.p);
			const names = options.map((o) => o.name);
			const values = options.map((o) => JSON.stringify(o.value));
			return new Set(names).size !== names.length || new Set(values).size !== values.length;
		});
		expect(FIELDS.filter((f) => choices(f.p).length > 1).length).toBeGreaterThan(20);
		expect(duplicated.map((f) => where(f.owner, f.names))).toEqual([]);
	});

	test('no-asterisk-in-option-names: no option is named with "*"', () => {
		const starred = FIELDS.flatMap((f) =>
			((f.p.options ?? []) as Array<{ name: string }>)
				.filter((o) => o.name.includes('*'))
				.map((o) => `${where(f.owner, f.names)} → ${o.name}`),
		);
		expect(starred).toEqual([]);
	});
});

describe("each node's top-level fields", () => {
	test('options-sorted-alphabetically: every dropdown lists its options in alphabetical order (Resource and Operation too)', () => {
		const dropdowns = NODES.flatMap((node) =>
			node.properties
				.filter((p) => p.type === 'options')
				.map((p) => ({ node: node.name, p, names: choices(p).map((o) => o.name) })),
		);
		expect(dropdowns.length).toBeGreaterThan(20);
		const unsorted = dropdowns.filter(
			({ names }) => names.join('\n') !== [...names].sort(byName).join('\n'),
		);
		expect(unsorted.map(({ node, p, names }) => `${node} ${p.name}: ${names.join(' | ')}`)).toEqual(
			[],
		);
	});

	/*
	 * non-required-fields-in-collection: a field the user need not fill belongs in "Additional Fields" or
	 * "Additional Options". The rule exempts collections, notices and the Resource, Operation and Authentication
	 * selectors. These stay at the top level, each for its stated reason:
	 */
	const SELECTOR =
		'decides which other fields n8n shows, as Resource and Operation do (the rule exempts those)';
	const STORED =
		'saved workflows store it at the top level: moving it into a collection changes its stored path, which the package never does (docs/architecture.md → Stored names); a new node version could move it';
	const LIMIT = "Get Many's Limit, shown beside Return All when it is off, as in n8n's own nodes";
	const TOP_LEVEL_OPTIONAL: Record<string, Record<string, string>> = {
		trato: {
			source: SELECTOR,
			inputMode: SELECTOR,
			signersInputMode: SELECTOR,
			shield: SELECTOR,
			obligation: SELECTOR,
			downloadFiles: SELECTOR,
			returnAll: SELECTOR,
			limit: LIMIT,
			name: STORED,
			externalId: STORED,
			showSignLinks: STORED,
			language: STORED,
			notificationType: STORED,
			signInOrder: STORED,
			simple: STORED,
			documentType: STORED,
			lastName: STORED,
			representative: STORED,
			phone: STORED,
			output: STORED,
		},
		tratoTrigger: { event: SELECTOR, includeNewContracts: STORED },
		tratoWebhookTrigger: {},
	};
	const EXEMPT_TYPES = [
		'collection',
		'fixedCollection',
		'notice',
		'callout',
		'hidden',
		'curlImport',
	];
	const EXEMPT_NAMES = ['resource', 'operation', 'authentication'];

	/** Every field another field's displayOptions depends on. */
	function selectors(node: INodeTypeDescription): Set<string> {
		const names = new Set<string>();
		for (const p of node.properties)
			for (const condition of [p.displayOptions?.show, p.displayOptions?.hide])
				for (const name of Object.keys(condition ?? {})) names.add(name);
		return names;
	}

	const optionalAtTop = (node: INodeTypeDescription) =>
		node.properties.filter(
			(p: INodeProperties) =>
				!EXEMPT_TYPES.includes(p.type) && !EXEMPT_NAMES.includes(p.name) && p.required !== true,
		);

	test.each(NODES.map((node) => [node.name, node] as const))(
		'non-required-fields-in-collection: %s keeps at the top level only the optional fields stated here, each with its reason',
		(name, node) => {
			const found = [...new Set(optionalAtTop(node).map((p) => p.name))].sort();
			expect(found).toEqual(Object.keys(TOP_LEVEL_OPTIONAL[name]).sort());
			const usedAsSelector = selectors(node);
			for (const [field, why] of Object.entries(TOP_LEVEL_OPTIONAL[name])) {
				if (why === SELECTOR) expect([field, usedAsSelector.has(field)]).toEqual([field, true]);
				if (why === LIMIT) expect(usedAsSelector.has('returnAll')).toBe(true);
			}
		},
	);
});

describe('the nodes and the credential as n8n registers them', () => {
	test('node-class-description-name-camelcase: every node name is camelCase', () => {
		expect(NODES.map((n) => n.name).filter((n) => !/^[a-z][a-zA-Z0-9]*$/.test(n))).toEqual([]);
	});

	test('node-filename-against-convention: each node file is named after its node (its name with a capital letter)', () => {
		for (const { file, what } of nodeFiles) {
			const expected = `${what.name[0].toUpperCase()}${what.name.slice(1)}`;
			expect(basename(file)).toMatch(new RegExp(`^${expected}(V\\d+)?\\.node\\.ts$`));
		}
	});

	test('node-class-description-non-core-color: no node uses the colour reserved for n8n`s own nodes (#FF6D5A)', () => {
		const colours = NODES.flatMap((n) => [
			(n.defaults as { color?: string }).color,
			(n as { color?: string }).color,
		]);
		expect(colours.filter((c) => c?.toUpperCase() === '#FF6D5A')).toEqual([]);
	});

	test('single-credential-per-node: a node uses one credential at a time', () => {
		for (const node of NODES) {
			const credentials = node.credentials ?? [];
			expect(credentials.length).toBeGreaterThan(0);
			// two credentials only if one property's value shows one or the other, never both
			for (let i = 0; i < credentials.length; i++)
				for (let j = i + 1; j < credentials.length; j++) {
					const left = credentials[i].displayOptions?.show ?? {};
					const right = credentials[j].displayOptions?.show ?? {};
					const exclusive = Object.keys(left).some(
						(key) =>
							Array.isArray(right[key]) &&
							(left[key] as unknown[]).every((v) => !(right[key] as unknown[]).includes(v)),
					);
					expect([node.name, credentials[i].name, credentials[j].name, exclusive]).toEqual([
						node.name,
						credentials[i].name,
						credentials[j].name,
						true,
					]);
				}
		}
	});

	test('cred-class-name-field-conventions: the credential name starts with a lower-case letter and ends with Api', () => {
		expect(CREDENTIAL.name).toMatch(/^[a-z][a-zA-Z0-9]*Api$/);
	});

	test('cred-class-name-suffix and cred-filename-against-convention: the credential class ends with Api and names its file', () => {
		for (const { file, className } of credentialFiles) {
			expect(className).toMatch(/Api$/);
			expect(basename(file)).toBe(`${className}.credentials.ts`);
		}
	});

	test('no-hardcoded-ids: no partner, affiliate, reseller, account, tenant, customer or client ID is written into shipped code', () => {
		const sources = ['nodes', 'credentials'].flatMap((dir) =>
			readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
				.filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
				.map((entry) => join(entry.parentPath, entry.name)),
		);
		expect(sources.length).toBeGreaterThan(50);
		const fixedId =
			/\b(partner|affiliate|reseller|account|tenant|customer|client)[_-]?id\b['"]?\s*[:=]\s*['"`]/i;
		expect(
			sources
				.filter((file) => fixedId.test(readFileSync(file, 'utf8')))
				.map((f) => relative(ROOT, f)),
		).toEqual([]);
		expect(fixedId.test("qs: { partner_id: 'fixed-partner' }")).toBe(true);
	});
});

describe('the codex file n8n reads beside each node', () => {
	/** The categories n8n documents for community nodes (docs.n8n.io → codex files → node categories). */
	const COMMUNITY_CATEGORIES = [
		'Analytics',
		'Communication',
		'Data & Storage',
		'Development',
		'Finance & Accounting',
		'Marketing & Content',
		'Miscellaneous',
		'Productivity',
		'Sales',
		'Utility',
	];
	const codexes = nodeFiles.map(({ file, what }) => {
		const path = file.replace(/\.ts$/, '.json');
		return {
			node: what,
			path,
			codex: existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null,
		};
	});

	test('each node has its codex file and no inline codex (n8n would use the inline one and never read the file)', () => {
		for (const { node, codex } of codexes) {
			expect(codex?.node).toBe(`${pkg.name}.${node.name}`);
			expect(node.codex).toBeUndefined();
		}
	});

	test('valid-node-categories, valid-codex-categories, no-ai-codex-category, no-logic-or-flow-nodes: categories from the community list only', () => {
		for (const { codex } of codexes) {
			expect(codex.categories.length).toBeGreaterThan(0);
			expect(codex.categories.filter((c: string) => !COMMUNITY_CATEGORIES.includes(c))).toEqual([]);
		}
	});

	test('no-codex-subcategories: no subcategories (only nodes built on the AI Node SDK may set them)', () => {
		for (const { codex } of codexes) expect(codex.subcategories).toBeUndefined();
	});
});

describe('icon-contrast: every icon stands out on its node background', () => {
	const BACKGROUND = { light: '#ffffff', dark: '#2b2b2b' };

	/** WCAG relative luminance of a #rgb or #rrggbb colour. */
	function luminance(hex: string): number {
		const digits =
			hex.length === 4
				? [...hex.slice(1)].map((d) => d + d)
				: [1, 3, 5].map((i) => hex.slice(i, i + 2));
		const [r, g, b] = digits.map((d) => {
			const c = parseInt(d, 16) / 255;
			return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
		});
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	}
	const contrast = (a: string, b: string) => {
		const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
		return (hi + 0.05) / (lo + 0.05);
	};

	/** The paint colours of an SVG (fill, stroke, stop-color), `none` left out; black when it sets none. */
	function paints(svg: string): string[] {
		const values = [...svg.matchAll(/(?:fill|stroke|stop-color)\s*[=:]\s*["']?([^"';)\s>]+)/g)]
			.map((m) => m[1].toLowerCase())
			.filter((v) => v !== 'none');
		const named: Record<string, string> = {
			white: '#ffffff',
			black: '#000000',
			currentcolor: '#000000',
		};
		const colours = values.map((v) => named[v] ?? v);
		// a colour this parser cannot read fails the test instead of passing unseen
		expect(colours.filter((c) => !/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(c))).toEqual([]);
		return colours.length ? colours : ['#000000'];
	}

	const icons = [
		...nodeFiles.map(({ file, what }) => ({
			owner: what.name,
			dir: dirname(file),
			icon: what.icon,
		})),
		...credentialFiles.map(({ file, what }) => ({
			owner: what.name,
			dir: dirname(file),
			icon: what.icon,
		})),
	];

	test.each(icons.map((i) => [i.owner, i] as const))(
		'%s: best colour at least 1.5:1 on the light and the dark theme',
		(_owner, { dir, icon }) => {
			expect(typeof icon).toBe('object');
			for (const theme of ['light', 'dark'] as const) {
				const path = String((icon as Record<string, string>)[theme]);
				expect(path).toMatch(/^file:.*\.svg$/);
				const svg = readFileSync(join(dir, path.slice('file:'.length)), 'utf8');
				const best = Math.max(...paints(svg).map((c) => contrast(c, BACKGROUND[theme])));
				expect([theme, best >= 1.5]).toEqual([theme, true]);
			}
		},
	);

	test('the measure itself: black on the dark theme is below the limit, white on it is not', () => {
		expect(contrast('#000000', BACKGROUND.dark)).toBeLessThan(1.5);
		expect(contrast('#ffffff', BACKGROUND.dark)).toBeGreaterThan(1.5);
	});
});

describe('package.json', () => {
	test('require-community-node-keyword: keywords have "n8n-community-node-package"', () => {
		expect(pkg.keywords).toContain('n8n-community-node-package');
	});

	test('require-mit-license: the license is MIT', () => {
		expect(pkg.license).toBe('MIT');
	});

	test('no-monorepo: the repository is the package`s own (no repository.directory)', () => {
		expect(pkg.repository.url).toMatch(/^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
		expect(pkg.repository.directory).toBeUndefined();
	});
});
