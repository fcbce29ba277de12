import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as renew from './renew.operation';

export const operations: Record<OperationOf<'signingLink'>, OperationModule> = { renew };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['signingLink'] } },
		options: [
			{
				name: 'Renew',
				value: 'renew',
				description: 'Replace a signing link with a new one',
				action: 'Replace signing link of signer with new one',
			},
		],
		default: 'renew',
	},
	...renew.description,
];
