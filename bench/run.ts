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
 * npm run bench [-- --quick] [-- --only overhead,bulk,large,trigger,footprint,batch [--merge]] [-- --report-only]
 *
 * Runs every benchmark group in its own process (one after the other, never in parallel), then prints the
 * results table and writes bench/RESULTS.md and bench/README-section.md. Raw results: bench/out/<group>.json.
 * `--only … --merge` (full size): the groups run replace theirs in bench/RESULTS.md and bench/README-section.md, the
 * others are kept as the run that measured them wrote them (lib/merge.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';

import { log, median, OUT, parseArgs, readResult, ROOT, type GroupResult } from './lib/common';
import { mergeReport } from './lib/merge';
import { renderReadmeSection, renderResults, type RunInfo } from './lib/report';

const GROUPS = ['overhead', 'bulk', 'large', 'trigger', 'footprint', 'batch'] as const;

function runGroup(group: string, quick: boolean): Promise<number> {
	return new Promise((resolve) => {
		const args = [
			'--expose-gc',
			'--import',
			'tsx',
			join(ROOT, 'bench', 'groups', `${group}.ts`),
			...(quick ? ['--quick'] : []),
		];
		const child = spawn(process.execPath, args, {
			cwd: ROOT,
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		child.on('exit', (code) => resolve(code ?? 1));
	});
}

/** The groups of `results` replace theirs in bench/RESULTS.md and bench/README-section.md (lib/merge.ts). */
function mergeInto(results: GroupResult[], info: RunInfo, ran: string[]): void {
	for (const [file, fresh] of [
		['RESULTS.md', renderResults(results, info)],
		['README-section.md', renderReadmeSection(results, info)],
	]) {
		const path = join(ROOT, 'bench', file);
		writeFileSync(path, mergeReport(readFileSync(path, 'utf8'), fresh, ran));
	}
}

async function main(): Promise<void> {
	const args = parseArgs();
	if (args.values['report-only'] && args.values.merge) {
		// re-render the last merged run's groups (texts changed) into RESULTS.md and README-section.md again
		const info = JSON.parse(readFileSync(join(OUT, 'run-info-merge.json'), 'utf8')) as RunInfo & {
			groups: string[];
		};
		const results = info.groups.map((g) => readResult(g));
		mergeInto(results, info, info.groups);
		log(`re-merged: ${info.groups.join(', ')}`);
		return;
	}
	if (args.values['report-only']) {
		// re-render RESULTS.md and README-section.md from the last full run's raw results (no measurement)
		const info = JSON.parse(readFileSync(join(OUT, 'run-info.json'), 'utf8')) as RunInfo;
		const results = GROUPS.filter((g) => !info.failed.includes(g)).map((g) => readResult(g));
		writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), renderResults(results, info));
		writeFileSync(join(ROOT, 'bench', 'README-section.md'), renderReadmeSection(results, info));
		log('re-rendered: bench/RESULTS.md, bench/README-section.md');
		return;
	}
	const only = args.values.only ? args.values.only.split(',') : [...GROUPS];
	const unknown = only.filter((g) => !(GROUPS as readonly string[]).includes(g));
	if (unknown.length)
		throw new Error(`unknown group(s) ${unknown.join(', ')}; groups: ${GROUPS.join(', ')}`);

	const started = new Date();
	const loads: number[] = [loadavg()[0]];
	const sampler = setInterval(() => loads.push(loadavg()[0]), 5000);
	const failed: string[] = [];
	const durations: Record<string, number> = {};
	for (const group of GROUPS.filter((g) => only.includes(g))) {
		log(`\n=== ${group}${args.quick ? ' (quick)' : ''} ===`);
		const t0 = Date.now();
		const code = await runGroup(group, args.quick);
		durations[group] = Date.now() - t0;
		if (code !== 0) failed.push(group);
	}
	clearInterval(sampler);
	loads.push(loadavg()[0]);

	const results: GroupResult[] = [];
	for (const group of GROUPS.filter((g) => only.includes(g) && !failed.includes(g)))
		results.push(readResult(group, args.quick));
	const info: RunInfo = {
		date: started.toISOString(),
		durationMs: Date.now() - started.getTime(),
		quick: args.quick,
		cpu: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`,
		memory: `${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
		os: `${process.platform} ${release()}`,
		node: process.version,
		load: {
			min: Math.min(...loads),
			median: median(loads),
			max: Math.max(...loads),
			n: loads.length,
		},
		durations,
		failed,
	};
	const table = renderResults(results, info);
	process.stdout.write(`\n${table}\n`);
	if (!args.quick && only.length === GROUPS.length) {
		writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), table);
		writeFileSync(join(OUT, 'run-info.json'), `${JSON.stringify(info, null, 2)}\n`);
		writeFileSync(join(ROOT, 'bench', 'README-section.md'), renderReadmeSection(results, info));
		log('\nwritten: bench/RESULTS.md, bench/README-section.md');
	} else if (!args.quick && args.values.merge && !failed.length) {
		const ran = GROUPS.filter((g) => only.includes(g));
		mergeInto(results, info, ran);
		writeFileSync(
			join(OUT, 'run-info-merge.json'),
			`${JSON.stringify({ ...info, groups: ran }, null, 2)}\n`,
		);
		writeFileSync(join(OUT, 'RESULTS-partial.md'), table);
		log(`\nmerged into bench/RESULTS.md and bench/README-section.md: ${ran.join(', ')}`);
	} else {
		const name = args.quick ? 'RESULTS-quick.md' : 'RESULTS-partial.md';
		writeFileSync(join(ROOT, 'bench', 'out', name), table);
		log(
			`\nwritten: bench/out/${name} (bench/RESULTS.md is only replaced by a full run of every group)`,
		);
	}
	if (failed.length) {
		log(`FAILED: ${failed.join(', ')}`);
		process.exit(1);
	}
}

main().catch((error) => {
	log(`bench failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
