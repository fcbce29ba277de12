import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	contractIdLocator,
	limit,
	optionsCollection,
	returnAll,
	simplifyField,
} from '../../descriptions/common';
import { resultLimit } from '../../helpers/listQuery';
import { flattenParticipant } from '../../helpers/participants';
import { simplifyParticipant } from '../../helpers/simplify';
import { requireId } from '../../helpers/validate';
import { participantContacts } from '../../transport';
import { perVersion } from '../versions';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'Get every participant of a contract, with their IDs, emails and statuses',
	action: 'Get many participants of contract with their status',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	returnAll,
	limit,
	...perVersion(simplifyField, 'simplify'),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['participant'], operation: ['getAll'] } },
	properties,
);

/**
 * The participants of a contract, one item each, with the fields of "Participant → Get" (id, label, name,
 * e-mail, status, obligation, …): the ids from the variables listing (4.5), then one record per participant (4.7).
 * Simplify: each as helpers/simplify.ts has a participant.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const max = resultLimit(this, itemIndex);
	const simple = this.getNodeParameter('simple', itemIndex) as boolean;
	const participants = await participantContacts.call(this, contractId, itemIndex, max);
	return participants.map((p) => {
		const participant = flattenParticipant(contractId, {
			...p.record,
			participantid: p.participantId,
			editable: p.editable,
			information: { label: p.label, ...p.information },
		});
		return simple ? simplifyParticipant(participant) : participant;
	});
}
