import type { IDataObject } from 'n8n-workflow';

import { answeredParticipants } from './answers';
import type { ParticipantContact } from './participants';

/** A signing link as the node outputs it (api-notes N7). */
export interface SigningLink extends IDataObject {
	participantId: string;
	signUrl: string;
}

/**
 * The signing links in an answer, read tolerantly (helpers/answers.ts): Send's `contract.participants[]` with
 * `participantid` and `signUrl` (spec 4.10), TRATO's Create V2 `contract.participants[]` with `_id` and `signUrl`
 * (trato-notes "What TRATO answers"), or the other usual places and names.
 */
export function signingLinksFrom(answer: IDataObject): SigningLink[] {
	return answeredParticipants(answer)
		.filter((p) => p.signUrl)
		.map((p) => ({ participantId: p.participantId, signUrl: p.signUrl as string }));
}

/** Each participant's own link from its record (4.7 information.signatureLink), when an answer had none. */
export function signingLinksOfRecords(participants: ParticipantContact[]): SigningLink[] {
	return participants
		.filter((p) => typeof p.information.signatureLink === 'string' && p.information.signatureLink)
		.map((p) => ({
			participantId: p.participantId,
			signUrl: p.information.signatureLink as string,
		}));
}
