import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as confidentialAttachment from './confidentialAttachment';
import * as contract from './contract';
import * as customProperty from './customProperty';
import * as participant from './participant';
import * as signingLink from './signingLink';
import * as spectator from './spectator';
import * as template from './template';
import * as variable from './variable';

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
	...contract.description,
	...template.description,
	...signingLink.description,
	...participant.description,
	...variable.description,
	...confidentialAttachment.description,
	...customProperty.description,
	...spectator.description,
];

/**
 * The node's description for its version: everything but the identity fields n8n's community lint wants in the
 * node class itself (name, display name, group, icon, subtitle, tool use). The class spreads it.
 */
export const versionDescription = {
	// 1.1: Contract → Get Documents puts the signed contract in "data" by default (1: "contract").
	version: [1, 1.1],
	defaultVersion: 1.1,
	description:
		'Create contracts from templates, PDF or Word files, fill variables, send them for signature and retrieve signed documents (NOM-151)',
	defaults: { name: 'Contract E-Sign' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'contractEsignApi', required: true }],
	properties,
} satisfies Partial<INodeTypeDescription>;
