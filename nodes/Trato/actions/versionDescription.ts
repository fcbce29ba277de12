import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { RESOURCES } from './resources';
import { DEFAULT_VERSION, NODE_VERSIONS } from './versions';

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Confidential Attachment',
				value: 'confidentialAttachment',
			},
			{
				name: 'Contract',
				value: 'contract',
			},
			{
				name: 'Custom Property',
				value: 'customProperty',
			},
			{
				name: 'Participant',
				value: 'participant',
			},
			{
				name: 'Signing Link',
				value: 'signingLink',
			},
			{
				name: 'Spectator',
				value: 'spectator',
			},
			{
				name: 'Template',
				value: 'template',
			},
			{
				name: 'Variable',
				value: 'variable',
			},
		],
		default: 'contract',
	},
	// each resource's Operation menu and fields, in the order of RESOURCES
	...Object.values(RESOURCES).flatMap((resource) => resource.description),
];

/** Display names by stored value: each resource, and each operation by "resource:operation". */
const resourceNames = Object.fromEntries(
	((properties[0].options ?? []) as Array<{ name: string; value: string }>).map((o) => [
		o.value,
		o.name,
	]),
);
const operationNames = Object.fromEntries(
	properties
		.filter((p) => p.name === 'operation')
		.flatMap((menu) =>
			((menu.options ?? []) as Array<{ name: string; value: string }>).map((o) => [
				`${String((menu.displayOptions?.show?.resource as string[])[0])}:${o.value}`,
				o.name,
			]),
		),
);

/**
 * The node's subtitle on the canvas, in the words of the panel: "Create With Signers: Contract" (n8n's pattern
 * "operation: resource", with display names instead of stored values; an unknown value is shown as it is).
 */
export const actionSubtitle = `={{ (${JSON.stringify(operationNames)}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"]) + ": " + (${JSON.stringify(resourceNames)}[$parameter["resource"]] || $parameter["resource"]) }}`;

/**
 * The node's description for its version: everything but the identity fields n8n's community lint wants in the
 * node class itself (name, display name, group, icon, subtitle, tool use). The class spreads it.
 */
export const versionDescription = {
	// what differs per version: actions/versions.ts (VERSION_DEFAULTS)
	version: NODE_VERSIONS,
	defaultVersion: DEFAULT_VERSION,
	description:
		'Create contracts from templates, PDF or Word files, fill variables, send them for signature and retrieve signed documents (NOM-151)',
	defaults: { name: 'TRATO' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'tratoApi', required: true }],
	properties,
} satisfies Partial<INodeTypeDescription>;
