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
	sendContract,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

describe('participant → get', () => {
	test('a draft participant, Simplify off: editable and information fields in one flat item', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [lessor] = await participantsOf(env.api, contractId);
		await env.api.post(`/api/contract/participant/${contractId}/${lessor.participantid}`, {
			name: 'Ana López',
			email: 'ana@example.com',
			phone: '+525512345678',
		});

		const mark = env.mark();
		const result = await env.run({
			resource: 'participant',
			operation: 'get',
			contractId: fromList(contractId),
			participantId: byId(lessor.participantid),
			simple: false,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			contractId,
			participantId: lessor.participantid,
			name: 'Ana López',
			email: 'ana@example.com',
			phone: '+525512345678',
			obligation: 'individual',
			representative: '',
			label: 'Arrendador',
			variablesCount: 3,
			attachmentsCount: 0,
			status: 'PENDING',
			statusLabel: 'PENDING',
			address: '',
			geolocation: null,
			ip: '',
			signedAt: '',
			signatureLink: '',
		});
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/participant/${contractId}/${lessor.participantid} 200`,
		]);
	});

	test('after signing: status, IP, geolocation, signing time and signing link', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [first] = await prepareForSending(env.api, contractId);
		await sendContract(env.api, contractId);
		env.sb.control.sign(contractId, {
			participantId: first,
			ip: '198.51.100.7',
			geolocation: { latitude: 19.4326, longitude: -99.1332 },
		});

		const get = (simple: boolean) =>
			env.run({
				resource: 'participant',
				operation: 'get',
				contractId: byId(contractId),
				participantId: byId(first),
				simple,
			});
		const json = (await get(false)).items[0].json;
		expect(json).toMatchObject({
			participantId: first,
			// as TRATO stores it (trato-notes "What TRATO answers")
			status: 'SENT_SIGNED',
			statusLabel: 'Signed',
			ip: '198.51.100.7',
			geolocation: { latitude: 19.4326, longitude: -99.1332 },
		});
		expect(Date.parse(String(json.signedAt))).not.toBeNaN();
		expect(String(json.signatureLink)).toMatch(
			new RegExp(`^${env.sb.baseUrl}/sign/${contractId}/[\\w-]+$`),
		);
		// Simplify keeps who signed, when, and the link; not where from
		expect((await get(true)).items[0].json).toEqual({
			contractId,
			participantId: first,
			name: json.name,
			email: json.email,
			label: json.label,
			status: 'SENT_SIGNED',
			statusLabel: 'Signed',
			signedAt: json.signedAt,
			signatureLink: json.signatureLink,
		});
	});

	test('Raw Output (a saved version-1 node) keeps the API shape (editable / information)', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [, tenant] = await participantsOf(env.api, contractId);
		const result = await env.run(
			{
				resource: 'participant',
				operation: 'get',
				contractId: byId(contractId),
				participantId: byId(tenant.participantid),
				options: { rawOutput: true },
			},
			undefined,
			{ typeVersion: 1 },
		);
		const json = result.items[0].json;
		expect(json.contractId).toBe(contractId);
		expect(json.participantid).toBe(tenant.participantid);
		expect(json.editable).toMatchObject({ obligation: 'individual' });
		expect(json.information).toMatchObject({ label: 'Arrendatario', variables: 3, attachments: 0 });
		expect(json.name).toBeUndefined();
	});

	test('an unknown participant gives a NodeApiError with the API text', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const result = await env.run({
			resource: 'participant',
			operation: 'get',
			contractId: byId(contractId),
			participantId: byId('ffffffffffffffffffffffff'),
		});
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(
			/refused the request: .*ffffffffffffffffffffffff.*not found/i,
		);
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/Check the ID/);
	});

	test('an empty participant is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run({
			resource: 'participant',
			operation: 'get',
			contractId: byId(contractId),
			participantId: byId('={{ $json.missing }}'),
		});
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('The Participant is empty');
		expect(result.error?.description).toMatch(/Choose a participant from the list/);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
