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
// Create V2 (spec 4.2 and Part 7) with the body a production TRATO client sends (trato-notes "Create V2"), as
// described in docs/api-notes.md "Create V2".
import { parseConfiguration } from './api';
import type { Core } from './core';
import { assertPdf, docxToPdf } from './documents';
import type { Ctx, Reply } from './http';
import { findTemplate } from './templates';
import type { ContractState, ParticipantState } from './types';
import {
	ApiError,
	badRequest,
	conflict,
	describeValue,
	isPlainObject,
	isValidEmail,
	isValidYmd,
	notFound,
	objectId,
	parseFlag,
	rejectUnknownFields,
} from './util';

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
export type CreateV2ErrorName = (typeof CREATE_V2_ERRORS)[number];

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

/** The MIME types a `file` data URI may carry, and the document kind each one is. */
const FILE_TYPES: Record<string, 'pdf' | 'word'> = {
	'application/pdf': 'pdf',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
};

/** A Part 7 refusal: TRATO's envelope with the error name in `error` (the sentence is for the variants). */
class V2Error extends ApiError {
	constructor(
		public readonly errorName: CreateV2ErrorName,
		public readonly sentence: string,
	) {
		super(400, errorName);
	}
}

/** The top-level fields of the body (trato-notes; `shield` and `spectators` as api-notes "Create V2" says). */
const BODY_FIELDS = [
	'name',
	'language',
	'expiryUndefined',
	'expiryStartDate',
	'expiryEndDate',
	'externalId',
	'showSignLinks',
	'notificationType',
	'ownerSelfSign',
	'signInOrder',
	'signatureType',
	'stampNom',
	'file',
	'templateid',
	'shield3Statement',
	'shield',
	'participants',
	'spectators',
];
/** Top-level fields that are 4.4 configuration fields (read by the configure endpoint's own parser). */
const CONFIG_FIELDS = [
	'name',
	'language',
	'expiryUndefined',
	'expiryStartDate',
	'expiryEndDate',
	'externalId',
	'notificationType',
	'ownerSelfSign',
	'signatureType',
	'stampNom',
];
const PARTICIPANT_FIELDS = [
	'obligation',
	'name',
	'last_name',
	'label',
	'email',
	'phone',
	'rfc',
	'representative',
	'requestAgreement',
	'signOrder',
	'isNotNegotiator',
	'isNotSigner',
	'signatures',
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
const BOX_FIELDS = ['page', 'top', 'left', 'width', 'height', 'customSize'];
const SPECTATOR_FIELDS = ['name', 'email', 'phone'];

function text(obj: Record<string, unknown>, key: string, where: string): string {
	const v = obj[key];
	if (v === undefined || v === null) return '';
	if (typeof v !== 'string')
		throw badRequest(`Field '${where}' must be a string, got ${describeValue(v)}`);
	return v.trim();
}

const flag = (obj: Record<string, unknown>, key: string, where: string): boolean =>
	obj[key] === undefined ? false : parseFlag(obj[key], where);

export interface SignatureBox {
	page: number;
	top: number;
	left: number;
	width: number;
	height: number;
	customSize: boolean;
}

interface Participant {
	obligation: 'individual' | 'legal';
	name: string;
	lastName: string;
	label: string;
	email: string;
	phone: string;
	rfc: string;
	representative: string;
	requestAgreement: boolean;
	signOrder: number;
	isNotNegotiator: boolean;
	isNotSigner: boolean;
	signatures: SignatureBox[];
	qualifiedCertificate: boolean;
	creditBureau: boolean;
	agenda: Record<string, string>;
}

function readBoxes(raw: unknown, at: string): SignatureBox[] {
	if (raw === undefined || raw === null) return [];
	if (!Array.isArray(raw)) throw badRequest(`Field '${at}' must be an array of signature boxes`);
	return raw.map((box, j) => {
		const where = `${at}[${j}]`;
		if (!isPlainObject(box))
			throw badRequest(`Field '${where}' must be an object {page, top, left, width, height}`);
		rejectUnknownFields(box, BOX_FIELDS, `'${where}'`);
		const num = (key: string, integer = false): number => {
			const v = box[key];
			if (
				typeof v !== 'number' ||
				!Number.isFinite(v) ||
				v < 0 ||
				(integer && !Number.isInteger(v))
			)
				throw badRequest(
					`Field '${where}.${key}' must be a ${integer ? 'non-negative integer' : 'non-negative number'}, got ${describeValue(v)}`,
				);
			return v;
		};
		return {
			page: num('page', true),
			top: num('top'),
			left: num('left'),
			width: num('width'),
			height: num('height'),
			customSize: flag(box, 'customSize', `${where}.customSize`),
		};
	});
}

function readParticipants(body: Record<string, unknown>): Participant[] {
	if (body.participants === undefined || body.participants === null) return [];
	if (!Array.isArray(body.participants))
		throw badRequest(
			`Field 'participants' must be an array, got ${describeValue(body.participants)}`,
		);
	return body.participants.map((raw, i) => {
		const at = `participants[${i}]`;
		if (!isPlainObject(raw)) throw badRequest(`Field '${at}' must be an object`);
		rejectUnknownFields(raw, PARTICIPANT_FIELDS, `'${at}'`);
		const obligation = raw.obligation === undefined ? 'individual' : raw.obligation;
		if (obligation !== 'individual' && obligation !== 'legal')
			throw badRequest(`Field '${at}.obligation' must be individual or legal`);
		let agendaRaw: Record<string, unknown> = {};
		if (raw.agendaProperties !== undefined && raw.agendaProperties !== null) {
			if (!isPlainObject(raw.agendaProperties))
				throw badRequest(`Field '${at}.agendaProperties' must be an object`);
			agendaRaw = raw.agendaProperties;
			rejectUnknownFields(agendaRaw, AGENDA_FIELDS, `'${at}.agendaProperties'`);
		}
		const agenda: Record<string, string> = {};
		for (const k of AGENDA_FIELDS) agenda[k] = text(agendaRaw, k, `${at}.agendaProperties.${k}`);
		const signOrder = raw.signOrder === undefined ? i : raw.signOrder;
		if (typeof signOrder !== 'number' || !Number.isInteger(signOrder) || signOrder < 0)
			throw badRequest(
				`Field '${at}.signOrder' must be an integer from 0, got ${describeValue(signOrder)}`,
			);
		return {
			obligation,
			name: text(raw, 'name', `${at}.name`),
			lastName: text(raw, 'last_name', `${at}.last_name`),
			label: text(raw, 'label', `${at}.label`),
			email: text(raw, 'email', `${at}.email`),
			phone: text(raw, 'phone', `${at}.phone`),
			rfc: text(raw, 'rfc', `${at}.rfc`).toUpperCase(),
			representative: text(raw, 'representative', `${at}.representative`),
			requestAgreement: flag(raw, 'requestAgreement', `${at}.requestAgreement`),
			signOrder,
			isNotNegotiator: flag(raw, 'isNotNegotiator', `${at}.isNotNegotiator`),
			isNotSigner: flag(raw, 'isNotSigner', `${at}.isNotSigner`),
			signatures: readBoxes(raw.signatures, `${at}.signatures`),
			qualifiedCertificate: flag(raw, 'qualifiedCertificate', `${at}.qualifiedCertificate`),
			creditBureau: flag(raw, 'creditBureau', `${at}.creditBureau`),
			agenda,
		};
	});
}

/** Part 7's rules for one participant, in the documented order; the first failing rule wins. */
function checkParticipant(s: Participant, i: number, sms: boolean): void {
	const refuse = (name: CreateV2ErrorName, sentence: string): never => {
		throw new V2Error(name, `Participant ${i + 1}: ${sentence}`);
	};
	if (!s.name) refuse('BlankName', 'name is empty');
	if (!s.email) refuse('BlankEmail', 'email is empty');
	if (!isValidEmail(s.email)) refuse('InvalidEmail', `"${s.email}" is not a valid e-mail address`);
	if (s.obligation === 'individual' && !s.lastName)
		refuse('MissingLastName', 'last_name is required for a natural person');
	if (sms && !s.phone) refuse('EmptyPhone', 'phone is required when notificationType has sms');
	if ((s.qualifiedCertificate || s.creditBureau) && !s.agenda.rfc)
		refuse(
			'EmptyRFC',
			'agendaProperties.rfc is required for a qualified certificate or a credit-bureau check',
		);
	for (const value of [s.rfc, s.agenda.rfc.toUpperCase()]) {
		if (!value) continue;
		if (s.obligation === 'individual' && !RFC_INDIVIDUAL.test(value))
			refuse(
				'WrongPhysicalPersonRFCFormat',
				`RFC "${value}" of a natural person must have 13 characters`,
			);
		if (s.obligation === 'legal' && !RFC_LEGAL.test(value))
			refuse(
				'WrongLegalPersonRFCFormat',
				`RFC "${value}" of a legal entity must have 12 characters`,
			);
	}
	if (!s.creditBureau) return;
	const a = s.agenda;
	const needed = 'is required for a credit-bureau check';
	if (!a.paternalLastName)
		refuse('EmptyPaternalLastName', `agendaProperties.paternalLastName ${needed}`);
	if (!a.maternalLastName)
		refuse('EmptyMaternalLastName', `agendaProperties.maternalLastName ${needed}`);
	if (!a.birthDate) refuse('EmptyBirthDate', `agendaProperties.birthDate ${needed}`);
	if (!isValidYmd(a.birthDate))
		throw badRequest(`Field 'participants[${i}].agendaProperties.birthDate' must be YYYY-MM-DD`);
	if (!a.zipcode) refuse('EmptyZipCode', `agendaProperties.zipcode ${needed}`);
	if (!a.state) refuse('EmptyState', `agendaProperties.state ${needed}`);
	if (!MX_STATES.includes(a.state))
		refuse(
			'InvalidStateFormat',
			`"${a.state}" is not an official Mexican federal entity abbreviation`,
		);
	if (!a.street) refuse('EmptyStreet', `agendaProperties.street ${needed}`);
	if (!a.city) refuse('EmptyCity', `agendaProperties.city ${needed}`);
	if (!a.suburb) refuse('EmptySuburb', `agendaProperties.suburb ${needed}`);
}

/** `file`: a data URI with the document's MIME type (trato-notes: unlike create v1's plain Base64). */
async function readFile(
	value: unknown,
	title: string,
): Promise<{ type: 'pdf' | 'word'; pdf: Buffer }> {
	if (typeof value !== 'string' || value.trim() === '')
		throw badRequest(`Field 'file' must be a data URI such as data:application/pdf;base64,…`);
	const m = /^data:([^;,]+);base64,(.*)$/s.exec(value.trim());
	if (!m)
		throw badRequest(
			`Field 'file' must be a data URI with its MIME type (data:application/pdf;base64,… or the Word MIME type), not plain Base64`,
		);
	const type = FILE_TYPES[m[1].toLowerCase()];
	if (!type)
		throw badRequest(
			`Field 'file' has the MIME type ${m[1]}; use application/pdf or ${Object.keys(FILE_TYPES)[1]}`,
		);
	const compact = m[2].replace(/[\r\n]/g, '');
	if (!compact || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact))
		throw badRequest(`Field 'file' does not carry valid Base64 after "base64,"`);
	const bytes = Buffer.from(compact, 'base64');
	if (type === 'pdf') {
		await assertPdf(bytes, 'file');
		return { type, pdf: bytes };
	}
	return { type, pdf: await docxToPdf(bytes, 'file', title) };
}

/** Create V2; a Part 7 refusal keeps its name in `error` unless the create-v2-error-field variant moves it. */
export async function createContractV2(core: Core, ctx: Ctx): Promise<Reply> {
	try {
		return await create(core, ctx);
	} catch (error) {
		const reshaped =
			error instanceof V2Error &&
			core.variants.createV2Error(error.status, error.errorName, error.sentence);
		if (reshaped) return reshaped;
		throw error;
	}
}

async function create(core: Core, ctx: Ctx): Promise<Reply> {
	const body = ctx.body;
	if (!isPlainObject(body))
		throw badRequest(`Create V2: the body must be a JSON object, got ${describeValue(body)}`);
	rejectUnknownFields(body, BODY_FIELDS, 'create contract v2');
	const settings = Object.fromEntries(
		Object.entries(body).filter(([key]) => CONFIG_FIELDS.includes(key)),
	);
	const config = Object.keys(settings).length ? parseConfiguration(settings) : {};
	config.language ??= 'es';
	config.notificationType ??= 'email';
	if (config.expiryUndefined === false && (!config.expiryStartDate || !config.expiryEndDate))
		throw badRequest(
			'expiryStartDate and expiryEndDate are required when expiryUndefined is false',
		);
	const showSignLinks = flag(body, 'showSignLinks', 'showSignLinks');
	const signInOrder = flag(body, 'signInOrder', 'signInOrder');
	const shield3Statement = text(body, 'shield3Statement', 'shield3Statement');
	const shield = body.shield === undefined ? 'none' : body.shield;
	if (shield !== 'none' && shield !== 'shield1' && shield !== 'shield2')
		throw badRequest(`Field 'shield' must be one of "none", "shield1", "shield2"`);
	const hasFile = body.file !== undefined && body.file !== null;
	const hasTemplate = body.templateid !== undefined && body.templateid !== null;
	if (hasFile === hasTemplate)
		throw badRequest(
			hasFile
				? "Send either 'file' or 'templateid', not both"
				: "Send 'file' (a data URI of the PDF or Word document) or 'templateid'",
		);
	const participants = readParticipants(body);
	if (body.spectators !== undefined && !Array.isArray(body.spectators))
		throw badRequest(`Field 'spectators' must be an array, got ${describeValue(body.spectators)}`);
	const spectators = ((body.spectators as unknown[] | undefined) ?? []).map((raw, i) => {
		const at = `spectators[${i}]`;
		if (!isPlainObject(raw)) throw badRequest(`Field '${at}' must be an object`);
		rejectUnknownFields(raw, SPECTATOR_FIELDS, `'${at}'`);
		return {
			name: text(raw, 'name', `${at}.name`),
			email: text(raw, 'email', `${at}.email`),
			phone: text(raw, 'phone', `${at}.phone`),
		};
	});

	// Part 7, in the documented order; the first failing rule wins
	const credits = core.store.credits;
	if (shield === 'shield1' && credits.shield1 <= 0)
		throw new V2Error('NotAvailableShield1', 'No shield-1 credits available');
	const needsShield2 = shield === 'shield2' || config.signatureType === 'shield2-certificate';
	if (needsShield2 && credits.shield2 <= 0)
		throw new V2Error('NotAvailableShield2', 'No shield-2 credits available');
	if (!participants.some((p) => !p.isNotSigner))
		throw new V2Error('MissingSigners', 'At least one participant must sign (isNotSigner false)');
	const sms = config.notificationType === 'sms' || config.notificationType === 'email-sms';
	participants.forEach((p, i) => checkParticipant(p, i, sms));
	const emails = new Set(participants.map((p) => p.email.toLowerCase()));
	spectators.forEach((sp, i) => {
		if (!isValidEmail(sp.email))
			throw new V2Error(
				'WrongEmailSpectator',
				`Spectator ${i + 1}: "${sp.email}" is not a valid e-mail address`,
			);
		if (emails.has(sp.email.toLowerCase()))
			throw new V2Error(
				'DistinctSpectatorParticipant',
				`Spectator ${i + 1}: ${sp.email} is also a participant`,
			);
	});

	// the document or the template
	let contract: ContractState;
	if (hasTemplate) {
		if (typeof body.templateid !== 'string' || !body.templateid.trim())
			throw badRequest(
				`Field 'templateid' must be a template ID, got ${describeValue(body.templateid)}`,
			);
		const template = findTemplate(body.templateid.trim());
		if (!template) throw notFound(`Template ${body.templateid.trim()} not found`);
		contract = core.createFromTemplate(template, 'v2');
	} else {
		const file = await readFile(body.file, config.name || 'Contract');
		contract = core.createFromDocument(file.pdf, file.type, 'v2');
	}
	const at = new Date(contract.createdAtMs);
	const fromTemplate = contract.participants;
	contract.participants = participants.map((s, i): ParticipantState => {
		const p =
			hasTemplate && fromTemplate[i]
				? fromTemplate[i]
				: core.blankParticipant(`Signer ${i + 1}`, at);
		if (s.label) p.label = s.label;
		p.name = s.name;
		if (s.lastName) p.lastName = s.lastName;
		p.email = s.email;
		p.phone = s.phone;
		p.obligation = s.obligation;
		p.representative = s.representative;
		if (s.rfc) p.rfc = s.rfc;
		p.v2 = {
			signOrder: s.signOrder,
			requestAgreement: s.requestAgreement,
			isNotNegotiator: s.isNotNegotiator,
			isNotSigner: s.isNotSigner,
			signatures: s.signatures,
			qualifiedCertificate: s.qualifiedCertificate,
			creditBureau: s.creditBureau,
			agendaProperties: s.agenda,
		};
		return p;
	});
	if (config.name) contract.name = config.name;
	if (config.externalId) contract.externalId = config.externalId;
	contract.config = { ...contract.config, ...config };
	contract.v2 = { signInOrder, showSignLinks, ...(shield3Statement ? { shield3Statement } : {}) };
	contract.shield = shield;

	// Created and sent in one call (api-notes "Create V2"), unless the create-v2-draft variant keeps a draft
	const send = !core.variants.has('create-v2-draft');
	const problems = send ? core.configurationProblems(contract) : [];
	if (problems.length)
		throw conflict(`Invalid contract configuration: ${problems.join('; ')}`, { errors: problems });
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
	core.event(contract, 'created-v2', `${participants.length} participant(s), shield ${shield}`);
	core.commit(contract);
	if (send) core.send(contract);
	const answer: Record<string, unknown> = { success: true, contractid: contract._id };
	if (showSignLinks && send)
		answer.contract = {
			participants: contract.participants.map((p) => ({
				participantid: p._id,
				signUrl: core.signUrl(contract, p),
			})),
		};
	return { status: 200, json: answer };
}
