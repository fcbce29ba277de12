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
// Create V2 (spec 4.2 and Part 7) with the body a production TRATO client sends (trato-notes "Create V2"), as
// described in docs/api-notes.md "Create V2".
import type { Core } from '../core';
import type { Ctx, Reply } from '../http';
import { findTemplate } from '../templates';
import type { ContractState, ParticipantState } from '../types';
import {
	badRequest,
	conflict,
	describeValue,
	isPlainObject,
	isValidEmail,
	notFound,
	objectId,
	rejectUnknownFields,
} from '../util';
import { parseConfiguration } from './configuration';
import {
	V2Error,
	BODY_FIELDS,
	CONFIG_FIELDS,
	SPECTATOR_FIELDS,
	text,
	flag,
	readParticipants,
	checkParticipant,
	readFile,
} from './createV2Body';

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
	const problems = send ? core.lifecycle.configurationProblems(contract) : [];
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
	if (send) core.lifecycle.send(contract);
	return { status: 200, json: answerOf(core, contract, showSignLinks && send) };
}

/**
 * TRATO's answer (trato-notes "What TRATO answers", H): `{success, contract: {_id, participants: [{_id, email,
 * signUrl}]}}`, no top-level `contractid`; links only for a sent contract asked for them (api-notes P9). The
 * `create-v2-contractid` variant answers the shape this sandbox guessed before.
 */
function answerOf(core: Core, contract: ContractState, links: boolean): Record<string, unknown> {
	const signUrl = (p: ParticipantState) => (links ? { signUrl: core.signUrl(contract, p) } : {});
	if (core.variants.has('create-v2-contractid')) {
		const answer: Record<string, unknown> = { success: true, contractid: contract._id };
		if (links)
			answer.contract = {
				participants: contract.participants.map((p) => ({ participantid: p._id, ...signUrl(p) })),
			};
		return answer;
	}
	const participants = contract.participants.map((p) => ({
		_id: p._id,
		email: p.email,
		...signUrl(p),
	}));
	return { success: true, contract: { _id: contract._id, participants } };
}
