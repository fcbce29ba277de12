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
 * Workflows that put the TRATO node in front of a language model, written as n8n stores them: an AI Agent with the
 * OpenAI Chat Model (pointed at the scripted model of fakeOpenAi.ts) and TRATO tool nodes, or an MCP Server Trigger
 * with TRATO tool nodes. The versions and parameters are those of the n8n releases the tests install (read from
 * their @n8n/n8n-nodes-langchain sources):
 *
 *  - AI Agent `@n8n/n8n-nodes-langchain.agent`: the version a new node gets (3 in n8n 1.123, 3.1 in 2.41);
 *  - OpenAI Chat Model `@n8n/n8n-nodes-langchain.lmChatOpenAi` 1.3 with "Use Responses API" off: it calls
 *    `POST <Base URL>/chat/completions` (the Responses API, on by default in 1.3, calls `/responses`);
 *  - a TRATO tool is `n8n-nodes-trato.tratoTool`, the variant n8n makes of a node marked `usableAsTool`, and is
 *    named as the editor names a new one: "<operation's action> in TRATO".
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { PACKAGE_NAME, REPO, type N8nMajor } from '../n8n/n8n';
import type { StoredCredential } from '../n8n/running';

export const AGENT_TYPE = '@n8n/n8n-nodes-langchain.agent';
export const OPENAI_CHAT_MODEL_TYPE = '@n8n/n8n-nodes-langchain.lmChatOpenAi';
export const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
export const TOOL_TYPE = `${PACKAGE_NAME}.tratoTool`;

/** The AI Agent version n8n gives a new node (the node's `defaultVersion`) in each major the tests run. */
export const AGENT_VERSION: Record<N8nMajor, number> = { '1': 3, '2': 3.1 };

/** The OpenAI credential the example and the tests use (the example's id and name). */
export const OPENAI_CREDENTIAL = { id: 'openAiCredential1', name: 'OpenAI account' };
export const TRATO_CREDENTIAL = { id: 'tratoCredential1', name: 'TRATO account' };

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, any>;
	credentials?: Record<string, { id: string; name: string }>;
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
	webhookId?: string;
}

export interface AiWorkflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, any>;
	settings: Record<string, unknown>;
	active: boolean;
}

/** The built action node's description (dist/: the tests check what is shipped). */
export function builtDescription(): INodeTypeDescription {
	const file = join(process.env.TRATO_PACK_DIR || REPO, 'dist', 'nodes', 'Trato', 'Trato.node.js');
	if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first.`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Trato } = require(file) as { Trato: new () => { description: INodeTypeDescription } };
	return new Trato().description;
}

/** The action text of an operation: what a model reads of the tool by default ("<action> in TRATO"). */
export function actionOf(resource: string, operation: string): string {
	const menu = builtDescription().properties.find(
		(p) =>
			p.name === 'operation' &&
			(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
	);
	const option = (menu?.options as Array<{ value: string; action?: string }> | undefined)?.find(
		(o) => o.value === operation,
	);
	if (!option?.action) throw new Error(`No action text for ${resource} → ${operation}`);
	return option.action;
}

/** The name the editor gives a new TRATO tool node (n8n's makeNodeName for a tool). */
export function defaultToolNodeName(resource: string, operation: string): string {
	return `${actionOf(resource, operation)} in ${builtDescription().defaults.name}`;
}

/** The tool name a model sees for a node (n8n's nodeNameToToolName). */
export function toolNameOf(nodeName: string): string {
	return nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');
}

let counter = 0;
const nodeId = (prefix: string) =>
	`${prefix}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

/** A TRATO tool node: the operation, its parameters (with `$fromAI()` where the model fills them), options. */
export function tratoTool(spec: {
	resource: string;
	operation: string;
	parameters?: Record<string, unknown>;
	name?: string;
	onError?: WorkflowNode['onError'];
	position?: [number, number];
}): WorkflowNode {
	return {
		id: nodeId('7a1d0c00'),
		name: spec.name ?? defaultToolNodeName(spec.resource, spec.operation),
		type: TOOL_TYPE,
		typeVersion: 1,
		position: spec.position ?? [400, 260],
		parameters: {
			descriptionType: 'auto',
			resource: spec.resource,
			operation: spec.operation,
			...spec.parameters,
		},
		credentials: { tratoApi: TRATO_CREDENTIAL },
		...(spec.onError ? { onError: spec.onError } : {}),
	};
}

/** A resource locator in "ID" mode whose value the model gives. */
export function idFromModel(expression: string): Record<string, unknown> {
	return { __rl: true, mode: 'id', value: `={{ ${expression} }}` };
}

export function openAiChatModel(model: string): WorkflowNode {
	return {
		id: nodeId('0a1c0000'),
		name: 'OpenAI Chat Model',
		type: OPENAI_CHAT_MODEL_TYPE,
		typeVersion: 1.3,
		position: [160, 260],
		parameters: {
			model: { __rl: true, mode: 'id', value: model },
			responsesApiEnabled: false,
			options: {},
		},
		credentials: { openAiApi: OPENAI_CREDENTIAL },
	};
}

/** Manual Trigger (or a streaming Webhook) → AI Agent with the OpenAI Chat Model and the given tools. */
export function agentWorkflow(spec: {
	id: string;
	name: string;
	major: N8nMajor;
	/** The user's message: text, or an expression. */
	prompt: string;
	tools: WorkflowNode[];
	model: string;
	agentVersion?: number;
	/** A Webhook answering with the agent's streamed words instead of the Manual Trigger. */
	webhookPath?: string;
}): AiWorkflow {
	const trigger: WorkflowNode = spec.webhookPath
		? {
				id: nodeId('3e6b0000'),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				parameters: {
					httpMethod: 'POST',
					path: spec.webhookPath,
					responseMode: 'streaming',
					options: {},
				},
				webhookId: nodeId('3e6b1111'),
			}
		: {
				id: nodeId('3e6b0000'),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			};
	const agent: WorkflowNode = {
		id: nodeId('a9e70000'),
		name: 'AI Agent',
		type: AGENT_TYPE,
		typeVersion: spec.agentVersion ?? AGENT_VERSION[spec.major],
		position: [240, 0],
		parameters: { promptType: 'define', text: spec.prompt, options: {} },
	};
	const model = openAiChatModel(spec.model);
	const tools = spec.tools.map((tool, i) => ({
		...tool,
		position: [360 + 200 * i, 260] as [number, number],
	}));
	return {
		id: spec.id,
		name: spec.name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, agent, model, ...tools],
		connections: {
			[trigger.name]: { main: [[{ node: agent.name, type: 'main', index: 0 }]] },
			[model.name]: {
				ai_languageModel: [[{ node: agent.name, type: 'ai_languageModel', index: 0 }]],
			},
			...Object.fromEntries(
				tools.map((tool) => [
					tool.name,
					{ ai_tool: [[{ node: agent.name, type: 'ai_tool', index: 0 }]] },
				]),
			),
		},
	};
}

/** An MCP Server Trigger (version 2: streamable HTTP and SSE on `/mcp/<path>`) exposing the given tools. */
export function mcpWorkflow(spec: {
	id: string;
	name: string;
	path: string;
	tools: WorkflowNode[];
}): AiWorkflow {
	const trigger: WorkflowNode = {
		id: nodeId('3c900000'),
		name: 'MCP Server Trigger',
		type: MCP_TRIGGER_TYPE,
		typeVersion: 2,
		position: [0, 0],
		parameters: { path: spec.path, authentication: 'none' },
		webhookId: nodeId('3c901111'),
	};
	return {
		id: spec.id,
		name: spec.name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, ...spec.tools],
		connections: Object.fromEntries(
			spec.tools.map((tool) => [
				tool.name,
				{ ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] },
			]),
		),
	};
}

/** Imports workflows in one `n8n import:workflow` run (a file holding an array). */
/** The OpenAI credential, its Base URL pointed at the scripted model, for `importAll`. */
export function openAiCredential(model: { baseUrl: string; apiKey: string }): StoredCredential {
	return {
		...OPENAI_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: model.apiKey, url: model.baseUrl },
	};
}
