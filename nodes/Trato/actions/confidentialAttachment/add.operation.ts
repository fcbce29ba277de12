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
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { buildAttachmentBody } from '../../helpers/attachments';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Add',
	value: 'add',
	description: 'Add a confidential attachment to a contract',
	action: 'Add confidential attachment file to contract',
};

// Same body as participant attachments (spec 4.12 → 4.9): fields and body come from helpers/attachments.
const show = { resource: ['confidentialAttachment'], operation: ['add'] };

export const description: INodeProperties[] = [
	...updateDisplayOptions({ show }, [contractIdLocator]),
	...attachmentFields(show),
	...updateDisplayOptions({ show }, [optionsCollection()]),
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const body = await buildAttachmentBody(this, itemIndex);
	const response = await request.call(
		this,
		'confidentialAttachmentAdd',
		{ contractId },
		{
			body,
			itemIndex,
		},
	);
	return {
		contractId,
		attachmentId: firstText(response, ATTACHMENT_ID_KEYS) ?? null,
		name: body.name,
		filename: body.filename,
		documentType: body.document.type,
		validated: body.validated,
		required: body.required,
	};
}
