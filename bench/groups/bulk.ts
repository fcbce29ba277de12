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
 * Group 2 — bulk items: `contract get` over many items with the sandbox adding 20 ms to every request, at
 * Options → Concurrency 1 (n8n's sequential default), 4 and 8. Every run checks that the output keeps the input
 * order and pairedItem. Then a burst of 429 answers (Retry-After: 1 s, for 1 s) in the middle of a run at
 * concurrency 1 and 8: every item must still succeed, in order, and the extra requests are counted.
 *
 * Concurrency 8 (the target) runs 10,000 items per round. The sequential baseline takes 21 ms × items: 10,000
 * would take 3.5 minutes per round, so it runs 400 items per round, and concurrency 4 runs 4,000, each compared
 * per item (a run's per-item time does not depend on its item count; bench/README-section.md records a check at 10,000).
 */
import '../lib/n8nEnv';

import type { INodeExecutionData } from 'n8n-workflow';

import { initN8nCore, runNode, shutdownN8nCore } from '../../test-support/harness';
import {
	alternate,
	log,
	nowMs,
	parseArgs,
	ratios,
	summarize,
	timed,
	writeResult,
	type Row,
} from '../lib/common';
import { credentialsFor, startSandboxProcess, type SandboxProcess } from '../lib/sandbox';

const LATENCY_MS = 20;

function checkOutput(out: INodeExecutionData[], ids: string[]): void {
	if (out.length !== ids.length) throw new Error(`expected ${ids.length} items, got ${out.length}`);
	out.forEach((item, i) => {
		const paired = item.pairedItem as { item: number };
		if (item.json.contractId !== ids[i] || paired?.item !== i || item.json.error) {
			throw new Error(
				`item ${i} out of order or failed: ${JSON.stringify(item.json).slice(0, 200)}`,
			);
		}
	});
}

async function main(): Promise<void> {
	const args = parseArgs();
	const quick = args.quick;
	const items8 = Number(args.values.items ?? (quick ? 480 : 10_000));
	const items4 = Number(args.values['items-4'] ?? (quick ? 320 : 4000));
	const sequentialItems = Number(args.values['sequential-items'] ?? (quick ? 80 : 400));
	const rounds = Number(args.values.rounds ?? (quick ? 3 : 5));
	const started = Date.now();
	await initN8nCore('default');
	const sb: SandboxProcess = await startSandboxProcess({ latencyMs: LATENCY_MS });
	try {
		const creds = credentialsFor(sb);
		const ids: string[] = [];
		for (let i = 0; i < 50; i++) {
			const res = await fetch(`${sb.baseUrl}/api/create/contract`, {
				method: 'POST',
				headers: { apikey: sb.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ source: 'template', templateid: '67c48788d5f7b2a4c0e31b22' }),
			});
			ids.push(((await res.json()) as { contractid: string }).contractid);
		}
		const run = async (concurrency: number, count: number) => {
			const input = Array.from({ length: count }, (_, i) => ids[i % ids.length]);
			const { ms, value } = await timed(() =>
				runNode({
					parameters: {
						resource: 'contract',
						operation: 'get',
						contractId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						options: concurrency === 1 ? {} : { concurrency },
					},
					items: input.map((id) => ({ json: { id } })),
					credentials: creds,
				}),
			);
			if (value.error) throw value.error;
			checkOutput(value.items, input);
			return ms / count; // ms per item
		};

		log(`bulk: warm-up`);
		await run(8, 200);
		await run(1, 20);
		const m = await alternate(
			rounds,
			{
				c1: () => run(1, sequentialItems),
				c4: () => run(4, items4),
				c8: () => run(8, items8),
			},
			(r, v) =>
				log(
					`bulk round ${r + 1}/${rounds}: ms/item c1 ${v.c1.toFixed(2)} (${((v.c1 * items8) / 1000).toFixed(0)} s for ${items8}), c4 ${v.c4.toFixed(2)}, c8 ${v.c8.toFixed(2)}`,
				),
		);

		// 429 burst: from 0.5 s into the run, every contract get answers 429 with Retry-After: 1 for 1 s
		const burst = async (concurrency: number, count: number) => {
			await sb.control('DELETE', '/sandbox/faults');
			await sb.resetStats();
			const t0 = nowMs();
			const timer = setTimeout(async () => {
				await sb.control('POST', '/sandbox/faults', {
					method: 'GET',
					path: '/api/contract/status/*',
					status: 429,
					retryAfter: '1',
					times: 1_000_000,
				});
				setTimeout(() => void sb.control('DELETE', '/sandbox/faults'), 1000);
			}, 500);
			const perItem = await run(concurrency, count);
			clearTimeout(timer);
			const stats = await sb.stats();
			const answered429 = stats.byStatus['429'] ?? 0;
			// faulted requests are counted under "GET (fault)", the others under their route
			const gets =
				(stats.byRoute['GET /api/contract/status/:contractId'] ?? 0) +
				(stats.byRoute['GET (fault)'] ?? 0);
			return { ms: nowMs() - t0, perItem, answered429, extra: gets - count, count };
		};
		// sized to last about 2.5 s without the burst
		const b1 = await burst(1, Math.round(2500 / (LATENCY_MS + 2)));
		const b8 = await burst(8, Math.round((2500 * 8) / (LATENCY_MS + 2)));
		log(`bulk 429 burst: c1 ${JSON.stringify(b1)}; c8 ${JSON.stringify(b8)}`);

		const perSecond = (v: number[]) => summarize(v.map((ms) => 1000 / ms));
		const group = '2. Bulk items (20 ms latency)';
		const speedup = (k: number[]) => summarize(ratios(m.c1, k));
		const s8 = speedup(m.c8);
		const rows: Row[] = [
			{
				group,
				measure: `concurrency 4 (${items4.toLocaleString('en')} items per round), items per second`,
				unit: 'items/s',
				value: perSecond(m.c4),
				baseline: {
					label: `concurrency 1 (${sequentialItems.toLocaleString('en')} items per round)`,
					value: perSecond(m.c1),
				},
				ratio: speedup(m.c4),
				ratioLabel: '× faster',
			},
			{
				group,
				measure: `concurrency 8 (${items8.toLocaleString('en')} items per round), items per second`,
				unit: 'items/s',
				value: perSecond(m.c8),
				baseline: {
					label: `concurrency 1 (${sequentialItems.toLocaleString('en')} items per round)`,
					value: perSecond(m.c1),
				},
				ratio: s8,
				ratioLabel: '× faster',
				target: '≥ 5× at 8',
				met: s8.median >= 5,
			},
			{
				group,
				measure: `time for ${items8.toLocaleString('en')} items at concurrency 8 (sequential: its per-item time × ${items8.toLocaleString('en')})`,
				unit: 's',
				value: summarize(m.c8.map((ms) => (ms * items8) / 1000)),
				baseline: {
					label: 'concurrency 1',
					value: summarize(m.c1.map((ms) => (ms * items8) / 1000)),
				},
				ratio: summarize(ratios(m.c8, m.c1)),
			},
		];
		const notes = [
			`429 burst (every contract get answered 429 + Retry-After: 1 for 1 s, from 0.5 s into the run): concurrency 1 — ${b1.count} items, ${b1.answered429} × 429, requests in all ${b1.count + b1.extra}, ${(b1.ms / 1000).toFixed(1)} s; concurrency 8 — ${b8.count} items, ${b8.answered429} × 429, requests in all ${b8.count + b8.extra}, ${(b8.ms / 1000).toFixed(1)} s. Every item succeeded, in input order with its pairedItem.`,
		];
		writeResult({
			group: 'bulk',
			title: 'Bulk items',
			started,
			quick,
			rows,
			notes,
		});
	} finally {
		await sb.stop();
		shutdownN8nCore();
	}
}

main().catch((error) => {
	log(`bulk failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
