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
 * Both triggers' Download Signed PDF attach the same files, read by the one reader of the signed documents
 * (transport/signedDocuments.ts): the signed PDF and, when TRATO has one, the NOM-151 certificate, in the fields
 * Put PDF in Field and Put Certificate in Field name. The polling trigger (PollSimulator) and the instant trigger
 * (behind real HTTP) run through n8n-core against one sandbox, on the same signed contract. What a failure means
 * stays each trigger's own: the polling trigger commits nothing on a transient one.
 */
import { deepCopy, type IBinaryData, type INodeExecutionData } from 'n8n-workflow';

import { binaryBuffer } from '../../test-support/harness';
import type { WebhookServer } from '../../test-support/harness/webhook';
import { contractToSign, useWebhookTestEnv } from '../webhook/helpers';
import { eventKey, injectSettings, newSim, restoreSettings } from './helpers';

const t = useWebhookTestEnv(__filename);

beforeAll(() => {
	injectSettings(); // the transport's waits between attempts are recorded, not slept
});
afterAll(() => {
	restoreSettings();
});

/** A contract waiting for two signatures, with or without the NOM-151 stamp (the certificate exists only with it). */
async function contract(name: string, stampNom: boolean): Promise<string> {
	const created = contractToSign(t.env, name);
	if (stampNom) {
		const configured = await t.env.api.post(`/api/contract/configuration/${created._id}`, {
			stampNom: true,
		});
		expect(configured.status).toBe(200);
	}
	return created._id;
}

/** The file addresses of the signed documents record, and the bytes each serves. */
async function served(contractId: string): Promise<Record<string, { url: string; bytes: Buffer }>> {
	const record = (await t.env.api.get(`/api/contract/documents/${contractId}`)).data;
	const out: Record<string, { url: string; bytes: Buffer }> = {};
	for (const [key, url] of Object.entries(record.documents as Record<string, string>)) {
		const file = await t.env.api.get(url, { responseType: 'arraybuffer', baseURL: '' });
		out[key] = { url, bytes: Buffer.from(file.data) };
	}
	return out;
}

/** Each binary field of an item with its bytes. */
async function filesOf(item: INodeExecutionData): Promise<Record<string, Buffer>> {
	const out: Record<string, Buffer> = {};
	for (const [field, binary] of Object.entries(item.binary ?? {}))
		out[field] = await binaryBuffer(binary as IBinaryData);
	return out;
}

/**
 * Signs `contractId` with both triggers watching it (the polling trigger from a baseline taken before, the instant
 * trigger on signed-all), and answers each trigger's item for it.
 */
async function signWithBothTriggers(contractId: string, options: Record<string, unknown>) {
	const polling = newSim(t.env, {
		event: 'enteredStatus',
		statuses: ['signed'],
		options: { downloadSignedPdf: true, ...options },
	});
	expect((await polling.poll()).error).toBeUndefined(); // the baseline
	const instant: WebhookServer = await t.trigger({
		events: ['signed-all'],
		options: { downloadSignedPdf: true, ...options },
	});
	t.subscribe(instant, ['signed-all']);
	t.env.sb.control.sign(contractId);
	await t.settle(instant);
	const polled = await polling.poll();
	expect(polled.error).toBeUndefined();
	const pollItems = (polled.emitted?.[0] ?? []).filter((i) => i.json.contractId === contractId);
	const instantItems = instant.executions
		.map((x) => x.items[0])
		.filter((i) => i.json.contractId === contractId);
	expect([pollItems.length, instantItems.length]).toEqual([1, 1]);
	return { polling: pollItems[0], instant: instantItems[0] };
}

test('both triggers attach the signed PDF in data and the NOM-151 certificate in certificate, the bytes TRATO serves', async () => {
	const id = await contract('Both triggers, certificate', true);
	const items = await signWithBothTriggers(id, {});
	const files = await served(id);
	expect(Object.keys(files).sort()).toEqual(['signed_certificate', 'signed_contract']);
	for (const item of [items.polling, items.instant]) {
		const attached = await filesOf(item);
		expect(Object.keys(attached).sort()).toEqual(['certificate', 'data']);
		expect(attached.data.equals(files.signed_contract.bytes)).toBe(true);
		expect(attached.certificate.equals(files.signed_certificate.bytes)).toBe(true);
		expect(item.binary!.data.mimeType).toBe('application/pdf');
		expect(item.binary!.certificate.mimeType).toBe('application/pdf');
		// the record the files come from, as documents
		expect(item.json.documents).toMatchObject({
			documents: {
				signed_contract: files.signed_contract.url,
				signed_certificate: files.signed_certificate.url,
			},
		});
		expect(item.json.documentsError).toBeUndefined();
	}
	// the same file names on both
	const names = (item: INodeExecutionData) =>
		Object.entries(item.binary!).map(([field, b]) => `${field} ${b.fileName}`);
	expect(names(items.polling)).toEqual(names(items.instant));
});

test('Put PDF in Field and Put Certificate in Field name the fields on both; no certificate field when the contract has none', async () => {
	const fields = { binaryPropertyName: 'signedPdf', certificateBinaryPropertyName: 'nom151' };
	const stamped = await contract('Both triggers, custom fields', true);
	const withCertificate = await signWithBothTriggers(stamped, fields);
	for (const item of [withCertificate.polling, withCertificate.instant])
		expect(Object.keys(item.binary ?? {}).sort()).toEqual(['nom151', 'signedPdf']);

	t.reset();
	const plain = await contract('Both triggers, no certificate', false);
	const withoutCertificate = await signWithBothTriggers(plain, fields);
	const pdf = (await served(plain)).signed_contract.bytes;
	for (const item of [withoutCertificate.polling, withoutCertificate.instant]) {
		expect(Object.keys(item.binary ?? {})).toEqual(['signedPdf']);
		expect((await binaryBuffer(item.binary!.signedPdf)).equals(pdf)).toBe(true);
	}
});

test('polling: the same field for the PDF and the certificate is refused before any request', async () => {
	const mark = t.env.mark();
	const result = await newSim(t.env, {
		options: {
			downloadSignedPdf: true,
			binaryPropertyName: 'file',
			certificateBinaryPropertyName: 'file',
		},
	}).poll();
	expect(result.error?.message).toBe(
		'Put PDF in Field and Put Certificate in Field are both "file"; give them different names.',
	);
	expect(t.env.nodeRequests(mark)).toEqual([]);
});

test('polling: a certificate that cannot be downloaded for now fails the poll and commits nothing; a refused one is documentsError, with no file', async () => {
	const id = await contract('Polling, certificate outage', true);
	const sim = newSim(t.env, {
		event: 'enteredStatus',
		statuses: ['signed'],
		options: { downloadSignedPdf: true },
	});
	await sim.poll();
	t.env.sb.control.sign(id);
	const certificate = new URL((await served(id)).signed_certificate.url).pathname;

	// every attempt at the certificate answers 503: the poll fails, its memory stays as it was
	t.env.sb.control.addFault({ origin: 'upload', path: certificate, status: 503, times: 4 });
	const before = deepCopy(sim.staticData);
	const failed = await sim.poll();
	expect(failed.error?.name).toBe('NodeApiError');
	expect(sim.staticData).toEqual(before);

	// the next poll delivers the event with both files
	const [again] = (await sim.poll()).emitted?.[0] ?? [];
	expect(eventKey(again.json)).toBe(`${id}:RECEIVED_SIGNED:1`);
	expect(Object.keys(again.binary ?? {}).sort()).toEqual(['certificate', 'data']);

	// a refusal will not change by asking again: on the item, the record kept, no file
	const refused = await contract('Polling, certificate refused', true);
	await sim.poll();
	t.env.sb.control.sign(refused);
	const refusedPath = new URL((await served(refused)).signed_certificate.url).pathname;
	t.env.sb.control.addFault({ origin: 'upload', path: refusedPath, status: 403 });
	const [item] = (await sim.poll()).emitted?.[0] ?? [];
	expect(eventKey(item.json)).toBe(`${refused}:RECEIVED_SIGNED:1`);
	expect(item.json.documents).toBeDefined();
	expect(item.json.documentsError).toBe('TRATO refused the request: Injected fault: HTTP 403');
	expect(item.binary).toBeUndefined();
});

test('polling: a refusal with HTTP 200 and success false is on the item, the poll goes on; a 408 is asked again at the next poll, not a refusal (api-notes S1)', async () => {
	const sim = newSim(t.env, {
		event: 'enteredStatus',
		statuses: ['signed'],
		options: { downloadSignedPdf: true },
	});
	await sim.poll();

	// TRATO's way of refusing: HTTP 200, success false (was taken as passing trouble: every poll failed on it)
	const refused = await contract('Polling, documents refused with 200', false);
	t.env.sb.control.sign(refused);
	t.env.sb.control.addFault({
		method: 'GET',
		path: `/api/contract/documents/${refused}`,
		status: 200,
		body: { success: false, statusCode: 400, error: 'Documentos no disponibles' },
	});
	const first = await sim.poll();
	expect(first.error).toBeUndefined();
	const [item] = (first.emitted?.[0] ?? []).filter((i) => i.json.contractId === refused);
	expect(eventKey(item.json)).toBe(`${refused}:RECEIVED_SIGNED:1`);
	expect(String(item.json.documentsError)).toContain('Documentos no disponibles');
	expect(item.binary).toBeUndefined();
	t.env.sb.control.clearFaults();

	// a request timeout (408) on the signed PDF will pass: the poll fails and commits nothing, the next one delivers
	const slow = await contract('Polling, PDF 408', false);
	await sim.poll();
	t.env.sb.control.sign(slow);
	const pdf = new URL((await served(slow)).signed_contract.url).pathname;
	t.env.sb.control.addFault({ origin: 'upload', path: pdf, status: 408 });
	const before = deepCopy(sim.staticData);
	const failed = await sim.poll();
	expect(failed.error?.name).toBe('NodeApiError');
	expect(sim.staticData).toEqual(before);
	t.env.sb.control.clearFaults();
	const [again] = ((await sim.poll()).emitted?.[0] ?? []).filter((i) => i.json.contractId === slow);
	expect(eventKey(again.json)).toBe(`${slow}:RECEIVED_SIGNED:1`);
	expect(again.json.documentsError).toBeUndefined();
	expect(Object.keys(again.binary ?? {})).toEqual(['data']);
});
