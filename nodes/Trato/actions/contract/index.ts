import type { INodeProperties } from 'n8n-workflow';

import type { OperationOf } from '../node.type';
import type { OperationModule } from '../types';
import * as archive from './archive.operation';
import * as cancel from './cancel.operation';
import * as configure from './configure.operation';
import * as create from './create.operation';
import * as createV2 from './createV2.operation';
import * as downloadPackage from './downloadPackage.operation';
import * as finalize from './finalize.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getDocuments from './getDocuments.operation';
import * as getMilestones from './getMilestones.operation';
import * as send from './send.operation';
import * as sendReminder from './sendReminder.operation';
import * as stampShield2Certificate from './stampShield2Certificate.operation';
import * as validateNom151 from './validateNom151.operation';

export const operations: Record<OperationOf<'contract'>, OperationModule> = {
	archive,
	cancel,
	configure,
	create,
	createV2,
	downloadPackage,
	finalize,
	get,
	getAll,
	getDocuments,
	getMilestones,
	send,
	sendReminder,
	stampShield2Certificate,
	validateNom151,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contract'] } },
		options: [
			{
				name: 'Archive',
				value: 'archive',
				description: 'Move a contract to the archive',
				action: 'Move a contract to the archive',
			},
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel a contract that is not yet signed by everyone',
				action: 'Cancel a contract that is not fully signed yet',
			},
			{
				name: 'Configure',
				value: 'configure',
				description:
					'Set name, language, notifications, signature type, expiry and more before signing',
				action: 'Set the name and signing options of a contract',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create a contract from a template, a PDF or a Word file',
				action: 'Create a draft contract from a template or a file',
			},
			{
				name: 'Create With Signers',
				value: 'createV2',
				description:
					'Create a contract with its participants, signature boxes and spectators in a single call (TRATO Create V2)',
				action: 'Create a contract and send it to its signers',
			},
			{
				name: 'Download Package',
				value: 'downloadPackage',
				description: 'Download all documents of a contract as one zip file',
				action: 'Download all documents of a contract as a zip file',
			},
			{
				name: 'Finalize',
				value: 'finalize',
				description: 'Finalize a signed contract',
				action: 'Finalize a contract that everyone has signed',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get the status record of a contract',
				action: 'Get the status and details of a contract by ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List contracts with filters',
				action: 'Get many contracts filtered by status date or signer',
			},
			{
				name: 'Get Milestones',
				value: 'getMilestones',
				description: 'Get the milestones of a contract',
				action: 'Get the planned milestones of a contract',
			},
			{
				name: 'Get Signed Documents',
				value: 'getDocuments',
				description: 'Get the signed contract, NOM-151 certificate and videos, optionally as files',
				action: 'Get the signed PDF and NOM-151 certificate',
			},
			{
				name: 'Send for Signature',
				value: 'send',
				description: 'Send a contract to all participants for signature',
				action: 'Send a contract to its signers by email to sign',
			},
			{
				name: 'Send Reminder',
				value: 'sendReminder',
				description: 'E-mail a reminder to participants who have not signed yet',
				action: 'Email a reminder to signers who have not signed yet',
			},
			{
				name: 'Stamp Shield-2 Certificate',
				value: 'stampShield2Certificate',
				description:
					'Stamp a shield-2 certificate (needs signature type shield2-certificate and credits)',
				action: 'Stamp a paid shield2 certificate on a contract',
			},
			{
				name: 'Validate NOM-151 Certificate',
				value: 'validateNom151',
				description: 'Check a NOM-151 certificate file against a contract',
				action: 'Check a NOM-151 certificate file against a contract',
			},
		],
		default: 'get',
	},
	...archive.description,
	...cancel.description,
	...configure.description,
	...create.description,
	...createV2.description,
	...downloadPackage.description,
	...finalize.description,
	...get.description,
	...getAll.description,
	...getDocuments.description,
	...getMilestones.description,
	...send.description,
	...sendReminder.description,
	...stampShield2Certificate.description,
	...validateNom151.description,
];
