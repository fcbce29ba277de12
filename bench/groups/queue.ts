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
 * Queue mode — `npm run bench:queue [-- --quick] [-- --n8n 2]`: `contract get` at 20 ms API latency executed by
 * n8n workers, one worker against two, in the same run. Two queue-mode clusters share one Postgres (a database
 * each) and one Redis (a key prefix each): A = main + 1 worker, B = main + 2 workers, every worker with
 * `--concurrency=1`. Each round sends the same load to A and to B, alternating which goes first: 8 executions
 * (production webhook calls, all at once) of 60 items each, every item one `contract get`; a round ends when the
 * last call has been answered (the webhook answers when its execution has finished). Figure: items per second.
 *
 * Why 1 execution per worker: the machine has 2 cores for the main, the workers, Postgres, Redis and the sandbox
 * (and whatever else runs on it). With n8n's default of 10 the CPU, not the number of workers, is the limit; one
 * execution per worker measures what a worker adds (`--concurrency 2` is an option: 1.65× in one run at load 7).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8N_VERSIONS, installN8n, type N8nMajor } from '../../test-support/n8n/n8n';
import {
	QueueCluster,
	byId,
	chain,
	tratoNode,
	startServices,
	webhookNode,
} from '../../test-support/n8n/queue';
import {
	alternate,
	log,
	parseArgs,
	ratios,
	summarize,
	timed,
	writeResult,
	type Row,
} from '../lib/common';
import { startSandboxProcess } from '../lib/sandbox';
import { renderTable } from '../lib/table';
import { NDA_TEMPLATE } from '../../test-support/templates';

const LATENCY_MS = 20;

async function main(): Promise<void> {
	const args = parseArgs();
	const quick = args.quick;
	const major = (args.values.n8n === '2' ? '2' : '1') as N8nMajor;
	const jobs = Number(args.values.jobs ?? 8);
	const items = Number(args.values.items ?? (quick ? 30 : 60));
	const rounds = Number(args.values.rounds ?? (quick ? 3 : 5));
	const concurrency = Number(args.values.concurrency ?? 1);
	const started = Date.now();
	const install = installN8n(major);
	const dir = mkdtempSync(join(tmpdir(), 'trato-bench-queue-'));
	const services = await startServices(dir);
	const sb = await startSandboxProcess({ latencyMs: LATENCY_MS });
	const clusters: Record<'one' | 'two', QueueCluster> = {
		one: new QueueCluster({
			major,
			install,
			services,
			dir: join(dir, 'one'),
			name: 'bench_one',
			workers: 1,
			workerConcurrency: concurrency,
		}),
		two: new QueueCluster({
			major,
			install,
			services,
			dir: join(dir, 'two'),
			name: 'bench_two',
			workers: 2,
			workerConcurrency: concurrency,
		}),
	};
	try {
		const ids: string[] = [];
		for (let i = 0; i < 50; i++) {
			const res = await fetch(`${sb.baseUrl}/api/create/contract`, {
				method: 'POST',
				headers: { apikey: sb.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ source: 'template', templateid: NDA_TEMPLATE }),
			});
			ids.push(((await res.json()) as { contractid: string }).contractid);
		}
		const urls = {} as Record<'one' | 'two', string>;
		for (const [key, cluster] of Object.entries(clusters) as Array<['one' | 'two', QueueCluster]>) {
			await cluster.start();
			const credentialId = await cluster.createCredential({
				name: 'TRATO account',
				baseUrl: sb.baseUrl,
				apiKey: sb.apiKey,
			});
			await cluster.createActiveWorkflow(
				chain('Bench: contract get per item', [
					webhookNode(`bench-get-${key}`, 'lastNode', { responseData: 'firstEntryJson' }),
					{
						name: 'Items',
						type: 'n8n-nodes-base.splitOut',
						typeVersion: 1,
						parameters: { fieldToSplitOut: 'body.ids', include: 'noOtherFields', options: {} },
					},
					tratoNode('Get', credentialId, {
						resource: 'contract',
						operation: 'get',
						contractId: byId('={{ $json.id }}'),
					}),
				]),
			);
			urls[key] = `http://127.0.0.1:${cluster.main!.port}/webhook/bench-get-${key}`;
			log(`queue bench: cluster "${key}" ready (${cluster.options.workers} worker(s))`);
		}
		/** `jobs` executions of `items` gets at once through one cluster; returns items per second. */
		const load = async (key: 'one' | 'two', count = items) => {
			const body = JSON.stringify({
				ids: Array.from({ length: count }, (_, i) => ({ id: ids[i % ids.length] })),
			});
			const { ms } = await timed(() =>
				Promise.all(
					Array.from({ length: jobs }, async () => {
						// activation of 2.x is asynchronous: retry a call the main does not know yet
						for (let attempt = 0; ; attempt++) {
							const response = await fetch(urls[key], {
								method: 'POST',
								headers: { 'content-type': 'application/json' },
								body,
							});
							const text = await response.text();
							if (response.ok) {
								const out = JSON.parse(text) as { contractId?: string };
								if (!out.contractId) throw new Error(`unexpected answer: ${text.slice(0, 300)}`);
								return;
							}
							if (response.status !== 404 || attempt > 60)
								throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
							await new Promise((r) => setTimeout(r, 1000));
						}
					}),
				),
			);
			return (jobs * count) / (ms / 1000);
		};
		const loads = [loadavg()[0]];
		log('queue bench: warm-up');
		await load('one', 10);
		await load('two', 10);
		const m = await alternate(rounds, { one: () => load('one'), two: () => load('two') }, (r, v) =>
			log(
				`queue bench round ${r + 1}/${rounds}: items/s 1 worker ${v.one.toFixed(0)}, 2 workers ${v.two.toFixed(0)}, ×${(v.two / v.one).toFixed(2)}`,
			),
		);
		loads.push(loadavg()[0]);
		const perWorker = clusters.two
			.startedExecutions()
			.reduce((acc, s) => ((acc[s.worker - 1] += 1), acc), [0, 0]);
		const ratio = summarize(ratios(m.two, m.one));
		const rows: Row[] = [
			{
				group: `6. Queue mode (n8n ${N8N_VERSIONS[major]}, 20 ms latency)`,
				measure: `contract get by 2 workers (${jobs} executions × ${items} items per round, --concurrency=${concurrency} per worker), items per second`,
				unit: 'items/s',
				value: summarize(m.two),
				baseline: { label: '1 worker', value: summarize(m.one) },
				ratio,
				ratioLabel: '× faster',
				target: '≥ 1.8×',
				met: ratio.median >= 1.8,
			},
		];
		const notes = [
			`Executions started per worker in the 2-worker cluster (warm-up and rounds): ${perWorker.join(' / ')}.`,
			`1-minute load average at the start and the end of the rounds: ${loads.map((l) => l.toFixed(1)).join(' → ')} (2 cores; other processes included).`,
			`One round: ${jobs} production webhook calls at once, each an execution of ${items} \`contract get\` (Split Out → TRATO), answered when the execution has finished; the sandbox adds ${LATENCY_MS} ms to every request.`,
		];
		writeResult({
			group: 'queue',
			title: 'Queue mode: 1 worker against 2',
			quick,
			rows,
			notes,
			started,
		});
		process.stdout.write(
			`\n${renderTable([{ group: 'queue', title: '', startedAt: '', durationMs: 0, quick, rows, notes }])}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
		);
	} finally {
		await Promise.all(Object.values(clusters).map((c) => c.stop()));
		await sb.stop();
		await services.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		log(`queue bench failed: ${(error as Error).stack ?? error}`);
		process.exit(1);
	},
);
