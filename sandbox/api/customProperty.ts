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
// Custom property routes (spec 4.20): create, list, update, delete.
import type { ContractState } from '../types';
import {
	OBJECT_ID,
	badRequest,
	expectString,
	isPlainObject,
	notFound,
	objectId,
	rejectUnknownFields,
} from '../util';
import { ok, requireObject, route, type ApiRoute } from './common';

function property(c: ContractState, id: string) {
	if (!OBJECT_ID.test(id))
		throw badRequest(`Invalid property id '${id}': expected 24 hexadecimal characters`);
	const prop = c.properties.find((x) => x._id === id);
	if (!prop) throw notFound(`Custom property ${id} not found in contract ${c._id}`);
	return prop;
}

export const routes: readonly ApiRoute[] = [
	// 4.20 custom properties
	route(['POST'], '/api/contracts/:contractId/customproperties', (ctx, core) => {
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
				value: core.variants.propertyValue(
					expectString(item.value, `properties[${i}].value`, { allowEmpty: true, max: 5000 }),
				),
			};
		});
		c.properties.push(...created);
		core.event(c, 'properties-created', created.map((p) => p.name).join(', '));
		core.touch(c);
		return ok();
	}),
	route(['GET'], '/api/contracts/:contractId/customproperties', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		return ok({
			contractId: c._id,
			properties: c.properties.map((p) => core.variants.property(p)),
		});
	}),
	route(['PUT'], '/api/contracts/:contractId/:propertyId/customproperties', (ctx, core) => {
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
				: core.variants.propertyValue(
						expectString(body.value, 'value', { allowEmpty: true, max: 5000 }),
					);
		prop.name = name;
		prop.value = value;
		core.touch(c);
		return ok();
	}),
	route(['DELETE'], '/api/contracts/:contractId/:propertyId/customproperties', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const prop = property(c, ctx.params.propertyId);
		c.properties = c.properties.filter((p) => p !== prop);
		core.touch(c);
		return ok();
	}),
];
