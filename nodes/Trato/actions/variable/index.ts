import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as getAll from './getAll.operation';
import * as set from './set.operation';

export const operations: Record<OperationOf<'variable'>, OperationModule> = { getAll, set };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['variable'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the variables of every participant of a contract',
				action: 'Get many variables of contract participants',
			},
			{
				name: 'Set',
				value: 'set',
				description: 'Fill the variables (text, image, table) of a participant',
				action: 'Fill template variables of participant',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...set.description,
];
