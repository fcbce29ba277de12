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
import { transportSettings } from '../../nodes/Trato/transport/retry';
import {
	byId,
	createTemplateContract,
	fromList,
	LEASE,
	type NodeTestEnv,
	startEnv,
} from '../helpers/env';

let env: NodeTestEnv;
const realSleep = transportSettings.sleep;

beforeAll(async () => {
	env = await startEnv(__filename);
	transportSettings.sleep = async () => {};
});
afterAll(async () => {
	transportSettings.sleep = realSleep;
	await env.close();
});
afterEach(() => env.sb.control.clearFaults());

async function contractWithProperties(): Promise<{ contractId: string; ids: string[] }> {
	const contractId = await createTemplateContract(env.api, LEASE);
	await env.api.post(`/api/contracts/${contractId}/customproperties`, {
		properties: [
			{ name: 'Department', value: 'Sales' },
			{ name: 'Region', value: 'North' },
		],
	});
	return { contractId, ids: env.sb.control.getContract(contractId)!.properties.map((p) => p._id) };
}

const del = (contractId: string, propertyId: string) => ({
	resource: 'customProperty',
	operation: 'delete',
	contractId: byId(contractId),
	propertyId: fromList(propertyId),
});

describe('customProperty → delete', () => {
	test('deletes only the chosen property and echoes the IDs', async () => {
		const { contractId, ids } = await contractWithProperties();
		const mark = env.mark();
		const result = await env.run(del(contractId, ids[0]));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ contractId, propertyId: ids[0], deleted: true },
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/contracts/${contractId}/${ids[0]}/customproperties 200`,
		]);
		expect(env.sb.control.getContract(contractId)!.properties.map((p) => p._id)).toEqual([ids[1]]);
	});

	test('is retried after a temporary failure (safe to repeat, api-notes R12)', async () => {
		const { contractId, ids } = await contractWithProperties();
		env.sb.control.addFault({
			method: 'DELETE',
			path: '/api/contracts/*/customproperties',
			status: 502,
		});
		const mark = env.mark();
		const result = await env.run(del(contractId, ids[1]));
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.status}`)).toEqual([
			'DELETE 502',
			'DELETE 200',
		]);
		expect(env.sb.control.getContract(contractId)!.properties.map((p) => p._id)).toEqual([ids[0]]);
	});

	test('an unknown property gives a NodeApiError; an empty ID is refused before any request', async () => {
		const { contractId } = await contractWithProperties();
		const unknown = await env.run(del(contractId, 'ffffffffffffffffffffffff'));
		expect((unknown.error as any)?.name).toBe('NodeApiError');
		expect(unknown.error?.httpCode).toBe('404');
		expect(unknown.error?.message).toMatch(/Custom property ffffffffffffffffffffffff not found/);

		const mark = env.mark();
		const empty = await env.run({
			...del(contractId, ''),
			propertyId: byId('={{ $json.nothing }}'),
		});
		expect(empty.error?.message).toBe('The Custom Property is empty');
		expect(empty.error?.description).toMatch(
			/Choose a custom property from the list or enter its ID/,
		);
		expect(env.nodeRequests(mark)).toHaveLength(0);
		expect(env.sb.control.getContract(contractId)!.properties).toHaveLength(2);
	});
});
