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
 * Rules of the project's layout (docs/architecture.md): small files, path parameters encoded in one place, no
 * request built outside the transport, and the import graph of the whole project (docs/architecture.md → Floors):
 * every import runs down to a lower floor or stays inside its own folder, the shipped code and the sandbox keep to
 * themselves, and no file reaches itself through its imports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { circles, importGraph, type ImportEdge } from './structure/importGraph';

const ROOT = join(__dirname, '..');

const graph = importGraph(
	ROOT,
	[
		'nodes',
		'credentials',
		'sandbox',
		'test-support',
		'scripts',
		'bench',
		'test-e2e',
		'test-ui',
		'test',
	],
	['test/fixtures', 'bench/out', 'test-e2e/artifacts', 'test-ui/artifacts'],
);

const shipped = graph.files
	.filter((path) => /^(nodes|credentials)\//.test(path) && path.endsWith('.ts'))
	.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

test('no file in nodes/ or credentials/ is over 250 lines', () => {
	const long = shipped
		.map((f) => ({ path: f.path, lines: f.text.split('\n').length - 1 }))
		.filter((f) => f.lines > 250);
	expect(long).toEqual([]);
});

test('encodeURIComponent appears in the request pipeline only', () => {
	const users = shipped.filter((f) => f.text.includes('encodeURIComponent')).map((f) => f.path);
	expect(users).toEqual(['nodes/Trato/transport/pipeline.ts']);
});

test("only the transport calls n8n's HTTP helpers", () => {
	const users = shipped
		.filter((f) => /helpers\.httpRequest/.test(f.text))
		.map((f) => f.path)
		.sort();
	// pipeline.ts: every API and file request; credentials.ts: its authenticated call (E-mail and Password's
	// session check first); login.ts: the login, which n8n itself calls as the credential's preAuthentication;
	// resume.ts: a trigger's call of a waiting run's resume URL on its own n8n (never with the credential)
	expect(users).toEqual([
		'nodes/Trato/transport/credentials.ts',
		'nodes/Trato/transport/login.ts',
		'nodes/Trato/transport/pipeline.ts',
		'nodes/Trato/transport/resume.ts',
	]);
});

test('helpers/ defines no node fields and sends no request', () => {
	const offenders = shipped
		.filter((f) => f.path.includes('/helpers/'))
		.filter((f) => /INodeProperties\b|\brequest(List|File|Page)?\.call\(/.test(f.text))
		.map((f) => f.path);
	expect(offenders).toEqual([]);
});

// ---- The import graph of the whole project (docs/architecture.md → Floors)

/**
 * Every folder on its floor, the same table as docs/architecture.md → Floors. A file may import files of its own
 * folder and of lower floors: never of a higher floor, never of another folder on its own floor. A folder's
 * sub-folders belong to it unless they are listed themselves; `*` stands for any file name.
 */
const FLOORS: Array<{ floor: number; folders: string[] }> = [
	{ floor: 7, folders: ['test/', 'test-e2e/', 'test-ui/'] },
	{ floor: 6, folders: ['scripts/', 'bench/'] },
	{ floor: 5, folders: ['test-support/'] },
	{ floor: 4, folders: ['nodes/Trato/*.node.ts'] },
	{
		floor: 3,
		folders: [
			'nodes/Trato/actions/',
			'nodes/Trato/trigger/',
			'nodes/Trato/webhook/',
			'nodes/Trato/methods/',
			'credentials/',
		],
	},
	{ floor: 2, folders: ['nodes/Trato/descriptions/', 'nodes/Trato/transport/'] },
	{ floor: 1, folders: ['nodes/Trato/helpers/', 'sandbox/'] },
];

function matches(folder: string, file: string): boolean {
	if (!folder.includes('*')) return file.startsWith(folder);
	const pattern = folder.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*');
	return new RegExp(`^${pattern}$`).test(file);
}

/** The folder of FLOORS that holds a file: the longest that matches. */
function placeOf(file: string): { floor: number; folder: string } | undefined {
	const places = FLOORS.flatMap(({ floor, folders }) =>
		folders.filter((folder) => matches(folder, file)).map((folder) => ({ floor, folder })),
	);
	return places.sort((a, b) => b.folder.length - a.folder.length)[0];
}

const SHIPPED = ['nodes/', 'credentials/'];
const isShipped = (file: string) => SHIPPED.some((folder) => file.startsWith(folder));
/** The pack's entry points: what n8n loads (package.json → n8n), and so what a tool may import of it. */
const isEntryPoint = (file: string) =>
	/^nodes\/[^/]+\/[^/]+\.node\.ts$/.test(file) ||
	/^credentials\/[^/]+\.credentials\.ts$/.test(file);

const show = ({ from, to }: ImportEdge) => `${from} → ${to}`;

test('the import graph reads every relative import of the project (none names a missing file)', () => {
	expect(graph.unresolved.map(show)).toEqual([]);
	// the graph is the real one: the node classes import their description and the harness runs the node
	expect(graph.edges.map(show)).toEqual(
		expect.arrayContaining([
			'nodes/Trato/Trato.node.ts → nodes/Trato/actions/versionDescription.ts',
			'test-support/n8n/smtp.ts → test-support/n8n/running.ts',
		]),
	);
});

test('every file of the project stands on a floor', () => {
	expect(graph.files.filter((file) => !placeOf(file))).toEqual([]);
});

test('no import runs up a floor, or across into another folder of the same floor', () => {
	const broken = graph.edges.flatMap((edge) => {
		const from = placeOf(edge.from);
		const to = placeOf(edge.to);
		if (!from || !to || from.folder === to.folder || from.floor > to.floor) return [];
		const rule =
			from.floor === to.floor
				? `across floor ${from.floor}, from ${from.folder} into ${to.folder}`
				: `up from floor ${from.floor} (${from.folder}) to floor ${to.floor} (${to.folder})`;
		return [`${show(edge)}: ${rule}`];
	});
	expect(broken).toEqual([]);
});

test('helpers/ imports nothing from transport/ (submodules too): helpers are pure and send no request', () => {
	const broken = graph.edges.filter(
		({ from, to }) => from.includes('/helpers/') && to.startsWith('nodes/Trato/transport/'),
	);
	expect(broken.map(show)).toEqual([]);
});

test('shipped code outside transport/ reaches it through transport/index.ts only (its public surface)', () => {
	const broken = graph.edges.filter(
		({ from, to }) =>
			isShipped(from) &&
			!from.startsWith('nodes/Trato/transport/') &&
			to.startsWith('nodes/Trato/transport/') &&
			to !== 'nodes/Trato/transport/index.ts',
	);
	expect(broken.map(show)).toEqual([]);
	// the rule is read from the real graph: the credential class and the operations reach the transport
	expect(graph.edges.map(show)).toEqual(
		expect.arrayContaining([
			'credentials/TratoApi.credentials.ts → nodes/Trato/transport/index.ts',
			'nodes/Trato/actions/contract/get.operation.ts → nodes/Trato/transport/index.ts',
		]),
	);
});

test('shipped code imports only shipped code; the sandbox imports nothing outside sandbox/', () => {
	const broken = graph.edges.flatMap((edge) => {
		if (isShipped(edge.from) && !isShipped(edge.to))
			return [`${show(edge)}: shipped code imports only nodes/ and credentials/`];
		if (edge.from.startsWith('sandbox/') && !edge.to.startsWith('sandbox/'))
			return [
				`${show(edge)}: the sandbox is TRATO's independent stand-in and imports no other part`,
			];
		return [];
	});
	expect(broken).toEqual([]);
});

test('scripts and benchmarks reach the pack through its node and credential classes only', () => {
	const broken = graph.edges.filter(
		({ from, to }) =>
			(from.startsWith('scripts/') || from.startsWith('bench/')) &&
			isShipped(to) &&
			!isEntryPoint(to),
	);
	expect(broken.map((edge) => `${show(edge)}: not an entry point of the pack`)).toEqual([]);
});

test('no circle: no file reaches itself through its imports (type-only imports count)', () => {
	const found = circles(graph).map(
		({ files, loop }) =>
			`${files.length} files in a circle: ${loop.join(' → ')} (all: ${files.join(', ')})`,
	);
	expect(found).toEqual([]);
});

test('docs/architecture.md shows the same floors', () => {
	const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
	const section = doc.slice(doc.indexOf('## Floors'));
	const rows = [...section.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map((row) => ({
		floor: Number(row[1]),
		folders: [...row[2].matchAll(/`([^`]+)`/g)].map((name) => name[1]),
	}));
	expect(rows).toEqual(FLOORS);
});
