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
 * One measurement of group 3 in a fresh process (run with --expose-gc): `contract create` from a PDF through
 * the node in n8n's default or filesystem binary mode, or the same request by bare axios. Prints one JSON line:
 * { wallMs, peakOverBaseline, baselineRss, fileSize, contractId }.
 *
 * Node: a two-node workflow (an input node that stores the file through n8n's prepareBinaryData → Contract
 * E-Sign) run by n8n-core's WorkflowExecute; the window is the action node only (n8n's nodeExecuteBefore /
 * nodeExecuteAfter hooks): at its start, garbage is collected, the RSS is the baseline and the RSS high-water
 * mark is reset; at its end the high-water mark is read. The input file is held by n8n only (default mode:
 * as Base64 in the item, as n8n keeps it; filesystem mode: on disk).
 * Bare client: the file is in a Buffer before the window; the window is Base64 + JSON + POST.
 * `--source url`: the node creates from a File URL instead, served by a loopback server in this process (the file
 * in a Buffer before the window, as for the bare client); the window is download + Base64 + JSON + POST.
 */
import '../lib/n8nEnv';

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';

import type {
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { WorkflowExecute } from 'n8n-core';

import {
	HarnessCredentialsHelper,
	initN8nCore,
	makeAdditionalData,
	nodeTypes,
	ACTION_TYPE,
	shutdownN8nCore,
} from '../../test-support/harness';
import { LEASE_TEMPLATE } from '../../test-support/templates';
import { memoryStatus, nowMs, parseArgs, resetPeakRss } from '../lib/common';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const axios = require(
	require.resolve('axios', { paths: [dirname(require.resolve('n8n-core'))] }),
) as typeof import('axios').default;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function settle(): void {
	gc!();
	gc!();
}

let pending: Buffer | undefined;

class BenchInput implements INodeType {
	description = {
		displayName: 'Bench Input',
		name: 'bench.input',
		group: ['input'],
		version: 1,
		description: 'Emits the PDF as binary data',
		defaults: { name: 'Input' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (!pending) return [[{ json: {} }]]; // File URL: the node downloads the file itself
		const data = pending;
		pending = undefined; // from here on, only n8n holds the file
		const binary = await this.helpers.prepareBinaryData(data, 'large.pdf', 'application/pdf');
		return [[{ json: {}, binary: { data: binary } }]];
	}
}

async function main(): Promise<void> {
	const { values } = parseArgs();
	const mode = values.mode as 'default' | 'filesystem';
	const file = values.file;
	const baseUrl = values['base-url'];
	const apiKey = values['api-key'];
	await initN8nCore(mode);
	const fileSize = readFileSync(file).length;

	if (values.client === 'axios') {
		let data: Buffer | undefined = readFileSync(file);
		settle();
		const baselineRss = memoryStatus().rss;
		resetPeakRss();
		const t0 = nowMs();
		const res = await axios.post(
			`${baseUrl}/api/create/contract`,
			{
				source: 'document',
				templateid: LEASE_TEMPLATE,
				document: { type: 'pdf', data: data.toString('base64') },
			},
			{ headers: { apikey: apiKey }, maxBodyLength: Infinity, maxContentLength: Infinity },
		);
		const wallMs = nowMs() - t0;
		const peak = memoryStatus().hwm;
		data = undefined;
		process.stdout.write(
			`${JSON.stringify({ wallMs, peakOverBaseline: peak - baselineRss, baselineRss, fileSize, contractId: res.data.contractid })}\n`,
		);
		return;
	}

	const fromUrl = values.source === 'url';
	let source: Record<string, unknown> = { source: 'pdf', binaryPropertyName: 'data' };
	if (fromUrl) {
		const served = readFileSync(file);
		const server = createServer((_req, res) =>
			res
				.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': served.length })
				.end(served),
		);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		server.unref();
		const fileUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/large.pdf`;
		source = { source: 'url', fileUrl, options: { maxFileSize: 200 } };
	} else pending = readFileSync(file);
	const input = new BenchInput();
	const types: INodeTypes = {
		getByName: (t) => (t === 'bench.input' ? input : nodeTypes.getByName(t)),
		getByNameAndVersion: (t, v) =>
			t === 'bench.input' ? input : nodeTypes.getByNameAndVersion(t, v),
		getKnownTypes: () => ({}),
	};
	const inputNode: INode = {
		id: 'in',
		name: 'Input',
		type: 'bench.input',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const action: INode = {
		id: 'act',
		name: 'TRATO',
		type: ACTION_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters: {
			resource: 'contract',
			operation: 'create',
			templateId: { __rl: true, mode: 'id', value: LEASE_TEMPLATE },
			options: {},
			...source,
		},
		credentials: { tratoApi: { id: 'cred-1', name: 'bench' } },
	};
	const workflow = new Workflow({
		id: 'bench-large',
		name: 'bench',
		nodes: [inputNode, action],
		connections: { Input: { main: [[{ node: 'TRATO', type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes: types,
		staticData: {},
		settings: {},
	});
	const helper = new HarnessCredentialsHelper({
		'cred-1': { environment: 'custom', baseUrl, authentication: 'apiKey', apiKey },
	});
	const additionalData = makeAdditionalData(helper);
	let baselineRss = 0;
	let t0 = 0;
	let wallMs = 0;
	let peak = 0;
	additionalData.hooks!.addHandler('nodeExecuteBefore', async (nodeName: string) => {
		if (nodeName !== 'TRATO') return;
		settle();
		baselineRss = memoryStatus().rss;
		resetPeakRss();
		t0 = nowMs();
	});
	additionalData.hooks!.addHandler('nodeExecuteAfter', async (nodeName: string) => {
		if (nodeName !== 'TRATO') return;
		wallMs = nowMs() - t0;
		peak = memoryStatus().hwm;
	});
	const run = await new WorkflowExecute(additionalData, 'manual').run(workflow, inputNode);
	const task = run.data.resultData.runData['TRATO']?.[0];
	const error = task?.error ?? run.data.resultData.error;
	if (error)
		throw new Error(
			`node failed: ${error.message} ${(error as { description?: string }).description ?? ''}`,
		);
	const out = task?.data?.main?.[0]?.[0]?.json;
	process.stdout.write(
		`${JSON.stringify({ wallMs, peakOverBaseline: peak - baselineRss, baselineRss, fileSize, contractId: out?.contractId })}\n`,
	);
}

main()
	.then(() => {
		shutdownN8nCore();
		process.exit(0);
	})
	.catch((error) => {
		process.stderr.write(`large-child failed: ${(error as Error).stack ?? error}\n`);
		process.exit(1);
	});
