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
import { transportSettings } from '../../nodes/Trato/transport/retry';
import {
	byId,
	createTemplateContract,
	fixture,
	LEASE,
	type NodeTestEnv,
	PDF_MIME,
	startEnv,
} from '../helpers/env';

let env: NodeTestEnv;
const realSleep = transportSettings.sleep;

beforeAll(async () => {
	env = await startEnv(__filename);
	// Retries wait through the injectable sleep: no real waiting in tests.
	transportSettings.sleep = async () => {};
});
afterAll(async () => {
	transportSettings.sleep = realSleep;
	await env.close();
});
afterEach(() => env.sb.control.clearFaults());

async function contractWithAttachment(): Promise<{ contractId: string; attachmentId: string }> {
	const contractId = await createTemplateContract(env.api, LEASE);
	const res = await env.api.post(`/api/contracts/${contractId}/confidential-attachments`, {
		name: 'Payroll',
		filename: 'payroll.pdf',
		document: { type: 'pdf', data: fixture('lease.pdf').toString('base64') },
	});
	return { contractId, attachmentId: res.data.attachmentid };
}

const del = (contractId: string, attachmentId: string) => ({
	resource: 'confidentialAttachment',
	operation: 'delete',
	contractId: byId(contractId),
	attachmentId,
});

describe('confidentialAttachment → delete', () => {
	test('deletes the attachment and echoes the IDs', async () => {
		const { contractId, attachmentId } = await contractWithAttachment();
		const mark = env.mark();
		const result = await env.run(del(contractId, attachmentId));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ contractId, attachmentId, deleted: true }]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/contracts/${contractId}/confidential-attachments/${attachmentId} 200`,
		]);
		expect(env.sb.control.getContract(contractId)!.confidentialAttachments).toHaveLength(0);
	});

	test('an attachment added by the node in the same workflow can be deleted with its attachmentId', async () => {
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
					binary: {
						data: { data: fixture('lease.pdf'), fileName: 'temp.pdf', mimeType: PDF_MIME },
					},
				},
			],
		);
		const result = await env.run(
			{ ...del(contractId, ''), attachmentId: '={{ $json.attachmentId }}' },
			added.items.map((i) => ({ json: i.json })),
		);
		expect(result.items[0].json).toEqual({
			contractId,
			attachmentId: added.items[0].json.attachmentId,
			deleted: true,
		});
		expect(env.sb.control.getContract(contractId)!.confidentialAttachments).toHaveLength(0);
	});

	test('is retried after a temporary failure (safe to repeat, api-notes R12)', async () => {
		const { contractId, attachmentId } = await contractWithAttachment();
		env.sb.control.addFault({
			method: 'DELETE',
			path: '/api/contracts/*/confidential-attachments/*',
			status: 503,
		});
		const mark = env.mark();
		const result = await env.run(del(contractId, attachmentId));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.deleted).toBe(true);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.status}`)).toEqual([
			'DELETE 503',
			'DELETE 200',
		]);
	});

	test('an unknown attachment gives a NodeApiError with the API text', async () => {
		const { contractId } = await contractWithAttachment();
		const result = await env.run(del(contractId, 'ffffffffffffffffffffffff'));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe(
			`TRATO refused the request: Confidential attachment ffffffffffffffffffffffff not found in contract ${contractId}`,
		);
		expect(env.sb.control.getContract(contractId)!.confidentialAttachments).toHaveLength(1);
	});

	test('an empty or malformed attachment ID is refused before any request', async () => {
		const { contractId } = await contractWithAttachment();
		const mark = env.mark();
		const empty = await env.run(del(contractId, '  '));
		expect(empty.error?.message).toBe('The Confidential Attachment is empty');
		expect((empty.error as any)?.name).toBe('NodeOperationError');
		const slash = await env.run(del(contractId, 'abc/def'));
		expect(slash.error?.message).toBe('The Confidential Attachment ID "abc/def" is not a valid ID');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
