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
// The e-signature API of spec Part 4 (33 operations) plus GET /api/authentication, file downloads and signing pages.
import type { Core, ListQuery } from './core';
import { SIGNED_ALL } from './core';
import { createContractV2 } from './createV2';
import { assertPdf, docxToPdf } from './documents';
import type { Ctx, Reply, Router } from './http';
import { TEMPLATES, findTemplate } from './templates';
import { TRATO_TEXTS } from './tratoTexts';
import {
	CONTRACT_STATUSES,
	type AttachmentState,
	type ContractConfig,
	type ContractState,
	type ContractStatus,
	type DynamicTableValue,
	type ParticipantState,
} from './types';
import {
	OBJECT_ID,
	badRequest,
	conflict,
	decodeBase64,
	describeValue,
	expectEnum,
	expectString,
	isImage,
	isPlainObject,
	isValidEmail,
	isValidPhone,
	isValidYmd,
	notFound,
	objectId,
	parseDateBound,
	parseFlag,
	parseIsoTimestamp,
	rejectUnknownFields,
	sha256Hex,
} from './util';
import { listContracts, toDayBounds, type Variants } from './variants';

const ok = (json: unknown = { success: true }): Reply => ({ status: 200, json });

export function requireObject(ctx: Ctx, where: string): Record<string, unknown> {
	if (ctx.body === undefined) throw badRequest(`${where}: a JSON object body is required`);
	if (!isPlainObject(ctx.body))
		throw badRequest(`${where}: the body must be a JSON object, got ${describeValue(ctx.body)}`);
	return ctx.body;
}

function optionalObject(ctx: Ctx, where: string): Record<string, unknown> {
	if (ctx.body === undefined || ctx.body === null) return {};
	if (!isPlainObject(ctx.body))
		throw badRequest(`${where}: the body must be a JSON object, got ${describeValue(ctx.body)}`);
	return ctx.body;
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

/** The configuration fields of 4.4 (also the top-level settings of a Create V2 body). */
export function parseConfiguration(body: Record<string, unknown>): ContractConfig {
	const flags = [
		'validationRequired',
		'hasShield3AutoValidation',
		'negotiate',
		'allowAttachments',
		'stampNom',
		'password',
		'expiryUndefined',
		'ownerSelfSign',
	] as const;
	const allowed = [
		'name',
		'language',
		'notificationType',
		'signatureType',
		'blockchainType',
		'expiryStartDate',
		'expiryEndDate',
		'externalId',
		'webhook',
		...flags,
	];
	rejectUnknownFields(body, allowed, 'the contract configuration');
	if (Object.keys(body).length === 0)
		throw badRequest('The configuration body has no field to set');
	const cfg: ContractConfig = {};
	if (body.name !== undefined) cfg.name = expectString(body.name, 'name', { max: 300 }).trim();
	if (body.language !== undefined)
		cfg.language = expectEnum(body.language, 'language', ['es', 'en']);
	if (body.notificationType !== undefined)
		cfg.notificationType = expectEnum(body.notificationType, 'notificationType', [
			'email',
			'sms',
			'email-sms',
			'none',
		]);
	if (body.signatureType !== undefined) {
		cfg.signatureType = expectEnum(body.signatureType, 'signatureType', [
			'autograph',
			'certificate',
			'none',
			'shield2-certificate',
		]);
	}
	if (body.blockchainType !== undefined)
		cfg.blockchainType = expectEnum(body.blockchainType, 'blockchainType', ['basic', 'none']);
	for (const f of flags) if (body[f] !== undefined) cfg[f] = parseFlag(body[f], f);
	for (const f of ['expiryStartDate', 'expiryEndDate'] as const) {
		if (body[f] === undefined) continue;
		const v = expectString(body[f], f, { allowEmpty: true });
		if (v !== '' && !isValidYmd(v))
			throw badRequest(
				`Field '${f}' must be a date in the format YYYY-MM-DD, got ${JSON.stringify(v)}`,
			);
		cfg[f] = v || undefined;
	}
	if (body.externalId !== undefined)
		cfg.externalId = expectString(body.externalId, 'externalId', { allowEmpty: true, max: 200 });
	if (body.webhook !== undefined)
		cfg.webhook = expectString(body.webhook, 'webhook', { allowEmpty: true, max: 2000 });
	return cfg;
}

const RFC_INDIVIDUAL = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;
const RFC_LEGAL = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/;

function participantView(core: Core, c: ContractState, p: ParticipantState) {
	const sent = Boolean(c.sentAt) && c.status !== '';
	return {
		participantid: p._id,
		editable: {
			name: p.name,
			email: p.email,
			phone: p.phone,
			obligation: p.obligation,
			representative: p.representative,
		},
		information: {
			label: p.label,
			variables: Object.keys(p.variables).length,
			attachments: p.attachments.length,
			status: core.variants.participantStatus(p.status),
			address: p.address,
			geolocation: p.status === 'SIGNED' ? (p.geolocation ?? null) : null,
			ip: p.status === 'SIGNED' ? (p.ip ?? '') : '',
			signedAt: p.status === 'SIGNED' ? (p.signedAt ?? '') : '',
			signatureLink: sent ? core.signUrl(c, p) : '',
		},
	};
}

async function updateParticipant(
	core: Core,
	c: ContractState,
	p: ParticipantState,
	body: Record<string, unknown>,
): Promise<Reply> {
	const allowed = [
		'name',
		'email',
		'phone',
		'rfc',
		'customMessage',
		'requestVeridoc',
		'requestIne',
		'requestLocation',
		'requestOneTimePassword',
		'obligation',
		'representative',
		'selfie',
		'linkExpirationDate',
	];
	rejectUnknownFields(body, allowed, 'the participant update');
	if (Object.keys(body).length === 0)
		throw badRequest('The participant update has no field to set');
	const next: Partial<ParticipantState> = {};
	if (body.name !== undefined) next.name = expectString(body.name, 'name', { max: 200 }).trim();
	if (body.email !== undefined) {
		const email = expectString(body.email, 'email').trim();
		if (!isValidEmail(email))
			throw badRequest(`Field 'email' is not a valid e-mail address: ${JSON.stringify(email)}`);
		next.email = email;
	}
	if (body.phone !== undefined) {
		const phone = expectString(body.phone, 'phone', { allowEmpty: true }).trim();
		if (phone && !isValidPhone(phone))
			throw badRequest(`Field 'phone' is not a valid phone number: ${JSON.stringify(phone)}`);
		next.phone = phone;
	}
	if (body.obligation !== undefined)
		next.obligation = expectEnum(body.obligation, 'obligation', ['individual', 'legal']);
	if (body.representative !== undefined)
		next.representative = expectString(body.representative, 'representative', {
			allowEmpty: true,
			max: 200,
		}).trim();
	if (body.rfc !== undefined) {
		const rfc = expectString(body.rfc, 'rfc', { allowEmpty: true }).trim().toUpperCase();
		const obligation = next.obligation ?? p.obligation;
		if (rfc && !(obligation === 'legal' ? RFC_LEGAL : RFC_INDIVIDUAL).test(rfc)) {
			throw badRequest(
				obligation === 'legal'
					? `Field 'rfc' must have 12 characters for a legal entity (3 letters, 6 date digits, 3 homoclave), got ${JSON.stringify(rfc)}`
					: `Field 'rfc' must have 13 characters for a natural person (4 letters, 6 date digits, 3 homoclave), got ${JSON.stringify(rfc)}`,
			);
		}
		next.rfc = rfc;
	}
	if (body.customMessage !== undefined)
		next.customMessage = expectString(body.customMessage, 'customMessage', {
			allowEmpty: true,
			max: 2000,
		});
	for (const f of [
		'requestVeridoc',
		'requestIne',
		'requestLocation',
		'requestOneTimePassword',
	] as const) {
		if (body[f] !== undefined) next[f] = parseFlag(body[f], f);
	}
	if (body.selfie !== undefined) {
		const bytes = decodeBase64(body.selfie, 'selfie');
		if (!isImage(bytes))
			throw badRequest("Field 'selfie' must be a Base64 PNG, JPEG, GIF or WebP image");
		next.selfie = { size: bytes.length, sha256: sha256Hex(bytes) };
	}
	if (body.linkExpirationDate !== undefined)
		next.linkExpirationDate = parseIsoTimestamp(body.linkExpirationDate, 'linkExpirationDate');
	core.assertConfigurable(c, 'update the participant');
	Object.assign(p, next);
	core.event(c, 'participant-updated', `${p.label}: ${Object.keys(next).join(', ')}`);
	core.touch(c);
	return ok();
}

async function addAttachment(
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
	if (p) core.assertConfigurable(c, 'add an attachment');
	const att = core.addAttachment(
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

function setVariables(
	core: Core,
	c: ContractState,
	p: ParticipantState,
	body: Record<string, unknown>,
): Reply {
	const keys = Object.keys(body);
	if (keys.length === 0) throw badRequest('The body has no variable to set');
	const known = Object.keys(p.variables);
	const updates: Array<[string, string | DynamicTableValue]> = [];
	for (const ref of keys) {
		const v = p.variables[ref];
		if (!v) {
			throw badRequest(
				`Unknown variable '${ref}' for participant ${p._id} (${p.label}); known: ${known.length ? known.join(', ') : 'none'}`,
			);
		}
		const value = body[ref];
		if (v.type === 'text') {
			updates.push([ref, expectString(value, ref, { allowEmpty: true, max: 10_000 })]);
		} else if (v.type === 'image') {
			const bytes = decodeBase64(value, ref);
			if (!isImage(bytes))
				throw badRequest(
					`Variable '${ref}' is an image: send a Base64 PNG, JPEG, GIF or WebP image`,
				);
			updates.push([ref, (value as string).replace(/[\r\n]/g, '')]);
		} else {
			if (!isPlainObject(value))
				throw badRequest(
					`Variable '${ref}' is a dynamic table: send {headers, rows} or {} (got ${describeValue(value)})`,
				);
			if (Object.keys(value).length === 0) {
				updates.push([ref, {}]);
				continue;
			}
			rejectUnknownFields(value, ['headers', 'rows'], `dynamic table '${ref}'`);
			const headers = value.headers;
			if (
				!Array.isArray(headers) ||
				headers.length === 0 ||
				headers.some((h) => typeof h !== 'string')
			) {
				throw badRequest(`Dynamic table '${ref}': headers must be a non-empty array of strings`);
			}
			const rows = value.rows ?? [];
			if (!Array.isArray(rows))
				throw badRequest(`Dynamic table '${ref}': rows must be an array of {cols: string[]}`);
			const cleanRows = rows.map((row, i) => {
				if (
					!isPlainObject(row) ||
					!Array.isArray(row.cols) ||
					row.cols.some((x) => typeof x !== 'string')
				) {
					throw badRequest(`Dynamic table '${ref}': rows[${i}] must be {cols: string[]}`);
				}
				if (row.cols.length !== headers.length) {
					throw badRequest(
						`Dynamic table '${ref}': rows[${i}] has ${row.cols.length} cols, the table has ${headers.length} headers`,
					);
				}
				return { cols: row.cols as string[] };
			});
			updates.push([ref, { headers: headers as string[], rows: cleanRows }]);
		}
	}
	core.assertConfigurable(c, 'set variables');
	for (const [ref, value] of updates) p.variables[ref].value = value;
	c.docVersion++;
	core.event(c, 'variables-set', `${p.label}: ${keys.join(', ')}`);
	core.touch(c);
	return ok();
}

function parseListQuery(
	q: URLSearchParams,
	v: Variants,
	datePrecision: 'ms' | 'day' = 'ms',
): ListQuery {
	const intParam = (name: string, def: number, max?: number): number => {
		const raw = q.get(name);
		if (raw === null || raw === '') return def;
		if (!/^\d+$/.test(raw) || Number(raw) < 1)
			throw badRequest(`Query '${name}' must be a positive integer, got ${JSON.stringify(raw)}`);
		const n = Number(raw);
		if (max !== undefined && n > max)
			throw badRequest(`Query '${name}' must be at most ${max}, got ${n}`);
		return n;
	};
	const query: ListQuery = { page: intParam('page', 1), perPage: intParam('perPage', 20, 200) };
	const status = q.get('statusContract');
	if (status) {
		if (!(CONTRACT_STATUSES as readonly string[]).includes(status)) {
			throw badRequest(
				`Query 'statusContract' must be one of ${CONTRACT_STATUSES.filter(Boolean).join(', ')}, got ${JSON.stringify(status)}`,
			);
		}
		query.status = status as ContractStatus;
	}
	const start = q.get('dateStart');
	const end = q.get('dateEnd');
	if (start) query.fromMs = parseDateBound(start, 'dateStart', false);
	if (end) query.toMs = parseDateBound(end, 'dateEnd', true);
	// test quirk: only the date part of the bounds counts (start of that day / end of that day, UTC)
	if (v.dayBounds(datePrecision)) toDayBounds(query);
	if (query.fromMs !== undefined && query.toMs !== undefined && query.fromMs > query.toMs)
		throw badRequest('dateStart is after dateEnd');
	v.strictBounds(query);
	const email = q.get('emailParticipant');
	if (email) query.email = email.trim();
	const ps = q.get('statusParticipant');
	if (ps) {
		const status = v.participantStatusFilter(ps);
		if (status === null) query.matchesNothing = true;
		else query.participantStatus = status;
	}
	const vars = q.get('participantVariables');
	if (vars) {
		query.variables = vars
			.split(';')
			.filter((s) => s.trim() !== '')
			.map((pair) => {
				const i = pair.indexOf('|');
				if (i <= 0)
					throw badRequest(
						`Query 'participantVariables' must be name|value pairs separated by ';', got ${JSON.stringify(pair)}`,
					);
				return [pair.slice(0, i), pair.slice(i + 1)] as [string, string];
			});
	}
	// any id: an unknown one matches nothing (ids are not checked for a length, trato-notes "Ids and statuses")
	const templateId = q.get('templateId');
	if (templateId) query.templateId = templateId;
	return query;
}

/** A flag from the query (when `fromQuery`) or else the body. */
function flagQueryOrBody(
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

function property(c: ContractState, id: string) {
	if (!OBJECT_ID.test(id))
		throw badRequest(`Invalid property id '${id}': expected 24 hexadecimal characters`);
	const prop = c.properties.find((x) => x._id === id);
	if (!prop) throw notFound(`Custom property ${id} not found in contract ${c._id}`);
	return prop;
}

function spectator(c: ContractState, id: string) {
	if (!OBJECT_ID.test(id))
		throw badRequest(`Invalid spectator id '${id}': expected 24 hexadecimal characters`);
	const s = c.spectators.find((x) => x._id === id);
	if (!s) throw notFound(`Spectator ${id} not found in contract ${c._id}`);
	return s;
}

function spectatorFields(body: Record<string, unknown>, partial: boolean) {
	rejectUnknownFields(body, ['name', 'email', 'phone', 'linkExpirationDate'], 'the spectator');
	if (partial && Object.keys(body).length === 0)
		throw badRequest('The spectator update has no field to set');
	const out: { name?: string; email?: string; phone?: string; linkExpirationDate?: string | null } =
		{};
	if (body.name !== undefined || !partial)
		out.name = expectString(body.name, 'name', { max: 200 }).trim();
	if (body.email !== undefined || !partial) {
		const email = expectString(body.email, 'email').trim();
		if (!isValidEmail(email))
			throw badRequest(`Field 'email' is not a valid e-mail address: ${JSON.stringify(email)}`);
		out.email = email;
	}
	if (body.phone !== undefined) {
		const phone = expectString(body.phone, 'phone', { allowEmpty: true }).trim();
		if (phone && !isValidPhone(phone))
			throw badRequest(`Field 'phone' is not a valid phone number: ${JSON.stringify(phone)}`);
		out.phone = phone;
	}
	if (body.linkExpirationDate !== undefined) {
		out.linkExpirationDate =
			body.linkExpirationDate === null || body.linkExpirationDate === ''
				? null
				: parseIsoTimestamp(body.linkExpirationDate, 'linkExpirationDate');
	}
	return out;
}

function fileReply(core: Core, fileId: string, data: Buffer): Reply {
	const file = core.store.files.get(fileId)!;
	return {
		status: 200,
		body: data,
		contentType: file.contentType,
		headers: {
			'Content-Disposition': `inline; filename="${file.name}"`,
			'Cache-Control': 'no-store',
		},
	};
}

function escapeHtml(s: string): string {
	return s.replace(
		/[&<>"']/g,
		(ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
	);
}

export function registerApi(router: Router, core: Core): void {
	const get = (
		pattern: string,
		handler: (ctx: Ctx) => Reply | Promise<Reply>,
		extra: { multipart?: boolean } = {},
	) => router.add({ methods: ['GET'], pattern, auth: true, handler, ...extra });
	const post = (
		pattern: string,
		handler: (ctx: Ctx) => Reply | Promise<Reply>,
		extra: { multipart?: boolean } = {},
	) => router.add({ methods: ['POST'], pattern, auth: true, handler, ...extra });
	const route = (
		methods: string[],
		pattern: string,
		handler: (ctx: Ctx) => Reply | Promise<Reply>,
	) => router.add({ methods, pattern, auth: true, handler });

	get('/api/authentication', (ctx) => ok({ success: true, authenticatedWith: ctx.auth }));

	// 4.1, with TRATO's own texts (trato-notes "Error answers"): a template ID is required for both sources
	post('/api/create/contract', async (ctx) => {
		const body = requireObject(ctx, 'Create contract');
		rejectUnknownFields(body, ['source', 'templateid', 'document'], 'create contract');
		if (body.source === undefined || body.source === null || body.source === '')
			throw badRequest(TRATO_TEXTS.sourceRequired);
		const source = expectEnum(body.source, 'source', ['template', 'document']);
		if (body.templateid === undefined || body.templateid === null || body.templateid === '')
			throw badRequest(TRATO_TEXTS.templateIdRequired);
		const templateId = expectString(body.templateid, 'templateid').trim();
		if (source === 'template' && body.document !== undefined)
			throw badRequest("Field 'document' is only allowed when source is document");
		const template = findTemplate(templateId);
		if (!template) throw notFound(`Template ${templateId} not found`);
		if (source === 'template') {
			const c = core.commit(core.createFromTemplate(template));
			return ok({ success: true, contractid: c._id });
		}
		const doc = isPlainObject(body.document) ? body.document : {};
		if (body.document !== undefined && !isPlainObject(body.document))
			throw badRequest(`Field 'document' must be an object {type, data}`);
		if (doc.type === undefined || doc.type === null || doc.type === '')
			throw badRequest(TRATO_TEXTS.documentTypeRequired);
		if (doc.data === undefined || doc.data === null || doc.data === '')
			throw badRequest(TRATO_TEXTS.documentDataRequired);
		const read = await readDocument(doc, 'document', ['pdf', 'word'], 'Contract');
		const c = core.commit(core.createFromDocument(read.pdf, read.type as 'pdf' | 'word'));
		return ok({ success: true, contractid: c._id });
	});

	// 4.2
	post('/api/v2/create/contract', (ctx) => createContractV2(core, ctx));

	// 4.3
	get('/api/contract/status/:contractId', async (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return ok({
			name: c.name,
			status: c.status,
			createdAt: core.variants.time(c.createdAt),
			pdf: await core.statusPdf(c),
			signedAt: c.signedAt,
			externalId: c.externalId ?? '',
		});
	});

	// 4.4
	post('/api/contract/configuration/:contractId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		core.configure(c, parseConfiguration(requireObject(ctx, 'Configure contract')));
		return ok();
	});

	// 4.5
	get('/api/contract/variables/:contractId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return ok({
			contractid: c._id,
			name: c.name,
			participants: c.participants.map((p) => ({
				participantid: p._id,
				name: p.name,
				label: p.label,
				variables: Object.fromEntries(
					Object.entries(p.variables).map(([ref, v]) => [
						ref,
						v.type === 'text'
							? { name: v.name, value: v.value }
							: { name: v.name, value: v.value, type: v.type },
					]),
				),
				attachments: Object.fromEntries(
					p.attachments.map((a) => [
						a._id,
						{
							_id: a._id,
							name: a.name,
							filename: a.filename,
							validated: a.validated,
							required: a.required,
						},
					]),
				),
			})),
		});
	});

	// 4.6 (and the configuration path of its heading, api-notes R3)
	const setVars = (ctx: Ctx) => {
		const c = core.contract(ctx.params.contractId);
		const p = core.participant(c, ctx.params.participantId);
		return setVariables(core, c, p, requireObject(ctx, 'Set variables'));
	};
	post('/api/contract/variables/:contractId/:participantId', setVars);
	post('/api/contract/configuration/:contractId/:participantId', setVars);

	// 4.7 / 4.8
	get('/api/contract/participant/:contractId/:participantId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return ok(participantView(core, c, core.participant(c, ctx.params.participantId)));
	});
	post('/api/contract/participant/:contractId/:participantId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return updateParticipant(
			core,
			c,
			core.participant(c, ctx.params.participantId),
			requireObject(ctx, 'Update participant'),
		);
	});

	// 4.9 (and the participant update sample on the same path, api-notes R4)
	post('/api/contract/attachments/:contractId/:participantId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const p = core.participant(c, ctx.params.participantId);
		const body = requireObject(ctx, 'Add participant attachment');
		return body.document !== undefined
			? addAttachment(core, c, p, body)
			: updateParticipant(core, c, p, body);
	});

	// 4.10
	post('/api/contract/send/:contractId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const body = optionalObject(ctx, 'Send to signature');
		rejectUnknownFields(body, ['showSignLinks'], 'send to signature');
		const inQuery = !core.variants.has('sign-links-in-body');
		const show = flagQueryOrBody(ctx, 'showSignLinks', body, inQuery);
		core.send(c);
		if (!show) return ok();
		return ok({
			success: true,
			contract: {
				participants: c.participants.map((p) => ({
					participantid: p._id,
					signUrl: core.signUrl(c, p),
				})),
			},
		});
	});

	// 4.11 (GET and POST, api-notes R2)
	route(['GET', 'POST'], '/api/contract/documents/:contractId', async (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const body = optionalObject(ctx, 'Get signed documents');
		rejectUnknownFields(body, ['partial'], 'get signed documents');
		return ok(await core.signedDocuments(c, flagQueryOrBody(ctx, 'partial', body)));
	});

	// 4.12 / 4.13
	post('/api/contracts/:contractId/confidential-attachments', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return addAttachment(core, c, undefined, requireObject(ctx, 'Add confidential attachment'));
	});
	route(['DELETE'], '/api/contracts/:contractId/confidential-attachments/:attachmentId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const id = ctx.params.attachmentId;
		if (!OBJECT_ID.test(id))
			throw badRequest(`Invalid attachment id '${id}': expected 24 hexadecimal characters`);
		const i = c.confidentialAttachments.findIndex((a) => a._id === id);
		if (i < 0) throw notFound(`Confidential attachment ${id} not found in contract ${c._id}`);
		const [removed] = c.confidentialAttachments.splice(i, 1);
		core.event(c, 'confidential-attachment-deleted', removed.name);
		core.touch(c);
		return ok();
	});

	// 4.14
	get('/api/list/contracts', (ctx) => {
		const q = parseListQuery(ctx.query, core.variants, core.listDatePrecision);
		const { items, total } = listContracts(core, q);
		return {
			status: 200,
			json: core.variants.listBody(
				'contracts',
				items.map((c) => {
					const item: Record<string, string> = {
						createdAt: core.variants.time(c.createdAt),
						name: c.name,
						_id: c._id,
						status: c.status,
					};
					if (c.externalId) item.externalId = c.externalId;
					return item;
				}),
			),
			headers: { 'X-Total-Pages': Math.ceil(total / q.perPage), 'X-Total-Documents': total },
		};
	});

	// 4.15 – 4.18
	get('/api/contract/pending/:contractId', (ctx) => {
		core.remind(core.contract(ctx.params.contractId));
		return ok();
	});
	post('/api/contract/archive/:contractId', (ctx) => {
		core.archive(core.contract(ctx.params.contractId));
		return ok();
	});
	route(['DELETE', 'POST'], '/api/contract/cancel/:contractId', (ctx) => {
		core.cancel(core.contract(ctx.params.contractId));
		return ok();
	});
	post('/api/contract/finalize/:contractId', (ctx) => {
		core.finalize(core.contract(ctx.params.contractId));
		return ok();
	});

	// 4.19
	post(
		'/api/contracts/:contractId/validate/nom151',
		(ctx) => {
			const c = core.contract(ctx.params.contractId);
			if (!ctx.multipart)
				throw badRequest(
					"Send the certificate as multipart/form-data with a file part named 'nom151'",
				);
			const part = ctx.multipart.find((p) => p.name === 'nom151');
			if (!part) {
				throw badRequest(
					`Multipart part 'nom151' is missing (parts received: ${ctx.multipart.map((p) => p.name).join(', ') || 'none'})`,
				);
			}
			return ok(core.validateNom151(c, part.data));
		},
		{ multipart: true },
	);

	// 4.20 custom properties
	post('/api/contracts/:contractId/customproperties', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const body = requireObject(ctx, 'Create custom properties');
		rejectUnknownFields(body, ['properties'], 'create custom properties');
		if (!Array.isArray(body.properties) || body.properties.length === 0) {
			throw badRequest("Field 'properties' must be a non-empty array of {name, value}");
		}
		if (body.properties.length > 100)
			throw badRequest("Field 'properties' accepts at most 100 entries per call");
		const created = body.properties.map((item, i) => {
			if (!isPlainObject(item))
				throw badRequest(`properties[${i}] must be an object {name, value}`);
			rejectUnknownFields(item, ['name', 'value'], `properties[${i}]`);
			return {
				_id: objectId(core.now()),
				name: expectString(item.name, `properties[${i}].name`, { max: 200 }).trim(),
				value: expectString(item.value, `properties[${i}].value`, { allowEmpty: true, max: 5000 }),
			};
		});
		c.properties.push(...created);
		core.event(c, 'properties-created', created.map((p) => p.name).join(', '));
		core.touch(c);
		return ok();
	});
	get('/api/contracts/:contractId/customproperties', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return ok({
			contractId: c._id,
			properties: c.properties.map((p) => core.variants.property(p)),
		});
	});
	route(['PUT'], '/api/contracts/:contractId/:propertyId/customproperties', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const prop = property(c, ctx.params.propertyId);
		const body = requireObject(ctx, 'Update custom property');
		rejectUnknownFields(body, ['name', 'value'], 'update custom property');
		if (body.name === undefined && body.value === undefined)
			throw badRequest('Send name and/or value');
		const name =
			body.name === undefined ? prop.name : expectString(body.name, 'name', { max: 200 }).trim();
		const value =
			body.value === undefined
				? prop.value
				: expectString(body.value, 'value', { allowEmpty: true, max: 5000 });
		prop.name = name;
		prop.value = value;
		core.touch(c);
		return ok();
	});
	route(['DELETE'], '/api/contracts/:contractId/:propertyId/customproperties', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const prop = property(c, ctx.params.propertyId);
		c.properties = c.properties.filter((p) => p !== prop);
		core.touch(c);
		return ok();
	});

	// 4.21 spectators
	get('/api/contracts/:contractId/spectators', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return ok(
			core.variants.listBody(
				'spectators',
				c.spectators.map((s) => ({
					_id: s._id,
					name: s.name,
					email: s.email,
					phone: s.phone,
					linkExpirationDate: s.linkExpirationDate,
					attachments: [],
					jwt: s.jwt,
				})),
			),
		);
	});
	post('/api/contracts/:contractId/spectators', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const f = spectatorFields(requireObject(ctx, 'Create spectator'), false);
		if (c.spectators.some((s) => s.email.toLowerCase() === f.email!.toLowerCase())) {
			throw conflict(`${f.email} is already a spectator of contract ${c._id}`);
		}
		const s = {
			_id: objectId(core.now()),
			name: f.name!,
			email: f.email!,
			phone: f.phone ?? '',
			linkExpirationDate: f.linkExpirationDate ?? null,
			createdAt: core.nowIso(),
			jwt: '',
		};
		s.jwt = core.spectatorJwt(c, s);
		c.spectators.push(s);
		core.event(c, 'spectator-added', s.email);
		core.touch(c);
		return ok();
	});
	route(['PUT'], '/api/contracts/:contractId/spectators/:spectatorId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const s = spectator(c, ctx.params.spectatorId);
		const f = spectatorFields(requireObject(ctx, 'Update spectator'), true);
		if (
			f.email &&
			c.spectators.some((x) => x !== s && x.email.toLowerCase() === f.email!.toLowerCase())
		) {
			throw conflict(`${f.email} is already a spectator of contract ${c._id}`);
		}
		Object.assign(s, Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)));
		s.jwt = core.spectatorJwt(c, s);
		core.touch(c);
		return ok();
	});
	route(['DELETE'], '/api/contracts/:contractId/spectators/:spectatorId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const s = spectator(c, ctx.params.spectatorId);
		c.spectators = c.spectators.filter((x) => x !== s);
		core.event(c, 'spectator-removed', s.email);
		core.touch(c);
		return ok();
	});

	// 4.22
	post('/api/sign-url/renew', (ctx) => {
		const body = requireObject(ctx, 'Renew signing link');
		rejectUnknownFields(body, ['url'], 'renew signing link');
		return ok({ success: true, url: core.renewSignUrl(expectString(body.url, 'url')) });
	});

	// 4.23
	post('/api/contracts/:contractId/participants/:participantId/change-email', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const p = core.participant(c, ctx.params.participantId);
		const body = requireObject(ctx, 'Change participant e-mail');
		rejectUnknownFields(
			body,
			['obligation', 'email', 'phone', 'name', 'lastName', 'representative'],
			'change participant e-mail',
		);
		const obligation =
			body.obligation === undefined
				? p.obligation
				: expectEnum(body.obligation, 'obligation', ['individual', 'legal']);
		const email = expectString(body.email, 'email').trim();
		if (!isValidEmail(email))
			throw badRequest(`Field 'email' is not a valid e-mail address: ${JSON.stringify(email)}`);
		if (body.lastName !== undefined && obligation !== 'individual')
			throw badRequest("Field 'lastName' is only allowed when obligation is individual");
		if (body.representative !== undefined && obligation !== 'legal')
			throw badRequest("Field 'representative' is only allowed when obligation is legal");
		const name =
			body.name === undefined ? undefined : expectString(body.name, 'name', { max: 200 }).trim();
		const lastName =
			body.lastName === undefined
				? undefined
				: expectString(body.lastName, 'lastName', { max: 200 }).trim();
		const representative =
			body.representative === undefined
				? undefined
				: expectString(body.representative, 'representative', { max: 200 }).trim();
		let phone: string | undefined;
		if (body.phone !== undefined) {
			phone = expectString(body.phone, 'phone', { allowEmpty: true }).trim();
			if (phone && !isValidPhone(phone))
				throw badRequest(`Field 'phone' is not a valid phone number: ${JSON.stringify(phone)}`);
		}
		if (
			!c.sentAt ||
			![
				'SENT_TO_SIGN',
				'NEGOTIATION',
				'NEGOTIATED',
				'SENT_TO_FILL',
				'SENT_TO_ACCEPT',
				'AUTHORIZE',
			].includes(c.status)
		) {
			throw conflict(
				`Changing the e-mail is for a contract in progress; contract ${c._id} is ${c.status || '"" (draft)'}${c.status === '' ? ' (use update participant before sending)' : ''}`,
			);
		}
		if (p.status === 'SIGNED') throw conflict(`Participant ${p._id} has already signed`);
		if (c.participants.some((x) => x !== p && x.email.toLowerCase() === email.toLowerCase())) {
			throw conflict(`Another participant of contract ${c._id} already uses ${email}`);
		}
		const previous = p.email;
		p.email = email;
		p.obligation = obligation;
		if (name !== undefined) p.name = name;
		if (lastName !== undefined) p.lastName = lastName;
		if (obligation === 'legal') delete p.lastName;
		if (representative !== undefined) p.representative = representative;
		if (obligation === 'individual') p.representative = '';
		if (phone !== undefined) p.phone = phone;
		core.renewToken(c, p);
		core.event(c, 'email-changed', `${previous} -> ${email}`);
		core.touch(c);
		return ok();
	});

	// 4.24
	post('/api/contracts/:contractId/package', async (ctx) => {
		const c = core.contract(ctx.params.contractId);
		const pkg = await core.packageZip(c);
		return {
			status: 200,
			body: pkg.data,
			contentType: 'application/zip',
			headers: { 'Content-Disposition': `attachment; filename="${pkg.fileName}"` },
		};
	});

	// 4.25
	post('/api/contracts/:contractId/stamp-shield2-certificate', (ctx) => {
		core.stampShield2(core.contract(ctx.params.contractId));
		return ok();
	});

	// 4.26
	get('/api/list/templates', (ctx) => {
		const name = ctx.query.get('name')?.trim().toLowerCase();
		const start = ctx.query.get('dateStart');
		const end = ctx.query.get('dateEnd');
		const v = core.variants;
		const b = {
			fromMs: start ? parseDateBound(start, 'dateStart', false) : -Infinity,
			toMs: end ? parseDateBound(end, 'dateEnd', true) : Infinity,
		};
		v.strictBounds(b);
		const matches = TEMPLATES.filter(
			(t) =>
				(!name || t.name.toLowerCase().includes(name)) &&
				Date.parse(t.createdAt) >= b.fromMs &&
				Date.parse(t.createdAt) <= b.toMs,
		);
		// a bare array of {createdAt, name, templateId} with 24-hex string ids, as TRATO answers (trato-notes)
		return ok(
			matches
				.slice()
				.sort((a, c) => c.createdAt.localeCompare(a.createdAt))
				.map((t) => ({ createdAt: v.time(t.createdAt), name: t.name, templateId: t.templateId })),
		);
	});

	// 4.27
	get('/api/contract/milestones/:contractId', (ctx) => {
		const c = core.contract(ctx.params.contractId);
		return ok({ contractid: c._id, milestones: core.variants.milestones(core.milestones(c)) });
	});

	// Protected files (api-notes S10, file protection on)
	get('/uploads/:fileId', async (ctx) => {
		const id = ctx.params.fileId;
		const file = OBJECT_ID.test(id) ? core.store.files.get(id) : undefined;
		if (!file) throw notFound(`File ${id} not found`);
		return fileReply(core, file.id, await core.fileBytes(file));
	});

	// Participant signing page (no auth: the token is the credential)
	router.add({
		methods: ['GET'],
		pattern: '/sign/:token',
		auth: false,
		handler: (ctx) => {
			const ref = core.store.tokens.get(ctx.params.token);
			const c = ref && core.store.contracts.get(ref.contractId);
			const p = c?.participants.find((x) => x._id === ref?.participantId);
			if (!c || !p) {
				return {
					status: 404,
					contentType: 'text/html; charset=utf-8',
					body: '<!doctype html><title>Link not valid</title><h1>This signing link is not valid</h1><p>It may have been renewed.</p>',
				};
			}
			const state =
				p.status === 'SIGNED'
					? `You signed on ${p.signedAt}.`
					: SIGNED_ALL.includes(c.status)
						? 'The contract is signed.'
						: `Contract status: ${c.status || 'draft'}.`;
			return {
				status: 200,
				contentType: 'text/html; charset=utf-8',
				body: `<!doctype html><meta charset="utf-8"><title>Sign: ${escapeHtml(c.name)}</title><h1>${escapeHtml(c.name || 'Contract')}</h1><p>Participant: ${escapeHtml(p.name)} (${escapeHtml(p.label)}) &lt;${escapeHtml(p.email)}&gt;</p><p>${escapeHtml(state)}</p><p>Sandbox signing page: signatures are simulated with the control API (POST /sandbox/contracts/${c._id}/sign).</p>`,
			};
		},
	});
}

/** Routes of the upload origin: `/<file_name>` without auth (refused while file protection is on). */
export function registerUploads(router: Router, core: Core): void {
	router.add({
		methods: ['GET'],
		pattern: '/:fileName',
		auth: false,
		handler: async (ctx) => {
			const id = core.store.fileNames.get(ctx.params.fileName);
			const file = id ? core.store.files.get(id) : undefined;
			if (!file) throw notFound(`File ${ctx.params.fileName} not found`);
			if (core.fileProtection) {
				return {
					status: 403,
					json: {
						success: false,
						error:
							'File protection is enabled: fetch files from {base_url}/uploads/<file_id> with your API credentials',
					},
				};
			}
			return fileReply(core, file.id, await core.fileBytes(file));
		},
	});
}
