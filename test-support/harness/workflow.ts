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
 * A whole saved workflow (an example, or a fixture of one) run by n8n-core's WorkflowExecute: the TRATO nodes run
 * as themselves, with n8n's expressions across nodes (`$('Lease data').first()`, `$('Get participants').item`);
 * n8n's own nodes the examples use are small stand-ins that do what the saved parameters ask (n8n-nodes-base is not
 * installed here): Manual Trigger (one empty item), Edit Fields (Set) in JSON mode, Split Out; sticky notes are
 * dropped. The real n8n runs the same workflows in test-e2e/.
 */
import { WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRun,
	IConnections,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import {
	type CredentialInput,
	HarnessCredentialsHelper,
	initN8nCore,
	makeAdditionalData,
	nodeTypes,
} from './index';

/** A node type of n8n-nodes-base, reduced to what a saved example's parameters ask of it. */
function standIn(
	name: string,
	inputs: string[],
	parameters: string[],
	run: (ctx: IExecuteFunctions, items: INodeExecutionData[]) => INodeExecutionData[],
): INodeType {
	return {
		description: {
			displayName: name,
			name,
			group: ['transform'],
			version: [1, 2, 3, 3.1, 3.2, 3.3, 3.4],
			description: `Stand-in for ${name}`,
			defaults: { name },
			inputs,
			outputs: ['main'],
			// the saved parameters it reads (n8n keeps only the parameters a node type describes)
			properties: parameters.map((p) => ({ displayName: p, name: p, type: 'string', default: '' })),
		},
		async execute(this: IExecuteFunctions) {
			return [run(this, this.getInputData())];
		},
	} as unknown as INodeType;
}

const STAND_INS: Record<string, INodeType> = {
	'n8n-nodes-base.manualTrigger': standIn('n8n-nodes-base.manualTrigger', [], [], () => [
		{ json: {} },
	]),
	// Edit Fields (Set) 3.x, mode "JSON" (raw): the JSON output, one item per input item
	'n8n-nodes-base.set': standIn(
		'n8n-nodes-base.set',
		['main'],
		['mode', 'jsonOutput'],
		(ctx, items) =>
			items.map((_item, index) => {
				if (ctx.getNodeParameter('mode', index) !== 'raw')
					throw new Error('The Set stand-in runs only the "JSON" mode');
				const raw = ctx.getNodeParameter('jsonOutput', index) as unknown;
				const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject;
				return { json, pairedItem: { item: index } };
			}),
	),
	'n8n-nodes-base.splitOut': standIn(
		'n8n-nodes-base.splitOut',
		['main'],
		['fieldToSplitOut'],
		(ctx, items) =>
			items.flatMap((item, index) => {
				const field = String(ctx.getNodeParameter('fieldToSplitOut', index));
				const list = item.json[field];
				if (!Array.isArray(list)) throw new Error(`Split Out: "${field}" is not a list`);
				return list.map((entry) => ({ json: entry as IDataObject, pairedItem: { item: index } }));
			}),
	),
};

const types: INodeTypes = {
	getByName: (type) => STAND_INS[type] ?? nodeTypes.getByName(type),
	getByNameAndVersion: (type, version) =>
		STAND_INS[type]
			? NodeHelpers.getVersionedNodeType(STAND_INS[type], version)
			: nodeTypes.getByNameAndVersion(type, version),
	getKnownTypes: () => ({}),
};

export interface SavedWorkflow {
	id?: string;
	name?: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IDataObject;
}

export interface WorkflowRun {
	run: IRun;
	/** The first run's main output of a node (empty when it did not run). */
	output(node: string): INodeExecutionData[];
	/** The workflow's error, if it stopped. */
	error?: Error & { description?: string; context?: IDataObject };
	/** The node that ran last. */
	lastNode?: string;
}

/**
 * Runs a saved workflow from its trigger; `credentials` gives each credential id the workflow names its data
 * (e.g. `{ tratoCredential1: env.creds }`).
 */
export async function runWorkflow(
	saved: SavedWorkflow,
	credentials: Record<string, CredentialInput>,
): Promise<WorkflowRun> {
	await initN8nCore();
	const helper = new HarnessCredentialsHelper(
		credentials as Record<string, ICredentialDataDecryptedObject>,
	);
	const nodes = saved.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
	const workflow = new Workflow({
		id: saved.id ?? 'harness-workflow',
		name: saved.name ?? 'Harness',
		nodes,
		connections: saved.connections,
		active: false,
		nodeTypes: types,
		staticData: {},
		settings: (saved.settings ?? {}) as never,
	});
	const trigger = nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	const run = await new WorkflowExecute(makeAdditionalData(helper, workflow.id), 'manual').run(
		workflow,
		trigger,
	);
	const runData = run.data.resultData.runData;
	return {
		run,
		output: (node) => (runData[node]?.[0]?.data?.main?.[0] ?? []) as INodeExecutionData[],
		error: run.data.resultData.error as WorkflowRun['error'],
		lastNode: run.data.resultData.lastNodeExecuted,
	};
}
