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
import type { INodeParameters } from 'n8n-workflow';

import { byId, createTemplateContract, fromList, LEASE, useEnv } from '../helpers/env';

const env = useEnv(__filename);

const create = (contractId: string, property: INodeParameters[]) => ({
	resource: 'customProperty',
	operation: 'create',
	contractId: fromList(contractId),
	properties: { property },
});

describe('customProperty → create', () => {
	test('creates several properties in one call and outputs each with its propertyId', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		// An existing property with the same name and value must not be mistaken for a new one.
		await env.api.post(`/api/contracts/${contractId}/customproperties`, {
			properties: [{ name: 'Department', value: 'Sales' }],
		});
		const before = env.sb.control.getContract(contractId)!.properties.map((p) => p._id);

		const mark = env.mark();
		const result = await env.run(
			create(contractId, [
				{ name: 'Department', value: 'Sales' },
				{ name: '  Order number ', value: '={{ $json.order }}' },
				{ name: 'Note', value: '' },
			]),
			[{ json: { order: 4711 } }],
		);
		expect(result.error).toBeUndefined();
		const out = result.items.map((i) => i.json);
		expect(out).toEqual([
			{
				contractId,
				propertyId: expect.stringMatching(/^[0-9a-f]{24}$/),
				name: 'Department',
				value: 'Sales',
			},
			{
				contractId,
				propertyId: expect.stringMatching(/^[0-9a-f]{24}$/),
				name: 'Order number',
				value: '4711',
			},
			{ contractId, propertyId: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Note', value: '' },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);

		const stored = env.sb.control.getContract(contractId)!.properties;
		const created = stored.filter((p) => !before.includes(p._id));
		expect(
			created.map((p) => ({ contractId, propertyId: p._id, name: p.name, value: p.value })),
		).toEqual(out);

		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contracts/${contractId}/customproperties 200`,
			`GET /api/contracts/${contractId}/customproperties 200`,
		]);
		expect(requests[0].body).toEqual({
			properties: [
				{ name: 'Department', value: 'Sales' },
				{ name: 'Order number', value: '4711' },
				{ name: 'Note', value: '' },
			],
		});
	});

	test('the same name twice in one call gives two properties with distinct IDs, in order', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const result = await env.run(
			create(contractId, [
				{ name: 'Tag', value: 'x' },
				{ name: 'Tag', value: 'x' },
			]),
		);
		const ids = result.items.map((i) => i.json.propertyId);
		expect(new Set(ids).size).toBe(2);
		expect(env.sb.control.getContract(contractId)!.properties.map((p) => p._id)).toEqual(ids);
	});

	test('an empty property name is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(
			create(contractId, [
				{ name: 'Department', value: 'Sales' },
				{ name: '={{ $json.missing }}', value: 'x' },
			]),
		);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('Property 2 has an empty name');
		expect(result.error?.description).toMatch(/needs a name/);
		expect(env.nodeRequests(mark)).toHaveLength(0);
		expect(env.sb.control.getContract(contractId)!.properties).toHaveLength(0);
	});

	test('no property at all is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run({
			resource: 'customProperty',
			operation: 'create',
			contractId: byId(contractId),
			properties: {},
		});
		expect(result.error?.message).toBe('No custom property to create');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('an unknown contract gives a NodeApiError and nothing is read afterwards', async () => {
		const mark = env.mark();
		const result = await env.run(create('000000000000000000000000', [{ name: 'A', value: 'b' }]));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/refused the request: .*does not exist on the database/);
		expect(env.nodeRequests(mark).map((r) => r.method)).toEqual(['POST']);
	});
});
