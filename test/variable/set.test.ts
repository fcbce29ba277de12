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
import type { IDataObject } from 'n8n-workflow';

import {
	byId,
	createTemplateContract,
	fixture,
	LEASE,
	participantsOf,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const png = fixture('signature.png');

const env = useEnv(__filename);

async function lease() {
	const contractId = await createTemplateContract(env.api, LEASE);
	const [lessor, tenant] = await participantsOf(env.api, contractId);
	return { contractId, lessor: lessor.participantid, tenant: tenant.participantid };
}

async function variablesOf(contractId: string): Promise<Record<string, unknown>> {
	const res = await env.api.get(`/api/contract/variables/${contractId}`);
	const out: Record<string, unknown> = {};
	for (const p of res.data.participants)
		for (const [ref, v] of Object.entries<any>(p.variables)) out[ref] = v.value;
	return out;
}

const base = (contractId: string, participantId: string, fields: Record<string, unknown>) => ({
	resource: 'variable',
	operation: 'set',
	contractId: byId(contractId),
	participantId: byId(participantId),
	...fields,
});

const mapper = (value: Record<string, unknown> | null, mappingMode = 'defineBelow') => ({
	mappingMode,
	value,
	matchingColumns: [],
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

const withFiles = (files: Record<string, Buffer>, json: IDataObject = {}) => [
	{
		json,
		binary: Object.fromEntries(
			Object.entries(files).map(([name, data]) => [
				name,
				{ data, fileName: `${name}.bin`, mimeType: 'application/octet-stream' },
			]),
		),
	},
];

describe('variable → set', () => {
	test('mapper + table: text, image from a binary (Base64) and a table of headers and rows', async () => {
		const { contractId, tenant } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, tenant, {
				inputMode: 'mapper',
				columns: mapper({ tenant_name: 'Luis Pérez', monthly_rent: '12000.00' }),
				tables: {
					table: [
						{
							reference: 'rent_schedule',
							tableAction: 'text',
							headers: 'Mes, Monto',
							rows: 'Enero | 12000\n\nFebrero | 12000\n',
						},
					],
				},
			}),
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			contractId,
			participantId: tenant,
			set: ['tenant_name', 'monthly_rent', 'rent_schedule'],
		});
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/variables/${contractId} 200`,
			`POST /api/contract/variables/${contractId}/${tenant} 200`,
		]);
		const table = {
			headers: ['Mes', 'Monto'],
			rows: [{ cols: ['Enero', '12000'] }, { cols: ['Febrero', '12000'] }],
		};
		expect(requests[1].body).toEqual({
			tenant_name: 'Luis Pérez',
			monthly_rent: '12000.00',
			rent_schedule: table,
		});
		expect(await variablesOf(contractId)).toMatchObject({
			tenant_name: 'Luis Pérez',
			monthly_rent: '12000.00',
			rent_schedule: table,
		});
	});

	test('an image variable from a binary field round-trips as Base64', async () => {
		const { contractId, lessor } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, lessor, {
				inputMode: 'mapper',
				columns: mapper({ property_photo: 'picture' }),
			}),
			withFiles({ picture: png }),
		);
		expect(result.error).toBeUndefined();
		expect((env.nodeRequests(mark)[1].body as any).property_photo).toBe(png.toString('base64'));
		const read = await env.run({
			resource: 'variable',
			operation: 'getAll',
			contractId: byId(contractId),
			output: 'perVariable',
		});
		const photo = read.items.find((i) => i.json.reference === 'property_photo')!.json;
		expect(photo.kind).toBe('image');
		expect(Buffer.from(String(photo.value), 'base64').equals(png)).toBe(true);
	});

	test('mapper in automatic mode: input fields named like references are sent, other fields ignored', async () => {
		const { contractId, tenant } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, tenant, { inputMode: 'mapper', columns: mapper(null, 'autoMapInputData') }),
			[{ json: { tenant_name: 'Luis', monthly_rent: 15000, orderId: 'A-17' } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.set).toEqual(['tenant_name', 'monthly_rent']);
		expect(env.nodeRequests(mark)[1].body).toEqual({ tenant_name: 'Luis', monthly_rent: '15000' });
	});

	test('Define Below: text pairs, an image from a binary and a table as JSON, without reading the variables first', async () => {
		const { contractId, lessor, tenant } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, lessor, {
				inputMode: 'pairs',
				textVariables: {
					variable: [
						{ reference: 'lessor_name', value: 'Ana' },
						{ reference: 'property_address', value: '' },
					],
				},
				imageVariables: { image: [{ reference: 'property_photo', binaryPropertyName: 'img' }] },
			}),
			withFiles({ img: png }),
		);
		expect(result.error).toBeUndefined();
		const tableRun = await env.run(
			base(contractId, tenant, {
				inputMode: 'pairs',
				tables: {
					table: [
						{
							reference: 'rent_schedule',
							tableAction: 'json',
							tableJson: '{"headers": ["Mes", "Monto"], "rows": [["Enero", 12000]]}',
						},
					],
				},
			}),
		);
		expect(tableRun.error).toBeUndefined();
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`POST /api/contract/variables/${contractId}/${lessor}`,
			`POST /api/contract/variables/${contractId}/${tenant}`,
		]);
		expect(requests[0].body).toEqual({
			lessor_name: 'Ana',
			property_address: '',
			property_photo: png.toString('base64'),
		});
		expect(requests[1].body).toEqual({
			rent_schedule: { headers: ['Mes', 'Monto'], rows: [{ cols: ['Enero', '12000'] }] },
		});
		expect(await variablesOf(contractId)).toMatchObject({
			lessor_name: 'Ana',
			rent_schedule: { headers: ['Mes', 'Monto'] },
		});
	});

	test('Remove Table sends {} and the table is gone', async () => {
		const { contractId, tenant } = await lease();
		await env.api.post(`/api/contract/variables/${contractId}/${tenant}`, {
			rent_schedule: { headers: ['Mes'], rows: [{ cols: ['Enero'] }] },
		});
		const mark = env.mark();
		const result = await env.run(
			base(contractId, tenant, {
				inputMode: 'pairs',
				tables: { table: [{ reference: 'rent_schedule', tableAction: 'remove' }] },
			}),
		);
		expect(result.items[0].json.set).toEqual(['rent_schedule']);
		expect(env.nodeRequests(mark)[0].body).toEqual({ rent_schedule: {} });
		expect((await variablesOf(contractId)).rent_schedule).toEqual({});
	});

	test('JSON mode sends the object as it is; an unknown reference comes back with the API list of known ones', async () => {
		const { contractId, tenant } = await lease();
		const ok = await env.run(
			base(contractId, tenant, {
				inputMode: 'json',
				variablesJson: '{"tenant_name": "Luis", "rent_schedule": {}}',
			}),
		);
		expect(ok.items[0].json.set).toEqual(['tenant_name', 'rent_schedule']);

		const result = await env.run(
			base(contractId, tenant, { inputMode: 'json', variablesJson: '{"tenant": "Luis"}' }),
		);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(
			/Unknown variable 'tenant'.*known: tenant_name, monthly_rent, rent_schedule/,
		);
		expect(result.error?.description).toMatch(/"Variable → Get Many" lists the references/);
	});

	test('a mapper column that the participant does not have is refused before anything is written', async () => {
		const { contractId, tenant } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, tenant, { inputMode: 'mapper', columns: mapper({ lessor_name: 'Ana' }) }),
		);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('The participant has no variable "lessor_name"');
		expect(result.error?.description).toMatch(
			/Its variables: tenant_name, monthly_rent, rent_schedule/,
		);
		expect(env.nodeRequests(mark).map((r) => r.method)).toEqual(['GET']);
	});

	test('automatic mapping: an image field that holds Base64 instead of a binary field name is explained, nothing is written', async () => {
		const { contractId, lessor } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, lessor, { inputMode: 'mapper', columns: mapper(null, 'autoMapInputData') }),
			[{ json: { lessor_name: 'Ana', property_photo: png.toString('base64').repeat(3) } }],
		);
		expect(result.error?.message).toBe(
			'The value of the image variable "property_photo" must be the name of an input binary field, not the image itself',
		);
		expect(env.nodeRequests(mark).map((r) => r.method)).toEqual(['GET']);
	});

	test('automatic mapping with no input field named like a variable: refused with the list of references', async () => {
		const { contractId, tenant } = await lease();
		const mark = env.mark();
		const result = await env.run(
			base(contractId, tenant, { inputMode: 'mapper', columns: mapper(null, 'autoMapInputData') }),
			[{ json: { name: 'Luis', rent: 15000 } }],
		);
		expect(result.error?.message).toBe(
			'No input field is named like a variable of this participant',
		);
		expect(result.error?.description).toMatch(
			/Its variables: tenant_name, monthly_rent, rent_schedule/,
		);
		expect(env.nodeRequests(mark).map((r) => r.method)).toEqual(['GET']);
	});

	const pairs = (fields: Record<string, unknown>) => ({ inputMode: 'pairs', ...fields });
	test.each([
		[
			'nothing to set (mapper)',
			{ inputMode: 'mapper', columns: mapper({}) },
			'No variable to set',
			/at least one variable/,
		],
		['nothing to set (Define Below)', pairs({}), 'No variable to set', /at least one variable/],
		[
			'an empty reference',
			pairs({ textVariables: { variable: [{ reference: ' ', value: 'x' }] } }),
			'A variable reference is empty',
			/Get Many/,
		],
		[
			'a reference given twice',
			pairs({
				textVariables: {
					variable: [
						{ reference: 'a', value: '1' },
						{ reference: 'a', value: '2' },
					],
				},
			}),
			'The variable "a" is given twice',
			/only once/,
		],
		[
			'an image that is not an image',
			pairs({
				imageVariables: { image: [{ reference: 'property_photo', binaryPropertyName: 'txt' }] },
			}),
			'The file for the image variable "property_photo" is not an image',
			/PNG, JPEG, GIF or WebP/,
		],
		[
			'an image given as Base64 text instead of a binary field name',
			pairs({
				imageVariables: {
					image: [
						{ reference: 'property_photo', binaryPropertyName: `iVBORw0KGgo${'A'.repeat(200)}` },
					],
				},
			}),
			'The value of the image variable "property_photo" must be the name of an input binary field, not the image itself',
			/Convert to File.*JSON/,
		],
		[
			'a row with too many cells',
			pairs({
				tables: {
					table: [
						{ reference: 't', tableAction: 'text', headers: 'A, B', rows: 'x | y\nx | y | z' },
					],
				},
			}),
			'The table "t" cannot be sent: row 2 has 3 cells but the table has 2 headers',
			/one cell per header/,
		],
		[
			'a table JSON that is not JSON',
			pairs({
				tables: { table: [{ reference: 't', tableAction: 'json', tableJson: '{headers:' }] },
			}),
			'The JSON of the table "t" is not valid JSON',
			/"headers"/,
		],
		[
			'a table JSON of another shape',
			pairs({
				tables: {
					table: [{ reference: 't', tableAction: 'json', tableJson: '{"columns": ["A"]}' }],
				},
			}),
			'The table "t" is not in the expected shape',
			/or \{\} to remove/,
		],
		[
			'variables JSON that is not JSON',
			{ inputMode: 'json', variablesJson: 'name=Ana' },
			'Variables (JSON) is not valid JSON',
			/tenant_name/,
		],
		[
			'variables JSON that is a list',
			{ inputMode: 'json', variablesJson: '["Ana"]' },
			'Variables (JSON) must be an object',
			/keys are variable references/,
		],
		[
			'variables JSON that is empty',
			{ inputMode: 'json', variablesJson: '{}' },
			'No variable to set',
			/at least one/,
		],
	])('%s is refused before any request', async (_case, fields, message, description) => {
		const mark = env.mark();
		const result = await env.run(
			base('65f1c0d2a4b8e91f2c3d4e5f', '65f1c0d2a4b8e91f2c3d4e60', fields),
			withFiles({ txt: fixture('notes.txt') }),
		);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('after someone signed: NodeApiError with the API text and when variables can be set', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [first, second] = await prepareForSending(env.api, contractId);
		await sendContract(env.api, contractId);
		env.sb.control.sign(contractId, { participantId: first });
		const result = await env.run(
			base(contractId, second, {
				inputMode: 'pairs',
				textVariables: { variable: [{ reference: 'tenant_name', value: 'Late' }] },
			}),
		);
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(/Cannot set variables/);
		expect(result.error?.description).toMatch(/only until someone signs/);
	});
});
