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
import {
	byId,
	createTemplateContract,
	fromList,
	LEASE,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

describe('contract → get', () => {
	test('returns the status record with a readable label, for each input item, with both auth modes', async () => {
		const draft = await createTemplateContract(env.api, LEASE);
		const sent = await createTemplateContract(env.api, LEASE);
		await prepareForSending(env.api, sent);
		await sendContract(env.api, sent);

		const mark = env.mark();
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') },
			[{ json: { id: draft } }, { json: { id: sent } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			expect.objectContaining({
				contractId: draft,
				status: '',
				statusLabel: 'Draft',
				signedAt: '',
			}),
			expect.objectContaining({
				contractId: sent,
				status: 'SENT_TO_SIGN',
				statusLabel: 'Pending Signature',
			}),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const sentRequests = env.nodeRequests(mark);
		expect(sentRequests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/status/${draft} 200`,
			`GET /api/contract/status/${sent} 200`,
		]);
		expect(sentRequests[0].headers.apikey).toBe('<redacted>');
		expect(sentRequests[0].headers.authorization).toBeUndefined();

		const jwtMark = env.mark();
		const viaJwt = await env.run(
			{ resource: 'contract', operation: 'get', contractId: fromList(draft) },
			undefined,
			{
				credentials: env.jwtCreds,
			},
		);
		expect(viaJwt.items[0].json.contractId).toBe(draft);
		const jwtRequest = env.nodeRequests(jwtMark)[0];
		expect(jwtRequest.headers.authorization).toBe('Bearer <redacted>');
		expect(jwtRequest.headers.apikey).toBeUndefined();
	});

	test('an unknown contract gives a NodeApiError with the API text and a hint', async () => {
		const result = await env.run({
			resource: 'contract',
			operation: 'get',
			contractId: byId('000000000000000000000000'),
		});
		expect(result.error?.message).toMatch(/refused the request: .*does not exist on the database/);
		expect(result.error?.description).toMatch(/^Check the contract ID: TRATO does not know it/);
		expect(result.error?.httpCode).toBe('404');
	});

	test('an empty contract ID is refused before any request', async () => {
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'get',
			contractId: byId('={{ $json.missing }}'),
		});
		expect(result.error?.message).toBe('The Contract is empty');
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('with Continue On Fail, a failing item yields an error item and the others go on', async () => {
		const good = await createTemplateContract(env.api, LEASE);
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') },
			[{ json: { id: '' } }, { json: { id: good } }, { json: { id: 'ffffffffffffffffffffffff' } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.error).toBe('The Contract is empty');
		expect(result.items[1].json.contractId).toBe(good);
		expect(String(result.items[2].json.error)).toMatch(/does not exist on the database/);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('without Continue On Fail, the error names the item that failed (itemIndex, as n8n`s rule node-operation-error-itemindex asks)', async () => {
		const good = await createTemplateContract(env.api, LEASE);
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') },
			[{ json: { id: good } }, { json: { id: '' } }],
		);
		expect(result.error?.message).toBe('The Contract is empty');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	test('Concurrency keeps output order and pairing', async () => {
		const ids = [];
		for (let i = 0; i < 6; i++) ids.push(await createTemplateContract(env.api, LEASE));
		const result = await env.run(
			{
				resource: 'contract',
				operation: 'get',
				contractId: byId('={{ $json.id }}'),
				options: { concurrency: 4 },
			},
			ids.map((id) => ({ json: { id } })),
		);
		expect(result.items.map((i) => i.json.contractId)).toEqual(ids);
		expect(result.items.map((i) => i.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
	});
});
