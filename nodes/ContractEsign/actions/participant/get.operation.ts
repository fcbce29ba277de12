import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import {
	contractIdLocator,
	optionsCollection,
	participantIdLocator,
} from '../../descriptions/common';
import { request } from '../../transport';

const properties: INodeProperties[] = [
	contractIdLocator,
	participantIdLocator,
	optionsCollection({
		displayName: 'Raw Output',
		name: 'rawOutput',
		type: 'boolean',
		default: false,
		description:
			'Whether to return the answer as the API gives it (fields grouped in "editable" and "information") instead of one flat item',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['participant'], operation: ['get'] } },
	properties,
);

const object = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: {};

/** One readable item: the editable and the read-only information fields side by side. */
function flattenParticipant(contractId: string, record: IDataObject): IDataObject {
	const editable = object(record.editable);
	const info = object(record.information);
	return {
		contractId,
		participantId: record.participantid,
		name: editable.name,
		email: editable.email,
		phone: editable.phone,
		obligation: editable.obligation,
		representative: editable.representative,
		label: info.label,
		variablesCount: info.variables,
		attachmentsCount: info.attachments,
		status: info.status,
		address: info.address,
		geolocation: info.geolocation ?? null,
		ip: info.ip,
		signedAt: info.signedAt,
		signatureLink: info.signatureLink,
	};
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const participantId = requireId(this, itemIndex, 'participantId', 'Participant');
	const raw = this.getNodeParameter('options.rawOutput', itemIndex, false) as boolean;
	const record = await request.call(
		this,
		'participantGet',
		{ contractId, participantId },
		{ itemIndex },
	);
	if (raw) {
		const rest = { ...record };
		delete rest.success;
		return { contractId, ...rest };
	}
	return flattenParticipant(contractId, record);
}
