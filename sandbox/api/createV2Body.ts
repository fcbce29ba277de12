/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
// The body of Create V2 (spec 4.2 and Part 7), read and checked: its fields, Part 7's error names and rules, the
// participants with their signature boxes, the document as a data URI.
import { assertPdf, docxToPdf } from '../documents';
import {
	ApiError,
	badRequest,
	describeValue,
	isPlainObject,
	isValidEmail,
	isValidYmd,
	parseFlag,
	rejectUnknownFields,
} from '../util';
import { RFC_INDIVIDUAL, RFC_LEGAL } from './common';

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
type CreateV2ErrorName = (typeof CREATE_V2_ERRORS)[number];

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

/** The MIME types a `file` data URI may carry, and the document kind each one is. */
const FILE_TYPES: Record<string, 'pdf' | 'word'> = {
	'application/pdf': 'pdf',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
};

/** A Part 7 refusal: TRATO's envelope with the error name in `error` (the sentence is for the variants). */
export class V2Error extends ApiError {
	constructor(
		public readonly errorName: CreateV2ErrorName,
		public readonly sentence: string,
	) {
		super(400, errorName);
	}
}

/** The top-level fields of the body (trato-notes; `shield` and `spectators` as api-notes "Create V2" says). */
export const BODY_FIELDS = [
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
export const CONFIG_FIELDS = [
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
export const SPECTATOR_FIELDS = ['name', 'email', 'phone'];

export function text(obj: Record<string, unknown>, key: string, where: string): string {
	const v = obj[key];
	if (v === undefined || v === null) return '';
	if (typeof v !== 'string')
		throw badRequest(`Field '${where}' must be a string, got ${describeValue(v)}`);
	return v.trim();
}

export const flag = (obj: Record<string, unknown>, key: string, where: string): boolean =>
	obj[key] === undefined ? false : parseFlag(obj[key], where);

interface SignatureBox {
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

export function readParticipants(body: Record<string, unknown>): Participant[] {
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
export function checkParticipant(s: Participant, i: number, sms: boolean): void {
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
export async function readFile(
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
