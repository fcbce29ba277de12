import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { contractIdLocator, limit, optionsCollection, returnAll } from '../../descriptions/common';
import { resultLimit } from '../../helpers/listQuery';
import { flattenParticipant } from '../../helpers/participants';
import { requireId } from '../../helpers/validate';
import { participantContacts } from '../../transport/records';

const properties: INodeProperties[] = [contractIdLocator, returnAll, limit, optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['participant'], operation: ['getAll'] } },
	properties,
);

/**
 * The participants of a contract, one item each, with the fields of "Participant → Get" (id, label, name,
 * e-mail, status, obligation, …): the ids from the variables listing (4.5), then one record per participant (4.7).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const max = resultLimit(this, itemIndex);
	const participants = await participantContacts.call(this, contractId, itemIndex, max);
	return participants.map((p) =>
		flattenParticipant(contractId, {
			...p.record,
			participantid: p.participantId,
			editable: p.editable,
			information: { label: p.label, ...p.information },
		}),
	);
}
