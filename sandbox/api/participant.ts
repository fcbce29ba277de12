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
// Participant routes (spec 4.7–4.9, 4.23): read, update, add an attachment, change the e-mail of one in progress.
import type { Core } from '../core';
import type { Reply } from '../http';
import { IN_PROGRESS } from '../lifecycle';
import type { ContractState, ParticipantState } from '../types';
import {
	badRequest,
	conflict,
	decodeBase64,
	expectEnum,
	expectString,
	isImage,
	parseFlag,
	parseIsoTimestamp,
	rejectUnknownFields,
	sha256Hex,
} from '../util';
import {
	addAttachment,
	expectEmail,
	expectPhone,
	ok,
	requireObject,
	route,
	type ApiRoute,
	RFC_INDIVIDUAL,
	RFC_LEGAL,
} from './common';

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
	if (body.email !== undefined) next.email = expectEmail(body.email);
	if (body.phone !== undefined) next.phone = expectPhone(body.phone);
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
	core.lifecycle.assertConfigurable(c, 'update the participant');
	Object.assign(p, next);
	core.event(c, 'participant-updated', `${p.label}: ${Object.keys(next).join(', ')}`);
	core.touch(c);
	return ok();
}

export const routes: readonly ApiRoute[] = [
	// 4.7 / 4.8
	route(['GET'], '/api/contract/participant/:contractId/:participantId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const view = participantView(core, c, core.participant(c, ctx.params.participantId));
		return ok(core.variants.participantRecord(view));
	}),
	route(['POST'], '/api/contract/participant/:contractId/:participantId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		return updateParticipant(
			core,
			c,
			core.participant(c, ctx.params.participantId),
			requireObject(ctx, 'Update participant'),
		);
	}),

	// 4.9 (and the participant update sample on the same path, api-notes R4)
	route(['POST'], '/api/contract/attachments/:contractId/:participantId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const p = core.participant(c, ctx.params.participantId);
		const body = requireObject(ctx, 'Add participant attachment');
		return body.document !== undefined
			? addAttachment(core, c, p, body)
			: updateParticipant(core, c, p, body);
	}),

	// 4.23
	route(
		['POST'],
		'/api/contracts/:contractId/participants/:participantId/change-email',
		(ctx, core) => {
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
			const email = expectEmail(body.email);
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
			const phone = body.phone === undefined ? undefined : expectPhone(body.phone);
			if (!c.sentAt || !IN_PROGRESS.includes(c.status)) {
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
		},
	),
];
