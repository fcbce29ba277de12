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
/**
 * Contract → Create From Template and Send through n8n-core against the sandbox: TRATO's calls in TRATO's order
 * (create, configure, read the participants, set each role's variables, update each role's signer, send), the
 * three input modes, bad input refused before any request, each failure point after the creation (the draft stays,
 * the error names the contract and the step, nothing is sent), and no second contract on Retry On Fail or on a
 * re-run with the same External ID.
 */
import type { ResourceMapperField } from 'n8n-workflow';

import { resourceMapping } from '../../test-support/harness';
import {
	createTemplateContract,
	fixture,
	fromList,
	LEASE,
	NDA,
	type NodeTestEnv,
	SERVICES,
	useEnv,
} from '../helpers/env';

const base = { resource: 'contract', operation: 'createFromTemplate' };

const env = useEnv(__filename);
/** The template's fields as the editor stored them in the mapper (its schema). */
let leaseSchema: ResourceMapperField[];

beforeAll(async () => {
	await createTemplateContract(env.api, LEASE);
	leaseSchema = (
		await resourceMapping('getTemplateFields', env.creds, { ...base, templateId: fromList(LEASE) })
	).fields;
});

const photo = {
	binary: {
		photo: { data: fixture('signature.png'), fileName: 'casa.png', mimeType: 'image/png' },
	},
};

/** Lease signers and variables as mapper values (ids: signer|<role>|<field>, <kind>|<role>|<reference>). */
const leaseValues = (extra: Record<string, unknown> = {}) => ({
	'signer|Arrendador|name': 'María',
	'signer|Arrendador|lastName': 'Fernández',
	'signer|Arrendador|email': 'maria.fernandez@example.com',
	'signer|Arrendatario|name': 'Luis',
	'signer|Arrendatario|lastName': 'Ortega',
	'signer|Arrendatario|email': 'luis.ortega@example.com',
	'text|Arrendador|lessor_name': 'María Fernández',
	'text|Arrendatario|monthly_rent': '12,500.00',
	'dynamictable|Arrendatario|rent_schedule':
		'{"headers": ["Mes", "Monto"], "rows": [{"cols": ["Enero 2027", "12,500.00"]}]}',
	...extra,
});

const mapper = (
	values: Record<string, unknown>,
	extra: Record<string, unknown> = {},
	items?: any[],
	options?: Parameters<NodeTestEnv['run']>[2],
) =>
	env.run(
		{
			...base,
			templateId: fromList(LEASE),
			templateFields: { mappingMode: 'defineBelow', value: values, schema: leaseSchema },
			...extra,
		} as any,
		items,
		options,
	);

const summary = (mark: number) =>
	env
		.nodeRequests(mark)
		.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, '<id>')} ${r.status}`);

describe('the template has no contract yet: the roles are checked on the contract the run creates', () => {
	test('the editor says so, and a run with the right roles creates and sends', async () => {
		const fields = await resourceMapping('getTemplateFields', env.creds, {
			...base,
			templateId: fromList(SERVICES),
		});
		expect(fields.fields).toEqual([]);
		expect(fields.emptyFieldsNotice).toMatch(/^No contract has been made from this template yet/);
		expect(fields.emptyFieldsNotice).toMatch(/"Define Below"/);

		const mark = env.mark();
		const result = await env.run({
			...base,
			templateId: fromList(SERVICES),
			inputMode: 'pairs',
			signers: {
				signer: [
					{
						role: 'Cliente',
						name: 'Grupo Nubia',
						representative: 'Carla Mendoza',
						email: 'carla@nubia.example.com',
					},
					{ role: 'Proveedor', name: 'Jorge', lastName: 'Salas', email: 'jorge@example.com' },
					{ role: 'Testigo', name: 'Rosa', lastName: 'Díaz', email: 'rosa@example.com' },
				],
			},
			variables: {
				variable: [
					{ reference: 'client_name', value: 'Grupo Nubia' },
					{ role: 'Proveedor', reference: 'fee', value: '30,000' },
				],
			},
		} as any);
		expect(result.error).toBeUndefined();
		// the roles are checked on the participants of the contract the run creates
		expect(summary(mark)).toEqual([
			'POST /api/create/contract 200',
			'GET /api/contract/variables/<id> 200',
			'POST /api/contract/variables/<id>/<id> 200',
			'POST /api/contract/variables/<id>/<id> 200',
			'POST /api/contract/participant/<id>/<id> 200',
			'POST /api/contract/participant/<id>/<id> 200',
			'POST /api/contract/participant/<id>/<id> 200',
			'POST /api/contract/send/<id> 200',
			'GET /api/contract/status/<id> 200',
		]);
		const out = result.items[0].json as any;
		const contract = env.sb.control.getContract(out.contractId)!;
		expect(contract.status).toBe('SENT_TO_SIGN');
		expect(contract.participants.map((p) => [p.label, p.name, p.representative, p.email])).toEqual([
			['Cliente', 'Grupo Nubia', 'Carla Mendoza', 'carla@nubia.example.com'],
			['Proveedor', 'Jorge Salas', '', 'jorge@example.com'],
			['Testigo', 'Rosa Díaz', '', 'rosa@example.com'],
		]);
		expect(contract.participants[0].variables.client_name.value).toBe('Grupo Nubia');
		expect(contract.participants[1].variables.fee.value).toBe('30,000');
	});
});

describe('a fresh template and a role it does not have: the draft stays and the error says so', () => {
	test('NDA (no contract yet): the created contract is left a draft, its ID and the step in the error', async () => {
		const mark = env.mark();
		const result = await env.run(
			{
				...base,
				templateId: fromList(NDA),
				inputMode: 'json',
				signersJson: JSON.stringify({
					Receptor: { name: 'Ana', lastName: 'López', email: 'ana@example.com' },
				}),
			} as any,
			undefined,
			{ continueOnFail: true },
		);
		const item = result.items[0].json as any;
		const contractId = item.contractId as string;
		expect(env.sb.control.getContract(contractId)?.templateId).toBe(NDA);
		expect(item.error).toBe(
			`Contract ${contractId} stays a draft (not sent): could not match the template's roles and variables: The template has no role "Receptor"`,
		);
		expect(item.description).toMatch(
			/^The template's roles: "Parte reveladora" \(variables: company_name, company_logo\), "Parte receptora" \(variables: receiver_name, confidential_items\)\. /,
		);
		expect(item.description).toMatch(
			new RegExp(
				`Contract ${contractId} was created from the template and is still a draft: nothing was sent\\. Running this node again creates another contract`,
			),
		);
		expect(item.description).toMatch(/to remove it: Contract → Cancel\.$/);
		expect(env.sb.control.getContract(contractId)?.status).toBe('');
		expect(summary(mark)).toEqual([
			'POST /api/create/contract 200',
			'GET /api/contract/variables/<id> 200',
		]);
	});
});

describe('roles and variables given by name are checked on the created contract: a mismatch leaves a named draft', () => {
	const run = (signers: unknown[], variables: unknown[] = []) =>
		env.run(
			{
				...base,
				templateId: fromList(LEASE),
				inputMode: 'pairs',
				signers: { signer: signers },
				variables: { variable: variables },
			} as any,
			undefined,
			{ continueOnFail: true },
		);
	const maria = { role: 'Arrendador', name: 'María', email: 'maria@example.com' };
	const luis = { role: 'Arrendatario', name: 'Luis', email: 'luis@example.com' };

	test.each([
		[
			'a role the template lacks',
			[maria, { ...luis, role: 'Inquilino' }],
			[],
			'The template has no role "Inquilino"',
		],
		['a role without a signer', [maria], [], 'No signer for the role "Arrendatario"'],
		[
			'a variable of no role',
			[maria, luis],
			[{ reference: 'lessee_name', value: 'Luis' }],
			'The template has no variable "lessee_name"',
		],
		[
			'a variable under another role',
			[maria, luis],
			[{ role: 'Arrendatario', reference: 'lessor_name', value: 'x' }],
			'The role "Arrendatario" has no variable "lessor_name"',
		],
	])('%s', async (_case, signers, variables, mismatch) => {
		const mark = env.mark();
		const item = (await run(signers, variables)).items[0].json as any;
		expect(item.error).toBe(
			`Contract ${item.contractId} stays a draft (not sent): could not match the template's roles and variables: ${mismatch}`,
		);
		expect(item.description).toMatch(
			/^(Every role of the template needs a signer \(Name and Email\)\. )?The template's roles: "Arrendador" \(variables: lessor_name, property_address, property_photo\), "Arrendatario" \(variables: tenant_name, monthly_rent, rent_schedule\)\./,
		);
		expect(env.sb.control.getContract(item.contractId)?.status).toBe('');
		expect(summary(mark)).toEqual([
			'POST /api/create/contract 200',
			'GET /api/contract/variables/<id> 200',
		]);
	});
});

describe('Map Template Fields: the whole chain', () => {
	beforeAll(async () => {
		await createTemplateContract(env.api, LEASE);
		leaseSchema = (
			await resourceMapping('getTemplateFields', env.creds, {
				...base,
				templateId: fromList(LEASE),
			})
		).fields;
	});

	test("TRATO's calls in TRATO's order; the contract is sent with its signers, variables and options", async () => {
		const mark = env.mark();
		const result = await mapper(
			leaseValues({ 'image|Arrendador|property_photo': 'photo' }),
			{
				name: 'Lease - Av. Reforma 222',
				showSignLinks: true,
				additionalFields: { stampNom: true, language: 'en', notificationType: 'email' },
			},
			[photo],
		);
		expect(result.error).toBeUndefined();
		expect(summary(mark)).toEqual([
			'POST /api/create/contract 200',
			'POST /api/contract/configuration/<id> 200',
			'GET /api/contract/variables/<id> 200',
			'POST /api/contract/variables/<id>/<id> 200',
			'POST /api/contract/variables/<id>/<id> 200',
			'POST /api/contract/participant/<id>/<id> 200',
			'POST /api/contract/participant/<id>/<id> 200',
			'POST /api/contract/send/<id> 200',
			'GET /api/contract/status/<id> 200',
		]);
		const requests = env.nodeRequests(mark);
		expect(requests[0].body).toEqual({ source: 'template', templateid: LEASE });
		expect(requests[1].body).toEqual({
			language: 'en',
			notificationType: 'email',
			stampNom: true,
			name: 'Lease - Av. Reforma 222',
		});
		expect(requests[7].query).toEqual({ showSignLinks: 'true' });

		const out = result.items[0].json as any;
		const contract = env.sb.control.getContract(out.contractId)!;
		expect(contract.templateId).toBe(LEASE);
		expect(contract.status).toBe('SENT_TO_SIGN');
		expect(contract.name).toBe('Lease - Av. Reforma 222');
		expect(contract.config).toMatchObject({ stampNom: true, language: 'en' });
		const [lessor, tenant] = contract.participants;
		expect([lessor.name, lessor.email, tenant.name, tenant.email]).toEqual([
			'María Fernández',
			'maria.fernandez@example.com',
			'Luis Ortega',
			'luis.ortega@example.com',
		]);
		expect(lessor.variables.lessor_name.value).toBe('María Fernández');
		expect(lessor.variables.property_address.value).toBe(''); // not given: the template's
		expect(Buffer.from(lessor.variables.property_photo.value as string, 'base64')).toEqual(
			fixture('signature.png'),
		);
		expect(tenant.variables.monthly_rent.value).toBe('12,500.00');
		expect(tenant.variables.rent_schedule.value).toEqual({
			headers: ['Mes', 'Monto'],
			rows: [{ cols: ['Enero 2027', '12,500.00'] }],
		});

		// what Create With Signers outputs: the contract, its status, its participants with links when asked
		expect(Object.keys(out)).toEqual([
			'contractId',
			'name',
			'templateId',
			'outcome',
			'status',
			'statusLabel',
			'participants',
			'signingLinks',
		]);
		expect(out).toMatchObject({
			name: 'Lease - Av. Reforma 222',
			templateId: LEASE,
			outcome: 'created',
			status: 'SENT_TO_SIGN',
			statusLabel: 'Pending Signature',
		});
		expect(out.participants).toEqual([
			{
				participantId: lessor._id,
				label: 'Arrendador',
				name: 'María Fernández',
				email: 'maria.fernandez@example.com',
				signUrl: `${env.sb.baseUrl}/sign/${contract._id}/${lessor.signToken}`,
			},
			{
				participantId: tenant._id,
				label: 'Arrendatario',
				name: 'Luis Ortega',
				email: 'luis.ortega@example.com',
				signUrl: `${env.sb.baseUrl}/sign/${contract._id}/${tenant.signToken}`,
			},
		]);
		expect(out.signingLinks).toEqual(
			out.participants.map((p: any) => ({ participantId: p.participantId, signUrl: p.signUrl })),
		);
	});

	test('defaults: no option, no name: nothing to configure, no links, the template name', async () => {
		const mark = env.mark();
		const result = await mapper(leaseValues());
		expect(result.error).toBeUndefined();
		expect(summary(mark)).not.toContain('POST /api/contract/configuration/<id> 200');
		const out = result.items[0].json as any;
		expect(out.name).toBe('Contrato de arrendamiento');
		expect(out.signingLinks).toBeUndefined();
		expect(out.participants[0].signUrl).toBeUndefined();
		expect(
			env.nodeRequests(mark).find((r) => r.path.startsWith('/api/contract/send/'))?.query,
		).toEqual({});
	});
});

describe('JSON and an expression-valued template (an AI agent, an earlier node)', () => {
	test('signers and variables keyed by role, from an earlier node; the template by an expression', async () => {
		const data = {
			template: LEASE,
			signers: {
				Arrendador: { name: 'María', lastName: 'Fernández', email: 'maria.fernandez@example.com' },
				Arrendatario: { name: 'Luis', last_name: 'Ortega', email: 'luis.ortega@example.com' },
			},
			variables: {
				Arrendador: { property_address: 'Av. Reforma 222, Depto 5' },
				Arrendatario: {
					tenant_name: 'Luis Ortega',
					rent_schedule: { headers: ['Mes', 'Monto'], rows: [{ cols: ['Enero', '12,500.00'] }] },
				},
				monthly_rent: '12,500.00',
			},
		};
		const mark = env.mark();
		const result = await env.run(
			{
				...base,
				templateId: { __rl: true, mode: 'id', value: '={{ $json.template }}' },
				inputMode: 'json',
				signersJson: '={{ $json.signers }}',
				variablesJson: '={{ $json.variables }}',
			} as any,
			[{ json: data }],
		);
		expect(result.error).toBeUndefined();
		expect(summary(mark).slice(0, 2)).toEqual([
			'POST /api/create/contract 200',
			'GET /api/contract/variables/<id> 200',
		]);
		const contract = env.sb.control.getContract((result.items[0].json as any).contractId)!;
		expect(contract.status).toBe('SENT_TO_SIGN');
		const [lessor, tenant] = contract.participants;
		expect([lessor.name, tenant.name]).toEqual(['María Fernández', 'Luis Ortega']);
		expect(lessor.variables.property_address.value).toBe('Av. Reforma 222, Depto 5');
		expect(tenant.variables.monthly_rent.value).toBe('12,500.00');
		expect((tenant.variables.rent_schedule.value as any).rows).toEqual([
			{ cols: ['Enero', '12,500.00'] },
		]);
	});
});

describe('bad input is refused before any request', () => {
	test.each([
		[
			'a role without a signer (known from the template fields)',
			leaseValues({ 'signer|Arrendatario|name': '', 'signer|Arrendatario|email': '' }),
			{},
			'No signer for the role "Arrendatario"',
			/^Every role of the template needs a signer \(Name and Email\)\. The template's roles: "Arrendador" \(variables: lessor_name, property_address, property_photo\), "Arrendatario"/,
		],
		[
			'a malformed email',
			leaseValues({ 'signer|Arrendatario|email': 'luis.ortega(at)example.com' }),
			{},
			'The signer of "Arrendatario": Email "luis.ortega(at)example.com" is not a valid email address',
			/^Use an address such as ana@example\.com\.$/,
		],
		[
			'no phone while notifying by SMS',
			leaseValues({ 'signer|Arrendador|phone': '+525512345678' }),
			{ additionalFields: { notificationType: 'email-sms' } },
			'The signer of "Arrendatario" has no Phone',
			/Notification Type "email-sms" sends SMS/,
		],
		[
			'a table whose rows do not fit its headers',
			leaseValues({
				'dynamictable|Arrendatario|rent_schedule': { headers: ['Mes'], rows: [['Enero', '1']] },
			}),
			{},
			'The table "rent_schedule" cannot be sent: row 1 has 2 cells but the table has 1 headers',
			/one cell per header/,
		],
		[
			'an image field the item does not have',
			leaseValues({ 'image|Arrendador|property_photo': 'photo' }),
			{},
			'Item 1 has no binary field "photo" for the image variable "property_photo"',
			/The item carries no file/,
		],
	])('%s', async (_case, values, extra, message, description) => {
		const mark = env.mark();
		const result = await mapper(values, extra);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(env.nodeRequests(mark)).toEqual([]);
	});
});
