import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as addAttachment from './addAttachment.operation';
import * as changeEmail from './changeEmail.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Record<OperationOf<'participant'>, OperationModule> = {
	addAttachment,
	changeEmail,
	get,
	getAll,
	update,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['participant'] } },
		options: [
			{
				name: 'Add Attachment',
				value: 'addAttachment',
				description: 'Attach a PDF or Word file to a participant',
				action: 'Attach file to participant of contract',
			},
			{
				name: 'Change Email',
				value: 'changeEmail',
				description: 'Change the email, phone and name of a participant of a contract in progress',
				action: 'Change email or phone of signer after sending',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a participant of a contract',
				action: 'Get participant of contract with their status',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get every participant of a contract, with their IDs, emails and statuses',
				action: 'Get many participants of contract with their status',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a participant of a contract',
				action: 'Set name and email of signer before sending',
			},
		],
		default: 'get',
	},
	...addAttachment.description,
	...changeEmail.description,
	...get.description,
	...getAll.description,
	...update.description,
];
