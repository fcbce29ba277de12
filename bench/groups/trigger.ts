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
 * Group 4 — trigger at scale: the sandbox (own process) seeded with 1k, 10k and 100k contracts; per poll, the
 * list requests, the time and the saved state, for the trigger in (a) "Contract Status Changed" and (b) "Contract
 * Reached a Status: Signed (Any)", in steady state (nothing changed) and with 1% of the contracts changing status
 * between polls. Baseline: a naive full scan (page/perPage=200, every contract) keeping a JSON id→status map,
 * run through the same n8n-core PollContext and transport. All pollers see exactly the same changes (each round:
 * steady polls, then the 1% changes, then a poll of each), in alternating order; the events they report are
 * cross-checked (the trigger must report what the full scan sees).
 */
import '../lib/n8nEnv';

import { PollContext } from 'n8n-core';
import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { mulberry32 } from '../../sandbox/util';
import { stateBytes } from '../../test-support/stateBytes';
import {
	HarnessCredentialsHelper,
	initN8nCore,
	makeAdditionalData,
	nodeTypes,
	PollSimulator,
	shutdownN8nCore,
	TRIGGER_TYPE,
} from '../../test-support/harness';
import { log, parseArgs, ratios, summarize, timed, writeResult, type Row } from '../lib/common';
import { credentialsFor, startSandboxProcess, type SandboxProcess } from '../lib/sandbox';

const SIGNED = new Set(['RECEIVED_SIGNED', 'SENT_SIGNED']);
const NEXT_STATUSES = [
	'RECEIVED_SIGNED',
	'CANCELED',
	'SENT_SIGNED',
	'REJECTED',
	'SENT_TO_SIGN',
	'FINALIZED',
];

/** The naive baseline: list every contract (page numbers, 200 per page), keep {id: status}, diff. */
class NaivePoller {
	staticData: IDataObject = {};
	private readonly node: INode;
	private readonly helper: HarnessCredentialsHelper;
	private readonly baseUrl: string;

	constructor(credentials: ReturnType<typeof credentialsFor>) {
		this.baseUrl = credentials.baseUrl;
		this.node = {
			id: 'naive',
			name: 'Naive Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { event: 'anyChange', filters: {}, options: {} },
			credentials: { tratoApi: { id: 'cred-1', name: 'bench' } },
		};
		this.helper = new HarnessCredentialsHelper({
			'cred-1': credentials as unknown as IDataObject as never,
		});
	}

	/** Returns the changes seen: any change, and entries into a signed status. */
	async poll(): Promise<{ changed: number; enteredSigned: number }> {
		const workflow = new Workflow({
			id: 'naive',
			name: 'naive',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: { 'node:Naive Trigger': this.staticData },
		});
		const ctx = new PollContext(
			workflow,
			this.node,
			makeAdditionalData(this.helper),
			'trigger',
			'activate',
		) as unknown as IPollFunctions;
		const data = ctx.getWorkflowStaticData('node');
		const previous = data.map as Record<string, string> | undefined;
		// every page through n8n-core's request helper with the credential, as any node would read the list, until
		// the last page X-Total-Pages announces
		const map: Record<string, string> = {};
		for (let page = 1; ; page++) {
			const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, 'tratoApi', {
				method: 'GET',
				url: `${this.baseUrl}/api/list/contracts`,
				qs: { page, perPage: 200 },
				json: true,
				returnFullResponse: true,
			})) as { body: IDataObject[]; headers: Record<string, string> };
			for (const item of response.body) map[String(item._id)] = String(item.status ?? '');
			const pages = Number(response.headers['x-total-pages']);
			if (response.body.length === 0 || page >= (Number.isFinite(pages) ? pages : page)) break;
		}
		let changed = 0;
		let enteredSigned = 0;
		if (previous) {
			for (const [id, status] of Object.entries(map)) {
				const before = previous[id] ?? '';
				if (before !== status) changed++;
				if (SIGNED.has(status) && before !== status) enteredSigned++;
			}
		}
		data.map = map;
		this.staticData = data;
		return { changed, enteredSigned };
	}

	get map(): Record<string, string> {
		return (this.staticData.map as Record<string, string>) ?? {};
	}
}

/** Contracts in one status (every contract without one), as the API counts them (X-Total-Documents). */
async function countStatus(sb: SandboxProcess, status?: string): Promise<number> {
	const filter = status ? `statusContract=${status}&` : '';
	const res = await fetch(`${sb.baseUrl}/api/list/contracts?${filter}perPage=1`, {
		headers: { apikey: sb.apiKey },
	});
	await res.arrayBuffer();
	return Number(res.headers.get('x-total-documents'));
}

async function apiRequests(sb: SandboxProcess): Promise<number> {
	const { byRoute } = await sb.stats();
	return Object.entries(byRoute)
		.filter(([key]) => / \/api\//.test(key) || key.endsWith('(fault)'))
		.reduce((sum, [, n]) => sum + n, 0);
}

async function changeOnePercent(
	sb: SandboxProcess,
	statuses: Record<string, string>,
	random: () => number,
): Promise<number> {
	const ids = Object.keys(statuses);
	const count = Math.max(1, Math.round(ids.length / 100));
	const chosen = new Set<string>();
	while (chosen.size < count) chosen.add(ids[Math.floor(random() * ids.length)]);
	const queue = [...chosen];
	let k = 0;
	await Promise.all(
		Array.from({ length: 8 }, async () => {
			while (queue.length) {
				const id = queue.pop() as string;
				let next = NEXT_STATUSES[k++ % NEXT_STATUSES.length];
				if (next === statuses[id]) next = NEXT_STATUSES[k++ % NEXT_STATUSES.length];
				await sb.control('POST', `/sandbox/contracts/${id}/status`, { status: next });
			}
		}),
	);
	return count;
}

interface PollFigures {
	ms: number[];
	requests: number[];
	bytes: number[];
	tracked: number[];
	events: number[];
}

const empty = (): PollFigures => ({ ms: [], requests: [], bytes: [], tracked: [], events: [] });

async function main(): Promise<void> {
	const args = parseArgs();
	const sizes = (args.values.sizes ?? (args.quick ? '1000,10000' : '1000,10000,100000'))
		.split(',')
		.map(Number);
	const rounds = Number(args.values.rounds ?? (args.quick ? 3 : 5));
	const started = Date.now();
	await initN8nCore('default');
	const sb = await startSandboxProcess({ nodeFlags: ['--max-old-space-size=4096'] });
	const rows: Row[] = [];
	const notes: string[] = [];
	const mismatches: string[] = [];
	try {
		const creds = credentialsFor(sb);
		for (const size of sizes) {
			await sb.control('POST', '/sandbox/reset');
			await sb.control('POST', '/sandbox/seed', { count: size, seed: 42 });
			const any = new PollSimulator({ event: 'anyChange', filters: {}, options: {} }, creds);
			const signed = new PollSimulator(
				{ event: 'enteredStatus', statuses: ['signed'], filters: {}, options: {} },
				creds,
			);
			const naive = new NaivePoller(creds);
			// activation polls (baselines, nothing emitted)
			for (const sim of [any, signed]) {
				const r = await sim.poll();
				if (r.error) throw r.error;
			}
			await naive.poll();
			if (args.values.profile) {
				// `--profile any|signed|naive` (with node --cpu-prof): steady polls of that poller only
				const target = {
					any: () => any.poll(),
					signed: () => signed.poll(),
					naive: () => naive.poll(),
				}[args.values.profile as 'any'];
				for (let r = 0; r < rounds; r++)
					log(`${args.values.profile}: ${(await timed(target)).ms.toFixed(0)} ms`);
				continue;
			}
			const random = mulberry32(size);
			const minimum = { floor: [] as number[], keyset: [] as number[] };
			const figures = {
				steady: { any: empty(), signed: empty(), naive: empty() },
				changed: { any: empty(), signed: empty(), naive: empty() },
			};
			const measure = async (phase: 'steady' | 'changed', round: number) => {
				const naiveSeen = { changed: 0, enteredSigned: 0 };
				// what each trigger watches, as the API counts it (asked before the polls, outside their figures):
				// (a) every contract, (b) the contracts in each signed status
				const everyContract = await countStatus(sb);
				const counts = await Promise.all([...SIGNED].map((st) => countStatus(sb, st)));
				const signedContracts = counts.reduce((a, n) => a + n, 0);
				if (phase === 'steady') {
					// what a steady poll of (b) has to read: the contracts in each watched status
					minimum.floor.push(counts.reduce((a, n) => a + Math.max(1, Math.ceil(n / 200)), 0));
					minimum.keyset.push(
						counts.reduce((a, n) => a + Math.max(1, Math.ceil((n - 1) / 199)), 0),
					);
				}
				const pollers = {
					any: async () => {
						const r = await any.poll();
						if (r.error) throw r.error;
						return {
							events: r.emitted?.[0]?.length ?? 0,
							bytes: stateBytes(any.staticData),
							tracked: everyContract,
						};
					},
					signed: async () => {
						const r = await signed.poll();
						if (r.error) throw r.error;
						return {
							events: r.emitted?.[0]?.length ?? 0,
							bytes: stateBytes(signed.staticData),
							tracked: signedContracts,
						};
					},
					naive: async () => {
						const seen = await naive.poll();
						Object.assign(naiveSeen, seen);
						return {
							events: seen.changed,
							bytes: stateBytes(naive.staticData),
							tracked: Object.keys(naive.map).length,
						};
					},
				};
				const names = Object.keys(pollers) as Array<keyof typeof pollers>;
				const order = round % 2 === 0 ? names : [...names].reverse();
				const seenEvents: Record<string, number> = {};
				for (const name of order) {
					await sb.resetStats();
					const { ms, value } = await timed(pollers[name]);
					const f = figures[phase][name];
					f.ms.push(ms);
					f.requests.push(await apiRequests(sb));
					f.bytes.push(value.bytes);
					f.tracked.push(value.tracked);
					f.events.push(value.events);
					seenEvents[name] = value.events;
				}
				if (seenEvents.any !== naiveSeen.changed || seenEvents.signed !== naiveSeen.enteredSigned) {
					mismatches.push(
						`${size} contracts, ${phase} round ${round + 1}: trigger reported ${seenEvents.any} changes / ${seenEvents.signed} entered signed, full scan saw ${naiveSeen.changed} / ${naiveSeen.enteredSigned}`,
					);
				}
			};
			for (let round = 0; round < rounds; round++) {
				await measure('steady', round);
				const changed = await changeOnePercent(sb, naive.map, random);
				await measure('changed', round);
				const c = figures.changed;
				log(
					`trigger ${size} round ${round + 1}/${rounds}: steady any ${figures.steady.any.ms[round].toFixed(0)} ms / signed ${figures.steady.signed.ms[round].toFixed(0)} ms / naive ${figures.steady.naive.ms[round].toFixed(0)} ms; ${changed} changed → events any ${c.any.events[round]}, signed ${c.signed.events[round]}, naive ${c.naive.events[round]}`,
				);
			}

			const group = `4. Trigger, ${size.toLocaleString('en')} contracts`;
			for (const [mode, label] of [
				['any', '(a) any change'],
				['signed', '(b) entered Signed'],
			] as const) {
				for (const phase of ['steady', 'changed'] as const) {
					const f = figures[phase][mode];
					const n = figures[phase].naive;
					const phaseLabel = phase === 'steady' ? 'steady state' : '1% changed';
					rows.push({
						group,
						measure: `${label}, ${phaseLabel}: list requests per poll`,
						unit: 'requests',
						value: summarize(f.requests),
						baseline: { label: 'naive full scan', value: summarize(n.requests) },
						ratio: summarize(ratios(f.requests, n.requests)),
						...(phase === 'steady'
							? {
									target:
										mode === 'any'
											? '⌈N/200⌉ (loss-free minimum, see docs/trigger.md)'
											: '⌈N_signed/199⌉ + 0',
									met: true,
								}
							: {}),
					});
					rows.push({
						group,
						measure: `${label}, ${phaseLabel}: time per poll`,
						unit: 'ms',
						value: summarize(f.ms),
						baseline: { label: 'naive full scan', value: summarize(n.ms) },
						ratio: summarize(ratios(f.ms, n.ms)),
					});
				}
				const f = figures.changed[mode];
				const n = figures.changed.naive;
				const perContract = f.bytes.map((b, i) => b / Math.max(1, f.tracked[i]));
				const naivePer = n.bytes.map((b, i) => b / Math.max(1, n.tracked[i]));
				const per = summarize(perContract);
				rows.push({
					group,
					measure: `${label}: saved state (${summarize(f.tracked).median.toLocaleString('en')} contracts watched), bytes per watched contract`,
					unit: 'B',
					value: per,
					baseline: {
						label: `naive JSON id→status map (${summarize(n.tracked).median.toLocaleString('en')} contracts)`,
						value: summarize(naivePer),
					},
					ratio: summarize(ratios(perContract, naivePer)),
					target: '≤ 20 B',
					met: per.max <= 20,
					metNote: `${(summarize(f.bytes).median / 1e6).toFixed(3)} MB in all`,
				});
			}
			// the target on steady-state requests: the loss-free minimum for each mode
			const steadyAny = figures.steady.any.requests;
			const minAny = Math.ceil(size / 200);
			const anyRow = rows.find(
				(r) => r.group === group && r.measure.startsWith('(a) any change, steady state: list'),
			);
			if (anyRow) {
				anyRow.target = `${minAny} = ⌈N/200⌉ (loss-free minimum)`;
				anyRow.met = Math.max(...steadyAny) <= minAny;
			}
			const signedTracked = summarize(figures.steady.signed.tracked).median;
			// per watched status S, a poll must read N_S contracts: ⌈N_S/200⌉ pages at least; keyset paging (needed to
			// read loss-free a list that contracts can leave) repeats the boundary contract: ⌈(N_S−1)/199⌉ pages
			const perStatus: Record<string, number> = {};
			for (const status of SIGNED) perStatus[status] = await countStatus(sb, status);
			const steadyRequests = figures.steady.signed.requests;
			const signedRow = rows.find(
				(r) => r.group === group && r.measure.startsWith('(b) entered Signed, steady state: list'),
			);
			if (signedRow) {
				const range = (v: number[]) =>
					Math.min(...v) === Math.max(...v) ? `${v[0]}` : `${Math.min(...v)}–${Math.max(...v)}`;
				signedRow.target = `per poll Σ⌈N_S/200⌉ = ${range(minimum.floor)}; with keyset paging Σ⌈(N_S−1)/199⌉ = ${range(minimum.keyset)}`;
				signedRow.met = steadyRequests.every((n, i) => n <= minimum.keyset[i]);
				signedRow.metNote = steadyRequests.every((n, i) => n <= minimum.floor[i])
					? 'at the bare minimum'
					: 'at the keyset cost';
			}
			notes.push(
				`${size.toLocaleString('en')} contracts: after the last round ${Object.entries(perStatus)
					.map(([st, n]) => `${n.toLocaleString('en')} ${st}`)
					.join(
						' + ',
					)} (the steady-state polls of (b) watched ${signedTracked.toLocaleString('en')} at the median).`,
			);
			rows.push({
				group,
				measure: 'naive baseline: state bytes in all',
				unit: 'MB',
				value: summarize(figures.changed.naive.bytes.map((b) => b / 1e6)),
			});
		}
		if (mismatches.length)
			notes.push(`MISMATCH between the trigger and the full scan: ${mismatches.join('; ')}`);
		else
			notes.push(
				'In every round the trigger reported exactly the changes (a) and the entries into a signed status (b) that the full scan saw.',
			);
		writeResult({
			group: 'trigger',
			title: 'Trigger at scale',
			started,
			quick: args.quick,
			rows,
			notes,
		});
	} finally {
		await sb.stop();
		shutdownN8nCore();
	}
}

main().catch((error) => {
	log(`trigger failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
