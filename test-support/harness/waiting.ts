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
 * Waiting runs, as n8n 1.x keeps and resumes them: a workflow (an input node → TRATO) run by n8n-core's
 * WorkflowExecute; when the node puts the execution to wait (`putExecutionToWait`) the run's data is kept as n8n
 * keeps it in its database (a JSON copy: what is saved is what comes back), status `waiting`. A loopback HTTP server
 * stands in for n8n's `/webhook-waiting/<execution id>/<suffix>` endpoint and does what n8n 1.123's WaitingWebhooks
 * and WebhookHelpers.executeWebhook do with a call: the execution looked up (404 when there is none), refused when
 * it is running (409), has an error or has finished (409); the waiting node disabled, `waitTill` cleared and its last
 * run dropped; the node's webhook found by method and path (its `path` resolved as n8n does: `{{ $nodeId }}`,
 * `isFullPath`) among its restart webhooks (404 when none matches); the node's `webhook()` called through n8n-core's
 * WebhookContext with the kept run data (so `$input` is what the node waits with) and `executionId` set; its own
 * answer, or n8n's "On Received" answer; with workflow data, the run continues from the node with that data as its
 * output (n8n's prepareExecutionData), else the kept execution is left as it was (still waiting). n8n 1.x checks no
 * signature on a node whose operation is not `sendAndWait` (it checks none here either); n8n 2.x's resume token is
 * proven in a real n8n (test-e2e). `timeout()` is n8n's WaitTracker when `waitTill` passes: the run continues, the
 * waiting node disabled (its kept input passed on). Every URL n8n hands to contexts points at this server while it
 * runs (`harnessUrls`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { WebhookContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IRunExecutionData,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import {
	ACTION_NAME,
	HarnessCredentialsHelper,
	INPUT_NAME,
	INPUT_TYPE,
	actionNode,
	harnessUrls,
	initN8nCore,
	makeAdditionalData,
	nodeTypes,
	setInputItems,
	type CredentialInput,
	type TestItem,
} from './index';

/** An execution as n8n keeps it in its database. */
export interface KeptExecution {
	id: string;
	status: 'new' | 'running' | 'waiting' | 'success' | 'error';
	finished: boolean;
	mode: WorkflowExecuteMode;
	waitTill?: Date;
	data: IRunExecutionData;
	workflow: { id: string; nodes: INode[]; connections: Workflow['connectionsBySourceNode'] };
	/** How many times n8n continued it after a wait (a resume call or the time limit). */
	resumes: number;
}

export interface ResumeAnswer {
	status: number;
	json?: any;
	text: string;
}

export interface WaitingHarness {
	/** n8n's webhook-waiting base URL, as n8n hands it to the nodes. */
	baseUrl: string;
	credentialsHelper: HarnessCredentialsHelper;
	/** Runs input → TRATO; returns the kept execution (status `waiting` when the node put it to wait). */
	start(
		parameters: INodeParameters,
		items?: TestItem[],
		options?: { continueOnFail?: boolean },
	): Promise<KeptExecution>;
	execution(id: string): KeptExecution;
	/** The TRATO node's output in its last run (after a resume: the resume's output). */
	output(id: string): INodeExecutionData[];
	/** A resume call, as any HTTP client (a listener) sends it. */
	post(url: string, body?: unknown): Promise<ResumeAnswer>;
	/** n8n's WaitTracker at the wait's limit. */
	timeout(id: string): Promise<void>;
	/** Resolves when every call received so far has been answered and the run it continued has ended. */
	settled(): Promise<void>;
	close(): Promise<void>;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Execution ids are unique in a process, as in one n8n (what the node remembers of a run is keyed by them). */
let counter = 0;

export async function startWaitingHarness(
	credentials: CredentialInput | ICredentialDataDecryptedObject,
): Promise<WaitingHarness> {
	await initN8nCore();
	const credentialsHelper = new HarnessCredentialsHelper({
		'cred-1': credentials as ICredentialDataDecryptedObject,
	});
	const executions = new Map<string, KeptExecution>();
	const pending = new Set<Promise<void>>();
	const workflowOf = (kept: KeptExecution) =>
		new Workflow({
			id: kept.workflow.id,
			name: 'Harness waiting',
			nodes: kept.workflow.nodes,
			connections: kept.workflow.connections,
			active: false,
			nodeTypes,
			staticData: {},
			settings: {},
		});
	/** What n8n saves when a run ends or waits (the execution lifecycle hooks). */
	const keep = (kept: KeptExecution, run: IRun) => {
		kept.data = copy(run.data);
		kept.waitTill = run.waitTill ?? undefined;
		kept.status = run.waitTill ? 'waiting' : run.data.resultData.error ? 'error' : 'success';
		kept.finished = kept.status === 'success';
	};
	const additionalData = (kept: KeptExecution) =>
		makeAdditionalData(credentialsHelper, kept.workflow.id, kept.id);

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const send = (status: number, body: unknown) => {
			if (res.headersSent) return;
			res.statusCode = status;
			res.setHeader('content-type', 'application/json; charset=utf-8');
			res.end(JSON.stringify(body));
		};
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const [, endpoint, executionId, suffix] = url.pathname.split('/');
		if (endpoint !== 'webhook-waiting' || !executionId) return send(404, { message: 'not found' });
		const stored = executions.get(executionId);
		if (!stored) return send(404, { message: `The execution "${executionId}" does not exist.` });
		if (stored.status === 'running')
			return send(409, { message: `The execution "${executionId}" is running already.` });
		if (stored.data.resultData.error)
			return send(409, { message: `The execution "${executionId}" has finished with error.` });
		if (stored.finished)
			return send(409, { message: `The execution "${executionId} has finished already.` });
		// WaitingWebhooks.getWebhookExecutionData: on a copy of what the database holds
		const data = copy(stored.data);
		data.executionData!.nodeExecutionStack[0].node.disabled = true;
		data.waitTill = undefined;
		const last = data.resultData.lastNodeExecuted!;
		data.resultData.runData[last].pop();
		const workflow = workflowOf(stored);
		const node = workflow.getNode(last)!;
		const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const description = (nodeType.description.webhooks ?? []).find((webhook) => {
			const path = String(
				workflow.expression.getSimpleParameterValue(node, webhook.path, 'internal', {}),
			).replace(/^\/|\/$/g, '');
			const isFullPath = workflow.expression.getSimpleParameterValue(
				node,
				webhook.isFullPath,
				'internal',
				{},
				undefined,
				false,
			) as boolean;
			const restart = workflow.expression.getSimpleParameterValue(
				node,
				webhook.restartWebhook,
				'internal',
				{},
				undefined,
				false,
			) as boolean;
			const full = NodeHelpers.getNodeWebhookPath(workflow.id, node, path, isFullPath, restart);
			return webhook.httpMethod === req.method && full === (suffix ?? '') && restart === true;
		}) as IWebhookDescription | undefined;
		if (!description)
			return send(404, {
				message: `The workflow for execution "${executionId}" does not contain a waiting webhook with a matching path/method.`,
			});
		const text = Buffer.concat(chunks).toString('utf8');
		const request = Object.assign(req, {
			body: text && /json/.test(req.headers['content-type'] ?? '') ? JSON.parse(text) : {},
			query: Object.fromEntries(url.searchParams),
			params: {},
		});
		const response = Object.assign(res, {
			status(code: number) {
				res.statusCode = code;
				return response;
			},
			json(value: unknown) {
				if (!res.headersSent) res.setHeader('content-type', 'application/json; charset=utf-8');
				res.end(JSON.stringify(value));
				return response;
			},
			send(value: unknown) {
				if (typeof value === 'object' && value !== null) return response.json(value);
				res.end(String(value));
				return response;
			},
		});
		const context = additionalData(stored);
		Object.assign(context, { httpRequest: request, httpResponse: response });
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: String(suffix),
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: context,
		};
		let result: IWebhookResponseData;
		try {
			result = await nodeType.webhook!.call(
				new WebhookContext(workflow, node, context, stored.mode, webhookData, [], data),
			);
		} catch (error) {
			// n8n: 500, and the run goes on with the error (it ends failed)
			send(500, { message: (error as Error).message });
			stored.data.resultData.error = { message: (error as Error).message } as never;
			stored.status = 'error';
			return;
		}
		if (result.workflowData === undefined) {
			if (!result.noWebhookResponse)
				send(200, result.webhookResponse ?? { message: 'Webhook call received' });
			else if (!res.writableEnded)
				throw new Error('webhook() asked for no response but wrote none');
			return;
		}
		// "On Received": responseData '' → the node's webhookResponse, else n8n's message
		if (!result.noWebhookResponse)
			send(200, result.webhookResponse ?? { message: 'Workflow was started' });
		data.executionData!.nodeExecutionStack[0].data.main = result.workflowData;
		stored.status = 'running';
		stored.resumes++;
		const run = await new WorkflowExecute(context, stored.mode, data).processRunExecutionData(
			workflow,
		);
		keep(stored, run);
	};

	const server: Server = createServer((req, res) => {
		const done = handle(req, res).catch((error: Error) => {
			if (!res.headersSent) res.statusCode = 500;
			res.end(`harness: ${error.message}`);
		});
		pending.add(done);
		void done.finally(() => pending.delete(done));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const previousBase = harnessUrls.webhookWaitingBaseUrl;
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook-waiting`;
	harnessUrls.webhookWaitingBaseUrl = baseUrl;

	const harness: WaitingHarness = {
		baseUrl,
		credentialsHelper,
		async start(parameters, items = [{ json: {} }], options = {}) {
			const key = `waiting-items-${++counter}`;
			setInputItems(key, items);
			const input: INode = {
				id: 'node-input',
				name: INPUT_NAME,
				type: INPUT_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { key },
			};
			const kept: KeptExecution = {
				id: `${70_000 + counter}`,
				status: 'running',
				finished: false,
				mode: 'manual',
				data: {} as IRunExecutionData,
				workflow: {
					id: 'harness-waiting-workflow',
					nodes: [input, actionNode(parameters, options.continueOnFail)],
					connections: {
						[INPUT_NAME]: { main: [[{ node: ACTION_NAME, type: 'main' as never, index: 0 }]] },
					},
				},
				resumes: 0,
			};
			executions.set(kept.id, kept);
			try {
				const workflow = workflowOf(kept);
				keep(
					kept,
					await new WorkflowExecute(additionalData(kept), kept.mode).run(
						workflow,
						workflow.getNode(INPUT_NAME)!,
					),
				);
			} finally {
				setInputItems(key, undefined);
			}
			return kept;
		},
		execution(id) {
			const kept = executions.get(id);
			if (!kept) throw new Error(`no execution ${id}`);
			return kept;
		},
		output(id) {
			const runs = harness.execution(id).data.resultData.runData[ACTION_NAME] ?? [];
			return (runs[runs.length - 1]?.data?.main?.[0] ?? []) as INodeExecutionData[];
		},
		async post(url, body = {}) {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			const text = await response.text();
			let json: any;
			try {
				json = JSON.parse(text);
			} catch {
				json = undefined;
			}
			return { status: response.status, json, text };
		},
		async timeout(id) {
			const kept = harness.execution(id);
			if (kept.status !== 'waiting') throw new Error(`execution ${id} is ${kept.status}`);
			kept.status = 'running';
			kept.resumes++;
			const data = copy(kept.data);
			keep(
				kept,
				await new WorkflowExecute(additionalData(kept), kept.mode, data).processRunExecutionData(
					workflowOf(kept),
				),
			);
		},
		async settled() {
			while (pending.size) await Promise.all([...pending]);
		},
		async close() {
			harnessUrls.webhookWaitingBaseUrl = previousBase;
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
	return harness;
}
