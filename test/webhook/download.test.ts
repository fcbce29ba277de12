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
 * Download Signed PDF: on signed-all and document-finalized the item carries the signed PDF (and the NOM-151
 * certificate when the contract has one) as binary data, read through the transport after TRATO has been
 * answered; other events read nothing; a failed read is put on the item and the event kept.
 */
import type { IBinaryData } from 'n8n-workflow';

import { binaryBuffer } from '../../test-support/harness';
import { contractToSign, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);

/** The bytes the API's signed documents record points at. */
async function served(contractId: string, key: 'signed_contract' | 'signed_certificate') {
	const record = (await t.env.api.get(`/api/contract/documents/${contractId}`)).data;
	const file = await t.env.api.get(record.documents[key], {
		responseType: 'arraybuffer',
		baseURL: '',
	});
	return Buffer.from(file.data);
}

test('signed-all and document-finalized carry the signed PDF and the NOM-151 certificate; other events nothing', async () => {
	const server = await t.trigger({ options: { downloadSignedPdf: true } });
	t.subscribe(server);
	const contract = contractToSign(t.env, 'Download on signed');
	expect(
		(await t.env.api.post(`/api/contract/configuration/${contract._id}`, { stampNom: true }))
			.status,
	).toBe(200);
	const mark = t.env.mark();
	t.env.sb.control.sign(contract._id);
	expect((await t.env.api.post(`/api/contract/finalize/${contract._id}`)).status).toBe(200);
	await t.settle(server);

	const withFiles = server.executions.filter((x) => x.items[0].binary);
	expect(withFiles.map((x) => x.items[0].json.event)).toEqual(['signed-all', 'document-finalized']);
	const pdf = await served(contract._id, 'signed_contract');
	const certificate = await served(contract._id, 'signed_certificate');
	for (const x of withFiles) {
		const binary = x.items[0].binary as Record<string, IBinaryData>;
		expect(Object.keys(binary).sort()).toEqual(['certificate', 'data']);
		expect((await binaryBuffer(binary.data)).equals(pdf)).toBe(true);
		expect((await binaryBuffer(binary.certificate)).equals(certificate)).toBe(true);
		expect(binary.data.mimeType).toBe('application/pdf');
		expect(x.items[0].json.documents).toMatchObject({
			documents: { signed_contract: expect.any(String), signed_certificate: expect.any(String) },
		});
	}
	const others = server.executions.filter((x) => !x.items[0].binary).map((x) => x.items[0].json);
	expect(others.length).toBeGreaterThan(0);
	for (const json of others) {
		expect(['signed-all', 'document-finalized']).not.toContain(json.event);
		expect(json).not.toHaveProperty('documents');
	}
	// one documents read and two files per event that has them; the files without the API key
	const requests = t.env.nodeRequests(mark);
	expect(requests.filter((r) => r.path.startsWith('/api/contract/documents/'))).toHaveLength(2);
	const files = requests.filter((r) => !r.path.startsWith('/api/'));
	expect(files).toHaveLength(4);
	for (const file of files) expect(file.headers.apikey).toBeUndefined();
});

test('custom field names; no certificate field when the contract has none', async () => {
	const server = await t.trigger({
		events: ['signed-all'],
		options: {
			downloadSignedPdf: true,
			binaryPropertyName: 'signedPdf',
			certificateBinaryPropertyName: 'nom151',
		},
	});
	t.subscribe(server, ['signed-all']);
	const contract = contractToSign(t.env, 'Custom fields');
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	const [item] = server.executions.map((x) => x.items[0]);
	expect(Object.keys(item.binary ?? {})).toEqual(['signedPdf']);
	expect(
		(await binaryBuffer(item.binary!.signedPdf)).equals(
			await served(contract._id, 'signed_contract'),
		),
	).toBe(true);
});

test('a failed documents read is documentsError on the item, the event kept (TRATO got its 200 anyway)', async () => {
	const server = await t.trigger({ events: ['signed-all'], options: { downloadSignedPdf: true } });
	t.subscribe(server, ['signed-all']);
	const contract = contractToSign(t.env, 'Documents fail');
	t.env.sb.control.addFault({
		path: `/api/contract/documents/${contract._id}`,
		status: 404,
		body: { success: false, error: 'Documents are not ready' },
	});
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	const [delivery] = t.delivered();
	expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, '']]);
	const [item] = server.executions.map((x) => x.items[0]);
	expect(item.binary).toBeUndefined();
	expect(item.json.event).toBe('signed-all');
	expect(String(item.json.documentsError)).toContain('Documents are not ready');
});

test('the same name for the PDF and the certificate is refused (500, nothing started)', async () => {
	const server = await t.trigger({
		options: {
			downloadSignedPdf: true,
			binaryPropertyName: 'file',
			certificateBinaryPropertyName: 'file',
		},
	});
	t.subscribe(server, ['signed-all']);
	t.env.sb.control.webhooks.configure({ maxAttempts: 1 });
	const contract = contractToSign(t.env, 'Same fields');
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	t.env.sb.control.webhooks.configure({ maxAttempts: 4 });
	const [delivery] = t.delivered();
	expect(delivery.attempts[0].status).toBe(500);
	expect(JSON.parse(delivery.attempts[0].answer!).message).toMatch(/different names/);
	expect(server.executions).toEqual([]);
});

test('a file over Max File Size (MB) is not downloaded: documentsError says so, the workflow still starts; a bad size is refused (500, nothing started)', async () => {
	const server = await t.trigger({
		events: ['signed-all'],
		options: { downloadSignedPdf: true, maxFileSize: 0.001 },
	});
	t.subscribe(server, ['signed-all']);
	const contract = contractToSign(t.env, 'Too large');
	t.env.sb.control.sign(contract._id);
	await t.settle(server);
	const [item] = server.executions.map((x) => x.items[0]);
	expect(item.json.event).toBe('signed-all');
	expect(item.binary).toBeUndefined();
	expect(item.json.documentsError).toBe('The file is larger than the Max File Size (0.001 MB)');

	t.env.sb.control.webhooks.unsubscribe();
	t.env.sb.control.webhooks.clearDeliveries();
	const refusing = await t.trigger({
		events: ['signed-all'],
		options: { downloadSignedPdf: true, maxFileSize: -1 },
	});
	t.subscribe(refusing, ['signed-all']);
	t.env.sb.control.webhooks.configure({ maxAttempts: 1 });
	const other = contractToSign(t.env, 'Bad size');
	t.env.sb.control.sign(other._id);
	await t.settle(refusing);
	t.env.sb.control.webhooks.configure({ maxAttempts: 4 });
	const [delivery] = t.delivered();
	expect(delivery.attempts[0].status).toBe(500);
	expect(JSON.parse(delivery.attempts[0].answer!).message).toBe(
		'"Max File Size (MB)" must be a positive number of megabytes, not -1',
	);
	expect(refusing.executions).toEqual([]);
});
