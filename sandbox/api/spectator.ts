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
// Spectator routes (spec 4.21): list, create, update, delete; each spectator gets a JWT for its view.
import type { ContractState } from '../types';
import {
	OBJECT_ID,
	badRequest,
	conflict,
	expectString,
	notFound,
	objectId,
	parseIsoTimestamp,
	rejectUnknownFields,
} from '../util';
import { expectEmail, expectPhone, ok, requireObject, route, type ApiRoute } from './common';

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
	if (body.email !== undefined || !partial) out.email = expectEmail(body.email);
	if (body.phone !== undefined) out.phone = expectPhone(body.phone);
	if (body.linkExpirationDate !== undefined) {
		out.linkExpirationDate =
			body.linkExpirationDate === null || body.linkExpirationDate === ''
				? null
				: parseIsoTimestamp(body.linkExpirationDate, 'linkExpirationDate');
	}
	return out;
}

export const routes: readonly ApiRoute[] = [
	// 4.21 spectators
	route(['GET'], '/api/contracts/:contractId/spectators', (ctx, core) => {
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
	}),
	route(['POST'], '/api/contracts/:contractId/spectators', (ctx, core) => {
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
	}),
	route(['PUT'], '/api/contracts/:contractId/spectators/:spectatorId', (ctx, core) => {
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
	}),
	route(['DELETE'], '/api/contracts/:contractId/spectators/:spectatorId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const s = spectator(c, ctx.params.spectatorId);
		c.spectators = c.spectators.filter((x) => x !== s);
		core.event(c, 'spectator-removed', s.email);
		core.touch(c);
		return ok();
	}),
];
