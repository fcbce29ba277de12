/* eslint
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * Everything n8n loads from this package that a user reads or a workflow stores, walked once: the three nodes and
 * the credential, every property, option, collection value, notice and action at any depth.
 */
import type {
	INode,
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { ACTION_TYPE, nodeTypes } from '../../test-support/harness';
import { TratoApi } from '../../credentials/TratoApi.credentials';
import { Trato } from '../../nodes/Trato/Trato.node';
import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import { TratoWebhookTrigger } from '../../nodes/Trato/TratoWebhookTrigger.node';

export const NODES: INodeTypeDescription[] = [
	new Trato().description,
	new TratoTrigger().description,
	new TratoWebhookTrigger().description,
];
export const CREDENTIAL: ICredentialType = new TratoApi();

/** One property at any depth: who owns it, the stored names that lead to it, and its parent's type. */
export interface Field {
	owner: string;
	/** Stored names from the top (`filters.statusParticipant`, `participants.participant.email`). */
	names: string[];
	/** Display names from the top, for messages. */
	labels: string[];
	parentType?: string;
	p: INodeProperties;
}

type Option = INodePropertyOptions | INodePropertyCollection | INodeProperties;

function walk(
	owner: string,
	props: INodeProperties[],
	names: string[] = [],
	labels: string[] = [],
	parentType?: string,
): Field[] {
	const out: Field[] = [];
	for (const p of props) {
		const here = { names: [...names, p.name], labels: [...labels, p.displayName] };
		out.push({ owner, ...here, parentType, p });
		for (const option of (p.options ?? []) as Option[]) {
			if ('values' in option && Array.isArray(option.values))
				out.push(
					...walk(
						owner,
						option.values,
						[...here.names, option.name],
						[...here.labels, option.displayName],
						p.type,
					),
				);
			else if ('type' in option && option.type)
				out.push(...walk(owner, [option as INodeProperties], here.names, here.labels, p.type));
		}
	}
	return out;
}

/** Every property of the three nodes and the credential. */
export const FIELDS: Field[] = [
	...NODES.flatMap((node) => walk(node.name, node.properties)),
	...walk(CREDENTIAL.name, CREDENTIAL.properties),
];

/** The options of a dropdown or multi-select (never a collection's fields). */
export function choices(p: INodeProperties): INodePropertyOptions[] {
	if (p.type !== 'options' && p.type !== 'multiOptions') return [];
	return (p.options ?? []) as INodePropertyOptions[];
}

/** Every text a user reads, with where it is, for messages. */
export function displayTexts(): Array<{ where: string; text: string }> {
	const out: Array<{ where: string; text: string }> = [];
	const add = (where: string, text: unknown) => {
		if (typeof text === 'string' && text) out.push({ where, text });
	};
	for (const node of NODES) {
		add(`${node.name} displayName`, node.displayName);
		add(`${node.name} description`, node.description);
		add(`${node.name} defaults.name`, node.defaults.name);
		add(`${node.name} subtitle`, node.subtitle);
		const panel = node.triggerPanel;
		if (panel && typeof panel === 'object') {
			add(`${node.name} triggerPanel.header`, panel.header);
			add(`${node.name} triggerPanel.activationHint`, panel.activationHint);
			const help = panel.executionsHelp;
			if (help && typeof help === 'object') {
				add(`${node.name} triggerPanel.executionsHelp.active`, help.active);
				add(`${node.name} triggerPanel.executionsHelp.inactive`, help.inactive);
			}
		}
	}
	add(`${CREDENTIAL.name} displayName`, CREDENTIAL.displayName);
	for (const f of FIELDS) {
		const where = `${f.owner} ${f.labels.join(' › ')}`;
		add(where, f.p.displayName);
		add(`${where} (description)`, f.p.description);
		add(`${where} (hint)`, f.p.hint);
		add(`${where} (placeholder)`, f.p.placeholder);
		for (const option of (f.p.options ?? []) as Option[]) {
			if ('type' in option && option.type) continue; // a field, walked on its own
			const label = 'displayName' in option ? option.displayName : option.name;
			add(`${where} → ${label}`, label);
			if ('description' in option) add(`${where} → ${label} (description)`, option.description);
			if ('action' in option) add(`${where} → ${label} (action)`, option.action);
		}
	}
	return out;
}

/** `displayOptions` as a stable text, so two definitions of one name stay apart. */
function shown(p: INodeProperties): string {
	const sort = (o: unknown): unknown =>
		o && typeof o === 'object' && !Array.isArray(o)
			? Object.fromEntries(
					Object.keys(o)
						.sort()
						.map((k) => [k, sort((o as Record<string, unknown>)[k])]),
				)
			: o;
	return p.displayOptions ? ` ${JSON.stringify(sort(p.displayOptions))}` : '';
}

/**
 * What saved workflows depend on, one line each: node type names and versions, every parameter's stored name
 * path and type, every option value, and the defaults n8n leaves out of a saved workflow (everywhere but inside a
 * collection, whose chosen fields are stored with their value). Notices store nothing and are left out.
 */
export function storedNames(): string[] {
	const lines = new Set<string>();
	for (const node of NODES) {
		lines.add(`node ${node.name} versions ${JSON.stringify(node.version)}`);
		lines.add(`node ${node.name} defaultVersion ${JSON.stringify(node.defaultVersion ?? null)}`);
		lines.add(`node ${node.name} credentials ${JSON.stringify(node.credentials ?? [])}`);
		for (const hook of node.webhooks ?? [])
			lines.add(`node ${node.name} webhook ${hook.httpMethod} ${String(hook.path)}`);
	}
	lines.add(`credential ${CREDENTIAL.name}`);
	for (const f of FIELDS) {
		if (f.p.type === 'notice') continue;
		const at = `${f.owner} ${f.names.join('.')}${shown(f.p)}`;
		lines.add(`${at} : ${f.p.type}`);
		if (f.parentType !== 'collection') lines.add(`${at} = ${JSON.stringify(f.p.default)}`);
		for (const option of choices(f.p)) lines.add(`${at} ∋ ${JSON.stringify(option.value)}`);
	}
	return [...lines].sort();
}

/**
 * The canvas subtitle n8n shows for a node of `description` with `parameters`: the node's parameters resolved with
 * their defaults (n8n's Workflow), then the subtitle expression evaluated as the editor does.
 */
export function subtitle(description: INodeTypeDescription, parameters: Record<string, unknown>) {
	const node: INode = {
		id: 'n1',
		name: description.displayName,
		type: `${ACTION_TYPE.split('.')[0]}.${description.name}`,
		typeVersion: Math.max(...[description.version].flat()),
		position: [0, 0],
		parameters: parameters as never,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		workflow.getNode(node.name)!,
		description.subtitle as string,
		'internal',
		{},
	);
}
