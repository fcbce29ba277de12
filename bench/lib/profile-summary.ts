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
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by area (our nodes,
 * n8n-core, n8n-workflow, axios, node internals, GC…), and total (inclusive) time of our own functions.
 *
 *   node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
	hitCount?: number;
}

interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
	startTime: number;
	endTime: number;
}

function area(url: string, fn: string): string {
	if (!url) return fn.startsWith('(') ? fn : '(native)';
	if (url.includes('/nodes/Trato/')) return 'our node code';
	if (url.includes('/credentials/')) return 'our credential';
	if (url.includes('/test-support/harness/')) return 'test harness';
	if (url.includes('/bench/')) return 'bench';
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(
		url.split('node_modules/').slice(-1)[0]
			? `node_modules/${url.split('node_modules/').slice(-1)[0]}`
			: url,
	);
	if (pkg) return pkg[1];
	if (url.startsWith('node:')) return 'node internals';
	return url;
}

export function summarizeProfile(file: string, top = 25): string {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const selfUs = new Map<number, number>();
	profile.samples.forEach((id, i) =>
		selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
	);
	const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

	const byFn = new Map<string, number>();
	const byArea = new Map<string, number>();
	const inclusiveOurs = new Map<string, number>();
	for (const [id, us] of selfUs) {
		const n = byId.get(id) as ProfileNode;
		const { functionName, url, lineNumber } = n.callFrame;
		const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules\/)?/, '')}:${lineNumber + 1}`;
		byFn.set(key, (byFn.get(key) ?? 0) + us);
		const a = area(url, functionName);
		byArea.set(a, (byArea.get(a) ?? 0) + us);
		// inclusive time of our node's functions (each counted once per sample stack)
		const seen = new Set<string>();
		for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
			const f = byId.get(cur) as ProfileNode;
			if (f.callFrame.url.includes('/nodes/Trato/') || f.callFrame.url.includes('/credentials/')) {
				const k = `${f.callFrame.functionName || '(anonymous)'} ${f.callFrame.url.replace(/^.*\/(nodes|credentials)\//, '$1/')}:${f.callFrame.lineNumber + 1}`;
				if (!seen.has(k)) {
					seen.add(k);
					inclusiveOurs.set(k, (inclusiveOurs.get(k) ?? 0) + us);
				}
			}
		}
	}
	const pct = (us: number) =>
		`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms`;
	const lines = [`${file}: ${(total / 1000).toFixed(0)} ms sampled`, '', 'Self time by area:'];
	for (const [k, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 20))
		lines.push(`  ${pct(us)}  ${k}`);
	lines.push('', `Top ${top} functions by self time:`);
	for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top))
		lines.push(`  ${pct(us)}  ${k}`);
	lines.push('', 'Our code, inclusive time:');
	for (const [k, us] of [...inclusiveOurs].sort((a, b) => b[1] - a[1]).slice(0, 15))
		lines.push(`  ${pct(us)}  ${k}`);
	return lines.join('\n');
}

if (require.main === module) {
	const [file, top] = process.argv.slice(2);
	process.stdout.write(`${summarizeProfile(file, Number(top ?? 25))}\n`);
}
