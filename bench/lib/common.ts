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
 * Shared plumbing of the benchmarks: paths, arguments, statistics, alternating rounds and the result format
 * every group writes to bench/out/<group>.json (the runner turns them into the table).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');
export const OUT = join(ROOT, 'bench', 'out');
mkdirSync(OUT, { recursive: true });

export interface Args {
	quick: boolean;
	/** Extra `--name value` / `--flag` arguments. */
	values: Record<string, string>;
}

export function parseArgs(argv = process.argv.slice(2)): Args {
	const values: Record<string, string> = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) continue;
		const eq = arg.indexOf('=');
		if (eq > 0) values[arg.slice(2, eq)] = arg.slice(eq + 1);
		else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--'))
			values[arg.slice(2)] = argv[++i];
		else values[arg.slice(2)] = 'true';
	}
	return { quick: values.quick === 'true', values };
}

export interface Summary {
	min: number;
	median: number;
	max: number;
	n: number;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarize(values: number[]): Summary {
	if (values.length === 0) throw new Error('no values to summarize');
	return {
		min: Math.min(...values),
		median: median(values),
		max: Math.max(...values),
		n: values.length,
	};
}

/** A summary of a value that does not vary (a count, a size). */
export function exact(value: number): Summary {
	return { min: value, median: value, max: value, n: 1 };
}

export function nowMs(): number {
	return Number(process.hrtime.bigint()) / 1e6;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const start = nowMs();
	const value = await fn();
	return { ms: nowMs() - start, value };
}

/**
 * Runs the variants `rounds` times, alternating their order every round (A B, B A, …) so that a slow phase of
 * a noisy machine hits every variant alike; a full GC before each (processes run with --expose-gc). Returns
 * each variant's measurements, in round order.
 */
export async function alternate<K extends string>(
	rounds: number,
	variants: Record<K, (round: number) => Promise<number>>,
	onRound?: (round: number, values: Record<K, number>) => void,
): Promise<Record<K, number[]>> {
	const names = Object.keys(variants) as K[];
	const out = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
	for (let round = 0; round < rounds; round++) {
		const order = round % 2 === 0 ? names : [...names].reverse();
		const values = {} as Record<K, number>;
		for (const name of order) {
			// garbage left by the previous variant must not be collected on this one's time
			(globalThis as { gc?: () => void }).gc?.();
			values[name] = await variants[name](round);
			out[name].push(values[name]);
		}
		onRound?.(round, values);
	}
	return out;
}

/** Per-round ratios a[i] / b[i] (paired by round, which is what makes them robust on a noisy machine). */
export function ratios(a: number[], b: number[]): number[] {
	return a.map((v, i) => v / b[i]);
}

/** One line of the results table. */
export interface Row {
	group: string;
	/** What is measured. */
	measure: string;
	unit: string;
	value: Summary;
	/** What it is compared with, measured in the same run. */
	baseline?: { label: string; value: Summary };
	/** value / baseline: per-round ratios summarized (or the ratio of exact figures). */
	ratio?: Summary;
	/** How the ratio reads, e.g. "×" (default) or "× faster". */
	ratioLabel?: string;
	target?: string;
	met?: boolean;
	/** Shown next to yes/no, e.g. "2.4× the file". */
	metNote?: string;
	note?: string;
}

export interface GroupResult {
	group: string;
	title: string;
	startedAt: string;
	durationMs: number;
	quick: boolean;
	rows: Row[];
	/** Free-text findings shown under the table. */
	notes: string[];
}

/** bench/out/<group>.json (a --quick run: <group>.quick.json, so it never replaces a full run's figures). */
/** Writes a group's result; its start time and duration are derived from `started` (ms, when it began). */
export function writeResult(
	run: Omit<GroupResult, 'startedAt' | 'durationMs'> & { started: number },
): void {
	const { started, ...rest } = run;
	const result: GroupResult = {
		...rest,
		startedAt: new Date(started).toISOString(),
		durationMs: Date.now() - started,
	};
	writeFileSync(
		join(OUT, `${result.group}${result.quick ? '.quick' : ''}.json`),
		`${JSON.stringify(result, null, 2)}\n`,
	);
}

export function readResult(group: string, quick = false): GroupResult {
	return JSON.parse(
		readFileSync(join(OUT, `${group}${quick ? '.quick' : ''}.json`), 'utf8'),
	) as GroupResult;
}

export function log(message: string): void {
	process.stderr.write(`${message}\n`);
}

export function mb(bytes: number): number {
	return bytes / 1e6;
}

/** Resident set size and its high-water mark of this process, in bytes (Linux /proc). */
export function memoryStatus(): { rss: number; hwm: number } {
	const text = readFileSync('/proc/self/status', 'utf8');
	const kb = (name: string) =>
		Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN) * 1024;
	return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets the high-water mark of this process's RSS to its current RSS (Linux: clear_refs 5). */
export function resetPeakRss(): void {
	writeFileSync('/proc/self/clear_refs', '5');
}
