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
 * Helpers of the instant trigger's end-to-end test: credentials imported with the n8n CLI, workflows with the
 * instant trigger, activation, the production URL n8n serves, and what an execution's trigger output was (read
 * from n8n's REST API, whose execution data is in n8n's "flatted" form).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { PACKAGE_NAME, n8nCli, type N8nRest } from '../test-support/n8n/n8n';
import type { E2eEnv, Workflow } from './env';

export const INSTANT_TRIGGER_TYPE = `${PACKAGE_NAME}.tratoWebhookTrigger`;
export const INSTANT_NODE = 'TRATO Instant Trigger';
export const ALL_EVENTS = [
	'signed',
	'signed-all',
	'document-finalized',
	'document-removed',
	'milestone-completed',
	'all-milestones-completed',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A workflow "instant trigger → No Op" listening for the given events (with more parameters when given). */
export function instantWorkflow(
	id: string,
	name: string,
	events: string[],
	webhookId: string,
	credentialId: string,
	more: Record<string, unknown> = {},
): Workflow {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-trigger`,
				name: INSTANT_NODE,
				type: INSTANT_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events, options: {}, ...more },
				credentials: { tratoApi: { id: credentialId, name: 'TRATO account (webhook secret)' } },
			},
			{
				id: `${id}-done`,
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: {
			[INSTANT_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
		},
	};
}

/** Activates a stored workflow with the CLI (n8n 1.x: update:workflow --active; 2.x: publish:workflow). */
export async function activate(e: E2eEnv, id: string): Promise<void> {
	const args =
		e.major === '1'
			? ['update:workflow', `--id=${id}`, '--active=true']
			: ['publish:workflow', `--id=${id}`];
	const result = await n8nCli(e.install, e.env, args);
	if (result.code !== 0)
		throw new Error(`${args.join(' ')} failed: ${result.stdout}\n${result.stderr}`);
}

/** The production URL n8n serves for a webhook node (`<base>/webhook/<webhookId>/<path>`). */
export function productionUrl(n8nUrl: string, webhookId: string): string {
	return `${n8nUrl.replace('localhost', '127.0.0.1')}/webhook/${webhookId}/webhook`;
}

/** The URL to enter in an event's slot of the TRATO profile: with `?event=<event>`, as the trigger's panel says. */
export function eventUrl(url: string, event: string): string {
	return `${url}?event=${encodeURIComponent(event)}`;
}

/** The sandbox's `urls` setting: every event's slot with the trigger's URL for that event. */
export function eventUrls(url: string, events = ALL_EVENTS): Record<string, string> {
	return Object.fromEntries(events.map((event) => [event, eventUrl(url, event)]));
}

/** Waits until n8n serves the URL (anything but 404: an empty POST is refused by the node itself). */
export async function waitRegistered(url: string, timeoutMs = 120_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const response = await fetch(url, { method: 'POST' }).catch(() => undefined);
		if (response && response.status !== 404) return;
		if (Date.now() > deadline) throw new Error(`n8n did not register ${url}`);
		await sleep(500);
	}
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

export async function executionsOf(rest: N8nRest, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await rest.request<{ results: ExecutionSummary[] }>(
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	return list.results.filter((x) => x.workflowId === workflowId);
}

/** Waits until a workflow has `count` finished executions (and no running one); returns them. */
export async function finishedExecutions(
	rest: N8nRest,
	workflowId: string,
	count: number,
	timeoutMs = 120_000,
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await executionsOf(rest, workflowId);
		const done = list.filter((x) => !['new', 'running', 'waiting', 'unknown'].includes(x.status));
		if (done.length >= count && done.length === list.length) return done;
		if (Date.now() > deadline)
			throw new Error(
				`expected ${count} finished executions of ${workflowId}, have ${JSON.stringify(list)}`,
			);
		await sleep(500);
	}
}

/** The items a node output in an execution (JSON and binary), read from n8n's REST API. */
async function nodeRunItems(
	e: E2eEnv,
	rest: N8nRest,
	executionId: string,
	nodeName: string,
): Promise<Array<{ json: Record<string, any>; binary?: Record<string, unknown> }>> {
	const execution = await rest.request<{ data: string }>('GET', `/executions/${executionId}`);
	// n8n's own copy of flatted: the format of the data it stored
	const flatted = createRequire(join(e.install.dir, 'node_modules', 'n8n', 'package.json'))(
		'flatted',
	) as { parse(text: string): any };
	const data = flatted.parse(execution.data);
	const runs = data.resultData.runData[nodeName] as Array<{
		data: { main: Array<Array<{ json: Record<string, any>; binary?: Record<string, unknown> }>> };
	}>;
	return runs[0].data.main[0];
}

/** The JSON items a node output in an execution, read from n8n's REST API. */
export async function nodeItems(
	e: E2eEnv,
	rest: N8nRest,
	executionId: string,
	nodeName: string,
): Promise<Array<Record<string, any>>> {
	return (await nodeRunItems(e, rest, executionId, nodeName)).map((item) => item.json);
}

/** The binary field names of each item a node output in an execution. */
export async function nodeBinaryFields(
	e: E2eEnv,
	rest: N8nRest,
	executionId: string,
	nodeName: string,
): Promise<string[][]> {
	return (await nodeRunItems(e, rest, executionId, nodeName)).map((item) =>
		Object.keys(item.binary ?? {}).sort(),
	);
}
