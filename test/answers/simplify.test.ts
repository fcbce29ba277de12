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
 * Simplify (issue 28 item 3, api-notes O1–O4) on Contract → Get and Get Many and Participant → Get and Get Many,
 * through n8n-core against the sandbox: a node added today (version 1.1) outputs the simplified records of
 * helpers/simplify.ts; a saved version-1 node, which has no Simplify stored (n8n stores no parameter left at its
 * default), outputs exactly what it did before, and Participant → Get's version-1 Raw Output keeps working.
 */
import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';
import { VERSION_DEFAULTS } from '../../nodes/Trato/actions/versions';
import { byId, createTemplateContract, LEASE, participantsOf, useEnv } from '../helpers/env';

const env = useEnv(__filename);

const OPERATIONS = [
	['contract', 'get'],
	['contract', 'getAll'],
	['participant', 'get'],
	['participant', 'getAll'],
] as const;

/** The top-level fields n8n shows (its own display rules) for an operation at a node version, with defaults. */
function shown(resource: string, operation: string, typeVersion: number): INodeProperties[] {
	const { description } = new Trato();
	const values = { resource, operation } as INodeParameters;
	return description.properties.filter((p) =>
		NodeHelpers.displayParameter(values, p, { typeVersion }, description),
	);
}

describe('the field', () => {
	test.each(OPERATIONS)(
		'%s → %s shows Simplify in both versions: off in version 1, on in 1.1',
		(resource, operation) => {
			const at = (version: number) =>
				shown(resource, operation, version).filter((p) => p.name === 'simple');
			for (const [version, expected] of [
				[1, false],
				[1.1, true],
			] as const) {
				expect(at(version)).toEqual([
					expect.objectContaining({
						displayName: 'Simplify',
						type: 'boolean',
						default: expected,
						description:
							'Whether to return a simplified version of the response instead of the raw data',
					}),
				]);
			}
			expect(VERSION_DEFAULTS.simplify).toEqual({ 1: false, 1.1: true });
		},
	);

	test("Participant → Get's Raw Output is version 1's only; 1.1 keeps Concurrency in Options", () => {
		const options = (version: number) =>
			shown('participant', 'get', version)
				.filter((p) => p.name === 'options')
				.flatMap((p) => (p.options as INodeProperties[]).map((o) => o.name));
		expect(options(1)).toEqual(['concurrency', 'rawOutput']);
		expect(options(1.1)).toEqual(['concurrency']);
	});
});

/** A contract record with more than the spec's fields, as TRATO's records may carry (spec 2.1: "The full contract
 * record beyond the fields above: not shown"): its participants, variables, configuration, Mongo's own fields. */
function bigContract(id: string) {
	return {
		_id: id,
		name: 'Arrendamiento Reforma 12',
		status: 'SENT_TO_SIGN',
		createdAt: '2026-03-02T17:04:11.000Z',
		updatedAt: '2026-03-03T09:30:00.000Z',
		signedAt: '',
		pdf: '',
		externalId: 'CRM-7781',
		owner: { _id: '6650a1f2c3d4e5f6a7b8c900', email: 'owner@example.com', company: 'Inmobiliaria' },
		configuration: { language: 'es', notificationType: 'email', stampNom: true, negotiate: false },
		variables: { tenant_name: { name: 'Nombre', value: 'Luis' }, monthly_rent: { value: '12000' } },
		participants: [
			{
				_id: '6650a1f2c3d4e5f6a7b8c9d1',
				name: 'Ana López',
				email: 'ana@example.com',
				phone: '+525512345678',
				status: 'RECEIVED_TO_SIGN',
				signUrl: 'https://enterprise.app.trato.io/sign/x/ana',
				variables: { tenant_name: { value: 'Luis' } },
				ip: '',
			},
		],
		__v: 3,
	};
}

describe('Contract → Get', () => {
	test('version 1 (Simplify not stored): every field, as before; 1.1: the simplified contract and participants', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const { _id, ...record } = bigContract(id);
		const get = async (typeVersion: number, extra: INodeParameters = {}) => {
			env.sb.control.addFault({
				method: 'GET',
				path: `/api/contract/status/${id}`,
				status: 200,
				body: record,
			});
			const result = await env.run(
				{ resource: 'contract', operation: 'get', contractId: byId(id), ...extra },
				undefined,
				{ typeVersion },
			);
			expect(result.error).toBeUndefined();
			return result.items[0].json;
		};
		const everything = { contractId: id, ...record, statusLabel: 'Pending Signature' };
		expect(await get(1)).toEqual(everything);
		expect(await get(1.1, { simple: false })).toEqual(everything);
		const simplified = await get(1.1);
		expect(simplified).toEqual({
			contractId: id,
			name: 'Arrendamiento Reforma 12',
			status: 'SENT_TO_SIGN',
			statusLabel: 'Pending Signature',
			externalId: 'CRM-7781',
			createdAt: '2026-03-02T17:04:11.000Z',
			updatedAt: '2026-03-03T09:30:00.000Z',
			signedAt: '',
			pdf: '',
			participants: [
				{
					participantId: '6650a1f2c3d4e5f6a7b8c9d1',
					name: 'Ana López',
					email: 'ana@example.com',
					status: 'RECEIVED_TO_SIGN',
					statusLabel: 'Waiting to Sign',
					signUrl: 'https://enterprise.app.trato.io/sign/x/ana',
				},
			],
		});
		// a version-1 node can turn it on
		expect(await get(1, { simple: true })).toEqual(simplified);
	});

	test("the sandbox's record (the spec's fields): the same in both forms", async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const run = (typeVersion: number) =>
			env.run({ resource: 'contract', operation: 'get', contractId: byId(id) }, undefined, {
				typeVersion,
			});
		const before = (await run(1)).items[0].json;
		expect(Object.keys(before)).toEqual([
			'contractId',
			'name',
			'status',
			'createdAt',
			'pdf',
			'signedAt',
			'externalId',
			'statusLabel',
		]);
		const simplified = (await run(1.1)).items[0].json;
		expect(simplified).toEqual(before);
		// the order of helpers/simplify.ts
		expect(Object.keys(simplified)).toEqual([
			'contractId',
			'name',
			'status',
			'statusLabel',
			'externalId',
			'createdAt',
			'signedAt',
			'pdf',
		]);
	});
});

describe('Contract → Get Many', () => {
	test('version 1: the list items as TRATO answers them (with `_id`); 1.1: simplified', async () => {
		const ids = ['6650a1f2c3d4e5f6a7b8c9e1', '6650a1f2c3d4e5f6a7b8c9e2'];
		const list = ids.map((id, n) => ({
			...bigContract(id),
			status: n ? 'RECEIVED_SIGNED' : 'SENT_TO_SIGN',
		}));
		const getMany = async (typeVersion: number) => {
			env.sb.control.addFault({
				method: 'GET',
				path: '/api/list/contracts',
				status: 200,
				headers: { 'X-Total-Pages': '1', 'X-Total-Documents': '2' },
				body: list,
			});
			const result = await env.run(
				{ resource: 'contract', operation: 'getAll', limit: 2 },
				undefined,
				{ typeVersion },
			);
			expect(result.error).toBeUndefined();
			return result.items.map((i) => i.json);
		};
		expect(await getMany(1)).toEqual(
			list.map((c, n) => ({
				contractId: ids[n],
				...c,
				statusLabel: n ? 'Signed' : 'Pending Signature',
			})),
		);
		const simplified = await getMany(1.1);
		expect(simplified.map((c) => [c.contractId, c.statusLabel])).toEqual([
			[ids[0], 'Pending Signature'],
			[ids[1], 'Signed'],
		]);
		for (const contract of simplified) {
			expect(Object.keys(contract)).toEqual([
				'contractId',
				'name',
				'status',
				'statusLabel',
				'externalId',
				'createdAt',
				'updatedAt',
				'signedAt',
				'pdf',
				'participants',
			]);
			expect(contract._id).toBeUndefined();
		}
	});
});

describe('Participant → Get and Get Many', () => {
	/** What version 1 outputs for a draft participant, field by field (Participant → Get before Simplify). */
	const flat = (contractId: string, participantId: string) => ({
		contractId,
		participantId,
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
	const simplified = (contractId: string, participantId: string) => ({
		contractId,
		participantId,
		name: 'Ana López',
		email: 'ana@example.com',
		label: 'Arrendador',
		status: 'PENDING',
		statusLabel: 'PENDING',
		signedAt: '',
		signatureLink: '',
	});

	async function draft() {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [lessor] = await participantsOf(env.api, contractId);
		await env.api.post(`/api/contract/participant/${contractId}/${lessor.participantid}`, {
			name: 'Ana López',
			email: 'ana@example.com',
			phone: '+525512345678',
		});
		return { contractId, participantId: lessor.participantid };
	}

	test.each(['get', 'getAll'])(
		'%s: version 1 (Simplify not stored) gives every field, as before; 1.1 the simplified participant',
		async (operation) => {
			const { contractId, participantId } = await draft();
			const run = async (typeVersion: number, extra: INodeParameters = {}) => {
				const result = await env.run(
					{
						resource: 'participant',
						operation,
						contractId: byId(contractId),
						participantId: byId(participantId),
						limit: 1,
						...extra,
					},
					undefined,
					{ typeVersion },
				);
				expect(result.error).toBeUndefined();
				return result.items[0].json;
			};
			expect(await run(1)).toEqual(flat(contractId, participantId));
			expect(await run(1.1, { simple: false })).toEqual(flat(contractId, participantId));
			expect(await run(1.1)).toEqual(simplified(contractId, participantId));
		},
	);

	test('a saved version-1 Get with Raw Output: the API shape, as before; Simplify on takes precedence', async () => {
		const { contractId, participantId } = await draft();
		const params = {
			resource: 'participant',
			operation: 'get',
			contractId: byId(contractId),
			participantId: byId(participantId),
			options: { rawOutput: true },
		};
		const raw = await env.run(params, undefined, { typeVersion: 1 });
		expect(raw.error).toBeUndefined();
		const answer = (await env.api.get(`/api/contract/participant/${contractId}/${participantId}`))
			.data;
		const { success: _success, ...withoutSuccess } = answer;
		expect(raw.items[0].json).toEqual({ contractId, ...withoutSuccess });
		expect(raw.items[0].json.editable).toMatchObject({ name: 'Ana López' });
		const both = await env.run({ ...params, simple: true }, undefined, { typeVersion: 1 });
		expect(both.items[0].json).toEqual(simplified(contractId, participantId));
	});
});
