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
 * Group 7 — batch creation (issue 41 item 2): Create From Template and Send over many items at Concurrency 8 against
 * the sandbox with 20 ms of latency, in items per second against the latency limit: concurrency ÷ (calls per item ×
 * latency), the calls per item counted by the sandbox; Contract → Get at Concurrency 8 against the same limit (one
 * call per item). Then, with no target: TRATO requests per contract created, without and with an External ID, at
 * 100 and 1,000 items (each in a fresh sandbox: with an External ID every item lists the template's contracts), and
 * a 429 storm (every API request answered 429 + Retry-After for a window, in the middle of a run): requests
 * repeated, items that succeeded and failed, time. A hook for the cost of waiting on many contracts: `waitingCost`.
 */
import '../lib/n8nEnv';

import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { dirname, join } from 'node:path';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { initN8nCore, runNode, shutdownN8nCore } from '../../test-support/harness';
import { waitingCost as measureWaiting } from './batchWait';
import {
	alternate,
	exact,
	log,
	nowMs,
	OUT,
	parseArgs,
	summarize,
	timed,
	writeResult,
	type Row,
	type Summary,
} from '../lib/common';
import { credentialsFor, startSandboxProcess, type SandboxProcess } from '../lib/sandbox';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const axios = require(
	require.resolve('axios', { paths: [dirname(require.resolve('n8n-core'))] }),
) as typeof import('axios').default;

const LATENCY_MS = 20;
const CONCURRENCY = 8;
/** The issue's count: create, configure, participants, variables, signers, send. */
const ISSUE_CALLS = 6;
const LEASE = '67878720c4e6a1f3b9d20a11';
const GROUP = '7. Batch creation (20 ms latency)';

/**
 * The floor of any client here: a server in its own process that answers every request after 20 ms and does
 * nothing else, asked by plain Node http (no axios, no n8n) in `concurrency` loops with a new http.Agent per
 * request (n8n-core's connection policy, which no node can change). Returns ms per request and a stop function.
 */
async function startFloorServer(): Promise<{ port: number; stop: () => void }> {
	const script = `const s = require('node:http').createServer((q, r) => setTimeout(() => r.end('{"success":true}'), ${LATENCY_MS}));
s.listen(0, '127.0.0.1', () => process.stdout.write(String(s.address().port) + '\\n'));`;
	const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
	const port = await new Promise<number>((resolve, reject) => {
		child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
		child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
	});
	return { port, stop: () => child.kill('SIGKILL') };
}

async function floorLoops(port: number, concurrency: number, count: number): Promise<number> {
	const one = () =>
		new Promise<void>((resolve, reject) => {
			httpGet({ host: '127.0.0.1', port, path: '/', agent: new Agent() }, (res) => {
				res.resume();
				res.on('end', resolve);
			}).on('error', reject);
		});
	const { ms } = await timed(async () => {
		let next = 0;
		await Promise.all(
			Array.from({ length: concurrency }, async () => {
				while (next++ < count) await one();
			}),
		);
	});
	return ms / count;
}

/** Create From Template and Send from the LEASE template: both roles' signers and one variable each, by pairs. */
function createAndSend(concurrency: number, externalId?: string): INodeParameters {
	return {
		resource: 'contract',
		operation: 'createFromTemplate',
		templateId: { __rl: true, mode: 'list', value: LEASE },
		...(externalId ? { externalId } : {}),
		inputMode: 'pairs',
		signers: {
			signer: [
				{ role: 'Arrendador', name: '={{ $json.owner }}', email: 'maria@example.com' },
				{ role: 'Arrendatario', name: 'Luis Ortega', email: 'luis@example.com' },
			],
		},
		variables: {
			variable: [
				{ role: 'Arrendador', reference: 'lessor_name', value: '={{ $json.owner }}' },
				{ role: 'Arrendatario', reference: 'monthly_rent', value: '12,500.00' },
			],
		},
		options: concurrency === 1 ? {} : { concurrency },
	};
}

/** TRATO requests the sandbox counted (its control API's own requests left out). */
const apiCalls = (stats: { byRoute: Record<string, number> }) =>
	Object.entries(stats.byRoute)
		.filter(([route]) => / \/api\/|\(fault\)/.test(route))
		.reduce((sum, [, count]) => sum + count, 0);

const owners = (count: number) =>
	Array.from({ length: count }, (_, i) => ({ json: { owner: `Owner ${i}`, ref: `lease-${i}` } }));

/** Every output in input order, paired with its input; `failed`: the items whose output is an error. */
function checkOrder(out: INodeExecutionData[], count: number): { failed: number } {
	if (out.length !== count) throw new Error(`expected ${count} items, got ${out.length}`);
	let failed = 0;
	out.forEach((item, i) => {
		if ((item.pairedItem as { item: number })?.item !== i)
			throw new Error(`item ${i} out of order: ${JSON.stringify(item.pairedItem)}`);
		if (item.json.error) failed++;
	});
	return { failed };
}

/** What the waiting measurement gets: the 20 ms sandbox and the node's credentials. */
export interface BatchContext {
	sb: SandboxProcess;
	credentials: ReturnType<typeof credentialsFor>;
	quick: boolean;
}

/**
 * The cost of Wait for Signatures waiting on N contracts (batchWait.ts: each measurement in a sandbox of its own), its
 * rows and notes.
 */
export async function waitingCost(
	context: BatchContext,
): Promise<{ rows: Row[]; notes: string[] } | undefined> {
	return await measureWaiting(context.quick);
}

async function main(): Promise<void> {
	const args = parseArgs();
	const quick = args.quick;
	const items = Number(args.values.items ?? (quick ? 100 : 1000));
	const getItems = Number(args.values['get-items'] ?? (quick ? 400 : 4000));
	const rounds = Number(args.values.rounds ?? (quick ? 2 : 3));
	const started = Date.now();
	/** Items per second of Create From Template and Send at concurrency 8, from the rounds (the storm's yardstick). */
	let paceOf = NaN;
	await initN8nCore('default');
	const sb = await startSandboxProcess({ latencyMs: LATENCY_MS });
	const floor = await startFloorServer();
	const rows: Row[] = [];
	const notes: string[] = [];
	try {
		const credentials = credentialsFor(sb);
		/** One run of Create From Template and Send: ms per item and TRATO calls per item (the sandbox's count). */
		const create = async (concurrency: number, count: number) => {
			await sb.resetStats();
			const { ms, value } = await timed(() =>
				runNode({ parameters: createAndSend(concurrency), items: owners(count), credentials }),
			);
			if (value.error) throw value.error;
			if (checkOrder(value.items, count).failed) throw new Error('an item failed');
			return { perItem: ms / count, calls: apiCalls(await sb.stats()) / count };
		};
		const ids: string[] = [];
		for (let i = 0; i < 50; i++) {
			const res = await fetch(`${sb.baseUrl}/api/create/contract`, {
				method: 'POST',
				headers: { apikey: sb.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ source: 'template', templateid: LEASE }),
			});
			ids.push(((await res.json()) as { contractid: string }).contractid);
		}
		/** One run of Contract → Get (the ID mapped from each item, as bulk does): ms per item. */
		const get = async (concurrency: number, count: number) => {
			const { ms, value } = await timed(() =>
				runNode({
					parameters: {
						resource: 'contract',
						operation: 'get',
						contractId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						options: concurrency === 1 ? {} : { concurrency },
					},
					items: Array.from({ length: count }, (_, i) => ({ json: { id: ids[i % ids.length] } })),
					credentials,
				}),
			);
			if (value.error) throw value.error;
			checkOrder(value.items, count);
			return ms / count;
		};

		/** The same gets by bare axios in 8 loops, a new http.Agent per request as n8n-core makes them: ms per item. */
		const bare = async (concurrency: number, count: number) => {
			const { ms } = await timed(async () => {
				let next = 0;
				const loop = async () => {
					for (let i = next++; i < count; i = next++) {
						await axios.get(`${sb.baseUrl}/api/contract/status/${ids[i % ids.length]}`, {
							headers: { apikey: sb.apiKey, Accept: 'application/json' },
							httpAgent: new Agent(),
						});
					}
				};
				await Promise.all(Array.from({ length: concurrency }, loop));
			});
			return ms / count;
		};

		log('batch: warm-up');
		await create(CONCURRENCY, 16);
		await get(CONCURRENCY, 200);
		const callsSeen: number[] = [];
		const m = await alternate(
			rounds,
			{
				create: async () => {
					const run = await create(CONCURRENCY, items);
					callsSeen.push(run.calls);
					return run.perItem;
				},
				get: () => get(CONCURRENCY, getItems),
				bare: () => bare(CONCURRENCY, getItems),
				floor: () => floorLoops(floor.port, CONCURRENCY, getItems),
				// one item at a time: what one call costs beyond the latency, the floor of every figure above
				create1: async () => (await create(1, quick ? 5 : 20)).perItem,
				get1: () => get(1, quick ? 50 : 200),
			},
			(r, v) =>
				log(
					`batch round ${r + 1}/${rounds}: ms/item create c8 ${v.create.toFixed(2)}, get c8 ${v.get.toFixed(2)} (bare axios ${v.bare.toFixed(2)}, floor ${v.floor.toFixed(2)}), create c1 ${v.create1.toFixed(1)}, get c1 ${v.get1.toFixed(2)}`,
				),
		);
		const calls = Math.max(...callsSeen);
		paceOf = 1000 / summarize(m.create).median;
		if (Math.min(...callsSeen) !== calls)
			notes.push(`Calls per item varied: ${callsSeen.join(', ')}.`);
		const perSecond = (v: number[]) => summarize(v.map((ms) => 1000 / ms));
		/** A throughput row against the latency limit concurrency ÷ (calls × latency). */
		const paced = (
			measure: string,
			perItemMs: number[],
			concurrency: number,
			callCount: number,
			limitLabel: string,
			target: boolean,
		): Row => {
			const limit = (concurrency * 1000) / (callCount * LATENCY_MS);
			const ratio = summarize(perItemMs.map((ms) => 1000 / ms / limit));
			return {
				group: GROUP,
				measure,
				unit: 'items/s',
				value: perSecond(perItemMs),
				baseline: { label: limitLabel, value: exact(limit) },
				ratio,
				ratioLabel: '× the limit',
				...(target ? { target: '≥ 0.90× the limit', met: ratio.median >= 0.9 } : {}),
			};
		};
		const n = items.toLocaleString('en');
		rows.push(
			paced(
				`Create From Template and Send, ${n} items at concurrency 8, items per second (${calls} TRATO calls per item, counted by the sandbox)`,
				m.create,
				CONCURRENCY,
				calls,
				`latency limit 8 ÷ (${calls} calls × 20 ms)`,
				true,
			),
			paced(
				`the same against the issue's count of ${ISSUE_CALLS} calls per item`,
				m.create,
				CONCURRENCY,
				ISSUE_CALLS,
				`latency limit 8 ÷ (${ISSUE_CALLS} calls × 20 ms)`,
				false,
			),
			paced(
				`Contract → Get, ${getItems.toLocaleString('en')} items at concurrency 8, items per second (1 call per item)`,
				m.get,
				CONCURRENCY,
				1,
				'latency limit 8 ÷ (1 call × 20 ms)',
				true,
			),
			paced(
				`context: bare axios, the same ${getItems.toLocaleString('en')} gets in 8 loops with a new http.Agent per request (n8n-core's connection policy), requests per second`,
				m.bare,
				CONCURRENCY,
				1,
				'latency limit 8 ÷ (1 call × 20 ms)',
				false,
			),
			paced(
				`floor: plain Node http (no axios, no n8n), ${getItems.toLocaleString('en')} gets in 8 loops with a new http.Agent per request, against a server in its own process that only waits 20 ms, requests per second`,
				m.floor,
				CONCURRENCY,
				1,
				'latency limit 8 ÷ (1 call × 20 ms)',
				false,
			),
			{
				group: GROUP,
				measure:
					'context: Contract → Get at concurrency 8 through the node against bare axios in 8 loops, time per item',
				unit: 'ms',
				value: summarize(m.get),
				baseline: { label: 'bare axios in 8 loops', value: summarize(m.bare) },
				ratio: summarize(m.get.map((ms, i) => ms / m.bare[i])),
			},
			paced(
				`context: Create From Template and Send one item at a time (concurrency 1), items per second`,
				m.create1,
				1,
				calls,
				`latency limit 1 ÷ (${calls} calls × 20 ms)`,
				false,
			),
			paced(
				'context: Contract → Get one item at a time (concurrency 1), items per second',
				m.get1,
				1,
				1,
				'latency limit 1 ÷ (1 call × 20 ms)',
				false,
			),
		);

		const waiting = await waitingCost({ sb, credentials, quick });
		if (waiting) {
			rows.push(...waiting.rows);
			notes.push(...waiting.notes);
		}
	} finally {
		floor.stop();
		await sb.stop();
	}

	// requests per contract created, without and with an External ID: a fresh sandbox (no latency) per run
	const sizes = quick ? [100] : [100, 1000];
	const perContract: Record<string, Summary> = {};
	for (const withId of [false, true]) {
		for (const size of sizes) {
			const fresh = await startSandboxProcess();
			try {
				const { value } = await timed(() =>
					runNode({
						parameters: createAndSend(CONCURRENCY, withId ? '={{ $json.ref }}' : undefined),
						items: owners(size),
						credentials: credentialsFor(fresh),
					}),
				);
				if (value.error) throw value.error;
				if (checkOrder(value.items, size).failed) throw new Error('an item failed');
				const stats = await fresh.stats();
				const key = `${withId ? 'with' : 'without'} ${size}`;
				const requests = apiCalls(stats);
				perContract[key] = exact(requests / size);
				const lists = Object.entries(stats.byRoute)
					.filter(([route]) => route.includes('/list/'))
					.reduce((sum, [, count]) => sum + count, 0);
				log(`batch requests per contract ${key}: ${(requests / size).toFixed(2)}`);
				if (withId)
					notes.push(
						`With an External ID, ${size.toLocaleString('en')} items: ${(requests / size).toFixed(2)} requests per contract, of which ${(lists / size).toFixed(2)} list pages (every item reads the template's contracts again before sending, and the items of the run share the read each looks in before creating; the list has no External ID filter, api-notes N38).`,
					);
			} finally {
				await fresh.stop();
			}
		}
	}
	for (const size of sizes) {
		const without = perContract[`without ${size}`];
		const withId = perContract[`with ${size}`];
		rows.push({
			group: GROUP,
			measure: `TRATO requests per contract created, ${size.toLocaleString('en')} items, with an External ID`,
			unit: 'requests',
			value: withId,
			baseline: { label: 'without an External ID', value: without },
			ratio: exact(withId.median / without.median),
		});
	}

	// 429 storm: from `stormAt` into a run, every API request is answered 429 + Retry-After for `windowMs`
	const stormItems = quick ? 48 : 200;
	const stormAt = quick ? 600 : 1500;
	const windowMs = 1000;
	const retryAfter = 2;
	const logFile = join(OUT, 'batch-storm.jsonl');
	rmSync(logFile, { force: true });
	const storm = await startSandboxProcess({ latencyMs: LATENCY_MS, requestLog: logFile });
	try {
		const t0 = nowMs();
		const opened = setTimeout(() => {
			void storm.control('POST', '/sandbox/faults', {
				path: '/api/*',
				status: 429,
				retryAfter: String(retryAfter),
				times: 1_000_000,
			});
			setTimeout(() => void storm.control('DELETE', '/sandbox/faults'), windowMs);
		}, stormAt);
		const result = await runNode({
			parameters: createAndSend(CONCURRENCY),
			items: owners(stormItems),
			credentials: credentialsFor(storm),
			continueOnFail: true,
		});
		clearTimeout(opened);
		const seconds = (nowMs() - t0) / 1000;
		if (result.error) throw result.error;
		const { failed } = checkOrder(result.items, stormItems);
		const requests = readFileSync(logFile, 'utf8')
			.split('\n')
			.filter((line) => line.trim())
			.map((line) => JSON.parse(line) as { method: string; path: string; status: number })
			.filter((r) => r.path.startsWith('/api/'));
		// a request is repeated when the same method and path come again (the creations: beyond one per item)
		const seen = new Map<string, number>();
		for (const r of requests)
			seen.set(`${r.method} ${r.path}`, (seen.get(`${r.method} ${r.path}`) ?? 0) + 1);
		let effectsRepeated = 0;
		let readsRepeated = 0;
		for (const [key, count] of seen) {
			const extra = key === 'POST /api/create/contract' ? count - stormItems : count - 1;
			if (key.startsWith('GET ')) readsRepeated += extra;
			else effectsRepeated += extra;
		}
		const refused = requests.filter((r) => r.status === 429).length;
		rows.push(
			{
				group: GROUP,
				measure: `429 storm (${stormItems} items at concurrency 8; every API request answered 429 + Retry-After: ${retryAfter} for ${windowMs / 1000} s from ${stormAt / 1000} s in): requests with an effect repeated`,
				unit: 'requests',
				value: exact(effectsRepeated),
				target: '0',
				met: effectsRepeated === 0,
			},
			{
				group: GROUP,
				measure: `429 storm: items that failed (each a request with an effect already sent when the window opened: refused, nothing done, the item says so)`,
				unit: 'items',
				value: exact(failed),
				baseline: { label: 'items that succeeded', value: exact(stormItems - failed) },
			},
			{
				group: GROUP,
				measure: `429 storm: time for the run`,
				unit: 's',
				value: exact(seconds),
				baseline: {
					label: `its ${stormItems} items at the pace of the rounds above, without the window`,
					value: exact(stormItems / paceOf),
				},
			},
		);
		notes.push(
			`429 storm: ${stormItems} items at concurrency 8 (Create From Template and Send, Continue On Fail), every API request answered 429 + Retry-After: ${retryAfter} for ${windowMs / 1000} s from ${stormAt / 1000} s into the run: ${refused} × 429; ${stormItems - failed} items succeeded and ${failed} failed (each a request with an effect that was already sent when the window opened: TRATO refused it, nothing was done, the item says so); requests with an effect repeated: ${effectsRepeated}; reads repeated: ${readsRepeated} (each refused read asked again once the gate opened); ${seconds.toFixed(1)} s in all. Outputs in input order with their pairedItem.`,
		);
		log(
			`batch 429 storm: ${refused} × 429, succeeded ${stormItems - failed}, failed ${failed}, effects repeated ${effectsRepeated}, reads repeated ${readsRepeated}, ${seconds.toFixed(1)} s`,
		);
	} finally {
		await storm.stop();
		shutdownN8nCore();
	}

	writeResult({ group: 'batch', title: 'Batch creation', started, quick, rows, notes });
}

main().catch((error) => {
	log(`batch failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
