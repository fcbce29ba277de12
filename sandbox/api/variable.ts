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
// Variable routes (spec 4.5, 4.6): every participant's variables, and setting one participant's.
import type { Core } from '../core';
import type { Reply } from '../http';
import type { ContractState, DynamicTableValue, ParticipantState } from '../types';
import {
	badRequest,
	decodeBase64,
	describeValue,
	expectString,
	isImage,
	isPlainObject,
	rejectUnknownFields,
} from '../util';
import { ok, requireObject, route, type ApiRoute, type ApiHandler } from './common';

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
	core.lifecycle.assertConfigurable(c, 'set variables');
	for (const [ref, value] of updates) p.variables[ref].value = value;
	c.docVersion++;
	core.event(c, 'variables-set', `${p.label}: ${keys.join(', ')}`);
	core.touch(c);
	return ok();
}

// 4.6 (and the configuration path of its heading, api-notes R3)
const setVars: ApiHandler = (ctx, core) => {
	const c = core.contract(ctx.params.contractId);
	const p = core.participant(c, ctx.params.participantId);
	return setVariables(core, c, p, requireObject(ctx, 'Set variables'));
};

export const routes: readonly ApiRoute[] = [
	// 4.5
	route(['GET'], '/api/contract/variables/:contractId', (ctx, core) => {
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
	}),
	route(['POST'], '/api/contract/variables/:contractId/:participantId', setVars),
	route(['POST'], '/api/contract/configuration/:contractId/:participantId', setVars),
];
