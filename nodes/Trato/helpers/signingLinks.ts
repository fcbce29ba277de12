import type { IDataObject } from 'n8n-workflow';

import type { ParticipantContact } from './participants';

/** A signing link as the node outputs it (api-notes N7). */
export interface SigningLink extends IDataObject {
	participantId: string;
	signUrl: string;
}

const LIST_PLACES = (answer: IDataObject): unknown[] => [
	(answer.contract as IDataObject | undefined)?.participants,
	answer.participants,
	answer.signLinks,
	answer.links,
];
const ID_KEYS = ['participantid', 'participantId', '_id', 'id'];
const URL_KEYS = ['signUrl', 'signURL', 'url', 'link', 'signatureLink'];

/**
 * The signing links in an answer, read tolerantly (trato-notes: Send's `contract.participants[]` with
 * `participantid` and `signUrl` is documented; Create V2's answer is not shown): the first list found among
 * `contract.participants`, `participants`, `signLinks`, `links`, with an id and a URL under their usual names.
 */
export function signingLinksFrom(answer: IDataObject): SigningLink[] {
	const list = LIST_PLACES(answer).find((place) => Array.isArray(place)) as unknown[] | undefined;
	const links: SigningLink[] = [];
	for (const entry of list ?? []) {
		if (!entry || typeof entry !== 'object') continue;
		const record = entry as IDataObject;
		const url = URL_KEYS.map((key) => record[key]).find((v) => typeof v === 'string' && v);
		if (!url) continue;
		const id = ID_KEYS.map((key) => record[key]).find((v) => typeof v === 'string' && v);
		links.push({ participantId: String(id ?? ''), signUrl: url as string });
	}
	return links;
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
