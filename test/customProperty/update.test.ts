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

async function contractWithProperty(): Promise<{ contractId: string; propertyId: string }> {
	const contractId = await createTemplateContract(env.api, LEASE);
	await env.api.post(`/api/contracts/${contractId}/customproperties`, {
		properties: [
			{ name: 'Department', value: 'Sales' },
			{ name: 'Region', value: 'North' },
		],
	});
	return { contractId, propertyId: env.sb.control.getContract(contractId)!.properties[0]._id };
}

const update = (contractId: string, propertyId: string, updateFields: INodeParameters) => ({
	resource: 'customProperty',
	operation: 'update',
	contractId: byId(contractId),
	propertyId: fromList(propertyId),
	updateFields,
});

const stored = (contractId: string) =>
	env.sb.control.getContract(contractId)!.properties.map((p) => [p.name, p.value]);

describe('customProperty → update', () => {
	test('name and value: one PUT, output echoes the property', async () => {
		const { contractId, propertyId } = await contractWithProperty();
		const mark = env.mark();
		const result = await env.run(
			update(contractId, propertyId, { name: ' Team ', value: 'Legal' }),
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ contractId, propertyId, name: 'Team', value: 'Legal' },
		]);
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`PUT /api/contracts/${contractId}/${propertyId}/customproperties 200`,
		]);
		expect(requests[0].body).toEqual({ name: 'Team', value: 'Legal' });
		expect(stored(contractId)).toEqual([
			['Team', 'Legal'],
			['Region', 'North'],
		]);
	});

	test('only the value: the current name is read and sent along, so nothing is lost', async () => {
		const { contractId, propertyId } = await contractWithProperty();
		const mark = env.mark();
		const result = await env.run(update(contractId, propertyId, { value: '' }));
		expect(result.items[0].json).toEqual({ contractId, propertyId, name: 'Department', value: '' });
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /api/contracts/${contractId}/customproperties`,
			`PUT /api/contracts/${contractId}/${propertyId}/customproperties`,
		]);
		expect(requests[1].body).toEqual({ name: 'Department', value: '' });
		expect(stored(contractId)[0]).toEqual(['Department', '']);
	});

	test('an empty update or an empty new name is refused before any request', async () => {
		const { contractId, propertyId } = await contractWithProperty();
		const mark = env.mark();
		const nothing = await env.run(update(contractId, propertyId, {}));
		expect((nothing.error as any)?.name).toBe('NodeOperationError');
		expect(nothing.error?.message).toBe('Nothing to update');
		expect(nothing.error?.description).toMatch(/Add Field/);
		const blank = await env.run(update(contractId, propertyId, { name: '  ', value: 'x' }));
		expect(blank.error?.message).toBe('The new property name is empty');
		const noId = await env.run({
			...update(contractId, '', { value: 'x' }),
			propertyId: byId('={{ $json.nothing }}'),
		});
		expect(noId.error?.message).toBe('The Custom Property is empty');
		expect(env.nodeRequests(mark)).toHaveLength(0);
		expect(stored(contractId)[0]).toEqual(['Department', 'Sales']);
	});

	test('an unknown property gives a NodeApiError with the API text', async () => {
		const { contractId } = await contractWithProperty();
		const result = await env.run(
			update(contractId, 'ffffffffffffffffffffffff', { name: 'X', value: 'Y' }),
		);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe(
			`TRATO refused the request: Custom property ffffffffffffffffffffffff not found in contract ${contractId}`,
		);
	});
});
