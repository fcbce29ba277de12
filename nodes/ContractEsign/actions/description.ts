import type { INodeProperties } from 'n8n-workflow';

import * as confidentialAttachment from './confidentialAttachment';
import * as contract from './contract';
import * as customProperty from './customProperty';
import * as participant from './participant';
import * as signingLink from './signingLink';
import * as spectator from './spectator';
import * as template from './template';
import * as variable from './variable';

/** Every resource with its operations; the router dispatches through this table. */
export const RESOURCES = {
	contract,
	template,
	signingLink,
	participant,
	variable,
	confidentialAttachment,
	customProperty,
	spectator,
};

export const properties: INodeProperties[] = [
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
