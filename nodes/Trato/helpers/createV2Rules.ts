import type { IDataObject } from 'n8n-workflow';

import { isEmail } from './validate';

/**
 * Part 7's rules over a Create V2 body as it is sent (trato-notes "Create V2"): used to refuse Fields-mode input
 * before any request, and to say which participant or spectator an error of TRATO is about.
 */

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

export const str = (value: unknown) =>
	value === undefined || value === null ? '' : String(value).trim();

/** A Part 7 rule a participant or spectator breaks, with what is wrong with the value when that helps. */
interface Broken {
	name: string;
	detail?: string;
}

/** The first Part 7 rule a participant (as TRATO takes it) breaks, in the documented order. */
function participantRule(p: IDataObject, sms: boolean): Broken | undefined {
	const legal = p.obligation === 'legal';
	const email = str(p.email);
	const agenda = (p.agendaProperties ?? {}) as IDataObject;
	const rfcs = [str(p.rfc), str(agenda.rfc)].map((rfc) => rfc.toUpperCase()).filter(Boolean);
	const checkRfc = p.qualifiedCertificate === true || p.creditBureau === true;
	if (!str(p.name)) return { name: 'BlankName' };
	if (!email) return { name: 'BlankEmail' };
	if (!isEmail(email))
		return { name: 'InvalidEmail', detail: `"${email}" is not a valid email address.` };
	if (!legal && !str(p.last_name)) return { name: 'MissingLastName' };
	if (sms && !str(p.phone)) return { name: 'EmptyPhone' };
	if (checkRfc && !str(agenda.rfc)) return { name: 'EmptyRFC' };
	for (const rfc of rfcs) {
		if (!legal && !RFC_INDIVIDUAL.test(rfc))
			return {
				name: 'WrongPhysicalPersonRFCFormat',
				detail: `"${rfc}" has ${rfc.length} characters.`,
			};
		if (legal && !RFC_LEGAL.test(rfc))
			return {
				name: 'WrongLegalPersonRFCFormat',
				detail: `"${rfc}" has ${rfc.length} characters.`,
			};
	}
	if (p.creditBureau !== true) return undefined;
	for (const [key, name] of AGENDA) {
		if (!str(agenda[key])) return { name };
		if (key === 'state' && !MX_STATES.includes(str(agenda.state)))
			return {
				name: 'InvalidStateFormat',
				detail: `"${str(agenda.state)}" is not one of ${MX_STATES.join(', ')}.`,
			};
	}
	return undefined;
}

function spectatorRule(s: IDataObject, participantEmails: Set<string>): Broken | undefined {
	const email = str(s.email);
	if (!isEmail(email))
		return { name: 'WrongEmailSpectator', detail: `"${email}" is not a valid email address.` };
	if (participantEmails.has(email.toLowerCase()))
		return { name: 'DistinctSpectatorParticipant', detail: `${email} is also a participant.` };
	return undefined;
}

/** Who a rule is about, as the user numbers them: "Participant 2 (Luis)", "Spectator 1". */
export interface Found extends Broken {
	who: string;
}

export function whoIs(
	kind: 'Participant' | 'Spectator',
	index: number,
	entry: IDataObject,
): string {
	const name = str(entry.name);
	return `${kind} ${index + 1}${name ? ` (${name})` : ''}`;
}

/**
 * Every Part 7 rule the node can check (all but the credits), in TRATO's order, over a body as it is sent; `only`
 * looks for the first entry breaking that rule (to say whom an error of TRATO is about).
 */
export function findBrokenRule(body: IDataObject, only?: string): Found | undefined {
	const participants = (Array.isArray(body.participants) ? body.participants : []) as IDataObject[];
	const spectators = (Array.isArray(body.spectators) ? body.spectators : []) as IDataObject[];
	const sms = body.notificationType === 'sms' || body.notificationType === 'email-sms';
	if (!only && !participants.some((p) => p.isNotSigner !== true))
		return { name: 'MissingSigners', who: '' };
	for (const [i, p] of participants.entries()) {
		const broken = participantRule(p, sms);
		if (broken && (!only || broken.name === only))
			return { ...broken, who: whoIs('Participant', i, p) };
	}
	const emails = new Set(participants.map((p) => str(p.email).toLowerCase()));
	for (const [i, s] of spectators.entries()) {
		const broken = spectatorRule(s, emails);
		if (broken && (!only || broken.name === only))
			return { ...broken, who: whoIs('Spectator', i, s) };
	}
	return undefined;
}
