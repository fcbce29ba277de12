import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { request } from '../../transport';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	description: 'Delete a confidential attachment of a contract',
	action: 'Delete confidential attachment of contract',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Attachment ID',
		name: 'attachmentId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e63',
		description: 'ID of the confidential attachment, as returned by "Add" (attachmentId)',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['confidentialAttachment'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const attachmentId = requireId(
		this,
		itemIndex,
		'attachmentId',
		'Confidential Attachment',
		'Enter the attachmentId that "Add" returned (an expression may have resolved to nothing).',
	);
	// Deleting an addressed attachment has the same end state when repeated: retried (api-notes R12).
	await request.call(
		this,
		'confidentialAttachmentDelete',
		{ contractId, attachmentId },
		{ itemIndex },
	);
	return { contractId, attachmentId, deleted: true };
}
