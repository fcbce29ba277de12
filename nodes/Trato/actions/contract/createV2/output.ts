import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	answeredParticipants,
	CONTRACT_ID_KEYS,
	createdParticipants,
	otherContractFields,
	requireCreatedId,
} from '../../../helpers/answers';
import { signingLinksFrom } from '../../../helpers/signingLinks';
import type { ParticipantVariables } from '../../../helpers/variables';
import { getVariables, signingLinksIfReadable, statusIfReadable } from '../../../transport';

/** The fields of TRATO's `contract` record the output has under its own names (contractId, participants). */
const TAKEN = [...CONTRACT_ID_KEYS, 'participants'];

/** What the item sent to Create V2, as far as the output names it. */
export interface CreateV2Sent {
	body: IDataObject;
	name: string;
	documentType: string | undefined;
	people: { participants: IDataObject[]; spectators: IDataObject[] };
}

/**
 * The item's output once Create V2 answered (api-notes N30): the contract exists, so nothing here may fail the item
 * (a re-run would create a second one), except an answer without any contract id, which no later step could use.
 * The participants, the status and the signing links are read best effort.
 */
export async function createdOutput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	response: IDataObject,
	{ body, name, documentType, people }: CreateV2Sent,
): Promise<IDataObject> {
	const contractId = requireCreatedId(ctx, itemIndex, response);
	const withLinks = body.showSignLinks === true;
	const answered = answeredParticipants(response);
	// TRATO's `contract` record: its id and participants are read into contractId and participants; any other field
	// is kept, as Finalize keeps its record's (api-notes P2); the node's own fields below win over a namesake
	const output: IDataObject = { contractId, ...otherContractFields(response, TAKEN), ...response };
	delete output.contract;
	if (name) output.name = name;
	if (documentType) output.documentType = documentType;
	output.participantCount = people.participants.length;
	output.spectatorCount = people.spectators.length;
	let listed: ParticipantVariables[] = [];
	try {
		listed = (await getVariables.call(ctx, contractId, itemIndex)).participants;
	} catch (error) {
		if (!answered.length)
			output.participantsError = `The contract was created, but its participants could not be read: ${(error as Error).message}. Use Participant → Get Many with the contract ID.`;
	}
	output.participants = createdParticipants(answered, listed, withLinks);
	// TRATO's production client never sends after Create V2 (api-notes X20); what it did is said, not assumed
	Object.assign(output, await statusIfReadable.call(ctx, contractId, itemIndex));
	if (withLinks) {
		// TRATO answers the links (trato-notes "What TRATO answers"); else each participant's own (4.7)
		let links = signingLinksFrom(response);
		if (!links.length) {
			links = await signingLinksIfReadable.call(ctx, contractId, itemIndex);
			const linkOf = new Map(links.map((l) => [l.participantId, l.signUrl]));
			for (const p of output.participants as IDataObject[])
				if (linkOf.has(p.participantId as string))
					p.signUrl = linkOf.get(p.participantId as string);
		}
		output.signingLinks = links;
		if (!links.length)
			output.signingLinksError =
				'TRATO created the contract but returned no signing links. Do not create it again; read the links later with "Participant → Get" (signatureLink).';
	}
	return output;
}
