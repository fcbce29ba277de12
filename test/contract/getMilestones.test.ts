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

import { byId, signedPdfContract, createPdfContract, useEnv } from '../helpers/env';

const env = useEnv(__filename);

const getMilestones = (contractId: string, options: INodeParameters = {}) => ({
	resource: 'contract',
	operation: 'getMilestones',
	contractId: byId(contractId),
	options,
});

const signedContract = () => signedPdfContract(env);

describe('contract → getMilestones', () => {
	test('one item per milestone, with the contract ID and the milestone ID', async () => {
		const id = await signedContract();
		const mark = env.mark();
		const result = await env.run(getMilestones(id));
		expect(result.error).toBeUndefined();
		const raw = (await env.api.get(`/api/contract/milestones/${id}`)).data.milestones;
		expect(result.items.map((i) => i.json)).toEqual(
			raw.map((m: any) => ({
				contractId: id,
				milestoneId: m._id,
				name: m.name,
				completed: m.completed,
				expectedDate: m.expectedDate,
				realDate: m.realDate,
			})),
		);
		expect(result.items.map((i) => [i.json.name, i.json.completed])).toEqual([
			['Contract created', true],
			['Sent to signature', true],
			['Signed by all participants', true],
			['Finalized', false],
		]);
		expect(result.items.every((i) => i.json._id === undefined)).toBe(true);
		expect(result.items.map((i) => i.pairedItem)).toEqual(raw.map(() => ({ item: 0 })));
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/milestones/${id} 200`,
		]);
	});

	test('Keep in One Item gives one item per contract, each paired with its input item', async () => {
		const signed = await signedContract();
		const draft = await createPdfContract(env.api);
		const result = await env.run(getMilestones('={{ $json.id }}', { keepInOneItem: true }), [
			{ json: { id: draft } },
			{ json: { id: signed } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.items[0].json).toEqual({
			contractId: draft,
			milestones: [
				expect.objectContaining({
					milestoneId: expect.any(String),
					name: 'Contract created',
					completed: true,
				}),
				expect.objectContaining({ name: 'Sent to signature', completed: false, realDate: '' }),
				expect.objectContaining({ name: 'Signed by all participants', completed: false }),
				expect.objectContaining({ name: 'Finalized', completed: false }),
			],
		});
		expect((result.items[1].json.milestones as any[]).filter((m) => m.completed)).toHaveLength(3);
	});

	test('"completed" given as 1/0 or "true"/"false" comes out as a boolean', async () => {
		const id = await createPdfContract(env.api);
		env.sb.control.addFault({
			path: `/api/contract/milestones/${id}`,
			status: 200,
			body: {
				contractid: id,
				milestones: [
					{
						_id: 'm1',
						name: 'A',
						completed: 1,
						expectedDate: '',
						realDate: '2026-01-01T00:00:00.000Z',
					},
					{ _id: 'm2', name: 'B', completed: 'false', expectedDate: '', realDate: '' },
					{ _id: 'm3', name: 'C', completed: 'true', expectedDate: '', realDate: '' },
				],
			},
		});
		const result = await env.run(getMilestones(id));
		expect(result.items.map((i) => [i.json.milestoneId, i.json.completed])).toEqual([
			['m1', true],
			['m2', false],
			['m3', true],
		]);
	});

	test('an unknown contract is a NodeApiError; an empty ID is refused before any request', async () => {
		const unknown = await env.run(getMilestones('0123456789abcdef01234567'));
		expect((unknown.error as any)?.name).toBe('NodeApiError');
		expect(unknown.error?.httpCode).toBe('404');
		expect(unknown.error?.message).toMatch(/does not exist on the database/);

		const mark = env.mark();
		const empty = await env.run(getMilestones('={{ $json.missing }}'));
		expect(empty.error?.message).toBe('The Contract is empty');
		expect((empty.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
