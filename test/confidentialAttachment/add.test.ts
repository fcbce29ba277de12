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
	DOCX_MIME,
	fixture,
	fromList,
	LEASE,
	PDF_MIME,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const PDF = fixture('lease.pdf');
const DOCX = fixture('services.docx');

/** How the sandbox request log shows a long Base64 string. */
const logged = (buffer: Buffer) => {
	const b64 = buffer.toString('base64');
	return `${b64.slice(0, 64)}…[${b64.length} chars]`;
};

const env = useEnv(__filename);

const add = (contractId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'confidentialAttachment',
	operation: 'add',
	contractId: fromList(contractId),
	attachmentName: 'Bank statement',
	...extra,
});

describe('confidentialAttachment → add', () => {
	test('uploads a PDF from the input binary and returns the attachment ID', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(add(contractId, { additionalFields: { validated: true } }), [
			{ json: {}, binary: { data: { data: PDF, fileName: 'statement.pdf', mimeType: PDF_MIME } } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const out = result.items[0].json;
		expect(out).toEqual({
			contractId,
			attachmentId: expect.stringMatching(/^[0-9a-f]{24}$/),
			name: 'Bank statement',
			filename: 'statement.pdf',
			documentType: 'pdf',
			validated: true,
			required: false,
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });

		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contracts/${contractId}/confidential-attachments 200`,
		]);
		expect(requests[0].body).toEqual({
			name: 'Bank statement',
			filename: 'statement.pdf',
			validated: true,
			required: false,
			document: { type: 'pdf', data: logged(PDF) },
		});
		const stored = env.sb.control.getContract(contractId)!.confidentialAttachments;
		expect(stored).toEqual([
			expect.objectContaining({
				_id: out.attachmentId,
				name: 'Bank statement',
				filename: 'statement.pdf',
				validated: true,
				required: false,
			}),
		]);
	});

	test('recognises a Word file by its content (no extension, generic MIME type) and honours File Name and Required', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(
			add(contractId, {
				attachmentName: 'Annex',
				additionalFields: { fileName: 'annex-a.docx', required: true },
			}),
			[
				{
					json: {},
					binary: {
						data: { data: DOCX, fileName: 'download', mimeType: 'application/octet-stream' },
					},
				},
			],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual(
			expect.objectContaining({
				filename: 'annex-a.docx',
				documentType: 'docx',
				required: true,
				validated: false,
			}),
		);
		expect(env.nodeRequests(mark)[0].body).toEqual(
			expect.objectContaining({
				filename: 'annex-a.docx',
				required: true,
				document: { type: 'docx', data: logged(DOCX) },
			}),
		);
	});

	test("Document Type set to the file's type, another binary field and a signed contract (confidential attachments stay open)", async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		await prepareForSending(env.api, contractId);
		await sendContract(env.api, contractId);
		env.sb.control.sign(contractId);
		const result = await env.run(
			add(contractId, { binaryPropertyName: 'contract', documentType: 'docx' }),
			[
				{
					json: {},
					binary: { contract: { data: DOCX, fileName: 'terms.docx', mimeType: DOCX_MIME } },
				},
			],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual(
			expect.objectContaining({ filename: 'terms.docx', documentType: 'docx' }),
		);
	});

	test('a file that is neither PDF nor DOCX is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(add(contractId), [
			{
				json: {},
				binary: {
					data: { data: fixture('notes.txt'), fileName: 'notes.txt', mimeType: 'text/plain' },
				},
			},
		]);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			'The file "notes.txt" is neither a PDF nor a Word (.docx) document',
		);
		expect(result.error?.description).toMatch(
			/Its type is text\/plain\. Attachments must be PDF or \.docx files/,
		);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('Document Type that contradicts the file is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(add(contractId, { documentType: 'pdf' }), [
			{ json: {}, binary: { data: { data: DOCX, fileName: 'terms.docx', mimeType: DOCX_MIME } } },
		]);
		expect(result.error?.message).toBe(
			'The file "terms.docx" is a Word (.docx), but Document Type is set to PDF',
		);
		expect(result.error?.description).toMatch(/Auto-Detect/);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a missing binary field or an empty name is refused before any request', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const noFile = await env.run(add(contractId, { binaryPropertyName: 'document' }), [
			{ json: {}, binary: { data: { data: PDF, fileName: 'a.pdf', mimeType: PDF_MIME } } },
		]);
		expect(noFile.error?.message).toBe('Item 1 has no binary field "document" for the attachment');
		expect(noFile.error?.description).toMatch(/Binary fields on this item: data/);

		const noName = await env.run(add(contractId, { attachmentName: '={{ $json.title }}' }), [
			{
				json: { title: '  ' },
				binary: { data: { data: PDF, fileName: 'a.pdf', mimeType: PDF_MIME } },
			},
		]);
		expect(noName.error?.message).toBe('The Attachment Name is empty');
		expect((noName.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('the API refusing the document or the contract gives a NodeApiError with its text', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const broken = Buffer.from('%PDF-1.7\nthis is not really a PDF\n%%EOF\n');
		const result = await env.run(add(contractId), [
			{ json: {}, binary: { data: { data: broken, fileName: 'broken.pdf', mimeType: PDF_MIME } } },
		]);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(
			/refused the request: Field 'document.data' is not a readable PDF document/,
		);
		expect(env.sb.control.getContract(contractId)!.confidentialAttachments).toHaveLength(0);

		const unknown = await env.run(add('000000000000000000000000'), [
			{ json: {}, binary: { data: { data: PDF, fileName: 'a.pdf', mimeType: PDF_MIME } } },
		]);
		expect(unknown.error?.httpCode).toBe('404');
		expect(unknown.error?.message).toMatch(/does not exist on the database/);
		expect(unknown.error?.description).toMatch(/^Check the contract ID: TRATO does not know it/);
	});

	test('one attachment per input item, each from its own file', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const result = await env.run(
			add(contractId, {
				contractId: byId('={{ $json.contract }}'),
				attachmentName: '={{ $json.title }}',
			}),
			[
				{
					json: { contract: contractId, title: 'First' },
					binary: { data: { data: PDF, fileName: 'one.pdf', mimeType: PDF_MIME } },
				},
				{
					json: { contract: contractId, title: 'Second' },
					binary: { data: { data: DOCX, fileName: 'two.docx', mimeType: DOCX_MIME } },
				},
			],
		);
		expect(result.items.map((i) => [i.json.name, i.json.filename, i.json.documentType])).toEqual([
			['First', 'one.pdf', 'pdf'],
			['Second', 'two.docx', 'docx'],
		]);
		const stored = env.sb.control
			.getContract(contractId)!
			.confidentialAttachments.map((a) => a._id);
		expect(stored).toEqual(result.items.map((i) => i.json.attachmentId));
	});
});
