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
 * Group 1 — per-call overhead: N `contract get` calls through the node (one workflow run of N input items,
 * n8n-core's WorkflowExecute, the id taken from each item by an expression, as a user maps it) against the same
 * N GETs made sequentially by bare axios (the copy n8n-core itself uses), same sandbox in another process.
 *
 * Two more variants split the overhead: n8n-core's httpRequestWithAuthentication called in a plain loop (what
 * any node pays to n8n for a request: credential `authenticate`, request conversion, a new http.Agent per
 * request), and bare axios with a new http.Agent per request (the connection policy of n8n-core alone).
 */
import '../lib/n8nEnv';

import { execFile } from 'node:child_process';
import { Agent } from 'node:http';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INodeType } from 'n8n-workflow';

import { executeContext, runNode, shutdownN8nCore, initN8nCore } from '../../test-support/harness';
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
import { credentialsFor, startSandboxProcess } from '../lib/sandbox';
import { Trato } from '../../nodes/Trato/Trato.node';

const execFileAsync = promisify(execFile);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const axios = require(
	require.resolve('axios', { paths: [dirname(require.resolve('n8n-core'))] }),
) as typeof import('axios').default;

async function main(): Promise<void> {
	const args = parseArgs();
	const calls = Number(args.values.calls ?? (args.quick ? 300 : 2000));
	const rounds = Number(args.values.rounds ?? 5);
	const started = Date.now();
	await initN8nCore('default');
	const sb = await startSandboxProcess();
	try {
		const creds = credentialsFor(sb);
		const api = axios.create({ baseURL: sb.baseUrl, headers: { apikey: sb.apiKey } });
		const ids: string[] = [];
		for (let i = 0; i < 50; i++) {
			const res = await api.post('/api/create/contract', {
				source: 'template',
				templateid: '67878720c4e6a1f3b9d20a11',
			});
			ids.push(res.data.contractid as string);
		}
		const idAt = (i: number) => ids[i % ids.length];
		const items = Array.from({ length: calls }, (_, i) => ({ json: { id: idAt(i) } }));
		const parameters = {
			resource: 'contract',
			operation: 'get',
			contractId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			options: {},
		};

		const viaNode = async () => {
			const { ms, value } = await timed(() => runNode({ parameters, items, credentials: creds }));
			if (value.error) throw value.error;
			if (
				value.items.length !== calls ||
				value.items[calls - 1].json.contractId !== idAt(calls - 1)
			) {
				throw new Error('node output does not match the input');
			}
			return ms;
		};

		// the same node with the id typed in (no expression): splits n8n's expression engine from the rest
		const fixedItems = Array.from({ length: calls }, () => ({ json: {} }));
		const fixedParameters = {
			...parameters,
			contractId: { __rl: true, mode: 'id', value: idAt(0) },
		};
		const viaNodeFixed = async () => {
			const { ms, value } = await timed(() =>
				runNode({ parameters: fixedParameters, items: fixedItems, credentials: creds }),
			);
			if (value.error) throw value.error;
			if (value.items.length !== calls) throw new Error('node output does not match the input');
			return ms;
		};

		// The floor of any n8n node here: the pack's own description (n8n checks each parameter against it), and per
		// item only what every node must do — read the contract ID, ask n8n's helper, return the answer. No limits,
		// no error sentences, no reading of the answer: what the pack's node adds on top is its own cost.
		const minimal: INodeType = Object.assign(new Trato(), {
			async execute(this: IExecuteFunctions) {
				const { baseUrl } = await this.getCredentials('tratoApi');
				const out = [];
				// one item after another, as the node runs them at its default concurrency
				for (let item = 0; item < this.getInputData().length; item++) {
					const contractId = this.getNodeParameter('contractId', item, '', {
						extractValue: true,
					}) as string;
					const json = (await this.helpers.httpRequestWithAuthentication.call(this, 'tratoApi', {
						method: 'GET',
						url: `${String(baseUrl)}/api/contract/status/${contractId}`,
						json: true,
					})) as IDataObject;
					out.push({ json: { ...json, contractId }, pairedItem: { item } });
				}
				return [out];
			},
		});
		const viaMinimalNode = async () => {
			const { ms, value } = await timed(() =>
				runNode({
					parameters: fixedParameters,
					items: fixedItems,
					credentials: creds,
					actionType: minimal,
				}),
			);
			if (value.error) throw value.error;
			if (value.items.length !== calls) throw new Error('minimal node output does not match');
			return ms;
		};

		const { context } = await executeContext(creds);
		const viaHelper = async () => {
			const { ms } = await timed(async () => {
				for (let i = 0; i < calls; i++) {
					const request: IHttpRequestOptions = {
						method: 'GET',
						url: `${sb.baseUrl}/api/contract/status/${idAt(i)}`,
						json: true,
						headers: { Accept: 'application/json' },
						disableFollowRedirect: true, // as the node's transport sends it
					};
					const body = await context.helpers.httpRequestWithAuthentication.call(
						context,
						'tratoApi',
						request,
					);
					if (!body.status && body.status !== '') throw new Error('unexpected body');
				}
			});
			return ms;
		};

		const bare = (freshAgent: boolean) => async () => {
			const { ms } = await timed(async () => {
				for (let i = 0; i < calls; i++) {
					const res = await axios.get(`${sb.baseUrl}/api/contract/status/${idAt(i)}`, {
						headers: { apikey: sb.apiKey, Accept: 'application/json' },
						...(freshAgent ? { httpAgent: new Agent() } : {}),
					});
					if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
				}
			});
			return ms;
		};

		// bare axios in a plain Node process (no n8n-core loaded): times itself after a warm-up
		const axiosPath = require.resolve('axios', { paths: [dirname(require.resolve('n8n-core'))] });
		const plainScript = `
const axios = require(${JSON.stringify(axiosPath)});
const [base, key, ids, calls] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3]), Number(process.argv[4])];
const get = (i) => axios.get(base + '/api/contract/status/' + ids[i % ids.length], { headers: { apikey: key, Accept: 'application/json' } });
(async () => {
	for (let i = 0; i < calls; i++) await get(i);
	const t0 = process.hrtime.bigint();
	for (let i = 0; i < calls; i++) await get(i);
	process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));
})();`;
		const plainAxios = async () => {
			const { stdout } = await execFileAsync(process.execPath, [
				'-e',
				plainScript,
				sb.baseUrl,
				sb.apiKey,
				JSON.stringify(ids),
				String(calls),
			]);
			return Number(stdout);
		};

		const variants = {
			node: viaNode,
			nodeFixed: viaNodeFixed,
			minimalNode: viaMinimalNode,
			helper: viaHelper,
			axios: bare(false),
			axiosNewAgent: bare(true),
			axiosPlain: plainAxios,
		};
		if (args.values.profile) {
			// `--profile node` (with node --cpu-prof): only that variant, for a CPU profile of its path
			const fn = variants[args.values.profile as keyof typeof variants];
			for (let r = 0; r < rounds; r++) log(`${args.values.profile}: ${(await fn()).toFixed(0)} ms`);
			return;
		}
		log(`overhead: warm-up (${calls} calls per variant)`);
		for (const fn of Object.values(variants)) await fn();
		const m = await alternate(rounds, variants, (r, v) =>
			log(
				`overhead round ${r + 1}/${rounds}: ${Object.entries(v)
					.map(([k, ms]) => `${k} ${ms.toFixed(0)} ms`)
					.join(', ')}`,
			),
		);

		// the same comparison against an API that answers in 20 ms (a sandbox with latency, fewer calls)
		const latencyCalls = Number(args.values['latency-calls'] ?? (args.quick ? 50 : 100));
		const latencyRounds = args.quick ? 3 : rounds;
		const slow = await startSandboxProcess({ latencyMs: 20 });
		let lat: { node: number[]; axios: number[] };
		try {
			const slowCreds = credentialsFor(slow);
			const slowIds: string[] = [];
			for (let i = 0; i < 10; i++) {
				const res = await axios.post(
					`${slow.baseUrl}/api/create/contract`,
					{ source: 'template', templateid: '67878720c4e6a1f3b9d20a11' },
					{ headers: { apikey: slow.apiKey } },
				);
				slowIds.push(res.data.contractid as string);
			}
			const slowItems = Array.from({ length: latencyCalls }, (_, i) => ({
				json: { id: slowIds[i % slowIds.length] },
			}));
			const slowNode = async () => {
				const { ms, value } = await timed(() =>
					runNode({ parameters, items: slowItems, credentials: slowCreds }),
				);
				if (value.error || value.items.length !== latencyCalls)
					throw value.error ?? new Error('bad output');
				return ms;
			};
			const slowAxios = async () => {
				const { ms } = await timed(async () => {
					for (let i = 0; i < latencyCalls; i++) {
						await axios.get(`${slow.baseUrl}/api/contract/status/${slowIds[i % slowIds.length]}`, {
							headers: { apikey: slow.apiKey, Accept: 'application/json' },
						});
					}
				});
				return ms;
			};
			await slowNode();
			await slowAxios();
			lat = await alternate(latencyRounds, { node: slowNode, axios: slowAxios }, (r, v) =>
				log(
					`overhead 20 ms round ${r + 1}/${latencyRounds}: node ${v.node.toFixed(0)} ms, axios ${v.axios.toFixed(0)} ms`,
				),
			);
		} finally {
			await slow.stop();
		}

		const perCall = (values: number[]) => summarize(values.map((ms) => (ms / calls) * 1000));
		const perSlowCall = (values: number[]) => summarize(values.map((ms) => ms / latencyCalls));
		const nodeVsAxios = summarize(ratios(m.node, m.axios));
		const typedVsAxios = summarize(ratios(m.nodeFixed, m.axios));
		const group = '1. Per-call overhead';
		const rows: Row[] = [
			{
				group,
				measure: `contract get through the node, ${calls} items in one workflow run, ID mapped with {{ $json.id }}, per call`,
				unit: 'µs',
				value: perCall(m.node),
				baseline: { label: `bare axios, same ${calls} GETs, sequential`, value: perCall(m.axios) },
				ratio: nodeVsAxios,
				target: '≤ 1.10×',
				met: nodeVsAxios.median <= 1.1,
			},
			{
				group,
				measure: 'the same with the ID typed in (no expression), per call',
				unit: 'µs',
				value: perCall(m.nodeFixed),
				baseline: { label: 'bare axios', value: perCall(m.axios) },
				ratio: typedVsAxios,
				target: '≤ 1.10×',
				met: typedVsAxios.median <= 1.1,
			},
			{
				group,
				measure:
					"split: n8n-core's httpRequestWithAuthentication called in a loop (no workflow, no node code), per call",
				unit: 'µs',
				value: perCall(m.helper),
				baseline: { label: 'bare axios', value: perCall(m.axios) },
				ratio: summarize(ratios(m.helper, m.axios)),
			},
			{
				group,
				measure:
					'split: the node, ID typed in, vs that helper loop (workflow execution, parameters, node code), per call',
				unit: 'µs',
				value: perCall(m.nodeFixed),
				baseline: { label: 'helper loop', value: perCall(m.helper) },
				ratio: summarize(ratios(m.nodeFixed, m.helper)),
			},
			{
				group,
				measure:
					"floor: a minimal node with the same description, ID typed in (one parameter read and n8n's helper per item, nothing else), per call",
				unit: 'µs',
				value: perCall(m.minimalNode),
				baseline: { label: 'bare axios', value: perCall(m.axios) },
				ratio: summarize(ratios(m.minimalNode, m.axios)),
			},
			{
				group,
				measure:
					"split: the node, ID typed in, vs that minimal node (the pack's own cost: limits, answer reading, errors), per call",
				unit: 'µs',
				value: perCall(m.nodeFixed),
				baseline: { label: 'minimal node', value: perCall(m.minimalNode) },
				ratio: summarize(ratios(m.nodeFixed, m.minimalNode)),
			},
			{
				group,
				measure:
					"split: ID mapped with {{ $json.id }} vs typed in (n8n's expression engine, once per item), per call",
				unit: 'µs',
				value: perCall(m.node),
				baseline: { label: 'node, ID typed in', value: perCall(m.nodeFixed) },
				ratio: summarize(ratios(m.node, m.nodeFixed)),
			},
			{
				group,
				measure:
					"context: bare axios with a new http.Agent per request (n8n-core's connection policy), per call",
				unit: 'µs',
				value: perCall(m.axiosNewAgent),
				baseline: { label: 'bare axios, keep-alive agent', value: perCall(m.axios) },
				ratio: summarize(ratios(m.axiosNewAgent, m.axios)),
			},
			{
				group,
				measure:
					'context: bare axios in this process (n8n-core loaded) vs in a plain Node process, per call',
				unit: 'µs',
				value: perCall(m.axios),
				baseline: { label: 'bare axios, plain process', value: perCall(m.axiosPlain) },
				ratio: summarize(ratios(m.axios, m.axiosPlain)),
			},
			{
				group,
				measure: `the target comparison against a 20 ms API: ${latencyCalls} contract gets through the node, per call`,
				unit: 'ms',
				value: perSlowCall(lat.node),
				baseline: { label: `bare axios, same ${latencyCalls} GETs`, value: perSlowCall(lat.axios) },
				ratio: summarize(ratios(lat.node, lat.axios)),
			},
		];
		writeResult({
			group: 'overhead',
			title: 'Per-call overhead',
			started,
			quick: args.quick,
			rows,
			notes: [],
		});
	} finally {
		await sb.stop();
		shutdownN8nCore();
	}
}

main().catch((error) => {
	log(`overhead failed: ${(error as Error).stack ?? error}`);
	process.exit(1);
});
