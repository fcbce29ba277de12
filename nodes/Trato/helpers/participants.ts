import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { firstText, PARTICIPANT_ID_KEYS } from './answers';
import { participantStatusLabel } from './status';
import { fail } from './validate';
import { object } from './variables';

/** A participant with the fields only the participant record has (spec 4.7). */
export interface ParticipantContact {
	participantId: string;
	label: unknown;
	/** The name in the variables listing (4.5). */
	listedName: unknown;
	/** The record's `editable` part: name, email, phone, obligation, representative. */
	editable: IDataObject;
	/** The record's read-only `information` part: status, signatureLink, … */
	information: IDataObject;
	/** The whole record as the API answered it (it may hold fields the API description does not list). */
	record: IDataObject;
}

/** RFC formats of spec Part 7: natural person 4 letters + 6 date digits + 3 homoclave; legal entity 3 letters. */
const RFC_INDIVIDUAL = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;
const RFC_LEGAL = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/;

const RFC_HELP = {
	individual:
		"A natural person's RFC has 13 characters: 4 letters, 6 date digits (YYMMDD) and a 3-character homoclave, e.g. LOAA800101AB1.",
	legal:
		"A legal entity's RFC has 12 characters: 3 letters, 6 date digits (YYMMDD) and a 3-character homoclave, e.g. ABC010203XY9.",
};

/**
 * Normalises an RFC (trimmed, upper case) and checks its format against the obligation when it is known,
 * else against either format. An empty RFC is returned as is (it clears the stored one).
 */
export function normaliseRfc(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	obligation: string | undefined,
): string {
	const rfc = String(value ?? '')
		.trim()
		.toUpperCase();
	if (!rfc) return rfc;
	if (obligation === 'individual' || obligation === 'legal') {
		const pattern = obligation === 'legal' ? RFC_LEGAL : RFC_INDIVIDUAL;
		if (!pattern.test(rfc)) {
			fail(
				ctx,
				itemIndex,
				`The RFC "${rfc}" is not valid for ${obligation === 'legal' ? 'a legal entity' : 'a natural person'}`,
				RFC_HELP[obligation],
			);
		}
		return rfc;
	}
	if (!RFC_INDIVIDUAL.test(rfc) && !RFC_LEGAL.test(rfc)) {
		fail(
			ctx,
			itemIndex,
			`The RFC "${rfc}" is not a valid RFC`,
			`${RFC_HELP.individual} ${RFC_HELP.legal}`,
		);
	}
	return rfc;
}

/**
 * One readable item from a participant record (spec 4.7): the editable and the read-only information fields side
 * by side, counts named as counts, and every field the record has beyond the documented ones kept as it came.
 * `participantId`: the id the record was asked with, output when the record names none (issue 34).
 */
export function flattenParticipant(
	contractId: string,
	record: IDataObject,
	participantId?: string,
): IDataObject {
	const editable = object(record.editable);
	const info = object(record.information);
	const out: IDataObject = {
		contractId,
		participantId: firstText(record, PARTICIPANT_ID_KEYS) ?? participantId,
		name: editable.name,
		email: editable.email,
		phone: editable.phone,
		obligation: editable.obligation,
		representative: editable.representative,
		label: info.label,
		variablesCount: info.variables,
		attachmentsCount: info.attachments,
		status: info.status,
		statusLabel: info.status === undefined ? undefined : participantStatusLabel(info.status),
		address: info.address,
		geolocation: info.geolocation ?? null,
		ip: info.ip,
		signedAt: info.signedAt,
		signatureLink: info.signatureLink,
	};
	const known = new Set([
		...PARTICIPANT_ID_KEYS.filter((key) => key !== 'id'),
		'editable',
		'information',
		'success',
		'variables',
		'attachments',
	]);
	for (const source of [editable, info, record]) {
		for (const [key, value] of Object.entries(source)) {
			if (!known.has(key) && !(key in out)) out[key] = value;
		}
	}
	return out;
}
