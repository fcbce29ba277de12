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
/** bench/RESULTS.md and bench/README-section.md from the groups' results. */
import type { GroupResult, Row, Summary } from './common';
import { num, renderTable } from './table';

export interface RunInfo {
	date: string;
	durationMs: number;
	quick: boolean;
	cpu: string;
	memory: string;
	os: string;
	node: string;
	/** 1-minute load average sampled every 5 s during the run. */
	load: Summary;
	durations: Record<string, number>;
	failed: string[];
}

function header(info: RunInfo): string[] {
	const minutes = (ms: number) =>
		`${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
	return [
		`- **Date**: ${info.date} (${info.quick ? 'quick run, `npm run bench -- --quick`' : 'full run, `npm run bench`'}, ${minutes(info.durationMs)}: ${Object.entries(
			info.durations,
		)
			.map(([g, ms]) => `${g} ${Math.round(ms / 1000)} s`)
			.join(', ')})`,
		`- **Machine**: ${info.cpu}, ${info.memory} RAM, ${info.os}`,
		`- **Node.js**: ${info.node}`,
		`- **Load** (1-minute load average, sampled every 5 s during the run): min ${info.load.min.toFixed(2)}, median ${info.load.median.toFixed(2)}, max ${info.load.max.toFixed(2)}${
			info.load.median > 0.5
				? ' — the machine was not quiet: absolute times are inflated, the same-run ratios less so'
				: ''
		}`,
		...(info.failed.length
			? [`- **Failed groups**: ${info.failed.join(', ')} (not in the table)`]
			: []),
	];
}

function row(results: GroupResult[], group: string, measureStart: string): Row | undefined {
	for (const r of results) {
		const found = r.rows.find(
			(x) => x.group.startsWith(group) && x.measure.startsWith(measureStart),
		);
		if (found) return found;
	}
	return undefined;
}

const x = (s: Summary | undefined) => (s ? `${s.median.toFixed(2)}×` : 'n/a');

/** Findings: what each target's figure is, and the measured cause of every miss. */
function findings(results: GroupResult[]): string[] {
	const out: string[] = [];
	const g1 = row(results, '1.', 'contract get through the node');
	const typed = row(results, '1.', 'the same with the ID typed in');
	const helper = row(results, '1.', "split: n8n-core's");
	const nodeVsHelper = row(results, '1.', 'split: the node, ID typed in');
	const expression = row(results, '1.', 'split: ID mapped');
	const agent = row(results, '1.', 'context: bare axios with a new');
	const plain = row(results, '1.', 'context: bare axios in this process');
	const latency = row(results, '1.', 'the target comparison against a 20 ms API');
	const minimal = row(results, '1.', 'floor: a minimal node');
	const ownCost = row(results, '1.', 'split: the node, ID typed in, vs that minimal node');
	if (g1 && typed) {
		out.push(
			`**1. Per-call overhead — ${typed.met ? 'met' : 'not met'} by the node's own path (${x(typed.ratio)} bare axios with the ID typed in), ${g1.met ? 'met' : 'not met'} with the ID mapped from the input (${x(g1.ratio)})** (target ≤ 1.10×; ${num(typed.value.median)} and ${num(g1.value.median)} µs against ${num(g1.baseline?.value.median ?? NaN)} µs per call). ` +
				`Measured split, each step against the previous one in the same run: n8n-core's \`httpRequestWithAuthentication\` alone, called in a loop with no workflow and no node, ${x(helper?.ratio)} bare axios; the node in a workflow with the ID typed in, ${x(nodeVsHelper?.ratio)} that loop; the ID mapped with \`{{ $json.id }}\`, ${x(expression?.ratio)} more. ` +
				(minimal
					? `The floor of any node in this harness, a minimal node with the same description that only reads the ID and calls n8n's helper per item, is ${x(minimal.ratio)} bare axios${(minimal.ratio?.median ?? 0) > 1.1 ? ', itself above the target' : ''}; the pack's node ${x(ownCost?.ratio)} that minimal node. `
					: '') +
				`Where the rest goes (profiles, the transport's own share, what issue 41 changed): bench/README.md ("Per-call overhead"). Against an API with real latency the difference vanishes: at 20 ms per request the node takes ${x(latency?.ratio)} bare axios. ` +
				`Context: n8n-core gives every request a new \`http.Agent\` (no connection reuse, and \`IHttpRequestOptions\` lets no node pass its own), which on loopback in this process costs little (bare axios with a new agent per request: ${x(agent?.ratio)}); both sides run in a process that has loaded n8n-core, as in n8n, and that process runs the same bare axios loop ${x(plain?.ratio)} slower than a plain Node process.`,
		);
	}
	const s8 = row(results, '2.', 'concurrency 8');
	const s4 = row(results, '2.', 'concurrency 4');
	const bulk = results.find((r) => r.group === 'bulk');
	if (s8) {
		out.push(
			`**2. Bulk items — ${s8.met ? 'met' : 'not met'}: ${x(s8.ratio)} faster at concurrency 8** (target ≥ 5×), ${x(s4?.ratio)} at concurrency 4; output order and pairedItem checked on every run. ${bulk?.notes[0] ?? ''} A 429 closes the credential's gate (transport/gate.ts): no request of the credential starts until the Retry-After has passed, so a rate-limit window costs at most the requests already in flight when it opens, one per worker.`,
		);
	}
	const large = results.find((r) => r.group === 'large');
	if (large) {
		const peaks = large.rows.filter((r) => r.target);
		const allMet = peaks.every((r) => r.met);
		const walls = large.rows.filter((r) => r.measure.includes('wall time'));
		out.push(
			`**3. Large documents — ${allMet ? 'met' : 'not met'}: peak RSS over the RSS before the node ran is ${peaks.map((r) => `${r.metNote} (${r.measure.replace(/^create from an? /, '').replace(/: peak.*$/, '')})`).join(', ')}** (target ≤ 3×); wall time ${walls.map((r) => x(r.ratio)).join(' / ')} bare axios. The first measurement missed the target (5.0× at 10 MB, 6.3× at 50 MB); the cause and the fix are in bench/README.md ("Large documents"): the JSON body is now built straight into one Base64-sized Buffer, so the only copies are the file n8n hands over (\`getBinaryDataBuffer\`) and its Base64.`,
		);
	}
	const trig = results.find((r) => r.group === 'trigger');
	if (trig) {
		const steady = trig.rows.filter((r) => r.measure.includes('steady state: list requests'));
		const state = trig.rows.filter((r) => r.target === '≤ 20 B');
		const missed = state.filter((r) => !r.met);
		const label = (r: Row) =>
			`${r.group.replace('4. Trigger, ', '')} ${r.measure.startsWith('(b)') ? '(b)' : '(a)'}`;
		out.push(
			`**4. Trigger — requests: ${steady.every((r) => r.met) ? 'at the loss-free minimum' : 'NOT at the minimum'} (${steady.map((r) => `${label(r)} ${num(r.value.median)}`).join(', ')}); state: ${
				missed.length
					? `met at scale, missed for small watched sets (${missed.map((r) => `${label(r)}: ${num(r.value.median)} B`).join(', ')})`
					: 'met'
			}** (${state.map((r) => `${label(r)} ${num(r.value.median)} B`).join(', ')}; target ≤ 20 B per watched contract). ` +
				(missed.length
					? 'Why requests cannot go lower, and the cause of the state miss: bench/README.md ("Trigger"). '
					: 'Why requests cannot go lower, and how the state stays small: bench/README.md ("Trigger"). ') +
				(trig.notes.find((n) => n.startsWith('In every round') || n.startsWith('MISMATCH')) ?? ''),
		);
	}
	const fp = results.find((r) => r.group === 'footprint');
	if (fp) {
		const tar = fp.rows[0];
		const req = fp.rows[2];
		out.push(
			`**5. Footprint (no target)**: ${num(tar.value.median)} kB packed; the action node file loads in ${num(req.value.median)} ms in a fresh process. ${fp.notes[0] ?? ''}`,
		);
	}
	const batch = results.find((r) => r.group === 'batch');
	if (batch) {
		const create = row(results, '7.', 'Create From Template and Send,');
		const issue = row(results, '7.', "the same against the issue's count");
		const get = row(results, '7.', 'Contract → Get,');
		const bare = row(results, '7.', 'context: bare axios');
		const floor = row(results, '7.', 'floor: plain Node http');
		const withId = batch.rows.filter((r) => r.measure.startsWith('TRATO requests per contract'));
		const effects = row(results, '7.', '429 storm');
		const both = [create, get].filter((r): r is Row => r !== undefined);
		out.push(
			`**7. Batch creation — ${both.every((r) => r.met) ? 'met' : 'not met'}: Create From Template and Send at concurrency 8 reaches ${x(create?.ratio)} the latency limit** (${num(create?.value.median ?? NaN)} items/s against ${num(create?.baseline?.value.median ?? NaN)}/s, its calls counted by the sandbox; ${x(issue?.ratio)} against the issue's count of 6 calls), **Contract → Get ${x(get?.ratio)}** (target ≥ 0.90×); bare axios in 8 loops against the same sandbox, no node at all, ${x(bare?.ratio)}${floor ? `; plain Node http with a new agent per request (n8n-core's policy) against a server that does nothing but wait 20 ms, ${x(floor.ratio)}` : ''}. Why, and what was changed: bench/README.md ("Batch creation"). ` +
				`TRATO requests per contract created: ${withId.map((r) => `${r.measure.replace(/^TRATO requests per contract created, /, '').replace(/, with an External ID$/, '')}: ${num(r.baseline?.value.median ?? NaN)} without an External ID, ${num(r.value.median)} with one`).join('; ')}. ` +
				`${batch.notes.find((n) => n.startsWith('429 storm')) ?? `429 storm: requests with an effect repeated ${num(effects?.value.median ?? NaN)}.`}`,
		);
	}
	return out;
}

export function renderResults(results: GroupResult[], info: RunInfo): string {
	const lines = ['# Benchmark results', '', ...header(info), '', renderTable(results), ''];
	lines.push('## Findings', '', ...findings(results).map((f) => `- ${f}`), '');
	lines.push('## Notes by group', '');
	for (const r of results) {
		if (r.notes.length === 0) continue;
		lines.push(`**${r.title}**`, '', ...r.notes.map((n) => `- ${n}`), '');
	}
	lines.push(
		'How each figure is measured, and what the baselines are: [bench/README.md](README.md). Every variant and its baseline run in the same process tree, in alternating order, round after round; a ratio is the median of the per-round ratios.',
		'',
	);
	return lines.join('\n');
}

export function renderReadmeSection(results: GroupResult[], info: RunInfo): string {
	return [
		'## Performance',
		'',
		`Measured by \`npm run bench\` (${Math.round(info.durationMs / 60000)} minutes for this run; \`npm run bench -- --quick\`, about 1.5 minutes, is a smaller version for a quick check) against the sandbox running in its own process over loopback: each figure is compared with a baseline measured in the same run, in alternating order, median of 5 rounds or more (3 for batch creation, 9 for the require times). How each figure is measured, the profiles behind the explanations, and the fix made for large documents: [bench/README.md](README.md); the same table with notes: [bench/RESULTS.md](RESULTS.md).`,
		'',
		...header(info),
		'',
		renderTable(results),
		'',
		...findings(results).map((f) => `- ${f}`),
		'',
	].join('\n');
}
