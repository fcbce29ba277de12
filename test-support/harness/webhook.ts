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
 * Runs a webhook trigger as n8n does, over real HTTP: a loopback server stands in for n8n's webhook endpoint. Each
 * request is parsed the way n8n parses a webhook body (JSON, text, form; a body declared JSON that does not parse is
 * answered 422 before the node runs), handed to the node's `webhook()` through n8n-core's real WebhookContext
 * (credentials decrypted by the harness's CredentialsHelper, HTTP through n8n-core's helpers), and answered as n8n's
 * WebhookHelpers.executeWebhook answers: the node's own answer (`noWebhookResponse`), "Webhook call received" when
 * it started nothing, or — response mode "On Received" — 200 with the description's `responseData` when it returned
 * workflow data. That data then runs through n8n-core's WorkflowExecute from the trigger, as a webhook execution.
 * The workflow's static data is handled as n8n's LiveWebhooks handles it: loaded (a copy of what was saved) for every
 * request, and saved whole once webhook() has returned, when it changed — on the production URL only (on the Test
 * URL n8n keeps a test copy it never saves).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';

import { WebhookContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
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
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import {
	HarnessCredentialsHelper,
	WEBHOOK_TRIGGER_TYPE,
	initN8nCore,
	makeAdditionalData,
	nodeTypes,
	type CredentialInput,
} from './index';

export const WEBHOOK_NODE_NAME = 'TRATO Instant Trigger';
const WEBHOOK_ID = '5f0c2a4e-7d1b-4c3a-9e8f-000000000020';
let servers = 0;

/** One execution the trigger started: its output items as n8n-core's execution left them. */
export interface StartedExecution {
	items: INodeExecutionData[];
	run: IRun;
}

export interface WebhookAnswer {
	status: number;
	text: string;
	json?: any;
	/** Milliseconds from sending to the answer's headers. */
	ms: number;
}

export interface WebhookServerOptions {
	parameters: INodeParameters;
	credentials: CredentialInput | ICredentialDataDecryptedObject;
	/** 'webhook' = the production URL of an active workflow (default), 'manual' = the test URL. */
	mode?: WorkflowExecuteMode;
	/** The workflow's id (default: a new one per server) and its saved static data (default: none). */
	workflowId?: string;
	staticData?: IDataObject;
}

export interface WebhookServer {
	/** Where to send deliveries. */
	url: string;
	/** Executions started so far, in the order they were started. */
	executions: StartedExecution[];
	/** What webhook() threw, when it threw (n8n answers 500 then). */
	errors: Error[];
	credentialsHelper: HarnessCredentialsHelper;
	/** The workflow's id and its static data as last saved (a copy). */
	workflowId: string;
	staticData(): IDataObject;
	/** Resolves when every request received so far has been answered and its execution (if any) has finished. */
	settled(): Promise<void>;
	post(
		body: unknown,
		options?: { headers?: Record<string, string>; contentType?: string; query?: string },
	): Promise<WebhookAnswer>;
	close(): Promise<void>;
}

/** n8n's req.body for a webhook: parsed by content type (n8n's parseBody); undefined for other types. */
function parseBody(raw: Buffer, contentType: string): { body?: unknown; error?: string } {
	if (raw.length === 0) return {};
	const text = raw.toString('utf8');
	try {
		if (contentType === 'application/json') return { body: JSON.parse(text) };
		if (contentType === 'application/x-www-form-urlencoded') return { body: parseQuery(text) };
		if (contentType === 'text/plain') return { body: text };
		// n8n parses XML into an object with xml2js; its shape does not matter here, only that an object arrives
		if (contentType.endsWith('/xml') || contentType.endsWith('+xml'))
			return { body: { xml: text } };
	} catch (error) {
		return { error: (error as Error).message };
	}
	return {};
}

/** The parts of express's Request/Response a webhook node uses, on Node's own objects. */
function expressLike(
	req: IncomingMessage,
	res: ServerResponse,
	body: unknown,
	contentType: string,
) {
	const url = new URL(req.url ?? '/', 'http://127.0.0.1');
	const request = Object.assign(req, {
		body,
		contentType,
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
			if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value))
				return response.json(value);
			res.end(value as string | Buffer);
			return response;
		},
	});
	return { request, response };
}

export async function startWebhookServer(options: WebhookServerOptions): Promise<WebhookServer> {
	await initN8nCore();
	const mode = options.mode ?? 'webhook';
	const credentialsHelper = new HarnessCredentialsHelper({
		'cred-1': options.credentials as ICredentialDataDecryptedObject,
	});
	const nodeType = nodeTypes.getByNameAndVersion(WEBHOOK_TRIGGER_TYPE, 1);
	const description = nodeType.description.webhooks![0] as IWebhookDescription;
	const node: INode = {
		id: 'node-webhook-trigger',
		name: WEBHOOK_NODE_NAME,
		type: WEBHOOK_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { tratoApi: { id: 'cred-1', name: 'TRATO account' } },
		webhookId: WEBHOOK_ID,
	};
	const workflowId = options.workflowId ?? `harness-webhook-workflow-${++servers}`;
	let saved: IDataObject = structuredClone(options.staticData ?? {});
	const load = () =>
		new Workflow({
			id: workflowId,
			name: 'Harness webhook',
			nodes: [node],
			connections: {},
			active: mode === 'webhook',
			nodeTypes,
			staticData: structuredClone(saved),
		});
	const workflow = load();
	const executions: StartedExecution[] = [];
	const errors: Error[] = [];
	const pending = new Set<Promise<void>>();

	const execute = async (workflowData: INodeExecutionData[][]) => {
		const runExecutionData: IRunExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node, data: { main: workflowData }, source: null }] },
		});
		const run = await new WorkflowExecute(
			makeAdditionalData(credentialsHelper, workflow.id),
			mode,
			runExecutionData,
		).processRunExecutionData(workflow);
		const items = (run.data.resultData.runData[WEBHOOK_NODE_NAME]?.[0]?.data?.main?.[0] ??
			[]) as INodeExecutionData[];
		executions.push({ items, run });
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		const parsed = parseBody(Buffer.concat(chunks), contentType);
		if (parsed.error !== undefined) {
			// n8n's body parser: UnprocessableRequestError, before any node code runs
			res.statusCode = 422;
			res.end(JSON.stringify({ code: 422, message: 'Failed to parse request body' }));
			return;
		}
		const { request, response } = expressLike(req, res, parsed.body, contentType);
		const additionalData = makeAdditionalData(credentialsHelper, workflow.id);
		Object.assign(additionalData, { httpRequest: request, httpResponse: response });
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: `${WEBHOOK_ID}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: WEBHOOK_ID,
		};
		const requestWorkflow = load();
		const context = new WebhookContext(
			requestWorkflow,
			node,
			additionalData,
			mode,
			webhookData,
			[],
			null,
		);
		let result: IWebhookResponseData;
		try {
			result = await nodeType.webhook!.call(context);
			// n8n's responseCallback: WorkflowStaticDataService.saveStaticData, when the data changed
			if (mode !== 'manual' && requestWorkflow.staticData.__dataChanged === true)
				saved = JSON.parse(JSON.stringify(requestWorkflow.staticData)) as IDataObject;
		} catch (error) {
			errors.push(error as Error);
			response
				.status(500)
				.json({ code: 0, message: 'Workflow Webhook Error: Workflow could not be started!' });
			return;
		}
		if (result.workflowData === undefined) {
			if (!result.noWebhookResponse)
				response
					.status(200)
					.json((result.webhookResponse as IDataObject) ?? { message: 'Webhook call received' });
			else if (!res.writableEnded)
				throw new Error('webhook() asked for no response but wrote none');
			return;
		}
		if (!result.noWebhookResponse) {
			// n8n's "On Received" answer: no body for responseData 'noData', that text for another one, else a message
			const data = description.responseData;
			if (data === 'noData') response.status(200).end();
			else if (data) response.status(200).send(String(data));
			else response.status(200).json({ message: 'Workflow was started' });
		}
		await execute(result.workflowData);
	};

	const server: Server = createServer((req, res) => {
		const done = handle(req, res).catch((error: Error) => {
			errors.push(error);
			if (!res.headersSent) res.statusCode = 500;
			res.end(`harness: ${error.message}`);
		});
		pending.add(done);
		void done.finally(() => pending.delete(done));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/${WEBHOOK_ID}/${String(description.path)}`;
	const requestUrl = (query?: string) => (query ? `${url}?${query}` : url);

	return {
		url,
		executions,
		errors,
		credentialsHelper,
		workflowId,
		staticData: () => structuredClone(saved),
		async settled() {
			while (pending.size) await Promise.all([...pending]);
		},
		async post(body, postOptions = {}) {
			const started = Date.now();
			const contentType = postOptions.contentType ?? 'application/json';
			const response = await fetch(requestUrl(postOptions.query), {
				method: 'POST',
				headers: { 'content-type': contentType, ...(postOptions.headers ?? {}) },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			});
			const ms = Date.now() - started;
			const text = await response.text();
			let json: any;
			try {
				json = JSON.parse(text);
			} catch {
				json = undefined;
			}
			return { status: response.status, text, json, ms };
		},
		async close() {
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}
