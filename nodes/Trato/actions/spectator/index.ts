import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as create from './create.operation';
import * as deleteOp from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Record<OperationOf<'spectator'>, OperationModule> = {
	create,
	delete: deleteOp,
	getAll,
	update,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['spectator'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Add a spectator (a viewer who does not sign) to a contract',
				action: 'Add spectator who sees contract without signing',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Remove a spectator from a contract',
				action: 'Remove spectator from contract',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the spectators of a contract',
				action: 'Get many spectators of contract',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change a spectator of a contract',
				action: 'Update spectator of contract',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...deleteOp.description,
	...getAll.description,
	...update.description,
];
