/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
// Create V2 (spec 4.2 and Part 7) as described in docs/api-notes.md "Create V2".
import type { Core } from './core';
import { assertPdf, docxToPdf } from './documents';
import type { Ctx, Reply } from './http';
import type { ParticipantState } from './types';
import { ApiError, decodeBase64, isPlainObject, isValidEmail, isValidYmd, objectId } from './util';

/** The 22 error names of spec Part 7. */
export const CREATE_V2_ERRORS = [
	'NotAvailableShield1',
	'NotAvailableShield2',
	'MissingSigners',
	'BlankName',
	'BlankEmail',
	'InvalidEmail',
	'MissingLastName',
	'EmptyPhone',
	'EmptyRFC',
	'WrongEmailSpectator',
	'DistinctSpectatorParticipant',
	'EmptyPaternalLastName',
	'EmptyMaternalLastName',
	'EmptyBirthDate',
	'WrongPhysicalPersonRFCFormat',
	'WrongLegalPersonRFCFormat',
	'EmptyZipCode',
	'EmptyState',
	'InvalidStateFormat',
	'EmptyStreet',
	'EmptyCity',
	'EmptySuburb',
] as const;

/** ISO 3166-2:MX codes of the 32 federal entities. */
export const MX_STATES = [
	'AGU',
	'BCN',
	'BCS',
	'CAM',
	'CHP',
	'CHH',
	'CMX',
	'COA',
	'COL',
	'DUR',
	'GUA',
	'GRO',
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
	'SLP',
	'SIN',
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

class V2Error extends ApiError {
	constructor(name: string, message: string, field: string, status = 400) {
		super(status, name, { message, field });
	}
}

const SIGNER_FIELDS = [
	'obligation',
	'name',
	'last_name',
	'email',
	'phone',
	'rfc',
	'representative',
	'qualifiedCertificate',
	'creditBureau',
	'agendaProperties',
];
const AGENDA_FIELDS = [
	'rfc',
	'paternalLastName',
	'maternalLastName',
	'birthDate',
	'zipcode',
	'state',
	'street',
	'city',
	'suburb',
];
const SPECTATOR_FIELDS = ['name', 'email', 'phone'];
const BODY_FIELDS = [
	'name',
	'document',
	'templateid',
	'language',
	'notificationType',
	'shield',
	'signers',
	'spectators',
];

const invalid = (message: string, field: string) => new V2Error('InvalidRequest', message, field);

function str(obj: Record<string, unknown>, key: string, field: string): string {
	const v = obj[key];
	if (v === undefined || v === null) return '';
	if (typeof v !== 'string') throw invalid(`${field} must be a string`, field);
	return v.trim();
}

function flag(obj: Record<string, unknown>, key: string, field: string): boolean {
	const v = obj[key];
	if (v === undefined || v === false || v === 'false') return false;
	if (v === true || v === 'true') return true;
	throw invalid(`${field} must be a boolean`, field);
}

function unknownFields(obj: Record<string, unknown>, allowed: string[], where: string): void {
	const extra = Object.keys(obj).filter((k) => !allowed.includes(k));
	if (extra.length)
		throw invalid(
			`Unknown field(s) ${extra.join(', ')} in ${where}`,
			`${where === 'body' ? '' : `${where}.`}${extra[0]}`,
		);
}

interface Signer {
	obligation: 'individual' | 'legal';
	name: string;
	lastName: string;
	email: string;
	phone: string;
	rfc: string;
	representative: string;
	qualifiedCertificate: boolean;
	creditBureau: boolean;
	agenda: Record<string, string>;
}

function readSigners(body: Record<string, unknown>): Signer[] {
	if (body.signers === undefined || body.signers === null) return [];
	if (!Array.isArray(body.signers)) throw invalid('signers must be an array', 'signers');
	return body.signers.map((raw, i) => {
		const at = `signers[${i}]`;
		if (!isPlainObject(raw)) throw invalid(`${at} must be an object`, at);
		unknownFields(raw, SIGNER_FIELDS, at);
		const obligation = raw.obligation === undefined ? 'individual' : raw.obligation;
		if (obligation !== 'individual' && obligation !== 'legal')
			throw invalid(`${at}.obligation must be individual or legal`, `${at}.obligation`);
		let agendaRaw: Record<string, unknown> = {};
		if (raw.agendaProperties !== undefined && raw.agendaProperties !== null) {
			if (!isPlainObject(raw.agendaProperties))
				throw invalid(`${at}.agendaProperties must be an object`, `${at}.agendaProperties`);
			agendaRaw = raw.agendaProperties;
			unknownFields(agendaRaw, AGENDA_FIELDS, `${at}.agendaProperties`);
		}
		const agenda: Record<string, string> = {};
		for (const k of AGENDA_FIELDS) agenda[k] = str(agendaRaw, k, `${at}.agendaProperties.${k}`);
		return {
			obligation,
			name: str(raw, 'name', `${at}.name`),
			lastName: str(raw, 'last_name', `${at}.last_name`),
			email: str(raw, 'email', `${at}.email`),
			phone: str(raw, 'phone', `${at}.phone`),
			rfc: str(raw, 'rfc', `${at}.rfc`).toUpperCase(),
			representative: str(raw, 'representative', `${at}.representative`),
			qualifiedCertificate: flag(raw, 'qualifiedCertificate', `${at}.qualifiedCertificate`),
			creditBureau: flag(raw, 'creditBureau', `${at}.creditBureau`),
			agenda,
		};
	});
}

function checkSigner(s: Signer, i: number, sms: boolean): void {
	const at = `signers[${i}]`;
	const fail = (name: string, message: string, field: string) => {
		throw new V2Error(name, `Signer ${i + 1}: ${message}`, `${at}.${field}`);
	};
	if (!s.name)
		fail(
			'BlankName',
			s.obligation === 'legal' ? 'the company name is empty' : 'the name is empty',
			'name',
		);
	if (!s.email) fail('BlankEmail', 'the e-mail is empty', 'email');
	if (!isValidEmail(s.email))
		fail('InvalidEmail', `the e-mail "${s.email}" is not a valid address`, 'email');
	if (s.obligation === 'individual' && !s.lastName)
		fail('MissingLastName', 'last_name is required for a natural person', 'last_name');
	if (sms && !s.phone)
		fail('EmptyPhone', 'a phone number is required when notificationType includes sms', 'phone');
	if ((s.qualifiedCertificate || s.creditBureau) && !s.agenda.rfc) {
		fail(
			'EmptyRFC',
			'agendaProperties.rfc is required for a qualified certificate or a credit-bureau check',
			'agendaProperties.rfc',
		);
	}
	for (const [value, field] of [
		[s.rfc, 'rfc'],
		[s.agenda.rfc.toUpperCase(), 'agendaProperties.rfc'],
	] as const) {
		if (!value) continue;
		if (s.obligation === 'individual' && !RFC_INDIVIDUAL.test(value)) {
			fail(
				'WrongPhysicalPersonRFCFormat',
				`RFC "${value}" of a natural person must be 13 characters: 4 letters, 6 date digits, 3 homoclave`,
				field,
			);
		}
		if (s.obligation === 'legal' && !RFC_LEGAL.test(value)) {
			fail(
				'WrongLegalPersonRFCFormat',
				`RFC "${value}" of a legal entity must be 12 characters: 3 letters, 6 date digits, 3 homoclave`,
				field,
			);
		}
	}
	if (!s.creditBureau) return;
	const a = s.agenda;
	const bureau = 'is required for a credit-bureau check';
	if (!a.paternalLastName)
		fail(
			'EmptyPaternalLastName',
			`agendaProperties.paternalLastName ${bureau}`,
			'agendaProperties.paternalLastName',
		);
	if (!a.maternalLastName)
		fail(
			'EmptyMaternalLastName',
			`agendaProperties.maternalLastName ${bureau}`,
			'agendaProperties.maternalLastName',
		);
	if (!a.birthDate)
		fail('EmptyBirthDate', `agendaProperties.birthDate ${bureau}`, 'agendaProperties.birthDate');
	if (!isValidYmd(a.birthDate))
		throw invalid(
			`Signer ${i + 1}: agendaProperties.birthDate must be YYYY-MM-DD`,
			`${at}.agendaProperties.birthDate`,
		);
	if (!a.zipcode)
		fail('EmptyZipCode', `agendaProperties.zipcode ${bureau}`, 'agendaProperties.zipcode');
	if (!a.state) fail('EmptyState', `agendaProperties.state ${bureau}`, 'agendaProperties.state');
	if (!MX_STATES.includes(a.state)) {
		fail(
			'InvalidStateFormat',
			`state "${a.state}" is not an official Mexican federal entity abbreviation (for example AGU, JAL, ZAC)`,
			'agendaProperties.state',
		);
	}
	if (!a.street)
		fail('EmptyStreet', `agendaProperties.street ${bureau}`, 'agendaProperties.street');
	if (!a.city) fail('EmptyCity', `agendaProperties.city ${bureau}`, 'agendaProperties.city');
	if (!a.suburb)
		fail('EmptySuburb', `agendaProperties.suburb ${bureau}`, 'agendaProperties.suburb');
}

/** Create V2; its errors keep the Part 7 name in `error` unless the create-v2-error-field variant moves it. */
export async function createContractV2(core: Core, ctx: Ctx): Promise<Reply> {
	try {
		return await create(core, ctx);
	} catch (error) {
		const reshaped =
			error instanceof V2Error &&
			core.variants.createV2Error(error.status, error.message, error.extra);
		if (reshaped) return reshaped;
		throw error;
	}
}

async function create(core: Core, ctx: Ctx): Promise<Reply> {
	const body = ctx.body;
	if (!isPlainObject(body)) throw invalid('The body must be a JSON object', '');
	unknownFields(body, BODY_FIELDS, 'body');
	const name = str(body, 'name', 'name');
	const language = body.language === undefined ? 'es' : body.language;
	if (language !== 'es' && language !== 'en')
		throw invalid('language must be es or en', 'language');
	const notificationType = body.notificationType === undefined ? 'email' : body.notificationType;
	if (
		notificationType !== 'email' &&
		notificationType !== 'sms' &&
		notificationType !== 'email-sms'
	) {
		throw invalid('notificationType must be email, sms or email-sms', 'notificationType');
	}
	const shield = body.shield === undefined ? 'none' : body.shield;
	if (shield !== 'none' && shield !== 'shield1' && shield !== 'shield2')
		throw invalid('shield must be none, shield1 or shield2', 'shield');
	if ((body.document === undefined) === (body.templateid === undefined)) {
		throw invalid(
			'Send exactly one of document ({type, data}) or templateid',
			body.document === undefined ? 'document' : 'templateid',
		);
	}
	const signers = readSigners(body);
	if (body.spectators !== undefined && !Array.isArray(body.spectators))
		throw invalid('spectators must be an array', 'spectators');
	const spectators = ((body.spectators as unknown[] | undefined) ?? []).map((raw, i) => {
		if (!isPlainObject(raw))
			throw invalid(`spectators[${i}] must be an object`, `spectators[${i}]`);
		unknownFields(raw, SPECTATOR_FIELDS, `spectators[${i}]`);
		return {
			name: str(raw, 'name', `spectators[${i}].name`),
			email: str(raw, 'email', `spectators[${i}].email`),
			phone: str(raw, 'phone', `spectators[${i}].phone`),
		};
	});

	// rules, in the documented order; the first failing rule wins
	const credits = core.store.credits;
	if (shield === 'shield1' && credits.shield1 <= 0)
		throw new V2Error('NotAvailableShield1', 'No shield-1 credits available', 'shield');
	if (shield === 'shield2' && credits.shield2 <= 0)
		throw new V2Error('NotAvailableShield2', 'No shield-2 credits available', 'shield');
	if (signers.length === 0)
		throw new V2Error('MissingSigners', 'At least one signer is required', 'signers');
	const sms = notificationType !== 'email';
	signers.forEach((s, i) => checkSigner(s, i, sms));
	const signerEmails = new Set(signers.map((s) => s.email.toLowerCase()));
	spectators.forEach((sp, i) => {
		if (!isValidEmail(sp.email)) {
			throw new V2Error(
				'WrongEmailSpectator',
				`Spectator ${i + 1}: the e-mail "${sp.email}" is not a valid address`,
				`spectators[${i}].email`,
			);
		}
		if (signerEmails.has(sp.email.toLowerCase())) {
			throw new V2Error(
				'DistinctSpectatorParticipant',
				`Spectator ${i + 1}: ${sp.email} is also a signer; a spectator must be another person`,
				`spectators[${i}].email`,
			);
		}
	});

	// document or template
	let contract;
	if (body.templateid !== undefined) {
		const id = body.templateid;
		const variants = core.variants;
		if (!variants.has('integer-template-ids') && (typeof id !== 'string' || id.length !== 25))
			throw invalid('templateid must be a 25-character string', 'templateid');
		const template = variants.findTemplate(id, (m) => invalid(`templateid ${m}`, 'templateid'));
		if (!template)
			throw new V2Error('TemplateNotFound', `Template ${String(id)} not found`, 'templateid', 404);
		contract = core.createFromTemplate(template, 'v2');
	} else {
		const doc = body.document;
		if (!isPlainObject(doc)) throw invalid('document must be an object {type, data}', 'document');
		if (doc.type !== 'pdf' && doc.type !== 'word')
			throw invalid('document.type must be pdf or word', 'document.type');
		let pdf: Buffer;
		try {
			const bytes = decodeBase64(doc.data, 'document.data');
			if (doc.type === 'pdf') {
				await assertPdf(bytes, 'document.data');
				pdf = bytes;
			} else {
				pdf = await docxToPdf(bytes, 'document.data', name || 'Contract');
			}
		} catch (error) {
			if (error instanceof ApiError && error.status === 400)
				throw new V2Error('InvalidDocument', error.message, 'document.data');
			throw error;
		}
		contract = core.createFromDocument(pdf, doc.type, 'v2');
	}

	const at = new Date(contract.createdAtMs);
	const base = contract.participants;
	contract.participants = signers.map((s, i): ParticipantState => {
		const p =
			base[i] && contract.source === 'v2' && contract.templateId
				? base[i]
				: core.blankParticipant(`Signer ${i + 1}`, at);
		p.name = s.name;
		if (s.lastName) p.lastName = s.lastName;
		p.email = s.email;
		p.phone = s.phone;
		p.obligation = s.obligation;
		p.representative = s.representative;
		if (s.rfc) p.rfc = s.rfc;
		p.v2 = {
			qualifiedCertificate: s.qualifiedCertificate,
			creditBureau: s.creditBureau,
			agendaProperties: s.agenda,
		};
		return p;
	});
	if (name) contract.name = name;
	contract.config = { ...contract.config, language, notificationType, ...(name ? { name } : {}) };
	contract.shield = shield;
	if (shield === 'shield1') credits.shield1--;
	if (shield === 'shield2') credits.shield2--;
	for (const sp of spectators) {
		const s = {
			_id: objectId(at),
			name: sp.name,
			email: sp.email,
			phone: sp.phone,
			linkExpirationDate: null,
			createdAt: contract.createdAt,
			jwt: '',
		};
		s.jwt = core.spectatorJwt(contract, s);
		contract.spectators.push(s);
	}
	core.event(contract, 'created-v2', `${signers.length} signer(s), shield ${shield}`);
	core.commit(contract);
	return { status: 200, json: { success: true, contractid: contract._id } };
}
