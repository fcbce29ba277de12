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

import { listSearch } from '../../test-support/harness';
import { byId, createTemplateContract, fromList, LEASE, useEnv } from '../helpers/env';

const env = useEnv(__filename);

async function contractWithProperties(
	properties: Array<{ name: string; value: string }>,
): Promise<string> {
	const contractId = await createTemplateContract(env.api, LEASE);
	if (properties.length)
		await env.api.post(`/api/contracts/${contractId}/customproperties`, { properties });
	return contractId;
}

const idsOf = (contractId: string) =>
	env.sb.control.getContract(contractId)!.properties.map((p) => p._id);

/** The picker as the editor calls it: the node's registered list-search method, through n8n-core. */
const search = async (parameters: INodeParameters, filter?: string) =>
	await listSearch('searchCustomProperties', env.creds, parameters, filter);

describe('customProperty → getAll', () => {
	test('outputs one item per property with propertyId, name, value and contractId', async () => {
		const contractId = await contractWithProperties([
			{ name: 'Department', value: 'Sales' },
			{ name: 'Region', value: 'North' },
		]);
		const [first, second] = idsOf(contractId);
		const mark = env.mark();
		const result = await env.run({
			resource: 'customProperty',
			operation: 'getAll',
			contractId: fromList(contractId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ contractId, propertyId: first, name: 'Department', value: 'Sales' },
			{ contractId, propertyId: second, name: 'Region', value: 'North' },
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contracts/${contractId}/customproperties 200`,
		]);
	});

	test('Limit caps the number of items', async () => {
		const contractId = await contractWithProperties([
			{ name: 'A', value: '1' },
			{ name: 'B', value: '2' },
			{ name: 'C', value: '3' },
		]);
		const result = await env.run({
			resource: 'customProperty',
			operation: 'getAll',
			contractId: byId(contractId),
			limit: 2,
		});
		expect(result.items.map((i) => i.json.name)).toEqual(['A', 'B']);
	});

	test('Output One Item gives one item per contract, also when it has no property', async () => {
		const withProps = await contractWithProperties([{ name: 'Department', value: 'Sales' }]);
		const empty = await contractWithProperties([]);
		const result = await env.run(
			{
				resource: 'customProperty',
				operation: 'getAll',
				contractId: byId('={{ $json.id }}'),
				returnAll: true,
				options: { oneItem: true },
			},
			[{ json: { id: withProps } }, { json: { id: empty } }],
		);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				contractId: withProps,
				properties: [{ propertyId: idsOf(withProps)[0], name: 'Department', value: 'Sales' }],
			},
			{ contractId: empty, properties: [] },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);

		const perProperty = await env.run({
			resource: 'customProperty',
			operation: 'getAll',
			contractId: byId(empty),
			returnAll: true,
		});
		expect(perProperty.error).toBeUndefined();
		expect(perProperty.items).toHaveLength(0);
	});

	test('an unknown contract gives a NodeApiError; an empty one is refused before any request', async () => {
		const unknown = await env.run({
			resource: 'customProperty',
			operation: 'getAll',
			contractId: byId('000000000000000000000000'),
		});
		expect((unknown.error as any)?.name).toBe('NodeApiError');
		expect(unknown.error?.httpCode).toBe('404');

		const mark = env.mark();
		const empty = await env.run({
			resource: 'customProperty',
			operation: 'getAll',
			contractId: byId('={{ $json.missing }}'),
		});
		expect(empty.error?.message).toBe('The Contract is empty');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});

describe('Custom Property picker (searchCustomProperties)', () => {
	test('lists the properties of the chosen contract as "name: value", filtered by the typed text', async () => {
		const contractId = await contractWithProperties([
			{ name: 'Department', value: 'Sales' },
			{ name: 'Region', value: 'North' },
		]);
		const [first, second] = idsOf(contractId);
		const all = await search({ contractId: fromList(contractId) });
		expect(all.results).toEqual([
			{ name: 'Department: Sales', value: first },
			{ name: 'Region: North', value: second },
		]);
		const filtered = await search({ contractId: byId(contractId) }, 'nor');
		expect(filtered.results).toEqual([{ name: 'Region: North', value: second }]);
	});

	test('no contract chosen yet: an empty list and no request', async () => {
		const mark = env.mark();
		expect(await search({ contractId: fromList('') })).toEqual({ results: [] });
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
