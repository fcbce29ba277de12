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
 * Group 5 — footprint: the packed npm tarball (`npm pack --dry-run`) of the package as `npm run build` makes it
 * (tsc + the icons and codex files, built into bench/out/pkg so the repository's dist/ is left alone), and the
 * cold `require` time of the node files in a fresh process with n8n-workflow already loaded (as in n8n).
 * Baseline for both: a minimal community package (one node, one credential, n8n-nodes-starter layout) built in
 * the same run.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';

import {
	alternate,
	exact,
	log,
	parseArgs,
	ratios,
	ROOT,
	OUT,
	summarize,
	writeResult,
	type Row,
} from '../lib/common';

const run = promisify(execFile);

function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
		e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
	);
}

/** `npm run build` into `pkg`: tsc, then what gulpfile.js copies (icons, codex files). */
async function buildPackage(pkg: string): Promise<number> {
	rmSync(pkg, { recursive: true, force: true });
	mkdirSync(pkg, { recursive: true });
	const t0 = Date.now();
	await run(
		process.execPath,
		[
			join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
			'-p',
			join(ROOT, 'tsconfig.build.json'),
			'--outDir',
			join(pkg, 'dist'),
		],
		{ cwd: ROOT },
	);
	for (const base of ['nodes', 'credentials']) {
		for (const file of walk(join(ROOT, base))) {
			if (/\.(png|svg)$/.test(file) || (base === 'nodes' && file.endsWith('.node.json'))) {
				const target = join(pkg, 'dist', relative(ROOT, file));
				mkdirSync(dirname(target), { recursive: true });
				cpSync(file, target);
			}
		}
	}
	for (const file of ['package.json', 'README.md', 'LICENSE.md', 'CHANGELOG.md']) {
		if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(pkg, file));
	}
	return Date.now() - t0;
}

/** A minimal community package as n8n-nodes-starter lays it out, compiled by hand (what tsc would emit). */
function minimalPackage(pkg: string): void {
	rmSync(pkg, { recursive: true, force: true });
	const files: Record<string, string> = {
		'package.json': JSON.stringify(
			{
				name: 'n8n-nodes-minimal',
				version: '0.1.0',
				license: 'MIT',
				main: 'index.js',
				files: ['dist'],
				n8n: {
					n8nNodesApiVersion: 1,
					credentials: ['dist/credentials/MinimalApi.credentials.js'],
					nodes: ['dist/nodes/Minimal/Minimal.node.js'],
				},
				peerDependencies: { 'n8n-workflow': '*' },
			},
			null,
			2,
		),
		'README.md': '# n8n-nodes-minimal\n\nOne node, one credential.\n',
		'dist/credentials/MinimalApi.credentials.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MinimalApi = void 0;
class MinimalApi {
    constructor() {
        this.name = 'minimalApi';
        this.displayName = 'Minimal API';
        this.properties = [{ displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' }];
        this.authenticate = { type: 'generic', properties: { headers: { apikey: '={{$credentials.apiKey}}' } } };
    }
}
exports.MinimalApi = MinimalApi;
`,
		'dist/nodes/Minimal/Minimal.node.js': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Minimal = void 0;
const n8n_workflow_1 = require("n8n-workflow");
class Minimal {
    constructor() {
        this.description = {
            displayName: 'Minimal', name: 'minimal', group: ['transform'], version: 1, description: 'A minimal node',
            defaults: { name: 'Minimal' }, inputs: [n8n_workflow_1.NodeConnectionTypes.Main], outputs: [n8n_workflow_1.NodeConnectionTypes.Main],
            credentials: [{ name: 'minimalApi', required: true }],
            properties: [{ displayName: 'ID', name: 'id', type: 'string', default: '' }],
        };
    }
    async execute() {
        const items = this.getInputData();
        const out = [];
        for (let i = 0; i < items.length; i++) {
            const id = this.getNodeParameter('id', i);
            out.push({ json: await this.helpers.httpRequestWithAuthentication.call(this, 'minimalApi', { url: 'https://example.com/' + id, json: true }), pairedItem: { item: i } });
        }
        return [out];
    }
}
exports.Minimal = Minimal;
`,
	};
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(dirname(join(pkg, name)), { recursive: true });
		writeFileSync(join(pkg, name), text);
	}
}

interface PackInfo {
	size: number;
	unpackedSize: number;
	entryCount: number;
	files: Array<{ path: string; size: number }>;
}

async function pack(pkg: string): Promise<PackInfo> {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const { stdout } = await run(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: pkg,
		maxBuffer: 16 << 20,
	});
	return (JSON.parse(stdout) as PackInfo[])[0];
}

/** Milliseconds to require `file` in a fresh node process where n8n-workflow is already loaded. */
async function coldRequire(file: string | undefined): Promise<number> {
	const script = `
const { resolve } = require('node:path');
require(${JSON.stringify(require.resolve('n8n-workflow'))});
const target = ${JSON.stringify(file ?? '')};
const t0 = process.hrtime.bigint();
if (target) require(target);
process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));
`;
	const { stdout } = await run(process.execPath, ['-e', script], { cwd: ROOT });
	return Number(stdout);
}

async function main(): Promise<void> {
	const args = parseArgs();
	const rounds = Number(args.values.rounds ?? (args.quick ? 5 : 9));
	const started = Date.now();
	const pkg = join(OUT, 'pkg');
	const minimal = join(OUT, 'pkg-minimal');
	log('footprint: building the package (tsc) into bench/out/pkg');
	const buildMs = await buildPackage(pkg);
	minimalPackage(minimal);
	const [ours, base] = [await pack(pkg), await pack(minimal)];

	const actionFile = join(pkg, 'dist', 'nodes', 'Trato', 'Trato.node.js');
	const triggerFile = join(pkg, 'dist', 'nodes', 'Trato', 'TratoTrigger.node.js');
	const minimalFile = join(minimal, 'dist', 'nodes', 'Minimal', 'Minimal.node.js');
	const m = await alternate(rounds, {
		action: () => coldRequire(actionFile),
		trigger: () => coldRequire(triggerFile),
		minimal: () => coldRequire(minimalFile),
	});

	const kinds = { '.js': 0, '.d.ts': 0, '.js.map': 0, other: 0 };
	for (const f of ours.files) {
		if (f.path.endsWith('.d.ts')) kinds['.d.ts'] += f.size;
		else if (f.path.endsWith('.js.map')) kinds['.js.map'] += f.size;
		else if (f.path.endsWith('.js')) kinds['.js'] += f.size;
		else kinds.other += f.size;
	}
	const kb = (n: number) => n / 1000;
	const group = '5. Footprint';
	const rows: Row[] = [
		{
			group,
			measure: `packed npm tarball (npm pack --dry-run; ${ours.entryCount} files)`,
			unit: 'kB',
			value: exact(kb(ours.size)),
			baseline: {
				label: `minimal package, 1 node + 1 credential (${base.entryCount} files)`,
				value: exact(kb(base.size)),
			},
			ratio: exact(ours.size / base.size),
		},
		{
			group,
			measure: 'unpacked size',
			unit: 'kB',
			value: exact(kb(ours.unpackedSize)),
			baseline: { label: 'minimal package', value: exact(kb(base.unpackedSize)) },
			ratio: exact(ours.unpackedSize / base.unpackedSize),
		},
		{
			group,
			measure: 'cold require of Trato.node.js (fresh process, n8n-workflow preloaded)',
			unit: 'ms',
			value: summarize(m.action),
			baseline: { label: 'minimal node file', value: summarize(m.minimal) },
			ratio: summarize(ratios(m.action, m.minimal)),
		},
		{
			group,
			measure: 'cold require of TratoTrigger.node.js (fresh process, n8n-workflow preloaded)',
			unit: 'ms',
			value: summarize(m.trigger),
			baseline: { label: 'minimal node file', value: summarize(m.minimal) },
			ratio: summarize(ratios(m.trigger, m.minimal)),
		},
	];
	const notes = [
		`Unpacked content by kind: JavaScript ${kb(kinds['.js']).toFixed(0)} kB, source maps ${kb(kinds['.js.map']).toFixed(0)} kB, type declarations ${kb(kinds['.d.ts']).toFixed(0)} kB, other (README, icons, codex, package.json…) ${kb(kinds.other).toFixed(0)} kB. The build took ${(buildMs / 1000).toFixed(1)} s.`,
	];
	writeResult({ group: 'footprint', title: 'Footprint', started, quick: args.quick, rows, notes });
}

main().catch((error) => {
	log(`footprint failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
