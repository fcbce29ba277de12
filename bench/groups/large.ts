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
 * Group 3 — large documents: `contract create` from a 10 MB and a 50 MB PDF (decimal MB: the sandbox takes
 * request bodies up to 64 MiB, and 50,000,000 bytes are 66.7 MB in Base64), through the node in n8n's default
 * and filesystem binary modes and from a File URL (downloaded by the node), against bare axios doing the same request. Every measurement is a fresh process
 * (large-child.ts) so peak RSS is clean; the sandbox runs in its own process and is reset after each create.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import {
	alternate,
	log,
	mb,
	OUT,
	parseArgs,
	ratios,
	ROOT,
	summarize,
	writeResult,
	type Row,
} from '../lib/common';
import { largePdf } from '../../test-support/files';
import { startSandboxProcess, type SandboxProcess } from '../lib/sandbox';

const run = promisify(execFile);

interface ChildResult {
	wallMs: number;
	peakOverBaseline: number;
	baselineRss: number;
	fileSize: number;
	contractId?: string;
}

async function child(
	sb: SandboxProcess,
	file: string,
	client: 'node' | 'axios',
	mode: 'default' | 'filesystem',
	source: 'pdf' | 'url' = 'pdf',
): Promise<ChildResult> {
	const { stdout } = await run(
		process.execPath,
		[
			'--expose-gc',
			'--import',
			'tsx',
			join(ROOT, 'bench', 'groups', 'large-child.ts'),
			'--mode',
			mode,
			'--client',
			client,
			'--file',
			file,
			'--base-url',
			sb.baseUrl,
			'--api-key',
			sb.apiKey,
			'--source',
			source,
		],
		{ cwd: ROOT, maxBuffer: 1 << 20 },
	);
	const result = JSON.parse(stdout.trim().split('\n').pop() as string) as ChildResult;
	if (!result.contractId) throw new Error(`${client}/${mode}: no contract id`);
	await sb.control('POST', '/sandbox/reset');
	return result;
}

async function main(): Promise<void> {
	const args = parseArgs();
	const sizes = args.quick ? [10e6] : [10e6, 50e6];
	const rounds = Number(args.values.rounds ?? (args.quick ? 3 : 5));
	const started = Date.now();
	const sb = await startSandboxProcess({ nodeFlags: ['--max-old-space-size=4096'] });
	const rows: Row[] = [];
	const notes: string[] = [];
	try {
		for (const size of sizes) {
			const file = await largePdf(size, OUT);
			const label = `${mb(size)} MB`;
			const results: Record<string, ChildResult[]> = {
				nodeDefault: [],
				nodeFilesystem: [],
				nodeUrl: [],
				axios: [],
			};
			const m = await alternate(
				rounds,
				{
					nodeDefault: async () => {
						const r = await child(sb, file, 'node', 'default');
						results.nodeDefault.push(r);
						return r.wallMs;
					},
					nodeFilesystem: async () => {
						const r = await child(sb, file, 'node', 'filesystem');
						results.nodeFilesystem.push(r);
						return r.wallMs;
					},
					nodeUrl: async () => {
						const r = await child(sb, file, 'node', 'default', 'url');
						results.nodeUrl.push(r);
						return r.wallMs;
					},
					axios: async () => {
						const r = await child(sb, file, 'axios', 'default');
						results.axios.push(r);
						return r.wallMs;
					},
				},
				(round, v) =>
					log(
						`large ${label} round ${round + 1}/${rounds}: ${Object.entries(v)
							.map(
								([k, ms]) =>
									`${k} ${ms.toFixed(0)} ms / peak +${mb(results[k][results[k].length - 1].peakOverBaseline).toFixed(0)} MB`,
							)
							.join(', ')}`,
					),
			);
			const group = '3. Large documents';
			const peak = (rs: ChildResult[]) => summarize(rs.map((r) => mb(r.peakOverBaseline)));
			const bare = peak(results.axios);
			for (const [key, modeLabel] of [
				['nodeDefault', 'default binary mode'],
				['nodeFilesystem', 'filesystem binary mode'],
				['nodeUrl', 'File URL (the node downloads it)'],
			] as const) {
				rows.push({
					group,
					measure: `create from a ${label} PDF, ${modeLabel}: wall time of the node`,
					unit: 'ms',
					value: summarize(m[key]),
					baseline: { label: 'bare axios, same request', value: summarize(m.axios) },
					ratio: summarize(ratios(m[key], m.axios)),
				});
				const p = peak(results[key]);
				rows.push({
					group,
					measure: `create from a ${label} PDF, ${modeLabel}: peak RSS over the RSS before the node ran`,
					unit: 'MB',
					value: p,
					baseline: { label: 'bare axios (file already in a Buffer)', value: bare },
					ratio: summarize(
						ratios(
							results[key].map((r) => r.peakOverBaseline),
							results.axios.map((r) => r.peakOverBaseline),
						),
					),
					target: `≤ 3× file (${3 * mb(size)} MB)`,
					met: p.median <= 3 * mb(size),
					metNote: `${(p.median / mb(size)).toFixed(2)}× the file`,
				});
			}
			notes.push(
				`${label}: bare axios peaks at ${(bare.median / mb(size)).toFixed(2)}× the file (Base64 string + JSON string + the request Buffer axios makes of it).`,
			);
		}
		writeResult({
			group: 'large',
			title: 'Large documents',
			started,
			quick: args.quick,
			rows,
			notes,
		});
	} finally {
		await sb.stop();
	}
}

main().catch((error) => {
	log(`large failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
