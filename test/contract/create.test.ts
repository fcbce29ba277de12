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
import { byId, DOCX_MIME, fixture, fromList, LEASE, NDA, PDF_MIME, useEnv } from '../helpers/env';
import { binaryDataService, initN8nCore } from '../../test-support/harness';
import {
	FILE_SLOT,
	StreamedJsonBody,
	fileJsonParts,
	jsonBodyWithFile,
} from '../../nodes/Trato/helpers/jsonBodyWithFile';

beforeAll(async () => {
	// The whole file runs with n8n's filesystem binary mode: the node must read files through
	// getBinaryDataBuffer (item.binary.data only holds a reference in this mode).
	await initN8nCore('filesystem');
});
const env = useEnv(__filename);

const pdfItem = (field = 'data') => ({
	binary: { [field]: { data: fixture('lease.pdf'), fileName: 'lease.pdf', mimeType: PDF_MIME } },
});
const docxItem = (field = 'data') => ({
	binary: {
		[field]: { data: fixture('services.docx'), fileName: 'services.docx', mimeType: DOCX_MIME },
	},
});

/** The Create operation with a template from the list (TRATO needs one whatever the source). */
const run = (
	params: Record<string, unknown>,
	items?: any[],
	options?: { continueOnFail?: boolean },
) =>
	env.run(
		{ resource: 'contract', operation: 'create', templateId: fromList(LEASE), ...params } as any,
		items,
		options,
	);

describe('contract → create', () => {
	test('from a template picked in the list: returns the new contract ID, made from that template', async () => {
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'create',
			source: 'template',
			templateId: fromList(LEASE),
		});
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out).toEqual({
			contractId: expect.stringMatching(/^[0-9a-f]{24}$/),
			contractid: out.contractId,
			source: 'template',
			templateId: LEASE,
			success: true,
		});
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/create/contract 200',
		]);
		expect(requests[0].body).toEqual({ source: 'template', templateid: LEASE });
		const stored = env.sb.control.getContract(String(out.contractId));
		expect(stored?.name).toBe('Contrato de arrendamiento');
		expect(stored?.participants.map((p) => p.label)).toEqual(['Arrendador', 'Arrendatario']);
	});

	test('from a PDF in the input binary field (filesystem binary mode): plain Base64 and the template ID', async () => {
		expect((binaryDataService() as any).mode).toBe('filesystem-v2');
		const mark = env.mark();
		const result = await run({ source: 'pdf' }, [pdfItem()]);
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out).toMatchObject({
			contractId: expect.stringMatching(/^[0-9a-f]{24}$/),
			source: 'pdf',
			templateId: LEASE,
			fileName: 'lease.pdf',
		});
		const body = env.nodeRequests(mark)[0].body as any;
		expect(Object.keys(body).sort()).toEqual(['document', 'source', 'templateid']);
		expect(body.source).toBe('document');
		expect(body.templateid).toBe(LEASE);
		expect(body.document.type).toBe('pdf');
		const base64 = fixture('lease.pdf').toString('base64');
		// the log keeps the first 64 characters of long strings and their length
		expect(body.document.data).toBe(`${base64.slice(0, 64)}…[${base64.length} chars]`);
		const stored = env.sb.control.getContract(String(out.contractId));
		expect(stored?.source).toBe('document');
		expect(stored?.participants).toHaveLength(2);
	});

	test('from a Word file in a custom binary field: sent as type word', async () => {
		const mark = env.mark();
		const result = await run({ source: 'word', binaryPropertyName: 'contractFile' }, [
			docxItem('contractFile'),
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ source: 'word', fileName: 'services.docx' });
		const body = env.nodeRequests(mark)[0].body as any;
		expect(body.document.type).toBe('word');
		expect(body.document.data).toMatch(/^UEsDB/); // a zip (docx) in Base64, no "data:" header
		expect(env.sb.control.getContract(String(result.items[0].json.contractId))?.documentType).toBe(
			'word',
		);
	});

	test.each([
		[
			'a Word file with source PDF',
			'pdf',
			docxItem(),
			/is a Word document, but the source is set to PDF/,
		],
		['a PDF with source Word', 'word', pdfItem(), /is a PDF, but the source is set to Word/],
		[
			'a text file',
			'pdf',
			{
				binary: {
					data: { data: fixture('notes.txt'), fileName: 'notes.txt', mimeType: 'text/plain' },
				},
			},
			/"notes.txt" is neither a PDF nor a Word \(.docx\) document/,
		],
		[
			'a PDF renamed .docx',
			'word',
			{
				binary: {
					data: { data: fixture('lease.pdf'), fileName: 'lease.docx', mimeType: DOCX_MIME },
				},
			},
			/is a PDF, but the source is set to Word/,
		],
	])('%s is refused before any request', async (_name, source, item, message) => {
		const mark = env.mark();
		const result = await run({ source }, [item]);
		expect(result.error?.message).toMatch(message);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a missing binary field names the fields the item has', async () => {
		const mark = env.mark();
		const result = await run({ source: 'pdf', binaryPropertyName: 'file' }, [
			pdfItem('attachment'),
		]);
		expect(result.error?.message).toBe('Item 1 has no binary field "file" for creating a contract');
		expect(result.error?.description).toMatch(/Binary fields on this item: attachment/);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test.each([
		['PDF', 'pdf', pdfItem()],
		['Word', 'word', docxItem()],
	])(
		'a %s source without a template is refused before any request, saying where the ID is',
		async (label, source, item) => {
			const mark = env.mark();
			// an expression that resolves to nothing (typed empty, n8n's required-field check stops the workflow)
			const result = await env.run(
				{ resource: 'contract', operation: 'create', source, templateId: byId('={{ $json.t }}') },
				[{ json: { t: '' }, binary: item.binary }],
			);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe('The Template is empty');
			expect(result.error?.description).toBe(
				`TRATO needs a template also for a contract made from a ${label} file (it answers "Template ID is required to create a new contract when the source is a template or document."). Pick the template from the list, or copy its ID from the templates page of the TRATO web app (${env.sb.baseUrl}, page /templates), or from "Template → Get Many".`,
			);
			expect(env.nodeRequests(mark)).toHaveLength(0);
			await expect(
				env.run({ resource: 'contract', operation: 'create', source, templateId: byId('') }, [
					item,
				]),
			).rejects.toThrow(/workflow has issues/);
			expect(env.nodeRequests(mark)).toHaveLength(0);
		},
	);

	test('a template ID as TRATO lists it (24 hexadecimal characters) is sent as given', async () => {
		const listed = (await env.api.get('/api/list/templates')).data as Array<{ templateId: string }>;
		expect(listed.map((t) => t.templateId)).toContain(NDA);
		expect(NDA).toMatch(/^[0-9a-f]{24}$/);
		const mark = env.mark();
		const result = await run({ source: 'template', templateId: byId(NDA) });
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark)[0].body).toEqual({ source: 'template', templateid: NDA });
		expect(env.sb.control.getContract(String(result.items[0].json.contractId))?.templateId).toBe(
			NDA,
		);
	});

	test('only what no ID can be is refused before any request; any other length is left to TRATO', async () => {
		const params = { source: 'template', templateId: byId('={{ $json.t }}') };
		const mark = env.mark();
		const refused = [
			['', 'The Template is empty'],
			['abc/def', 'The Template ID "abc/def" is not a valid ID'],
			['x'.repeat(201), 'The Template ID is 201 characters long'],
			[
				'67878720c4e6a1f3b9d2\n0a11',
				'The Template ID "67878720c4e6a1f3b9d2\\n0a11" contains a control character (such as a line break or tab)',
			],
		];
		for (const [t, message] of refused) {
			const result = await run(params, [{ json: { t } }]);
			expect(result.error?.message).toBe(message);
		}
		expect(env.nodeRequests(mark)).toHaveLength(0);
		// 25 characters (the portal's prose) is not refused by the node: TRATO answers for it
		const prose = await run(params, [{ json: { t: 'T1lease0a7f3c9e1b5d82c4e6' } }]);
		expect((prose.error as any)?.name).toBe('NodeApiError');
		expect(env.nodeRequests(mark).map((r) => r.status)).toEqual([404]);
	});

	test("an unknown template gives a NodeApiError with TRATO's text and a hint", async () => {
		const mark = env.mark();
		const result = await run({ source: 'template', templateId: byId('000000000000000000000000') });
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			'TRATO refused the request: Template 000000000000000000000000 not found',
		);
		expect(result.error?.description).toMatch(
			/^Check that the template exists in this TRATO account\./,
		);
		expect(env.nodeRequests(mark)).toHaveLength(1);
	});

	test('one contract per input item, paired, with Continue On Fail for a bad item', async () => {
		const result = await run(
			{ source: 'pdf', options: { concurrency: 2 } },
			[pdfItem(), docxItem(), pdfItem()],
			{ continueOnFail: true },
		);
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.contractId).toEqual(expect.any(String));
		expect(result.items[1].json.error).toMatch(/is a Word document, but the source is set to PDF/);
		expect(result.items[2].json.contractId).toEqual(expect.any(String));
		expect(result.items[0].json.contractId).not.toBe(result.items[2].json.contractId);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('contract → create: the JSON body of a document is built as one Buffer (bench group 3)', () => {
	test('byte for byte the JSON a plain JSON.stringify would send, for sizes around the 48 KB chunks', () => {
		const chunk = 3 * 16 * 1024;
		for (const size of [0, 1, 2, 3, 4, chunk - 1, chunk, chunk + 1, chunk + 2, 3 * chunk + 5]) {
			const file = Buffer.alloc(size);
			for (let i = 0; i < size; i++) file[i] = (i * 7919 + size) % 256;
			const built = jsonBodyWithFile(
				{ source: 'document', document: { type: 'pdf', data: FILE_SLOT } },
				file,
			);
			const expected = JSON.stringify({
				source: 'document',
				document: { type: 'pdf', data: file.toString('base64') },
			});
			expect(built.equals(Buffer.from(expected))).toBe(true);
		}
	});

	test('built while a File URL arrives: the same bytes however the file is cut, whatever its Content-Length said, after a retry too', () => {
		const chunk = 3 * 16 * 1024;
		const layout = {
			pdf: { body: { source: 'document', document: { type: 'pdf', data: FILE_SLOT } } },
			word: {
				body: { name: 'Ñandú', file: FILE_SLOT },
				prefix: 'data:application/vnd.openxmlformats;base64,',
			},
		};
		const parts = {
			pdf: fileJsonParts(layout.pdf.body),
			word: fileJsonParts(layout.word.body, layout.word.prefix),
		};
		const room = (side: 'head' | 'tail') =>
			Math.max(parts.pdf[side].length, parts.word[side].length);
		for (const size of [0, 1, 2, 3, 4, 5, chunk + 1, 3 * chunk + 5]) {
			const file = Buffer.alloc(size);
			for (let i = 0; i < size; i++) file[i] = (i * 7919 + size) % 256;
			for (const cut of [...(size < 100 ? [1, 2] : []), 7, chunk + 2, Math.max(size, 1)]) {
				for (const expected of [size, undefined, size - 1, size + 10]) {
					for (const kind of ['pdf', 'word'] as const) {
						const writer = new StreamedJsonBody(room('head'), room('tail'));
						// a first attempt broken off half way, then the whole answer again
						writer.start(expected);
						writer.write(file.subarray(0, size >> 1));
						writer.start(expected);
						for (let at = 0; at < size; at += cut) writer.write(file.subarray(at, at + cut));
						const built = writer.finish(parts[kind]);
						const whole = jsonBodyWithFile(layout[kind].body, file, (layout[kind] as any).prefix);
						expect([size, cut, expected, kind, built.equals(whole)]).toEqual([
							size,
							cut,
							expected,
							kind,
							true,
						]);
					}
				}
			}
		}
	});

	test('a PDF larger than one chunk, of a size that is not a multiple of 3, reaches the API intact', async () => {
		// lease.pdf padded with end-of-line bytes after %%EOF (still a valid PDF) to 200,001 bytes
		const lease = fixture('lease.pdf');
		const pdf = Buffer.concat([lease, Buffer.alloc(200_001 - lease.length, 0x0a)]);
		const mark = env.mark();
		const result = await run({ source: 'pdf' }, [
			{ binary: { data: { data: pdf, fileName: 'big.pdf', mimeType: PDF_MIME } } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			contractId: expect.stringMatching(/^[0-9a-f]{24}$/),
			source: 'pdf',
			fileName: 'big.pdf',
			success: true,
		});
		const [request] = env.nodeRequests(mark);
		expect(request.headers['content-type']).toBe('application/json');
		const base64 = pdf.toString('base64');
		expect((request.body as any).document).toEqual({
			type: 'pdf',
			data: `${base64.slice(0, 64)}…[${base64.length} chars]`,
		});
	});
});
