import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as add from './add.operation';
import * as deleteOp from './delete.operation';

export const operations: Record<OperationOf<'confidentialAttachment'>, OperationModule> = {
	add,
	delete: deleteOp,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['confidentialAttachment'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a confidential attachment to a contract',
				action: 'Add confidential attachment file to contract',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a confidential attachment of a contract',
				action: 'Delete confidential attachment of contract',
			},
		],
		default: 'add',
	},
	...add.description,
	...deleteOp.description,
];
