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

async function contractWithSpectators(): Promise<{
	contractId: string;
	spectators: Array<{ _id: string; jwt: string }>;
}> {
	const contractId = await createTemplateContract(env.api, LEASE);
	await env.api.post(`/api/contracts/${contractId}/spectators`, {
		name: 'Laura Méndez',
		email: 'laura@example.com',
		phone: '+525512340000',
		linkExpirationDate: '2030-06-30T12:00:00.000Z',
	});
	await env.api.post(`/api/contracts/${contractId}/spectators`, {
		name: 'Audit',
		email: 'audit@example.com',
	});
	return { contractId, spectators: env.sb.control.getContract(contractId)!.spectators };
}

/** The picker as the editor calls it: the node's registered list-search method, through n8n-core. */
const search = async (parameters: INodeParameters, filter?: string) =>
	await listSearch('searchSpectators', env.creds, parameters, filter);

describe('spectator → getAll', () => {
	test('one item per spectator with spectatorId, and no access token by default', async () => {
		const { contractId, spectators } = await contractWithSpectators();
		const mark = env.mark();
		const result = await env.run({
			resource: 'spectator',
			operation: 'getAll',
			contractId: fromList(contractId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				contractId,
				spectatorId: spectators[0]._id,
				name: 'Laura Méndez',
				email: 'laura@example.com',
				phone: '+525512340000',
				linkExpirationDate: '2030-06-30T12:00:00.000Z',
				attachments: [],
			},
			{
				contractId,
				spectatorId: spectators[1]._id,
				name: 'Audit',
				email: 'audit@example.com',
				phone: '',
				linkExpirationDate: null,
				attachments: [],
			},
		]);
		for (const item of result.items) {
			expect(item.json).not.toHaveProperty('jwt');
			expect(JSON.stringify(item.json)).not.toContain(spectators[0].jwt);
		}
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contracts/${contractId}/spectators 200`,
		]);
	});

	test("Include Access Token adds each spectator's jwt", async () => {
		const { contractId, spectators } = await contractWithSpectators();
		const result = await env.run({
			resource: 'spectator',
			operation: 'getAll',
			contractId: byId(contractId),
			returnAll: true,
			options: { includeAccessToken: true },
		});
		expect(result.items.map((i) => [i.json.spectatorId, i.json.jwt])).toEqual(
			spectators.map((s) => [s._id, s.jwt]),
		);
		expect(spectators[0].jwt).toMatch(/^ey/);
	});

	test('Limit caps the number of items', async () => {
		const { contractId, spectators } = await contractWithSpectators();
		const result = await env.run({
			resource: 'spectator',
			operation: 'getAll',
			contractId: byId(contractId),
			limit: 1,
		});
		expect(result.items.map((i) => i.json.spectatorId)).toEqual([spectators[0]._id]);
	});

	test('an unknown contract gives a NodeApiError with a hint', async () => {
		const result = await env.run({
			resource: 'spectator',
			operation: 'getAll',
			contractId: byId('000000000000000000000000'),
		});
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/^Check the contract ID: TRATO does not know it/);
	});
});

describe('Spectator picker (searchSpectators)', () => {
	test('lists the spectators of the chosen contract as "name <email>", filtered by the typed text', async () => {
		const { contractId, spectators } = await contractWithSpectators();
		const all = await search({ contractId: fromList(contractId) });
		expect(all.results).toEqual([
			{ name: 'Laura Méndez <laura@example.com>', value: spectators[0]._id },
			{ name: 'Audit <audit@example.com>', value: spectators[1]._id },
		]);
		expect(JSON.stringify(all)).not.toContain(spectators[0].jwt);
		const filtered = await search({ contractId: byId(contractId) }, 'AUDIT@');
		expect(filtered.results.map((r) => r.value)).toEqual([spectators[1]._id]);
	});

	test('no contract chosen yet: an empty list and no request', async () => {
		const mark = env.mark();
		expect(await search({ contractId: byId('') })).toEqual({ results: [] });
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
