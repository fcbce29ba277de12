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
import { buildMultipart } from '../../nodes/Trato/helpers/multipart';
import { binaryBuffer } from '../../test-support/harness';
import {
	PDF_MIME,
	byId,
	createPdfContract,
	fixture,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

/** A signed contract configured with stampNom, and its certificate as the node downloads it (Get Signed Documents). */
async function certifiedContract(): Promise<{ id: string; certificate: Buffer; fileName: string }> {
	const id = await createPdfContract(env.api);
	await prepareForSending(env.api, id);
	expect((await env.api.post(`/api/contract/configuration/${id}`, { stampNom: true })).status).toBe(
		200,
	);
	await sendContract(env.api, id);
	env.sb.control.sign(id);
	const documents = await env.run({
		resource: 'contract',
		operation: 'getDocuments',
		contractId: byId(id),
		downloadFiles: true,
	});
	expect(documents.error).toBeUndefined();
	const binary = documents.items[0].binary!.certificate;
	return { id, certificate: await binaryBuffer(binary), fileName: binary.fileName! };
}

const validate = (contractId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'contract',
	operation: 'validateNom151',
	contractId: byId(contractId),
	...extra,
});

describe('contract → validateNom151', () => {
	let first: { id: string; certificate: Buffer; fileName: string };
	beforeAll(async () => {
		first = await certifiedContract();
	});

	test('a certificate the service issued for the contract is valid, with its data', async () => {
		const mark = env.mark();
		const result = await env.run(validate(first.id, { binaryPropertyName: 'certificate' }), [
			{
				json: {},
				binary: {
					certificate: { data: first.certificate, fileName: first.fileName, mimeType: PDF_MIME },
				},
			},
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			contractId: first.id,
			isValid: true,
			fileName: first.fileName,
			data: {
				number: expect.any(String),
				caName: expect.any(String),
				hash: expect.stringMatching(/^[0-9a-f]{64}$/),
				hashAlg: 'SHA-256',
				expeditionDate: expect.any(String),
				rsaSignature: expect.any(String),
				policy: expect.any(String),
			},
		});
		const sent = env.nodeRequests(mark);
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contracts/${first.id}/validate/nom151 200`,
		]);
		expect(sent[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
		expect(sent[0].body).toEqual({
			multipart: [
				{
					name: 'nom151',
					filename: first.fileName,
					contentType: PDF_MIME,
					size: first.certificate.length,
				},
			],
		});
	});

	test("another file, or another contract's certificate, is not valid", async () => {
		const second = await certifiedContract();
		const result = await env.run(validate('={{ $json.id }}'), [
			{
				json: { id: first.id },
				binary: { data: { data: fixture('lease.pdf'), fileName: 'lease.pdf', mimeType: PDF_MIME } },
			},
			{
				json: { id: first.id },
				binary: { data: { data: second.certificate, fileName: 'other.pdf', mimeType: PDF_MIME } },
			},
			{
				json: { id: second.id },
				binary: { data: { data: second.certificate, fileName: 'other.pdf', mimeType: PDF_MIME } },
			},
		]);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.contractId, i.json.isValid, i.json.data])).toEqual([
			[first.id, false, null],
			[first.id, false, null],
			[second.id, true, expect.objectContaining({ hashAlg: 'SHA-256' })],
		]);
		// A changed byte makes the certificate invalid.
		const tampered = Buffer.from(first.certificate);
		tampered[tampered.length - 10] ^= 0x01;
		const changed = await env.run(validate(first.id), [
			{ json: {}, binary: { data: { data: tampered, fileName: 'cert.pdf', mimeType: PDF_MIME } } },
		]);
		expect(changed.items[0].json.isValid).toBe(false);
	});

	test('a file name with quotes and line breaks still reaches the service as one well-formed part', async () => {
		const mark = env.mark();
		const result = await env.run(validate(first.id), [
			{
				json: {},
				binary: {
					data: {
						data: first.certificate,
						fileName: 'my "cert"\r\nX-Evil: 1.pdf',
						mimeType: PDF_MIME,
					},
				},
			},
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.isValid).toBe(true);
		const [part] = (env.nodeRequests(mark)[0].body as any).multipart;
		expect(part).toEqual({
			name: 'nom151',
			filename: 'my "cert" X-Evil: 1.pdf',
			contentType: PDF_MIME,
			size: first.certificate.length,
		});
	});

	test('an unknown contract is a NodeApiError', async () => {
		const result = await env.run(validate('0123456789abcdef01234567'), [
			{
				json: {},
				binary: { data: { data: first.certificate, fileName: 'c.pdf', mimeType: PDF_MIME } },
			},
		]);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/does not exist on the database/);
	});

	test('a missing or empty input file is refused before any request', async () => {
		const cases: Array<[Record<string, unknown>, any[], RegExp, RegExp | undefined]> = [
			[
				{ contractId: byId('={{ $json.missing }}') },
				[{ json: {}, binary: { data: { data: first.certificate } } }],
				/^The Contract is empty$/,
				undefined,
			],
			[
				{},
				[{ json: {} }],
				/has no binary field "data" for the NOM-151 certificate/,
				/carries no file/,
			],
			[
				{},
				[{ json: {}, binary: { data: { data: Buffer.alloc(0), fileName: 'c.pdf' } } }],
				/^The file in binary field "data" is empty$/,
				undefined,
			],
			[
				{ binaryPropertyName: 'cert' },
				[{ json: {}, binary: { data: { data: first.certificate } } }],
				/has no binary field "cert"/,
				/Binary fields on this item: data/,
			],
		];
		for (const [extra, items, message, description] of cases) {
			const mark = env.mark();
			const result = await env.run(validate(first.id, extra), items);
			expect(result.error?.message).toMatch(message);
			if (description) expect(result.error?.description).toMatch(description);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(env.nodeRequests(mark)).toHaveLength(0);
		}
	});
});

describe('helpers → buildMultipart', () => {
	test('picks another boundary when the first one occurs in the file', () => {
		const boundaries = ['AAAA-boundary', 'BBBB-boundary'];
		const data = Buffer.from('%PDF-1.7 ... --AAAA-boundary ... %%EOF');
		const { body, contentType } = buildMultipart(
			[{ name: 'nom151', data, fileName: 'c.pdf', contentType: PDF_MIME }],
			() => boundaries.shift()!,
		);
		expect(contentType).toBe('multipart/form-data; boundary=BBBB-boundary');
		expect(body.toString('latin1')).toBe(
			'--BBBB-boundary\r\nContent-Disposition: form-data; name="nom151"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n' +
				`${data.toString('latin1')}\r\n--BBBB-boundary--\r\n`,
		);
	});

	test('two calls use different random boundaries', () => {
		const a = buildMultipart([{ name: 'x', data: Buffer.from('1') }]).contentType;
		const b = buildMultipart([{ name: 'x', data: Buffer.from('1') }]).contentType;
		expect(a).toMatch(/boundary=----n8nTrato[a-z0-9]{24}$/);
		expect(a).not.toBe(b);
	});
});
