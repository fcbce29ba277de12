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

async function contractWithSpectators(): Promise<{ contractId: string; ids: string[] }> {
	const contractId = await createTemplateContract(env.api, LEASE);
	await env.api.post(`/api/contracts/${contractId}/spectators`, {
		name: 'Laura',
		email: 'laura@example.com',
	});
	await env.api.post(`/api/contracts/${contractId}/spectators`, {
		name: 'Audit',
		email: 'audit@example.com',
	});
	return { contractId, ids: env.sb.control.getContract(contractId)!.spectators.map((s) => s._id) };
}

const del = (contractId: string, spectatorId: string) => ({
	resource: 'spectator',
	operation: 'delete',
	contractId: byId(contractId),
	spectatorId: fromList(spectatorId),
});

const remaining = (contractId: string) =>
	env.sb.control.getContract(contractId)!.spectators.map((s) => s._id);

describe('spectator → delete', () => {
	test('removes only the chosen spectator and echoes the IDs', async () => {
		const { contractId, ids } = await contractWithSpectators();
		const mark = env.mark();
		const result = await env.run(del(contractId, ids[0]));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ contractId, spectatorId: ids[0], deleted: true },
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/contracts/${contractId}/spectators/${ids[0]} 200`,
		]);
		expect(remaining(contractId)).toEqual([ids[1]]);
	});

	test('is retried after a temporary failure (safe to repeat, api-notes R12)', async () => {
		const { contractId, ids } = await contractWithSpectators();
		env.sb.control.addFault({
			method: 'DELETE',
			path: '/api/contracts/*/spectators/*',
			status: 429,
			retryAfter: '1',
		});
		const mark = env.mark();
		const result = await env.run(del(contractId, ids[1]));
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.status}`)).toEqual([
			'DELETE 429',
			'DELETE 200',
		]);
		expect(remaining(contractId)).toEqual([ids[0]]);
	});

	test('an unknown spectator gives a NodeApiError; an empty ID is refused before any request', async () => {
		const { contractId } = await contractWithSpectators();
		const unknown = await env.run(del(contractId, 'ffffffffffffffffffffffff'));
		expect((unknown.error as any)?.name).toBe('NodeApiError');
		expect(unknown.error?.httpCode).toBe('404');
		expect(unknown.error?.message).toMatch(/Spectator ffffffffffffffffffffffff not found/);

		const mark = env.mark();
		const empty = await env.run({
			...del(contractId, ''),
			spectatorId: byId('={{ $json.nothing }}'),
		});
		expect(empty.error?.message).toBe('The Spectator is empty');
		expect((empty.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
		expect(remaining(contractId)).toHaveLength(2);
	});
});
