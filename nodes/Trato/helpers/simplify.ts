import type { IDataObject } from 'n8n-workflow';

import { firstText, PARTICIPANT_ID_KEYS } from './answers';
import { participantStatusLabel } from './status';

/**
 * The simplified forms of the records the node outputs, one per record kind (api-notes O1–O3): what a workflow
 * or an AI agent branches on and maps into the next step (ids, name, status and its label, dates, e-mail,
 * externalId, links), in a fixed order, without the rest of TRATO's record. A field the answer does not have is
 * left out, never invented. "Simplify" off outputs the records as before (every field kept).
 */

/** A contract's fields kept, in output order (spec 2.1 and 4.3; dates of 4.4 and of TRATO's records when given). */
const CONTRACT_FIELDS = [
	'contractId',
	'name',
	'status',
	'statusLabel',
	'externalId',
	'createdAt',
	'updatedAt',
	'signedAt',
	'expiryStartDate',
	'expiryEndDate',
	'pdf',
];

/** A participant's fields kept, in output order (spec 2.2; `signUrl` as TRATO's answers name a signing link). */
const PARTICIPANT_FIELDS = [
	'contractId',
	'participantId',
	'name',
	'email',
	'label',
	'status',
	'statusLabel',
	'signedAt',
	'signatureLink',
	'signUrl',
];

function pick(record: IDataObject, fields: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const field of fields) if (record[field] !== undefined) out[field] = record[field];
	return out;
}

/**
 * A participant as Participant → Get and Get Many output it (flat), or as a contract record lists it (TRATO's
 * entries carry `_id`): its id as `participantId`, a status with its label.
 */
export function simplifyParticipant(participant: IDataObject): IDataObject {
	const participantId = participant.participantId ?? firstText(participant, PARTICIPANT_ID_KEYS);
	const statusLabel =
		participant.statusLabel ??
		(participant.status === undefined ? undefined : participantStatusLabel(participant.status));
	return pick({ ...participant, participantId, statusLabel }, PARTICIPANT_FIELDS);
}

/**
 * A contract as Contract → Get and Get Many output it (`contractId` and `statusLabel` already added): the
 * contract's own fields, and its participants, each simplified, when TRATO's record lists them.
 */
export function simplifyContract(contract: IDataObject): IDataObject {
	const out = pick(contract, CONTRACT_FIELDS);
	if (Array.isArray(contract.participants)) {
		out.participants = contract.participants
			.filter((p): p is IDataObject => !!p && typeof p === 'object' && !Array.isArray(p))
			.map(simplifyParticipant);
	}
	return out;
}
