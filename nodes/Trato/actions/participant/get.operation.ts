import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import {
	contractIdLocator,
	optionsCollection,
	participantIdLocator,
	simplifyField,
} from '../../descriptions/common';
import { flattenParticipant } from '../../helpers/participants';
import { simplifyParticipant } from '../../helpers/simplify';
import { request } from '../../transport';
import { hasField, onlyIn, perVersion, VERSION_ONLY } from '../versions';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	description: 'Get a participant of a contract',
	action: 'Get participant of contract with their status',
};

const rawOutputOption: INodeProperties = {
	displayName: 'Raw Output',
	name: 'rawOutput',
	type: 'boolean',
	default: false,
	description:
		'Whether to return the answer as the API gives it (fields grouped in "editable" and "information") instead of one flat item',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	participantIdLocator,
	...perVersion(simplifyField, 'simplify'),
	// version 1's Raw Output, kept for its saved workflows (applies with Simplify off)
	onlyIn(optionsCollection(rawOutputOption), 'participantRawOutput'),
	{
		...optionsCollection(),
		displayOptions: { hide: { '@version': [...VERSION_ONLY.participantRawOutput] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['participant'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const participantId = requireId(this, itemIndex, 'participantId', 'Participant');
	const simple = this.getNodeParameter('simple', itemIndex) as boolean;
	const raw =
		!simple &&
		hasField(this.getNode().typeVersion, 'participantRawOutput') &&
		(this.getNodeParameter('options.rawOutput', itemIndex, false) as boolean);
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
	const participant = flattenParticipant(contractId, record, participantId);
	return simple ? simplifyParticipant(participant) : participant;
}
