import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParticipantVariables } from './variables';
import { fail } from './validate';
import { object } from './variables';

/**
 * Reading what TRATO answers, tolerantly (trato-notes "What TRATO answers", H; api-notes "What TRATO answers"):
 * the same id under the spellings TRATO and the spec use, the records kept as they came.
 */

/** A contract's id: the spec's `contractid`, or the `_id` of TRATO's records (Create V2's `contract._id`). */
export const CONTRACT_ID_KEYS = ['contractid', 'contractId', 'contractID', '_id'];
/** A participant's id: the spec's `participantid`, or TRATO's record `_id`. */
export const PARTICIPANT_ID_KEYS = ['participantid', 'participantId', '_id', 'id'];
/** An attachment's id (spec 4.9, 4.12: `attachmentid`). */
export const ATTACHMENT_ID_KEYS = ['attachmentid', 'attachmentId', '_id'];
/** A signing link in a participant entry: TRATO's `signUrl` first. */
const SIGN_URL_KEYS = ['signUrl', 'signURL', 'url', 'link', 'signatureLink'];

/**
 * A flag as TRATO may write it: a JSON boolean, or the text "true"/"false" (any case, blanks around it), as the
 * portal types login's `success` (trato-notes "What TRATO answers"). Anything else, numbers included, is no flag:
 * undefined.
 */
export function flagOf(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value !== 'string') return undefined;
	const text = value.trim().toLowerCase();
	return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** The first of `keys` holding a non-empty text or a number, as text. */
export function firstText(record: unknown, keys: readonly string[]): string | undefined {
	const fields = object(record);
	for (const key of keys) {
		const value = fields[key];
		if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')
			return String(value).trim();
	}
	return undefined;
}

/** The contract id of an answer: at its top (`contractid`, spec) or in its `contract` record (`_id`, TRATO). */
export function contractIdOf(answer: unknown): string | undefined {
	return (
		firstText(answer, CONTRACT_ID_KEYS) ?? firstText(object(answer).contract, CONTRACT_ID_KEYS)
	);
}

/**
 * The id of a contract a create call made. An answer without one fails the item, loudly: the next step would get an
 * empty id; the error says the contract may exist, so that it is not created twice.
 */
export function requireCreatedId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	answer: unknown,
): string {
	const contractId = contractIdOf(answer);
	if (contractId) return contractId;
	const keys = Object.keys(object(answer));
	return fail(
		ctx,
		itemIndex,
		'TRATO answered the creation without a contract ID',
		`The answer had ${keys.length ? keys.join(', ') : 'no fields'}; the node looked for contractid and contract._id. The contract may have been created: look for it with Contract → Get Many before running this step again.`,
	);
}

/** A participant as an answer lists it: its id, e-mail and signing link when given, and its other fields. */
export interface AnsweredParticipant {
	participantId: string;
	email?: string;
	signUrl?: string;
	/** The entry as answered, minus the fields read above. */
	rest: IDataObject;
}

/**
 * The participants an answer lists: TRATO's Create V2 `contract.participants[]` `{_id, email, signUrl}`, Send's
 * `contract.participants[]` `{participantid, signUrl}` (spec 4.10), else `participants`, `signLinks` or `links`.
 */
export function answeredParticipants(answer: unknown): AnsweredParticipant[] {
	const fields = object(answer);
	const places = [
		object(fields.contract).participants,
		fields.participants,
		fields.signLinks,
		fields.links,
	];
	const list = places.find((place) => Array.isArray(place)) as unknown[] | undefined;
	const out: AnsweredParticipant[] = [];
	for (const entry of list ?? []) {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
		const record = entry as IDataObject;
		const rest = { ...record };
		for (const key of [...PARTICIPANT_ID_KEYS, ...SIGN_URL_KEYS, 'email']) delete rest[key];
		const email = typeof record.email === 'string' && record.email ? record.email : undefined;
		out.push({
			participantId: firstText(record, PARTICIPANT_ID_KEYS) ?? '',
			email,
			signUrl: firstText(record, SIGN_URL_KEYS),
			rest,
		});
	}
	return out;
}

/** The addresses of a signed contract's two files, when TRATO names them. */
export interface SignedFileAddresses {
	signedPdf?: string;
	nom151Certificate?: string;
}

/** The links of TRATO's Finalize answer (`contract.downloadPdfUrl`, `contract.nom151`), when given. */
export function finalizedFiles(answer: unknown): SignedFileAddresses {
	const contract = object(object(answer).contract);
	return {
		signedPdf: firstText(contract, ['downloadPdfUrl']),
		nom151Certificate: firstText(contract, ['nom151']),
	};
}

/** The files of the signed documents record (spec 4.11: `documents.signed_contract`, `documents.signed_certificate`). */
export function signedDocumentFiles(record: unknown): SignedFileAddresses {
	const documents = object(object(record).documents);
	return {
		signedPdf: firstText(documents, ['signed_contract']),
		nom151Certificate: firstText(documents, ['signed_certificate']),
	};
}

/** The fields of an answer's `contract` record that the reads above did not take, to be kept on the item. */
export function otherContractFields(answer: unknown, taken: readonly string[]): IDataObject {
	const rest = { ...object(object(answer).contract) };
	for (const key of taken) delete rest[key];
	return rest;
}

/**
 * The participants of a contract Create V2 made: the answer's (id, e-mail, signing link: TRATO's answer) in its
 * order, with name and label from the variables listing (4.5) by id; the listing's alone when the answer lists none.
 * Signing links only when asked for (api-notes N7: they are personal access links).
 */
export function createdParticipants(
	answered: AnsweredParticipant[],
	listed: ParticipantVariables[],
	withLinks: boolean,
): IDataObject[] {
	const byId = new Map(listed.map((p) => [p.participantId, p]));
	const source = answered.length
		? answered
		: listed.map((p) => ({ participantId: p.participantId, rest: {} }) as AnsweredParticipant);
	return source.map((p) => {
		const known = byId.get(p.participantId);
		const out: IDataObject = { participantId: p.participantId };
		if (known) Object.assign(out, { name: known.participantName, label: known.label });
		if (p.email) out.email = p.email;
		if (withLinks && p.signUrl) out.signUrl = p.signUrl;
		return { ...p.rest, ...out };
	});
}
