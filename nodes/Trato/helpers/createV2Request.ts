import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREATE_V2_ERRORS } from './createV2Errors';
import { findBrokenRule, str, whoIs } from './createV2Rules';
import { toDateOnly } from './dates';
import { fail } from './validate';

/**
 * Participants and spectators of Create V2 as TRATO takes them (trato-notes "Create V2"), built from the UI and
 * checked with Part 7's rules (createV2Rules.ts) before any request.
 */

/** The agenda properties of a credit-bureau check, in Part 7's order. */
const AGENDA_KEYS = [
	'paternalLastName',
	'maternalLastName',
	'birthDate',
	'zipcode',
	'state',
	'street',
	'city',
	'suburb',
];

/** A participant's signature boxes from the Signature Boxes collection: {page, top, left, width, height, customSize}. */
function signatureBoxes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	raw: IDataObject,
	who: string,
): IDataObject[] {
	const boxes = ((raw.signatures as IDataObject | undefined)?.box ?? []) as IDataObject[];
	return boxes.map((box, j) => {
		const out: IDataObject = {};
		for (const [key, fallback] of [
			['page', 1],
			['top', 0],
			['left', 0],
			['width', 150],
			['height', 75],
		] as const) {
			const value = box[key] === undefined || box[key] === '' ? fallback : Number(box[key]);
			const whole = key === 'page';
			if (!Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
				fail(
					ctx,
					itemIndex,
					`${who}, signature box ${j + 1}: ${key[0].toUpperCase()}${key.slice(1)} "${String(box[key])}" is not a ${whole ? 'page number' : 'number of points from 0'}`,
					'Positions and sizes are PDF points (a Letter page is 612 × 792) counted from the top-left corner of the page.',
				);
			}
			out[key] = value;
		}
		out.customSize = box.customSize !== false;
		return out;
	});
}

/** One participant from the Participants collection, as TRATO takes it (trato-notes "Create V2"). */
function participantFromFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	raw: IDataObject,
	index: number,
): IDataObject {
	const who = whoIs('Participant', index, raw);
	const obligation = raw.obligation === 'legal' ? 'legal' : 'individual';
	const participant: IDataObject = { obligation, name: str(raw.name) };
	if (obligation === 'individual') participant.last_name = str(raw.lastName);
	if (str(raw.label)) participant.label = str(raw.label);
	participant.email = str(raw.email);
	if (str(raw.phone)) participant.phone = str(raw.phone);
	participant.requestAgreement = raw.requestAgreement === true;
	participant.signOrder = index;
	participant.isNotNegotiator = raw.isNotNegotiator === true;
	participant.isNotSigner = raw.isNotSigner === true;
	const boxes = signatureBoxes(ctx, itemIndex, raw, who);
	if (boxes.length) participant.signatures = boxes;
	const rfc = str(raw.rfc).toUpperCase();
	if (rfc) participant.rfc = rfc;
	if (obligation === 'legal' && str(raw.representative))
		participant.representative = str(raw.representative);
	if (raw.qualifiedCertificate === true) participant.qualifiedCertificate = true;
	if (raw.creditBureau === true) participant.creditBureau = true;
	if (raw.qualifiedCertificate === true || raw.creditBureau === true) {
		// One RFC field in the form, sent where Part 7 reads it too (api-notes N4)
		const agenda: IDataObject = { rfc };
		const given = (raw.agendaProperties ?? {}) as IDataObject;
		if (raw.creditBureau === true) {
			for (const key of AGENDA_KEYS) {
				let value = str(given[key]);
				if (value && key === 'birthDate')
					value = toDateOnly(ctx, itemIndex, given.birthDate, `${who}: Birth Date`);
				if (key === 'state') value = value.toUpperCase();
				agenda[key] = value;
			}
		}
		participant.agendaProperties = agenda;
	}
	return participant;
}

/** Participants and spectators from the UI collections, refused in TRATO's order before any request (api-notes N3). */
export function peopleFromFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	notificationType: string,
): { participants: IDataObject[]; spectators: IDataObject[] } {
	const raw = ctx.getNodeParameter('signers.signer', itemIndex, []) as IDataObject[];
	const participants = raw.map((p, i) => participantFromFields(ctx, itemIndex, p, i));
	const spectators = (
		ctx.getNodeParameter('spectators.spectator', itemIndex, []) as IDataObject[]
	).map((s) => ({ name: str(s.name), email: str(s.email), phone: str(s.phone) }));
	const broken = findBrokenRule({ participants, spectators, notificationType });
	if (broken) {
		const prefix = broken.who ? `${broken.who}: ` : '';
		const hint =
			broken.name === 'MissingSigners' ? ' Use "Add Participant" under Participants.' : '';
		fail(
			ctx,
			itemIndex,
			`${prefix}${CREATE_V2_ERRORS[broken.name]}`,
			`${broken.detail ?? ''}${hint}`.trim() || undefined,
		);
	}
	return { participants, spectators };
}

/** A JSON array of objects from a JSON field (text or an expression's array); TRATO checks the content. */
export function jsonArray(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): IDataObject[] {
	let value = ctx.getNodeParameter(parameter, itemIndex, '[]') as unknown;
	if (typeof value === 'string') {
		if (!value.trim()) return [];
		try {
			value = JSON.parse(value);
		} catch (error) {
			fail(
				ctx,
				itemIndex,
				`${label} is not valid JSON`,
				`${(error as Error).message}. Write an array such as [{"name": "Ana", "email": "ana@example.com"}].`,
			);
		}
	}
	if (!Array.isArray(value))
		fail(
			ctx,
			itemIndex,
			`${label} must be a JSON array`,
			'Wrap the entries in [ ], even for a single one.',
		);
	(value as unknown[]).forEach((entry, i) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			fail(
				ctx,
				itemIndex,
				`${label}: entry ${i + 1} is not an object`,
				'Each entry is an object such as {"name": "Ana", "email": "ana@example.com"}.',
			);
		}
	});
	return value as IDataObject[];
}

const FIELD_INDEX = /^(participants|signers|spectators)\[(\d+)\]/;

/**
 * Says whom a Part 7 error of TRATO is about: from the `field` the answer names when it names one, else by
 * finding the first participant or spectator of the body sent that breaks that rule.
 */
export function explainCreateV2Error(error: unknown, body: IDataObject): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const response = (error.errorResponse ?? {}) as IDataObject;
	const name = typeof response.apiError === 'string' ? response.apiError : undefined;
	if (!name || !CREATE_V2_ERRORS[name]) return error;
	const match = FIELD_INDEX.exec(typeof response.apiField === 'string' ? response.apiField : '');
	let who: string | undefined;
	if (match) {
		const spectator = match[1] === 'spectators';
		const list = (spectator ? body.spectators : body.participants) as IDataObject[] | undefined;
		who = whoIs(
			spectator ? 'Spectator' : 'Participant',
			Number(match[2]),
			list?.[Number(match[2])] ?? {},
		);
	} else {
		who = findBrokenRule(body, name)?.who;
	}
	if (who) {
		error.message = `${error.message} (${who})`;
		error.description = `${who}: ${error.description ?? CREATE_V2_ERRORS[name]}`;
	}
	return error;
}
