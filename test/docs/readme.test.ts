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
 * The README and the Spanish guide (docs/es/README.md, kept out of the package: n8n verifies English-only packages)
 * say what the node does, in the node's words: the operation count, the names of operations, fields and options,
 * the events, the messages a user sees. Both have the same sections (the glossary of TRATO's Spanish words only in
 * the guide); both fit the size budget and have a table of contents. Every fact is read from the node
 * (test/docs/nodeFacts.ts).
 */
import { TRIGGER_MODES, TRIGGER_MODE_VALUES } from '../../nodes/Trato/trigger/modes';
import { SANDBOX_ACCOUNT } from '../../sandbox/sessions';
import { anchorOf, BASE, bold, headings, links, markdownIn, read, section } from './markdown';
import {
	CREDENTIAL,
	isNodeMessage,
	LABELS,
	OPERATION_COUNT,
	OPERATIONS,
	WEBHOOK,
	WEBHOOK_EVENTS,
	WEBHOOK_LABELS,
} from './nodeFacts';

const README = read('README.md');
const SPANISH_GUIDE = 'docs/es/README.md';
const SPANISH = read(SPANISH_GUIDE);

/** The sections of README.md and their twins in the Spanish guide, in order (null: the guide's own section). */
const SECTIONS: Array<[string | null, string]> = [
	['Contents', 'Contenido'],
	['Install', 'Instalación'],
	['Credentials', 'Credencial "TRATO API"'],
	['Your first workflow', 'Tu primer flujo'],
	['Operations', 'Operaciones'],
	['Trigger', 'Disparadores'],
	['AI agents and MCP', 'Agentes de IA y MCP'],
	['Example workflows', 'Flujos de ejemplo'],
	['Troubleshooting', 'Solución de problemas'],
	[null, 'Glosario'],
	['Compatibility', 'Compatibilidad'],
	['Links', 'Enlaces'],
	['Version history', 'Historial de versiones'],
	['License', 'Licencia'],
];
const es = (i: number) => SECTIONS[i][1];
const at = (english: string) => SECTIONS.findIndex(([e]) => e === english);
/** The section `english` of README.md and of the Spanish guide (read when a test runs, so a missing one fails it). */
const both = (english: string): Array<[string, () => string]> => [
	['README.md', () => section(README, english)],
	[SPANISH_GUIDE, () => section(SPANISH, es(at(english)))],
];

/** n8n's own nodes and buttons the first workflow names (not the pack's). */
const N8N_LABELS = ['Manual Trigger', 'HTTP Request', 'Production URL', 'Test URL', 'Poll Times'];

describe('README.md (the npm page: npm cuts a README at 64 kB)', () => {
	it('fits the budget of 20 kB (20,480 bytes), and so does the Spanish guide', () => {
		expect(Buffer.byteLength(README, 'utf8')).toBeLessThanOrEqual(20_480);
		expect(Buffer.byteLength(SPANISH, 'utf8')).toBeLessThanOrEqual(20_480);
	});

	it('says it is unofficial, in both languages', () => {
		expect(README).toMatch(/^> \*\*Unofficial\.\*\*/m);
		expect(SPANISH).toMatch(/^> \*\*No oficial\.\*\*/m);
	});

	it('has the same sections as the Spanish guide, in the same order; the glossary only in the guide', () => {
		expect(headings(README, 2)).toEqual(SECTIONS.flatMap(([english]) => english ?? []));
		expect(headings(SPANISH, 2)).toEqual(SECTIONS.map((_, i) => es(i)));
	});

	it('links the Spanish guide in English words, near the top', () => {
		const top = README.split('\n').slice(0, 5).join('\n');
		expect(top).toContain(`*Spanish guide: [${SPANISH_GUIDE}](`);
		expect(links(top)).toContain(`${BASE}/blob/main/${SPANISH_GUIDE}`);
	});

	it('says how to install on n8n 3.0 until the pack is verified (unverified packages are off by default there)', () => {
		const install = section(README, 'Install');
		expect(install).toContain('`N8N_UNVERIFIED_PACKAGES_ENABLED=true`');
		expect(links(install)).toContain('https://docs.n8n.io/changelog/v30-breaking-changes/');
		expect(section(SPANISH, 'Instalación')).toContain('`N8N_UNVERIFIED_PACKAGES_ENABLED=true`');
	});

	it.each([
		['README.md', README, 'Contents'],
		[SPANISH_GUIDE, SPANISH, 'Contenido'],
	])('%s: its table of contents links every section', (_file, text, contents) => {
		const listed = links(section(text, contents));
		const sections = headings(text, 2).filter((h) => h !== contents && !/^Licen/.test(h));
		expect(listed).toEqual(sections.map((h) => `#${anchorOf(h)}`));
	});
});

describe('the operations, as the node has them', () => {
	/** Every "N operations" a doc states: README, the Spanish guide, CONTRIBUTING, CHANGELOG, docs/. */
	const DOCS = [
		'README.md',
		SPANISH_GUIDE,
		'CONTRIBUTING.md',
		'CHANGELOG.md',
		...markdownIn('docs'),
	];
	const COUNT =
		/\b(\d+) operations\b|\boperations? of the (?:API|service) \((\d+)\)|\boperaciones de la API \((\d+)\)|\((\d+) operaciones\)/g;

	it(`every count of operations in the docs is the node's (${OPERATION_COUNT})`, () => {
		const stated = DOCS.flatMap((file) =>
			[...read(file).matchAll(COUNT)].map((m) => `${file}: ${m.slice(1).find(Boolean)}`),
		);
		expect(stated.filter((s) => s.startsWith('README.md:')).length).toBeGreaterThan(0);
		expect(stated.filter((s) => s.startsWith(`${SPANISH_GUIDE}:`)).length).toBeGreaterThan(0);
		expect(stated.filter((s) => !s.endsWith(`: ${OPERATION_COUNT}`))).toEqual([]);
	});

	it.each(both('Operations'))(
		'%s: one row per resource, naming exactly its operations',
		(_file, textOf) => {
			const text = textOf();
			const rows = new Map(
				[...text.matchAll(/^\| ([^|]+?) \| ([^|]*) \|/gm)].map((m) => [m[1], bold(m[2])]),
			);
			for (const [resource, operations] of OPERATIONS) {
				expect([resource, rows.get(resource)?.sort()]).toEqual([resource, [...operations].sort()]);
			}
			const named = [...rows.values()].reduce((sum, ops) => sum + ops.length, 0);
			expect(named).toBe(OPERATION_COUNT);
		},
	);
});

describe('a custom API call (an endpoint the node does not cover)', () => {
	it.each(both('Operations'))(
		"%s: n8n's HTTP Request node with the credential, named as the editor shows them",
		(_file, textOf) => {
			const text = textOf();
			expect(text).toContain('**HTTP Request**');
			expect(text).toContain('**Predefined Credential Type**');
			expect(text).toContain(`**${CREDENTIAL.displayName}**`);
			const authentication = CREDENTIAL.properties.find((p) => p.name === 'authentication') as {
				options: Array<{ name: string; value: string }>;
			};
			const emailPassword = authentication.options.find((o) => o.value === 'emailPassword')!;
			expect(text).toContain(`**${emailPassword.name}**`);
			expect(text).toContain('https://enterprise.api.trato.io/api/');
		},
	);
});

describe("the first workflow, in the editor's words", () => {
	it.each(both('Your first workflow'))(
		"%s: every name in bold is one the editor shows (the pack's, or n8n's)",
		(_file, textOf) => {
			const text = textOf();
			const names = bold(text);
			expect(names).toEqual(
				expect.arrayContaining([
					'Manual Trigger',
					'TRATO',
					'Contract',
					'Create With Signers',
					'Source',
					'PDF',
					'Input Binary Field',
					'Participants',
					'Email',
					'Return Signing Links',
				]),
			);
			expect(names.filter((name) => !LABELS.has(name) && !N8N_LABELS.includes(name))).toEqual([]);
		},
	);
});

describe('the credential', () => {
	const shown = (name: string) =>
		CREDENTIAL.properties.find((p) => p.name === name) as {
			displayName: string;
			options?: Array<{ name: string }>;
		};

	it.each(both('Credentials'))(
		'%s: names the credential, its fields and its options as n8n shows them',
		(_file, textOf) => {
			const text = textOf();
			expect(text).toContain(CREDENTIAL.displayName);
			for (const field of ['environment', 'authentication', 'apiKey', 'webhookSecret']) {
				expect(text).toContain(`**${shown(field).displayName}**`);
			}
			for (const field of ['environment', 'authentication']) {
				for (const option of shown(field).options ?? [])
					expect(text).toContain(`**${option.name}**`);
			}
			const unknown = bold(text).filter(
				(name) => !LABELS.has(name) && !/^(?:¿|The choice|La opción)/.test(name),
			);
			expect(unknown).toEqual(['E-mail', 'Password'].filter((n) => unknown.includes(n)));
		},
	);

	it("the Spanish guide says where the API key is, and gives the sandbox's real login", () => {
		expect(SPANISH).toContain('¿Dónde está la API key?');
		expect(SPANISH).toContain(`\`${SANDBOX_ACCOUNT.email}\` / \`${SANDBOX_ACCOUNT.password}\``);
	});
});

describe('the triggers', () => {
	it.each(both('Trigger'))(
		"%s: a row per event of the instant trigger, as its item's `event`",
		(_file, textOf) => {
			const text = textOf();
			for (const event of WEBHOOK_EVENTS)
				expect(text).toMatch(new RegExp(`^\\| \`${event}\` \\|`, 'm'));
		},
	);

	it.each(both('Trigger'))(
		"%s: names every option of the instant trigger, and the polling trigger's modes",
		(_file, textOf) => {
			const text = textOf();
			const options = (
				WEBHOOK.properties.find((p) => p.name === 'options')!.options as Array<{
					displayName: string;
				}>
			)
				.map((o) => o.displayName)
				.filter((name) => !name.startsWith('Put '));
			for (const option of options) expect(bold(text)).toContain(option);
			for (const mode of TRIGGER_MODE_VALUES)
				expect(text).toContain(`**${TRIGGER_MODES[mode].name}**`);
		},
	);

	it.each(both('Trigger'))('%s: every name in bold is one the editor shows', (_file, textOf) => {
		const text = textOf();
		const allowed = (name: string) =>
			LABELS.has(name) ||
			N8N_LABELS.includes(name) ||
			WEBHOOK_LABELS.has(name) ||
			/^(?:The guarantee|La garantía|¿Cuál\?|Disparador)/.test(name);
		expect(bold(text).filter((name) => !allowed(name))).toEqual([]);
	});
});

describe('troubleshooting: the messages a user sees', () => {
	it.each(both('Troubleshooting'))(
		'%s: every message quoted in the first column is one the node or the credential shows',
		(_file, textOf) => {
			const text = textOf();
			const quoted = [...text.matchAll(/^\| (`[^|]+`(?: \/ `[^|]+`)*) \|/gm)].flatMap((m) =>
				[...m[1].matchAll(/`([^`]+)`/g)].map((q) => q[1]),
			);
			expect(quoted.length).toBeGreaterThanOrEqual(8);
			expect(quoted.filter((message) => !isNodeMessage(message))).toEqual([]);
		},
	);

	it('README.md covers the credential test, the template, Test vs Production URL and `verified: false`', () => {
		const text = section(README, 'Troubleshooting');
		const credentialTest = (CREDENTIAL.test.rules ?? []).map(
			(rule) => (rule.properties as { message: string }).message,
		);
		for (const message of credentialTest) expect(text).toContain(message.split('. ')[0]);
		expect(text).toContain('Template ID is required');
		expect(text).toContain('**Test URL**');
		expect(text).toContain('**Production URL**');
		expect(text).toContain('`verified: false`');
	});
});

describe('quoted refusals anywhere in the docs', () => {
	const FILES = [
		'README.md',
		SPANISH_GUIDE,
		'CONTRIBUTING.md',
		'examples/README.md',
		...markdownIn('docs'),
	];

	it('"TRATO refused the request: <text>" quotes a text the node recognises', () => {
		const quoted = FILES.flatMap((file) =>
			[...read(file).matchAll(/TRATO refused the request: ([^"`*\n)]+)/g)]
				.map((m) => m[1].trim().replace(/\.$/, ''))
				.filter((text) => text !== '…' && text !== '...')
				.map((text) => [file, text]),
		);
		expect(quoted.length).toBeGreaterThan(0);
		expect(quoted.filter(([, text]) => !isNodeMessage(text))).toEqual([]);
	});
	it('an error an AI tool hands the model (`[{"error":"…"}]`) is the node\'s message', () => {
		const quoted = FILES.flatMap((file) =>
			[...read(file).matchAll(/\[\{"error":\s*"([^"]*)"/g)]
				.map((m) => m[1])
				.filter((text) => text !== '…')
				.map((text) => [file, text]),
		);
		expect(quoted.length).toBeGreaterThan(0);
		const refused = /^TRATO refused the request: (.+)$/;
		expect(isNodeMessage('TRATO refused the request: …')).toBe(true);
		expect(
			quoted.filter(([, text]) => !refused.test(text) || !isNodeMessage(refused.exec(text)![1])),
		).toEqual([]);
	});
});

describe('the contributor commands', () => {
	const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

	it('CONTRIBUTING.md gives `npm ci && npm run dev` and `npm ci && npm test`, and package.json has both', () => {
		const contributing = read('CONTRIBUTING.md');
		expect(contributing).toContain('npm ci && npm run dev');
		expect(contributing).toContain('npm ci && npm test');
		expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['dev', 'test', 'build']));
	});

	it('the README shows both, in a code block: trying the pack without a TRATO account, and the tests', () => {
		const blocks = [...README.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
		const commands = (block: string) =>
			block.split('\n').map((line) => line.replace(/\s+#.*$/, ''));
		expect(
			blocks.some((block) =>
				['npm ci && npm run dev', 'npm ci && npm test'].every((c) => commands(block).includes(c)),
			),
		).toBe(true);
	});

	it('the README sends contributors to CONTRIBUTING.md', () => {
		expect(links(README).some((link) => /\/CONTRIBUTING\.md(#|$)/.test(link))).toBe(true);
	});
});
