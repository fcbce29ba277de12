import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ATTACHMENT_ID_KEYS, firstText } from '../../helpers/answers';
import { requireId } from '../../helpers/validate';
import { attachmentFields } from '../../descriptions/attachment';
import {
	contractIdLocator,
	optionsCollection,
	participantIdLocator,
} from '../../descriptions/common';
import { buildAttachmentBody } from '../../helpers/attachments';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Add Attachment',
	value: 'addAttachment',
	description: 'Attach a PDF or Word file to a participant',
	action: 'Attach file to participant of contract',
};

const show = { resource: ['participant'], operation: ['addAttachment'] };

export const description: INodeProperties[] = [
	...updateDisplayOptions({ show }, [contractIdLocator, participantIdLocator]),
	...attachmentFields(show),
	...updateDisplayOptions({ show }, [optionsCollection()]),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const participantId = requireId(this, itemIndex, 'participantId', 'Participant');
	const body = await buildAttachmentBody(this, itemIndex);
	const response = await request.call(
		this,
		'participantAttachmentAdd',
		{ contractId, participantId },
		{
			body,
			itemIndex,
			hint: 'Attachments can be added to a participant only until someone signs the contract.',
		},
	);
	return {
		contractId,
		participantId,
		attachmentId: firstText(response, ATTACHMENT_ID_KEYS),
		name: body.name,
		filename: body.filename,
		documentType: body.document.type,
		validated: body.validated,
		required: body.required,
	};
}
