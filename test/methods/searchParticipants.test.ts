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
import { listSearch } from '../../test-support/harness';
import {
	byId,
	createTemplateContract,
	fromList,
	participantsOf,
	SERVICES,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

const search = (contractId: unknown, filter?: string) =>
	listSearch(
		'searchParticipants',
		env.creds,
		{ resource: 'participant', operation: 'get', contractId } as any,
		filter,
	);

describe('list search: searchParticipants', () => {
	test('lists the participants of the chosen contract as "label: name", in order', async () => {
		const contractId = await createTemplateContract(env.api, SERVICES);
		const [client, provider, witness] = await participantsOf(env.api, contractId);
		await env.api.post(`/api/contract/participant/${contractId}/${provider.participantid}`, {
			name: 'Luis Pérez',
		});

		const mark = env.mark();
		const result = await search(fromList(contractId));
		expect(result.results).toEqual([
			{ name: 'Cliente', value: client.participantid },
			{ name: 'Proveedor: Luis Pérez', value: provider.participantid },
			{ name: 'Testigo', value: witness.participantid },
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/variables/${contractId} 200`,
		]);
	});

	test('the typed text filters by label, name or ID, ignoring case', async () => {
		const contractId = await createTemplateContract(env.api, SERVICES);
		const [, provider, witness] = await participantsOf(env.api, contractId);
		await env.api.post(`/api/contract/participant/${contractId}/${provider.participantid}`, {
			name: 'Luis Pérez',
		});
		expect((await search(byId(contractId), 'luis')).results.map((r) => r.value)).toEqual([
			provider.participantid,
		]);
		expect((await search(byId(contractId), 'TESTIGO')).results.map((r) => r.value)).toEqual([
			witness.participantid,
		]);
		expect(
			(await search(byId(contractId), witness.participantid.slice(-8))).results.map((r) => r.value),
		).toEqual([witness.participantid]);
		expect((await search(byId(contractId), 'nobody')).results).toEqual([]);
	});

	test('no contract chosen yet: an empty list and no request', async () => {
		const mark = env.mark();
		expect((await search(fromList(''))).results).toEqual([]);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a contract set by an expression: one entry saying how to go on, and no request', async () => {
		const mark = env.mark();
		const { results } = await search(byId('={{ $json.contractId }}'));
		expect(results).toEqual([
			{
				name: 'The contract is an expression: set the participant "By ID" with an expression too, e.g. {{ $json.participants[0].participantId }}',
				value: '',
			},
		]);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('the property and spectator pickers never send an unresolved expression to the API', async () => {
		const mark = env.mark();
		for (const method of ['searchCustomProperties', 'searchSpectators']) {
			const { results } = await listSearch(method, env.creds, {
				resource: 'spectator',
				operation: 'update',
				contractId: byId('={{ $json.contractId }}'),
			} as any);
			expect(results).toHaveLength(1);
			expect(results[0].value).toBe('');
			expect(results[0].name).toMatch(/^The contract is an expression/);
		}
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('an unknown contract: the API refusal is shown', async () => {
		await expect(search(byId('000000000000000000000000'))).rejects.toThrow(
			/does not exist on the database/,
		);
	});
});
