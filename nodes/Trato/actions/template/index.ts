import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as getAll from './getAll.operation';

export const operations: Record<OperationOf<'template'>, OperationModule> = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List templates with filters',
				action: 'Get many templates to create contracts from',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
