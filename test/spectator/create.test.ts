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
	participantsOf,
	prepareForSending,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

const create = (contractId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'spectator',
	operation: 'create',
	contractId: fromList(contractId),
	name: 'Laura Méndez',
	email: 'laura@example.com',
	...extra,
});

describe('spectator → create', () => {
	test('creates the spectator and outputs it with its spectatorId, without the access token', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const participants = await prepareForSending(env.api, contractId);
		const mark = env.mark();
		const result = await env.run(
			create(contractId, {
				name: '  Laura Méndez ',
				additionalFields: {
					phone: '+52 55 1234 0000',
					linkExpirationDate: '2030-06-30T18:00:00-06:00',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const stored = env.sb.control.getContract(contractId)!.spectators;
		expect(stored).toHaveLength(1);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				contractId,
				spectatorId: stored[0]._id,
				name: 'Laura Méndez',
				email: 'laura@example.com',
				phone: '+52 55 1234 0000',
				linkExpirationDate: '2030-07-01T00:00:00.000Z',
				attachments: [],
			},
		]);
		expect(JSON.stringify(result.items[0].json)).not.toContain(stored[0].jwt);

		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/variables/${contractId} 200`,
			...participants.map((p) => `GET /api/contract/participant/${contractId}/${p} 200`),
			`POST /api/contracts/${contractId}/spectators 200`,
			`GET /api/contracts/${contractId}/spectators 200`,
		]);
		expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
			name: 'Laura Méndez',
			email: 'laura@example.com',
			phone: '+52 55 1234 0000',
			linkExpirationDate: '2030-07-01T00:00:00.000Z',
		});
	});

	test('finds the new spectator among existing ones (e-mail compared without case)', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		await env.api.post(`/api/contracts/${contractId}/spectators`, {
			name: 'Audit',
			email: 'audit@example.com',
		});
		const result = await env.run(create(contractId, { email: 'Laura@Example.com' }));
		const stored = env.sb.control.getContract(contractId)!.spectators;
		expect(result.items[0].json).toEqual(
			expect.objectContaining({ spectatorId: stored[1]._id, email: 'Laura@Example.com' }),
		);
		expect(stored[1].email).toBe('Laura@Example.com');
	});

	test("a participant's e-mail is refused before the spectator is created", async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		await prepareForSending(env.api, contractId);
		const [first] = await participantsOf(env.api, contractId);
		const participantEmail = `signer1.${contractId.slice(-6)}@example.com`;
		const mark = env.mark();
		const result = await env.run(create(contractId, { email: participantEmail.toUpperCase() }));
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			`The email ${participantEmail.toUpperCase()} belongs to a participant of this contract (${first.label}: Signer 1)`,
		);
		expect(result.error?.description).toMatch(
			/same email as a participant\. Use another email address/,
		);
		expect(env.nodeRequests(mark).map((r) => r.method)).not.toContain('POST');
		expect(env.sb.control.getContract(contractId)!.spectators).toHaveLength(0);
	});

	test('an invalid e-mail, an empty name or a bad date is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const badEmail = await env.run(create(contractId, { email: 'laura.example.com' }));
		expect(badEmail.error?.message).toBe(
			'The spectator\'s email "laura.example.com" is not a valid email address',
		);
		const noName = await env.run(create(contractId, { name: '={{ $json.nothing }}' }));
		expect(noName.error?.message).toBe("The spectator's name is empty");
		const badDate = await env.run(
			create(contractId, { additionalFields: { linkExpirationDate: '={{ "next friday" }}' } }),
		);
		expect(badDate.error?.message).toBe(
			'Link Expiration Date "next friday" is not a valid date and time',
		);
		for (const r of [badEmail, noName, badDate])
			expect((r.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('the API refusing a second spectator with the same e-mail gives a NodeApiError with its text', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		await env.api.post(`/api/contracts/${contractId}/spectators`, {
			name: 'Laura',
			email: 'laura@example.com',
		});
		const result = await env.run(create(contractId));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toBe(
			`TRATO refused the request: laura@example.com is already a spectator of contract ${contractId}`,
		);
	});

	test('an unknown contract gives a NodeApiError before anything is created', async () => {
		const mark = env.mark();
		const result = await env.run(
			create('000000000000000000000000', { contractId: byId('000000000000000000000000') }),
		);
		expect(result.error?.httpCode).toBe('404');
		expect(env.nodeRequests(mark).map((r) => r.method)).toEqual(['GET']);
	});
});
