import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as create from './create.operation';
import * as deleteOp from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Record<OperationOf<'customProperty'>, OperationModule> = {
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
		displayOptions: { show: { resource: ['customProperty'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Add one or more name/value properties to a contract',
				action: 'Add custom name and value properties to contract',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a custom property of a contract',
				action: 'Delete custom property of contract',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the custom properties of a contract',
				action: 'Get many custom properties of contract',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the name or value of a custom property',
				action: 'Change name or value of custom property',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...deleteOp.description,
	...getAll.description,
	...update.description,
];
