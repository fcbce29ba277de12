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
import { byId, createTemplateContract, NDA, prepareForSending, useEnv } from '../helpers/env';

const env = useEnv(__filename);

describe('participant → getAll', () => {
	test('one item per participant of the contract, with its ID, label, name, e-mail, status and obligation (Simplify off)', async () => {
		const contractId = await createTemplateContract(env.api, NDA);
		const ids = await prepareForSending(env.api, contractId);
		const stored = env.sb.control.getContract(contractId)!.participants;
		const mark = env.mark();
		const result = await env.run({
			resource: 'participant',
			operation: 'getAll',
			contractId: byId(contractId),
			returnAll: true,
			simple: false,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual(
			stored.map((p) =>
				expect.objectContaining({
					contractId,
					participantId: p._id,
					label: p.label,
					name: p.name,
					email: p.email,
					status: p.status,
					obligation: p.obligation,
				}),
			),
		);
		expect(result.items.map((i) => i.json.participantId)).toEqual(ids);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		// the variables listing for the IDs, then one record per participant
		expect(
			env.nodeRequests(mark).map((r) => `${r.method} ${r.path.split('/').slice(0, 4).join('/')}`),
		).toEqual(['GET /api/contract/variables', ...ids.map(() => 'GET /api/contract/participant')]);
	});

	test('Limit keeps the first participants', async () => {
		const contractId = await createTemplateContract(env.api, NDA);
		const ids = await prepareForSending(env.api, contractId);
		const result = await env.run({
			resource: 'participant',
			operation: 'getAll',
			contractId: byId(contractId),
			returnAll: false,
			limit: 1,
		});
		expect(result.items.map((i) => i.json.participantId)).toEqual([ids[0]]);
	});

	test('with Simplify off, fields of the record that the API description does not list are kept (Get and Get Many)', async () => {
		const contractId = await createTemplateContract(env.api, NDA);
		const [first] = await prepareForSending(env.api, contractId);
		const record = (await env.api.get(`/api/contract/participant/${contractId}/${first}`)).data;
		env.sb.control.addFault({
			method: 'GET',
			path: `/api/contract/participant/${contractId}/${first}`,
			status: 200,
			times: 2,
			body: {
				...record,
				nationality: 'MX',
				editable: { ...record.editable, curp: 'LOAA800101MDFPRN09' },
				information: { ...record.information, signatureType: 'autograph' },
			},
		});
		for (const operation of ['get', 'getAll']) {
			const result = await env.run({
				resource: 'participant',
				operation,
				contractId: byId(contractId),
				participantId: byId(first),
				returnAll: true,
				simple: false,
			});
			expect(result.items[0].json).toMatchObject({
				participantId: first,
				curp: 'LOAA800101MDFPRN09',
				signatureType: 'autograph',
				nationality: 'MX',
			});
		}
	});
});
