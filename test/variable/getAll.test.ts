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
	fixture,
	LEASE,
	participantsOf,
	SERVICES,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

describe('variable → getAll', () => {
	test('one item per participant: each variable with reference, document name, value and kind; attachments listed', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [lessor, tenant] = await participantsOf(env.api, contractId);
		const png = fixture('signature.png').toString('base64');
		await env.api.post(`/api/contract/variables/${contractId}/${lessor.participantid}`, {
			lessor_name: 'Ana López',
			property_photo: png,
		});
		const table = { headers: ['Mes', 'Monto'], rows: [{ cols: ['Enero', '12000'] }] };
		await env.api.post(`/api/contract/variables/${contractId}/${tenant.participantid}`, {
			rent_schedule: table,
		});
		const att = await env.api.post(
			`/api/contract/attachments/${contractId}/${tenant.participantid}`,
			{
				name: 'INE',
				filename: 'ine.pdf',
				document: { type: 'pdf', data: fixture('lease.pdf').toString('base64') },
			},
		);

		const mark = env.mark();
		const result = await env.run({
			resource: 'variable',
			operation: 'getAll',
			contractId: byId(contractId),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				contractId,
				contractName: 'Contrato de arrendamiento',
				participantId: lessor.participantid,
				participantName: '',
				label: 'Arrendador',
				variables: [
					{
						reference: 'lessor_name',
						name: 'Nombre del arrendador',
						value: 'Ana López',
						kind: 'text',
					},
					{
						reference: 'property_address',
						name: 'Domicilio del inmueble',
						value: '',
						kind: 'text',
					},
					{
						reference: 'property_photo',
						name: 'Fotografía del inmueble',
						value: png,
						kind: 'image',
					},
				],
				attachments: [],
			},
			{
				contractId,
				contractName: 'Contrato de arrendamiento',
				participantId: tenant.participantid,
				participantName: '',
				label: 'Arrendatario',
				variables: [
					{ reference: 'tenant_name', name: 'Nombre del arrendatario', value: '', kind: 'text' },
					{ reference: 'monthly_rent', name: 'Renta mensual', value: '0.00', kind: 'text' },
					{
						reference: 'rent_schedule',
						name: 'Calendario de pagos',
						value: table,
						kind: 'dynamictable',
					},
				],
				attachments: [
					{
						attachmentId: att.data.attachmentid,
						name: 'INE',
						filename: 'ine.pdf',
						validated: false,
						required: false,
					},
				],
			},
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/variables/${contractId} 200`,
		]);
	});

	test('one item per variable, each naming its participant; a participant without variables adds none', async () => {
		const contractId = await createTemplateContract(env.api, SERVICES);
		const result = await env.run({
			resource: 'variable',
			operation: 'getAll',
			contractId: byId(contractId),
			output: 'perVariable',
		});
		expect(result.error).toBeUndefined();
		const rows = result.items.map((i) => i.json);
		expect(rows.map((r) => `${r.label}/${r.reference}/${r.kind}`)).toEqual([
			'Cliente/client_name/text',
			'Cliente/client_logo/image',
			'Cliente/services/dynamictable',
			'Proveedor/provider_name/text',
			'Proveedor/fee/text',
		]);
		expect(rows[0]).toEqual({
			contractId,
			participantId: expect.stringMatching(/^[0-9a-f]{24}$/),
			participantName: '',
			label: 'Cliente',
			reference: 'client_name',
			name: 'Cliente',
			value: '',
			kind: 'text',
		});
	});

	test('an unknown contract: NodeApiError with the API text', async () => {
		const result = await env.run({
			resource: 'variable',
			operation: 'getAll',
			contractId: byId('000000000000000000000000'),
		});
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/refused the request: .*does not exist on the database/);
	});

	test('an empty contract is refused before any request', async () => {
		const mark = env.mark();
		const result = await env.run({
			resource: 'variable',
			operation: 'getAll',
			contractId: byId('={{ $json.none }}'),
		});
		expect(result.error?.message).toBe('The Contract is empty');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
