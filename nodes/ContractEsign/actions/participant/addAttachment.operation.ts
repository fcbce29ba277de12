import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { attachmentFields, buildAttachmentBody } from '../../helpers/attachments';
import { requireId } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { contractIdLocator, optionsCollection, participantIdLocator } from '../common.descriptions';

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
	const response = await apiRequest.call(
		this,
		'POST',
		`/api/contract/attachments/${encodeURIComponent(contractId)}/${encodeURIComponent(participantId)}`,
		{
			body,
			itemIndex,
			hint: 'Attachments can be added to a participant only until someone signs the contract.',
		},
	);
	return {
		contractId,
		participantId,
		attachmentId: response.attachmentid,
		name: body.name,
		filename: body.filename,
		documentType: body.document.type,
		validated: body.validated,
		required: body.required,
	};
}
