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
 * Running the model check: a range of seeds in this process (one sandbox, one n8n-core), or a number of schedules
 * spread over worker processes (each runs a slice of the seeds with its own sandbox), for `npm test` and for
 * `npm run test:model`.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { startEnv } from '../../helpers/env';
import { injectSettings, restoreSettings, TestClock } from '../helpers';
import { newCoverage, runSchedule, type Coverage } from './schedule';

export interface Failure {
	seed: number;
	problems: string[];
	log: string[];
}

export interface RunResult {
	schedules: number;
	polls: number;
	failures: Failure[];
	coverage: Coverage;
	/** Wall time of the run, in ms. */
	ms: number;
}

/** Runs the schedules of seeds first … first + count - 1 here; keeps going after a failure. */
export async function runRange(first: number, count: number): Promise<RunResult> {
	const started = Date.now();
	const clock = new TestClock(Date.parse('2026-02-01T12:00:00.000Z'));
	const env = await startEnv(join(__dirname, 'model'), {
		now: clock.now,
		requestLog: process.env.MODEL_REQUEST_LOG ?? '',
	});
	injectSettings({ clock });
	const coverage = newCoverage();
	const failures: Failure[] = [];
	let polls = 0;
	try {
		for (let seed = first; seed < first + count; seed++) {
			try {
				const outcome = await runSchedule(env, clock, seed, coverage);
				polls += outcome.polls;
				if (outcome.problems.length > 0)
					failures.push({ seed, problems: outcome.problems, log: outcome.log });
			} catch (error) {
				failures.push({ seed, problems: [(error as Error).stack ?? String(error)], log: [] });
			}
		}
	} finally {
		restoreSettings();
		await env.close();
	}
	return { schedules: count, polls, failures, coverage, ms: Date.now() - started };
}

const WORKER = join(__dirname, 'cli.ts');

/** Spreads `count` schedules from seed `first` over `workers` processes and merges their results. */
export async function runInWorkers(
	first: number,
	count: number,
	workers = Math.min(availableParallelism(), count),
): Promise<RunResult> {
	const started = Date.now();
	const slices: Array<[number, number]> = [];
	const size = Math.ceil(count / workers);
	for (let from = first; from < first + count; from += size)
		slices.push([from, Math.min(size, first + count - from)]);
	const env = { ...process.env };
	delete env.N8N_USER_FOLDER; // each worker gets its own n8n user folder (setup-env)
	const results = await Promise.all(
		slices.map(
			([from, n]) =>
				new Promise<RunResult>((resolve, reject) => {
					const child = fork(
						WORKER,
						['--worker', '--first-seed', String(from), '--schedules', String(n)],
						{
							execArgv: ['--import', 'tsx'],
							env,
							stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
						},
					);
					let result: RunResult | undefined;
					child.on('message', (message) => (result = message as RunResult));
					child.on('error', reject);
					child.on('exit', (code) =>
						result
							? resolve(result)
							: reject(new Error(`model-check worker for seeds ${from}… exited with code ${code}`)),
					);
				}),
		),
	);
	const coverage = newCoverage();
	for (const r of results)
		for (const key of Object.keys(coverage) as Array<keyof Coverage>)
			coverage[key] += r.coverage[key];
	return {
		schedules: results.reduce((n, r) => n + r.schedules, 0),
		polls: results.reduce((n, r) => n + r.polls, 0),
		failures: results.flatMap((r) => r.failures).sort((a, b) => a.seed - b.seed),
		coverage,
		ms: Date.now() - started,
	};
}

/** A failure as printed: the seed, how to replay it, the problems and the schedule's log. */
export function describeFailure(f: Failure): string {
	return [
		`seed ${f.seed} failed — replay: npm run test:model -- --seed ${f.seed}`,
		...f.problems.slice(0, 10),
		'--- schedule ---',
		...f.log,
	].join('\n');
}
