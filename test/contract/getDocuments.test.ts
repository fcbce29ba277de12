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
import { binaryBuffer } from '../../test-support/harness';
import { byId, createPdfContract, prepareForSending, sendContract, useEnv } from '../helpers/env';

const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const env = useEnv(__filename);

/** A PDF contract with two participants, sent; `stampNom` configured before sending; signed by `signers`. */
async function contract(options: { stampNom?: boolean; signers?: 'all' | 'first' | 'none' } = {}) {
	const id = await createPdfContract(env.api);
	const participants = await prepareForSending(env.api, id);
	if (options.stampNom) {
		const res = await env.api.post(`/api/contract/configuration/${id}`, { stampNom: true });
		expect(res.status).toBe(200);
	}
	await sendContract(env.api, id);
	const signers = options.signers ?? 'all';
	if (signers === 'all') env.sb.control.sign(id);
	if (signers === 'first') env.sb.control.sign(id, { participantId: participants[0] });
	return { id, participants };
}

const getDocuments = (contractId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'contract',
	operation: 'getDocuments',
	contractId: byId(contractId),
	...extra,
});

describe('contract → getDocuments', () => {
	test('returns the documents record with readable keys and no files unless asked', async () => {
		const { id, participants } = await contract({ stampNom: true });
		const mark = env.mark();
		const result = await env.run(getDocuments(id));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const json = result.items[0].json;
		expect(json).toEqual({
			contractId: id,
			name: `Contract ${id.slice(-6)}`,
			partial: false,
			documents: {
				signed_contract: expect.stringMatching(new RegExp(`^${env.sb.uploadUrl}/.+\\.pdf$`)),
				signed_certificate: expect.stringMatching(new RegExp(`^${env.sb.uploadUrl}/.+\\.pdf$`)),
			},
			participants: participants.map((participantId, n) => ({
				participantId,
				email: `signer${n + 1}.${id.slice(-6)}@example.com`,
				video: expect.stringMatching(/\.webm$/),
			})),
		});
		expect(result.items[0].binary).toBeUndefined();
		const sent = env.nodeRequests(mark);
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/documents/${id} 200`,
		]);
		expect(sent[0].query).toEqual({ partial: 'false' });
	});

	test('Download Files puts the signed PDF, the NOM-151 certificate and each video on the item as real files', async () => {
		const { id, participants } = await contract({ stampNom: true });
		const mark = env.mark();
		const result = await env.run(getDocuments(id, { downloadFiles: true }));
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		// The signed contract goes to "data", where n8n's file nodes (Write File, Drive upload, e-mail) look first.
		expect(Object.keys(item.binary ?? {}).sort()).toEqual([
			'certificate',
			'data',
			'video_1',
			'video_2',
		]);

		const contractPdf = await binaryBuffer(item.binary!.data);
		const certificate = await binaryBuffer(item.binary!.certificate);
		expect(contractPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(certificate.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(contractPdf.equals(certificate)).toBe(false);
		expect(item.binary!.data.mimeType).toBe('application/pdf');
		expect(item.binary!.data.fileName).toMatch(/\.pdf$/);
		for (const field of ['video_1', 'video_2']) {
			expect((await binaryBuffer(item.binary![field])).subarray(0, 4)).toEqual(WEBM_MAGIC);
			expect(item.binary![field].mimeType).toBe('video/webm');
			expect(item.binary![field].fileName).toMatch(/\.webm$/);
		}

		// The same bytes the API's URLs serve.
		const record = (await env.api.get(`/api/contract/documents/${id}`)).data;
		const direct = await env.api.get(record.documents.signed_contract, {
			responseType: 'arraybuffer',
			baseURL: '',
		});
		expect(Buffer.from(direct.data).equals(contractPdf)).toBe(true);

		expect(item.json.binaryFields).toEqual({
			signedContract: 'data',
			certificate: 'certificate',
			videos: ['video_1', 'video_2'],
		});
		// What an AI agent sees of the files (n8n hands it the JSON only): field, name, type and exact size.
		const sizes = await Promise.all(
			['data', 'certificate', 'video_1', 'video_2'].map(
				async (field) => (await binaryBuffer(item.binary![field])).length,
			),
		);
		expect(item.json.files).toEqual(
			['data', 'certificate', 'video_1', 'video_2'].map((field, n) => ({
				field,
				fileName: item.binary![field].fileName,
				mimeType: field.startsWith('video') ? 'video/webm' : 'application/pdf',
				fileSize: sizes[n],
			})),
		);
		expect((item.json.participants as any[]).map((p) => [p.participantId, p.videoField])).toEqual([
			[participants[0], 'video_1'],
			[participants[1], 'video_2'],
		]);
		const sent = env.nodeRequests(mark);
		expect(sent.map((r) => r.path)).toEqual([
			`/api/contract/documents/${id}`,
			new URL(record.documents.signed_contract).pathname,
			new URL(record.documents.signed_certificate).pathname,
			new URL(record.participants[0].video).pathname,
			new URL(record.participants[1].video).pathname,
		]);
		expect(sent.every((r) => r.status === 200)).toBe(true);
	});

	test('custom field names are used, and no certificate field appears when NOM-151 is not configured', async () => {
		const { id } = await contract({ stampNom: false });
		const result = await env.run(
			getDocuments(id, {
				downloadFiles: true,
				contractBinaryField: 'signedPdf',
				certificateBinaryField: 'nom',
				videoBinaryPrefix: 'declaration',
			}),
		);
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(Object.keys(item.binary ?? {}).sort()).toEqual([
			'declaration1',
			'declaration2',
			'signedPdf',
		]);
		expect((item.json.documents as any).signed_certificate).toBeUndefined();
		expect(item.json.binaryFields).toEqual({
			signedContract: 'signedPdf',
			videos: ['declaration1', 'declaration2'],
		});
	});

	test('Partially Signed Documents returns what the signers so far signed', async () => {
		const { id, participants } = await contract({ stampNom: true, signers: 'first' });
		const mark = env.mark();
		const result = await env.run(
			getDocuments(id, { downloadFiles: true, options: { partial: true } }),
		);
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item.json.partial).toBe(true);
		expect((item.json.participants as any[]).map((p) => p.participantId)).toEqual([
			participants[0],
		]);
		expect(Object.keys(item.binary ?? {}).sort()).toEqual(['data', 'video_1']);
		expect((await binaryBuffer(item.binary!.data)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(env.nodeRequests(mark)[0].query).toEqual({ partial: 'true' });
	});

	test('before every participant signed, the refusal is explained and points to the partial option', async () => {
		const { id } = await contract({ signers: 'first' });
		const result = await env.run(getDocuments(id, { downloadFiles: true }));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(/refused the request: .*not signed by all participants/);
		expect(result.error?.description).toMatch(
			/Signed documents exist once every participant has signed/,
		);
		expect(result.error?.description).toMatch(/Partially Signed Documents/);

		const { id: unsigned } = await contract({ signers: 'none' });
		const partial = await env.run(getDocuments(unsigned, { options: { partial: true } }));
		expect(partial.error?.httpCode).toBe('409');
		expect(partial.error?.message).toMatch(/No participant .* has signed yet/);
		expect(partial.error?.description).toMatch(/once at least one participant has signed/);
	});

	test('bad input is refused before any request', async () => {
		const { id } = await contract();
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ contractId: byId('={{ $json.missing }}') }, /^The Contract is empty$/],
			[
				{ downloadFiles: true, contractBinaryField: '={{ "  " }}' },
				/^"Put Contract in Field" is empty$/,
			],
			[
				{ downloadFiles: true, videoBinaryPrefix: '={{ $json.missing }}' },
				/^"Video Field Prefix" is empty$/,
			],
			[{ downloadFiles: true, certificateBinaryField: 'data' }, /same binary field/],
			[{ downloadFiles: true, contractBinaryField: 'video_2' }, /same binary field/],
		];
		for (const [extra, message] of cases) {
			const mark = env.mark();
			const result = await env.run(getDocuments(id, extra));
			expect(result.error?.message).toMatch(message);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(env.nodeRequests(mark)).toHaveLength(0);
		}
	});
});
