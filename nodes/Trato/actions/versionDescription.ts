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
