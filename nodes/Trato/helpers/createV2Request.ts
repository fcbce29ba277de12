import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREATE_V2_ERRORS } from '../transport/createV2Errors';
import { fail, isEmail, toDateOnly } from './validate';

/** Signers and spectators of Create V2 (api-notes "Create V2"): built from the UI and checked like the API does. */

/** ISO 3166-2:MX codes of the 32 federal entities. */
export const MX_STATES = [
	'AGU',
	'BCN',
	'BCS',
	'CAM',
	'CHH',
	'CHP',
	'CMX',
	'COA',
	'COL',
	'DUR',
	'GRO',
	'GUA',
	'HID',
	'JAL',
	'MEX',
	'MIC',
	'MOR',
	'NAY',
	'NLE',
	'OAX',
	'PUE',
	'QUE',
	'ROO',
	'SIN',
	'SLP',
	'SON',
	'TAB',
	'TAM',
	'TLA',
	'VER',
	'YUC',
	'ZAC',
];

const RFC_INDIVIDUAL = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;
const RFC_LEGAL = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/;

const AGENDA: Array<[key: string, error: string]> = [
	['paternalLastName', 'EmptyPaternalLastName'],
	['maternalLastName', 'EmptyMaternalLastName'],
	['birthDate', 'EmptyBirthDate'],
	['zipcode', 'EmptyZipCode'],
	['state', 'EmptyState'],
	['street', 'EmptyStreet'],
	['city', 'EmptyCity'],
	['suburb', 'EmptySuburb'],
];

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** One signer from the Signers collection, refused with the API's own sentence (and which signer) when invalid. */
function buildSigner(
	ctx: IExecuteFunctions,
	itemIndex: number,
	raw: IDataObject,
	i: number,
	sms: boolean,
): IDataObject {
	const who = `Signer ${i + 1}`;
	const refuse = (error: string, detail?: string): never =>
		fail(ctx, itemIndex, `${who}: ${CREATE_V2_ERRORS[error]}`, detail);
	const obligation = raw.obligation === 'legal' ? 'legal' : 'individual';
	const name = str(raw.name);
	const email = str(raw.email);
	const lastName = obligation === 'individual' ? str(raw.lastName) : '';
	const phone = str(raw.phone);
	const rfc = str(raw.rfc).toUpperCase();
	const representative = obligation === 'legal' ? str(raw.representative) : '';
	const qualifiedCertificate = raw.qualifiedCertificate === true;
	const creditBureau = raw.creditBureau === true;
	if (!name) refuse('BlankName');
	if (!email) refuse('BlankEmail');
	if (!isEmail(email)) refuse('InvalidEmail', `"${email}" is not a valid e-mail address.`);
	if (obligation === 'individual' && !lastName) refuse('MissingLastName');
	if (sms && !phone) refuse('EmptyPhone');
	if ((qualifiedCertificate || creditBureau) && !rfc)
		refuse('EmptyRFC', "Fill in the signer's RFC field.");
	if (rfc && obligation === 'individual' && !RFC_INDIVIDUAL.test(rfc)) {
		refuse(
			'WrongPhysicalPersonRFCFormat',
			`"${rfc}" has ${rfc.length} characters. For a company, set Obligation to Legal Entity.`,
		);
	}
	if (rfc && obligation === 'legal' && !RFC_LEGAL.test(rfc))
		refuse('WrongLegalPersonRFCFormat', `"${rfc}" has ${rfc.length} characters.`);

	const signer: IDataObject = { obligation, name, email, qualifiedCertificate, creditBureau };
	if (lastName) signer.last_name = lastName;
	if (phone) signer.phone = phone;
	if (rfc) signer.rfc = rfc;
	if (representative) signer.representative = representative;
	if (qualifiedCertificate || creditBureau) {
		const agenda: IDataObject = { rfc };
		if (creditBureau) {
			const given = (raw.agendaProperties ?? {}) as IDataObject;
			for (const [key, error] of AGENDA) {
				let value = str(given[key]);
				if (!value) refuse(error);
				if (key === 'birthDate')
					value = toDateOnly(ctx, itemIndex, given.birthDate, `${who}: Birth Date`);
				if (key === 'state') {
					value = value.toUpperCase();
					if (!MX_STATES.includes(value))
						refuse(
							'InvalidStateFormat',
							`"${str(given.state)}" is not one of ${MX_STATES.join(', ')}.`,
						);
				}
				agenda[key] = value;
			}
		}
		signer.agendaProperties = agenda;
	}
	return signer;
}

/** Signers and spectators from the UI collections, checked in the API's order (api-notes "Create V2"). */
export function peopleFromFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	sms: boolean,
): { signers: IDataObject[]; spectators: IDataObject[] } {
	const rawSigners = ctx.getNodeParameter('signers.signer', itemIndex, []) as IDataObject[];
	if (rawSigners.length === 0)
		fail(ctx, itemIndex, CREATE_V2_ERRORS.MissingSigners, 'Use "Add signer" under Signers.');
	const signers = rawSigners.map((raw, i) => buildSigner(ctx, itemIndex, raw, i, sms));
	const signerEmails = new Set(signers.map((s) => String(s.email).toLowerCase()));
	const rawSpectators = ctx.getNodeParameter(
		'spectators.spectator',
		itemIndex,
		[],
	) as IDataObject[];
	const spectators = rawSpectators.map((raw, i) => {
		const spectator: IDataObject = {
			name: str(raw.name),
			email: str(raw.email),
			phone: str(raw.phone),
		};
		const email = spectator.email as string;
		if (!isEmail(email))
			fail(
				ctx,
				itemIndex,
				`Spectator ${i + 1}: ${CREATE_V2_ERRORS.WrongEmailSpectator}`,
				`"${email}" is not a valid e-mail address.`,
			);
		if (signerEmails.has(email.toLowerCase())) {
			fail(
				ctx,
				itemIndex,
				`Spectator ${i + 1}: ${CREATE_V2_ERRORS.DistinctSpectatorParticipant}`,
				`${email} is also a signer.`,
			);
		}
		return spectator;
	});
	return { signers, spectators };
}

/** A JSON array of objects from a JSON field (text or an expression's array); the API checks the content. */
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

/** Says which signer or spectator a Create V2 error is about, from the `field` the API names (e.g. signers[1].email). */
export function explainCreateV2Error(error: unknown): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const response = (error.errorResponse ?? {}) as IDataObject;
	const name = typeof response.apiError === 'string' ? response.apiError : undefined;
	// Names outside Part 7 (api-notes X20) already carry the API's sentence (transport/errors.ts).
	if (!name || !CREATE_V2_ERRORS[name]) return error;
	const field = typeof response.apiField === 'string' ? response.apiField : undefined;
	const match = /^(signers|spectators)\[(\d+)\]/.exec(field ?? '');
	if (match && !error.message.startsWith(match[1] === 'signers' ? 'Signer ' : 'Spectator ')) {
		error.message = `${match[1] === 'signers' ? 'Signer' : 'Spectator'} ${Number(match[2]) + 1}: ${error.message}`;
	}
	return error;
}
