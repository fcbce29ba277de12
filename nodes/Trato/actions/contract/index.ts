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
				action: 'Move contract to archive',
			},
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel a contract that is not yet signed by everyone',
				action: 'Cancel contract not fully signed yet',
			},
			{
				name: 'Configure',
				value: 'configure',
				description:
					'Set name, language, notifications, signature type, expiry and more before signing',
				action: 'Set contract name and signing options',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create a contract from a template, a PDF or a Word file',
				action: 'Create draft contract from template or file',
			},
			{
				name: 'Create With Signers',
				value: 'createV2',
				description:
					'Create a contract with its participants, signature boxes and spectators in a single call (TRATO Create V2)',
				action: 'Create contract and send it to its signers',
			},
			{
				name: 'Download Package',
				value: 'downloadPackage',
				description: 'Download all documents of a contract as one zip file',
				action: 'Download all contract documents as zip file',
			},
			{
				name: 'Finalize',
				value: 'finalize',
				description: 'Finalize a signed contract',
				action: 'Finalize contract everyone has signed',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get the status record of a contract',
				action: 'Get contract status and details by ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List contracts with filters',
				action: 'Get many contracts with status and signer filters',
			},
			{
				name: 'Get Milestones',
				value: 'getMilestones',
				description: 'Get the milestones of a contract',
				action: 'Get planned milestones of contract',
			},
			{
				name: 'Get Signed Documents',
				value: 'getDocuments',
				description: 'Get the signed contract, NOM-151 certificate and videos, optionally as files',
				action: 'Get signed PDF and NOM-151 certificate',
			},
			{
				name: 'Send for Signature',
				value: 'send',
				description: 'Send a contract to all participants for signature',
				action: 'Send contract to its signers by email to sign',
			},
			{
				name: 'Send Reminder',
				value: 'sendReminder',
				description: 'Email a reminder to participants who have not signed yet',
				action: 'Email reminder to signers who have not signed yet',
			},
			{
				name: 'Stamp Shield-2 Certificate',
				value: 'stampShield2Certificate',
				description:
					'Stamp a Shield-2 certificate (needs Signature Type "Shield-2 Certificate" and Shield-2 credits)',
				action: 'Stamp paid shield certificate on contract',
			},
			{
				name: 'Validate NOM-151 Certificate',
				value: 'validateNom151',
				description: 'Check a NOM-151 certificate file against a contract',
				action: 'Check NOM-151 certificate file against contract',
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
