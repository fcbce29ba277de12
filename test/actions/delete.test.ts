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
 * The three Delete operations on a contract's records (Custom Property, Spectator, Confidential Attachment), one
 * table: each deletes only the chosen record and echoes the IDs, is repeated after a temporary failure (a delete
 * of an addressed record is safe to repeat, api-notes R12), gives TRATO's text for an unknown record and refuses
 * an empty ID before any request.
 */
import type { INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import type { FaultSpec } from '../../sandbox';
import { transportSettings } from '../../nodes/Trato/transport/retry';
import {
	byId,
	createTemplateContract,
	fixture,
	fromList,
	LEASE,
	type NodeTestEnv,
	PDF_MIME,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);
const realSleep = transportSettings.sleep;
beforeAll(() => {
	// Retries wait through the injectable sleep: no real waiting in tests.
	transportSettings.sleep = async () => {};
});
afterAll(() => {
	transportSettings.sleep = realSleep;
});
afterEach(() => env.sb.control.clearFaults());

interface Resource {
	resource: string;
	/** The ID parameter, also the output field that echoes it. */
	idField: string;
	/** The ID parameter's value for a record ID, as the panel stores it. */
	idValue(id: string): NodeParameterValueType;
	/** The record as the panel names it, and as TRATO's texts name it. */
	label: string;
	tratoName: string;
	/** Adds two records to a new contract through the API (test setup); their IDs in order. */
	addTwo(env: NodeTestEnv, contractId: string): Promise<string[]>;
	/** The IDs of the records the contract still has (the sandbox's state). */
	remaining(env: NodeTestEnv, contractId: string): string[];
	deletePath(contractId: string, id: string): string;
	/** A temporary failure of the first delete. */
	fault: FaultSpec;
	/** The ID parameter when it resolves to nothing, and the description of the error, if any. */
	emptyValue: NodeParameterValueType;
	emptyDescription?: RegExp;
}

const RESOURCES: Resource[] = [
	{
		resource: 'customProperty',
		idField: 'propertyId',
		idValue: fromList,
		label: 'Custom Property',
		tratoName: 'Custom property',
		async addTwo(env, contractId) {
			await env.api.post(`/api/contracts/${contractId}/customproperties`, {
				properties: [
					{ name: 'Department', value: 'Sales' },
					{ name: 'Region', value: 'North' },
				],
			});
			return this.remaining(env, contractId);
		},
		remaining: (env, contractId) =>
			env.sb.control.getContract(contractId)!.properties.map((p) => p._id),
		deletePath: (contractId, id) => `/api/contracts/${contractId}/${id}/customproperties`,
		fault: { method: 'DELETE', path: '/api/contracts/*/customproperties', status: 502 },
		emptyValue: byId('={{ $json.nothing }}'),
		emptyDescription: /Choose a custom property from the list or enter its ID/,
	},
	{
		resource: 'spectator',
		idField: 'spectatorId',
		idValue: fromList,
		label: 'Spectator',
		tratoName: 'Spectator',
		async addTwo(env, contractId) {
			for (const [name, email] of [
				['Laura', 'laura@example.com'],
				['Audit', 'audit@example.com'],
			])
				await env.api.post(`/api/contracts/${contractId}/spectators`, { name, email });
			return this.remaining(env, contractId);
		},
		remaining: (env, contractId) =>
			env.sb.control.getContract(contractId)!.spectators.map((s) => s._id),
		deletePath: (contractId, id) => `/api/contracts/${contractId}/spectators/${id}`,
		fault: {
			method: 'DELETE',
			path: '/api/contracts/*/spectators/*',
			status: 429,
			retryAfter: '1',
		},
		emptyValue: byId('={{ $json.nothing }}'),
	},
	{
		resource: 'confidentialAttachment',
		idField: 'attachmentId',
		idValue: (id) => id,
		label: 'Confidential Attachment',
		tratoName: 'Confidential attachment',
		async addTwo(env, contractId) {
			for (const name of ['Payroll', 'Bank details'])
				await env.api.post(`/api/contracts/${contractId}/confidential-attachments`, {
					name,
					filename: 'payroll.pdf',
					document: { type: 'pdf', data: fixture('lease.pdf').toString('base64') },
				});
			return this.remaining(env, contractId);
		},
		remaining: (env, contractId) =>
			env.sb.control.getContract(contractId)!.confidentialAttachments.map((a) => a._id),
		deletePath: (contractId, id) => `/api/contracts/${contractId}/confidential-attachments/${id}`,
		fault: { method: 'DELETE', path: '/api/contracts/*/confidential-attachments/*', status: 503 },
		emptyValue: '  ',
	},
];

describe.each(RESOURCES.map((r) => [r.resource, r] as const))('%s → delete', (_name, r) => {
	const del = (contractId: string, id: NodeParameterValueType): INodeParameters => ({
		resource: r.resource,
		operation: 'delete',
		contractId: byId(contractId),
		[r.idField]: id,
	});
	async function contractWithTwo(): Promise<{ contractId: string; ids: string[] }> {
		const contractId = await createTemplateContract(env.api, LEASE);
		const ids = await r.addTwo(env, contractId);
		expect(ids).toHaveLength(2);
		return { contractId, ids };
	}

	test('deletes only the chosen record and echoes the IDs', async () => {
		const { contractId, ids } = await contractWithTwo();
		const mark = env.mark();
		const result = await env.run(del(contractId, r.idValue(ids[0])));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ contractId, [r.idField]: ids[0], deleted: true },
		]);
		expect(env.nodeRequests(mark).map((x) => `${x.method} ${x.path} ${x.status}`)).toEqual([
			`DELETE ${r.deletePath(contractId, ids[0])} 200`,
		]);
		expect(r.remaining(env, contractId)).toEqual([ids[1]]);
	});

	test('is retried after a temporary failure (safe to repeat, api-notes R12)', async () => {
		const { contractId, ids } = await contractWithTwo();
		env.sb.control.addFault(r.fault);
		const mark = env.mark();
		const result = await env.run(del(contractId, r.idValue(ids[1])));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.deleted).toBe(true);
		expect(env.nodeRequests(mark).map((x) => `${x.method} ${x.status}`)).toEqual([
			`DELETE ${r.fault.status}`,
			'DELETE 200',
		]);
		expect(r.remaining(env, contractId)).toEqual([ids[0]]);
	});

	test("an unknown record gives a NodeApiError with TRATO's text", async () => {
		const { contractId, ids } = await contractWithTwo();
		const unknown = 'ffffffffffffffffffffffff';
		const result = await env.run(del(contractId, r.idValue(unknown)));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe(
			`TRATO refused the request: ${r.tratoName} ${unknown} not found in contract ${contractId}`,
		);
		expect(r.remaining(env, contractId)).toEqual(ids);
	});

	test('an empty or malformed ID is refused before any request', async () => {
		const { contractId, ids } = await contractWithTwo();
		const mark = env.mark();
		const empty = await env.run(del(contractId, r.emptyValue));
		expect((empty.error as any)?.name).toBe('NodeOperationError');
		expect(empty.error?.message).toBe(`The ${r.label} is empty`);
		if (r.emptyDescription) expect(empty.error?.description).toMatch(r.emptyDescription);
		const slash = await env.run(del(contractId, r.idValue('abc/def')));
		expect((slash.error as any)?.name).toBe('NodeOperationError');
		expect(slash.error?.message).toBe(`The ${r.label} ID "abc/def" is not a valid ID`);
		expect(env.nodeRequests(mark)).toHaveLength(0);
		expect(r.remaining(env, contractId)).toEqual(ids);
	});
});

test('confidentialAttachment → delete: an attachment added by the node in the same workflow can be deleted with its attachmentId', async () => {
	const contractId = await createTemplateContract(env.api, LEASE);
	const added = await env.run(
		{
			resource: 'confidentialAttachment',
			operation: 'add',
			contractId: byId(contractId),
			attachmentName: 'Temp',
		},
		[
			{
				json: {},
				binary: { data: { data: fixture('lease.pdf'), fileName: 'temp.pdf', mimeType: PDF_MIME } },
			},
		],
	);
	const result = await env.run(
		{
			resource: 'confidentialAttachment',
			operation: 'delete',
			contractId: byId(contractId),
			attachmentId: '={{ $json.attachmentId }}',
		},
		added.items.map((i) => ({ json: i.json })),
	);
	expect(result.items[0].json).toEqual({
		contractId,
		attachmentId: added.items[0].json.attachmentId,
		deleted: true,
	});
	expect(env.sb.control.getContract(contractId)!.confidentialAttachments).toHaveLength(0);
});
