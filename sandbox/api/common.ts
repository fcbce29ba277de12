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
// What every resource module of the API uses: the route shape of the table, the answers, and the body readers.
import type { Core } from '../core';
import { assertPdf, docxToPdf } from '../documents';
import { objectBody, type Ctx, type Reply } from '../http';
import type { AttachmentState, ContractState, ParticipantState } from '../types';
import {
	badRequest,
	decodeBase64,
	describeValue,
	expectEnum,
	expectString,
	isPlainObject,
	isValidEmail,
	isValidPhone,
	parseFlag,
	rejectUnknownFields,
} from '../util';

export type ApiHandler = (ctx: Ctx, core: Core) => Reply | Promise<Reply>;

/** One route of the API: its methods and path pattern (`:name` parameters), the handler, multipart or not. */
export interface ApiRoute {
	methods: string[];
	pattern: string;
	handle: ApiHandler;
	/** Accept a multipart body (otherwise multipart → 400). */
	multipart?: boolean;
}

export const route = (
	methods: string[],
	pattern: string,
	handle: ApiHandler,
	options: { multipart?: boolean } = {},
): ApiRoute => ({ methods, pattern, handle, ...options });

export const ok = (json: unknown = { success: true }): Reply => ({ status: 200, json });

/** RFC (Mexican tax id) of a natural person (13 characters) and of a legal entity (12). */
export const RFC_INDIVIDUAL = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;
export const RFC_LEGAL = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/;

export function requireObject(ctx: Ctx, where: string): Record<string, unknown> {
	if (ctx.body === undefined) throw badRequest(`${where}: a JSON object body is required`);
	if (ctx.body === null) throw badRequest(`${where}: the body must be a JSON object, got null`);
	return objectBody(ctx, where);
}

/** Field `email`: a string holding a valid e-mail address, trimmed. */
export function expectEmail(value: unknown): string {
	const email = expectString(value, 'email').trim();
	if (!isValidEmail(email))
		throw badRequest(`Field 'email' is not a valid e-mail address: ${JSON.stringify(email)}`);
	return email;
}

/** Field `phone`: empty, or a valid phone number; trimmed. */
export function expectPhone(value: unknown): string {
	const phone = expectString(value, 'phone', { allowEmpty: true }).trim();
	if (phone && !isValidPhone(phone))
		throw badRequest(`Field 'phone' is not a valid phone number: ${JSON.stringify(phone)}`);
	return phone;
}

/** A flag from the query (when `fromQuery`) or else the body. */
export function flagQueryOrBody(
	ctx: Ctx,
	name: string,
	body: Record<string, unknown>,
	fromQuery = true,
): boolean {
	const q = fromQuery ? ctx.query.get(name) : null;
	if (q !== null) {
		if (q !== 'true' && q !== 'false')
			throw badRequest(`Query '${name}' must be true or false, got ${JSON.stringify(q)}`);
		return q === 'true';
	}
	return body[name] === undefined ? false : parseFlag(body[name], name);
}

/** A document for contract creation (type pdf|word) or an attachment (type pdf|docx), returned as PDF bytes. */
export async function readDocument(
	value: unknown,
	field: string,
	types: readonly string[],
	title: string,
): Promise<{ type: string; pdf: Buffer }> {
	if (!isPlainObject(value))
		throw badRequest(
			`Field '${field}' must be an object {type, data}, got ${describeValue(value)}`,
		);
	rejectUnknownFields(value, ['type', 'data'], `'${field}'`);
	const type = expectEnum(value.type, `${field}.type`, types);
	const bytes = decodeBase64(value.data, `${field}.data`);
	if (type === 'pdf') {
		await assertPdf(bytes, `${field}.data`);
		return { type, pdf: bytes };
	}
	return { type, pdf: await docxToPdf(bytes, `${field}.data`, title) };
}

/** 4.9 and 4.12: an attachment of a participant (p) or a confidential one (no p). */
export async function addAttachment(
	core: Core,
	c: ContractState,
	p: ParticipantState | undefined,
	body: Record<string, unknown>,
): Promise<Reply> {
	rejectUnknownFields(
		body,
		['name', 'filename', 'validated', 'required', 'document'],
		'the attachment',
	);
	const name = expectString(body.name, 'name', { max: 200 }).trim();
	const filename =
		body.filename === undefined
			? name
			: expectString(body.filename, 'filename', { max: 255 }).trim();
	const validated = body.validated === undefined ? false : parseFlag(body.validated, 'validated');
	const required = body.required === undefined ? false : parseFlag(body.required, 'required');
	const doc = await readDocument(body.document, 'document', ['pdf', 'docx'], name);
	if (p) core.lifecycle.assertConfigurable(c, 'add an attachment');
	const att = core.files.addAttachment(
		c,
		p,
		{
			name,
			filename,
			validated,
			required,
			documentType: doc.type as AttachmentState['documentType'],
		},
		doc.pdf,
	);
	return ok({ success: true, attachmentid: att._id });
}
