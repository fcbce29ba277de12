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
	LEASE,
	participantsOf,
	PDF_MIME,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const pdf = fixture('lease.pdf');
const docx = fixture('services.docx');

const env = useEnv(__filename);

async function firstParticipant() {
	const contractId = await createTemplateContract(env.api, LEASE);
	const [p] = await participantsOf(env.api, contractId);
	return { contractId, participantId: p.participantid };
}

const params = (
	contractId: string,
	participantId: string,
	fields: Record<string, unknown> = {},
) => ({
	resource: 'participant',
	operation: 'addAttachment',
	contractId: byId(contractId),
	participantId: byId(participantId),
	attachmentName: 'Proof of address',
	...fields,
});

const file = (data: Buffer, fileName?: string, mimeType?: string) => [
	{ json: {}, binary: { data: { data, fileName, mimeType } } },
];

describe('participant → addAttachment', () => {
	test('a PDF from the input binary: type detected, file name from the binary, attachment ID returned', async () => {
		const { contractId, participantId } = await firstParticipant();
		const mark = env.mark();
		const result = await env.run(
			params(contractId, participantId),
			file(pdf, 'address.pdf', PDF_MIME),
		);
		expect(result.error).toBeUndefined();
		const json = result.items[0].json;
		expect(json).toEqual({
			contractId,
			participantId,
			attachmentId: expect.stringMatching(/^[0-9a-f]{24}$/),
			name: 'Proof of address',
			filename: 'address.pdf',
			documentType: 'pdf',
			validated: false,
			required: false,
		});
		const [request] = env.nodeRequests(mark);
		expect(`${request.method} ${request.path} ${request.status}`).toBe(
			`POST /api/contract/attachments/${contractId}/${participantId} 200`,
		);
		expect(request.body).toEqual({
			name: 'Proof of address',
			filename: 'address.pdf',
			validated: false,
			required: false,
			document: { type: 'pdf', data: expect.stringMatching(/^JVBERi0.*\[\d+ chars\]$/) },
		});
		const stored = env.sb.control.getContract(contractId)!.participants[0].attachments;
		expect(stored).toEqual([
			expect.objectContaining({
				_id: json.attachmentId,
				name: 'Proof of address',
				documentType: 'pdf',
			}),
		]);
	});

	test('a Word file with a generic MIME type and no extension is recognised from its content; fields override the defaults', async () => {
		const { contractId, participantId } = await firstParticipant();
		const mark = env.mark();
		const result = await env.run(
			params(contractId, participantId, {
				attachmentName: 'Services annex',
				additionalFields: { fileName: 'annex.docx', validated: true, required: true },
			}),
			file(docx, 'upload', 'application/octet-stream'),
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			documentType: 'docx',
			filename: 'annex.docx',
			validated: true,
			required: true,
		});
		const body = env.nodeRequests(mark)[0].body as any;
		expect(body.document.type).toBe('docx');
		expect(body).toMatchObject({ validated: true, required: true, filename: 'annex.docx' });
		expect(env.sb.control.getContract(contractId)!.participants[0].attachments[0]).toMatchObject({
			name: 'Services annex',
			documentType: 'docx',
			validated: true,
			required: true,
		});
	});

	test('Document Type forces the type when the content is not recognised (the API then judges the file)', async () => {
		const { contractId, participantId } = await firstParticipant();
		const mark = env.mark();
		const result = await env.run(
			params(contractId, participantId, { documentType: 'pdf' }),
			file(fixture('notes.txt'), 'notes.txt', 'text/plain'),
		);
		expect(env.nodeRequests(mark).map((r) => (r.body as any).document.type)).toEqual(['pdf']);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(/refused the request: .*PDF/i);
	});

	test.each([
		[
			'a text file',
			{},
			file(fixture('notes.txt'), 'notes.txt', 'text/plain'),
			'The file "notes.txt" is neither a PDF nor a Word (.docx) document',
			/text\/plain.*PDF or \.docx/,
		],
		[
			'a PDF declared as Word',
			{ documentType: 'docx' },
			file(pdf, 'lease.pdf', PDF_MIME),
			'The file "lease.pdf" is a PDF, but Document Type is set to Word (.docx)',
			/Auto-Detect/,
		],
		[
			'a Word file declared as PDF',
			{ documentType: 'pdf' },
			file(docx, 'services.docx', DOCX_MIME),
			'The file "services.docx" is a Word (.docx), but Document Type is set to PDF',
			/Auto-Detect/,
		],
		[
			'no binary field',
			{},
			[{ json: {} }],
			'Item 1 has no binary field "data" for the attachment',
			/carries no file/,
		],
		[
			'an empty attachment name',
			{ attachmentName: '={{ $json.nothing }}' },
			file(pdf, 'lease.pdf'),
			'The Attachment Name is empty',
			/Proof of address/,
		],
	])('%s is refused before any request', async (_case, fields, items, message, description) => {
		const mark = env.mark();
		const result = await env.run(
			params('65f1c0d2a4b8e91f2c3d4e5f', '65f1c0d2a4b8e91f2c3d4e60', fields),
			items,
		);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('after someone signed: a NodeApiError that says when attachments can be added', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [first] = await prepareForSending(env.api, contractId);
		await sendContract(env.api, contractId);
		env.sb.control.sign(contractId, { participantId: first });
		const result = await env.run(params(contractId, first), file(pdf, 'lease.pdf', PDF_MIME));
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(/Cannot add an attachment/);
		expect(result.error?.description).toMatch(/only until someone signs/);
	});
});
