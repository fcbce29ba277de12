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
				action: 'Attach a file to a participant of a contract',
			},
			{
				name: 'Change Email',
				value: 'changeEmail',
				description: 'Change the e-mail, phone and name of a participant of a contract in progress',
				action: 'Change the email or phone of a signer after sending',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a participant of a contract',
				action: 'Get a participant of a contract with their status',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get every participant of a contract, with their IDs, e-mails and statuses',
				action: 'Get many participants of a contract with their status',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a participant of a contract',
				action: 'Set the name and email of a signer before sending',
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
