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
import { resourceMapping } from '../../test-support/harness';
import {
	byId,
	createTemplateContract,
	fixture,
	LEASE,
	participantsOf,
	SERVICES,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

const columnsOf = (contractId: string, participantId: string) =>
	resourceMapping('getVariableColumns', env.creds, {
		resource: 'variable',
		operation: 'set',
		contractId: byId(contractId),
		participantId: byId(participantId),
	});

describe('resource mapper: getVariableColumns', () => {
	test('lists the text and image variables of the chosen participant, named as in the document', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [lessor, tenant] = await participantsOf(env.api, contractId);
		const mark = env.mark();
		const lessorColumns = await columnsOf(contractId, lessor.participantid);
		expect(lessorColumns.fields).toEqual([
			{
				id: 'lessor_name',
				displayName: 'Nombre del arrendador',
				type: 'string',
				required: false,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
			},
			{
				id: 'property_address',
				displayName: 'Domicilio del inmueble',
				type: 'string',
				required: false,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
			},
			{
				id: 'property_photo',
				displayName: 'Fotografía del inmueble (Image: Binary Field)',
				type: 'string',
				required: false,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
			},
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/variables/${contractId} 200`,
		]);

		const tenantColumns = await columnsOf(contractId, tenant.participantid);
		expect(tenantColumns.fields.map((f) => f.id)).toEqual(['tenant_name', 'monthly_rent']);
		expect(tenantColumns.emptyFieldsNotice).toMatch(/rent_schedule.*"Dynamic Tables"/);
	});

	test('values set through the mapper are what Variable → Get Many returns afterwards', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [lessor] = await participantsOf(env.api, contractId);
		const schema = (await columnsOf(contractId, lessor.participantid)).fields;
		const png = fixture('signature.png');

		const set = await env.run(
			{
				resource: 'variable',
				operation: 'set',
				contractId: byId(contractId),
				participantId: byId(lessor.participantid),
				inputMode: 'mapper',
				columns: {
					mappingMode: 'defineBelow',
					value: {
						lessor_name: 'Ana López',
						property_address: 'Av. Juárez 10, CDMX',
						property_photo: 'photo',
					},
					matchingColumns: [],
					schema,
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				} as any,
			},
			[
				{
					json: {},
					binary: { photo: { data: png, fileName: 'house.png', mimeType: 'image/png' } },
				},
			],
		);
		expect(set.error).toBeUndefined();
		expect(set.items[0].json).toEqual({
			contractId,
			participantId: lessor.participantid,
			set: ['lessor_name', 'property_address', 'property_photo'],
		});

		const read = await env.run({
			resource: 'variable',
			operation: 'getAll',
			contractId: byId(contractId),
			output: 'perVariable',
		});
		const values = Object.fromEntries(read.items.map((i) => [i.json.reference, i.json.value]));
		expect(values).toMatchObject({
			lessor_name: 'Ana López',
			property_address: 'Av. Juárez 10, CDMX',
			property_photo: png.toString('base64'),
			tenant_name: '',
		});
	});

	test('a participant without variables: no column, and a notice saying so', async () => {
		const contractId = await createTemplateContract(env.api, SERVICES);
		const witness = (await participantsOf(env.api, contractId))[2];
		const columns = await columnsOf(contractId, witness.participantid);
		expect(columns.fields).toEqual([]);
		expect(columns.emptyFieldsNotice).toBe('Testigo has no text or image variables.');
	});

	test.each([
		[
			'no contract chosen',
			{ contractId: byId(''), participantId: byId('65f1c0d2a4b8e91f2c3d4e60') },
		],
		[
			'an unresolved expression',
			{
				contractId: byId('={{ $json.contractId }}'),
				participantId: byId('65f1c0d2a4b8e91f2c3d4e60'),
			},
		],
		[
			'no participant chosen',
			{ contractId: byId('65f1c0d2a4b8e91f2c3d4e5f'), participantId: byId('') },
		],
	])('%s: no request, a notice pointing to "Define Below"', async (_case, ids) => {
		const mark = env.mark();
		const columns = await resourceMapping('getVariableColumns', env.creds, {
			resource: 'variable',
			operation: 'set',
			...ids,
		});
		expect(columns.fields).toEqual([]);
		expect(columns.emptyFieldsNotice).toMatch(
			/Choose a contract and a participant.*"Define Below"/,
		);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a participant of another contract: an error naming both', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		await expect(columnsOf(contractId, 'ffffffffffffffffffffffff')).rejects.toThrow(
			`Contract ${contractId} has no participant ffffffffffffffffffffffff`,
		);
	});

	test('an unknown contract: the API refusal', async () => {
		await expect(columnsOf('000000000000000000000000', 'ffffffffffffffffffffffff')).rejects.toThrow(
			/does not exist on the database/,
		);
	});
});
