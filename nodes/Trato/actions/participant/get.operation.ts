import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import {
	contractIdLocator,
	optionsCollection,
	participantIdLocator,
} from '../../descriptions/common';
import { flattenParticipant } from '../../helpers/participants';
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
