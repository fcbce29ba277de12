/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * Source "File URL" on Contract → Create and Create With Signers (issue 28, item 1), through n8n-core against the
 * sandbox and a file server of the test's own on loopback: the file is fetched without the TRATO credential on any
 * hop (also on the sandbox's API origin, also after a redirect), PDF or Word is told from the bytes, anything else
 * and a file over Max File Size are refused before anything reaches TRATO, and no presigned query shows in an error.
 */
import {
	createServer,
	type IncomingHttpHeaders,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

import JSZip from 'jszip';
import type { INodeParameters } from 'n8n-workflow';

import {
	FileSniffer,
	describeOtherFile,
	detectDocumentKind,
	documentKindOf,
} from '../../nodes/Trato/helpers/fileKind';
import {
	DOCX_MIME,
	fixture,
	fromList,
	LEASE,
	PDF_MIME,
	byId,
	createPdfContract,
	pointDocumentsTo,
	signedPdfContract,
	useEnv,
} from '../helpers/env';

let files: Server;
let filesUrl: string;
/** What the file server received: path with query, and headers. */
const served: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const PDF = fixture('lease.pdf');
const DOCX = fixture('services.docx');
const MB = 1024 * 1024;
/** A legacy Word 97–2003 file starts with the OLE2 signature. */
const LEGACY_DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504, 0)]);
const PNG = fixture('signature.png');
const SIGNATURE = 'f00dfacecafe0123456789abcdef';
/** A shared link's key used as the file's name (Box's /shared/static/<key>.pdf). */
const BOX_KEY = '8nxc4ssv2a7vzeaq2lppi9qsqg2xe6i5';
/** A zip that holds a `word/` folder but no Word document (a folder someone zipped): not a .docx. */
let wordFolderZip: Buffer;
/** Bytes the file server sent on an endless answer, and whether it got to the end. */
const endless = { bytes: 0, finished: false };

async function stream(res: ServerResponse, total: number): Promise<void> {
	const chunk = Buffer.alloc(256 * 1024, 0x41);
	while (endless.bytes < total && !res.destroyed) {
		endless.bytes += chunk.length;
		if (!res.write(chunk))
			await new Promise<void>((resolve) => {
				const done = () => {
					res.off('drain', done);
					res.off('close', done);
					resolve();
				};
				res.once('drain', done);
				res.once('close', done);
			});
	}
	if (!res.destroyed) res.end(() => (endless.finished = true));
}

const env = useEnv(__filename);
beforeAll(async () => {
	const zip = new JSZip();
	zip.file('word/notes.txt', 'Notes for the lease');
	zip.file('word/logo.png', PNG);
	wordFolderZip = await zip.generateAsync({ type: 'nodebuffer' });
	files = createServer((req, res) => {
		served.push({ url: req.url ?? '', headers: req.headers });
		const path = (req.url ?? '').split('?')[0];
		const send = (type: string, body: Buffer, headers: Record<string, string> = {}) =>
			res.writeHead(200, { 'Content-Type': type, ...headers }).end(body);
		if (path === '/lease.pdf') send(PDF_MIME, PDF);
		// a Word file its host calls something else: the bytes decide
		else if (path === '/download')
			send('application/octet-stream', DOCX, {
				'Content-Disposition': 'attachment; filename="services.docx"',
			});
		else if (path === '/moved')
			res.writeHead(302, { Location: `/bucket/lease.pdf?X-Amz-Signature=${SIGNATURE}` }).end();
		else if (path === '/bucket/lease.pdf') send(PDF_MIME, PDF);
		else if (path.startsWith('/to-trato/'))
			res
				.writeHead(302, {
					Location: `${env.sb.baseUrl}/uploads/${path.slice('/to-trato/'.length)}`,
				})
				.end();
		// a sharing page that says it is a PDF
		else if (path === '/share/lease.pdf')
			send(
				PDF_MIME,
				Buffer.from(
					'<!DOCTYPE html><html><head><title>Sign in</title></head><body>Sign in to view</body></html>',
				),
			);
		else if (path === '/old.doc') send('application/msword', LEGACY_DOC);
		// a Location that is no address at all
		else if (path === '/bad-location') res.writeHead(302, { Location: 'http://[::1' }).end();
		// a public link named by its key (Box's direct links, an S3 object named by a random key)
		else if (path === `/shared/static/${BOX_KEY}.pdf`) send(PDF_MIME, PDF);
		else if (path === `/denied/${BOX_KEY}.pdf`)
			res
				.writeHead(403, { 'Content-Type': 'application/xml' })
				.end(
					`<Error><Code>AccessDenied</Code><Message>No access to ${BOX_KEY}.pdf</Message></Error>`,
				);
		// a short link whose key is the path: the host repeats it
		else if (path.startsWith('/s/'))
			res
				.writeHead(404, { 'Content-Type': 'application/json' })
				.end(JSON.stringify({ error: `No shared link at ${path}` }));
		else if (path === '/scan.png') send('image/png', PNG);
		else if (path === '/word-folder.zip') send('application/zip', wordFolderZip);
		else if (path === '/announced.pdf') {
			res.writeHead(200, { 'Content-Type': PDF_MIME, 'Content-Length': 5 * MB });
			void stream(res, 5 * MB);
		} else if (path === '/endless.pdf') {
			res.writeHead(200, { 'Content-Type': PDF_MIME });
			void stream(res, 32 * MB);
		} else if (path === '/expired.pdf')
			res
				.writeHead(403, { 'Content-Type': 'application/xml' })
				.end(
					`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message><SignatureProvided>${SIGNATURE}</SignatureProvided><Url>${filesUrl}${req.url}</Url></Error>`,
				);
		else res.writeHead(404).end();
	});
	await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
	filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
	files.closeAllConnections();
	await new Promise((resolve) => files.close(resolve));
});
afterEach(() => {
	served.length = 0;
	Object.assign(endless, { bytes: 0, finished: false });
});

const create = (fileUrl: unknown, options: INodeParameters = {}): INodeParameters => ({
	resource: 'contract',
	operation: 'create',
	source: 'url',
	templateId: fromList(LEASE),
	fileUrl: fileUrl as string,
	options,
});
const createV2 = (fileUrl: string): INodeParameters => ({
	resource: 'contract',
	operation: 'createV2',
	name: 'Services agreement',
	source: 'url',
	fileUrl,
	signersInputMode: 'fields',
	signers: {
		signer: [
			{ obligation: 'individual', name: 'Ana', lastName: 'López', email: 'ana@example.com' },
		],
	},
});

/** No request of this run carried a credential: no `apikey` header, no `Authorization`. */
function expectNoCredential(headers: Array<Record<string, unknown>>) {
	for (const h of headers) {
		expect(h.apikey).toBeUndefined();
		expect(h.authorization).toBeUndefined();
	}
}

/** The bytes of a contract's document, read from the sandbox with the API key (as TRATO stores it). */
async function storedDocument(contractId: string): Promise<Buffer> {
	const contract = env.sb.control.getContract(contractId);
	const res = await env.api.get(`/uploads/${contract!.documentFileId}`, {
		responseType: 'arraybuffer',
	});
	expect(res.status).toBe(200);
	return Buffer.from(res.data);
}

describe('Source "File URL": the file reaches TRATO, the credential never goes with it', () => {
	test('Create: a PDF from a loopback file server becomes the contract, exactly; the file server sees no credential', async () => {
		const mark = env.mark();
		const result = await env.run(create(`${filesUrl}/lease.pdf`));
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out).toMatchObject({
			contractId: expect.stringMatching(/^[0-9a-f]{24}$/),
			source: 'url',
			documentType: 'pdf',
			fileName: 'lease.pdf',
			templateId: LEASE,
		});
		expect(JSON.stringify(out)).not.toContain(filesUrl);
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/create/contract 200',
		]);
		const body = requests[0].body as any;
		expect(body.document.type).toBe('pdf');
		const base64 = PDF.toString('base64');
		expect(body.document.data).toBe(`${base64.slice(0, 64)}…[${base64.length} chars]`);
		expect((await storedDocument(String(out.contractId))).equals(PDF)).toBe(true);
		expect(served.map((s) => s.url)).toEqual(['/lease.pdf']);
		expectNoCredential(served.map((s) => s.headers));
		expect(served[0].headers['user-agent']).toMatch(/^n8n-nodes-trato\//);
	});

	test('Create With Signers: a Word file whose host calls it application/octet-stream is sent as Word (told from its bytes)', async () => {
		const mark = env.mark();
		const result = await env.run(createV2(`${filesUrl}/download`));
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out).toMatchObject({ documentType: 'word', name: 'Services agreement' });
		const body = env.nodeRequests(mark).find((r) => r.path === '/api/v2/create/contract')!
			.body as any;
		const uri = `data:${DOCX_MIME};base64,${DOCX.toString('base64')}`;
		expect(body.file).toBe(`${uri.slice(0, 64)}…[${uri.length} chars]`);
		expect(env.sb.control.getContract(String(out.contractId))?.documentType).toBe('word');
		expectNoCredential(served.map((s) => s.headers));
	});

	test('a redirect is followed, without credentials on either hop; the presigned query never shows', async () => {
		const result = await env.run(createV2(`${filesUrl}/moved?X-Amz-Signature=${SIGNATURE}`));
		expect(result.error).toBeUndefined();
		expect(served.map((s) => s.url)).toEqual([
			`/moved?X-Amz-Signature=${SIGNATURE}`,
			`/bucket/lease.pdf?X-Amz-Signature=${SIGNATURE}`,
		]);
		expectNoCredential(served.map((s) => s.headers));
		expect(JSON.stringify(result.items[0].json)).not.toContain(SIGNATURE);
		const contract = env.sb.control.getContract(String(result.items[0].json.contractId));
		expect((await storedDocument(contract!._id)).equals(PDF)).toBe(true);
	});

	test("a URL on TRATO's own API origin goes without the credential (the sandbox answers 401), and nothing is created", async () => {
		const source = env.sb.control.getContract(await createPdfContract(env.api))!;
		const fileUrl = `${env.sb.baseUrl}/uploads/${source.documentFileId}`;
		for (const url of [fileUrl, `${filesUrl}/to-trato/${source.documentFileId}`]) {
			const mark = env.mark();
			const result = await env.run(create(url));
			expect(result.error?.message).toMatch(
				/^The File URL answered HTTP 401 \(Missing credentials: send the header/,
			);
			expect(result.error?.description).toMatch(/nothing was sent to TRATO/);
			expect(result.error?.description).toMatch(/not even the TRATO credential/);
			const logged = env.since(mark);
			expect(logged.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
				`GET /uploads/${source.documentFileId} 401`,
			]);
			expectNoCredential(logged.map((r) => r.headers));
		}
	});
});

describe('Source "File URL": refused before anything reaches TRATO', () => {
	test.each([
		[
			'/share/lease.pdf',
			/^The File URL gave a web page \(HTML\), not the file itself, not a PDF or Word \(\.docx\) file$/,
			/its host called it application\/pdf.*direct download link/,
		],
		[
			'/old.doc',
			/^The File URL gave a legacy Word \.doc file/,
			/Save the document as \.docx or PDF/,
		],
		['/scan.png', /^The File URL gave a PNG image, not a PDF or Word/, /Convert the image to PDF/],
		[
			'/word-folder.zip',
			/^The File URL gave a zip archive, not a PDF or Word/,
			/its host called it application\/zip.*not to an archive/,
		],
	])('%s: a sentence naming what it was', async (path, message, description) => {
		const mark = env.mark();
		const result = await env.run(create(`${filesUrl}${path}`));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(message);
		expect(result.error?.description).toMatch(description);
		expect(result.error?.description).toContain(filesUrl);
		expect(env.nodeRequests(mark)).toEqual([]);
	});

	test.each([
		// an expression (or an AI agent) that gives nothing; n8n itself refuses the field left empty
		['={{ "" }}', 'The File URL is empty'],
		['   ', 'The File URL is empty'],
		['lease.pdf', 'The File URL is not a valid web address'],
		[
			'ftp://files.example.com/lease.pdf',
			'The File URL must start with https:// or http://, not ftp://',
		],
		['file:///etc/passwd', 'The File URL must start with https:// or http://, not file://'],
		[
			'https://ana:s3cret-pass@files.example.com/lease.pdf',
			'The File URL contains a user name or password',
		],
		['={{ 42 }}', 'The File URL must be text, not a number'],
	])('%j: %s, with no request at all', async (fileUrl, message) => {
		const mark = env.mark();
		const result = await env.run(create(fileUrl));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(message);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain('s3cret');
		expect(env.since(mark)).toEqual([]);
		expect(served).toEqual([]);
	});

	test('Max File Size: a Content-Length over it is refused before reading; an answer without one is cut at the limit', async () => {
		const announced = await env.run(create(`${filesUrl}/announced.pdf`, { maxFileSize: 1 }));
		expect(announced.error?.message).toBe('The file is larger than the Max File Size (1 MB)');
		expect(announced.error?.description).toContain(`${filesUrl}/… announces 5 MB`);
		expect(endless.finished).toBe(false);

		const mark = env.mark();
		const cut = await env.run(create(`${filesUrl}/endless.pdf`, { maxFileSize: 1 }));
		expect(cut.error?.message).toBe('The file is larger than the Max File Size (1 MB)');
		expect(cut.error?.description).toContain('sent more than 1 MB');
		await new Promise<void>((resolve) => files.getConnections(() => resolve()));
		expect(endless.finished).toBe(false);
		expect(endless.bytes).toBeLessThan(32 * MB);
		expect(env.nodeRequests(mark)).toEqual([]);
	});

	test("a presigned link that expired: the host's own words, and no part of its signature in the error", async () => {
		const mark = env.mark();
		const result = await env.run(
			create(
				`${filesUrl}/expired.pdf?X-Amz-Credential=AKIAEXAMPLE%2F20260101&X-Amz-Signature=${SIGNATURE}`,
			),
			undefined,
			{ continueOnFail: true },
		);
		const out = result.items[0].json;
		expect(out.error).toBe('The File URL answered HTTP 403 (AccessDenied: Request has expired)');
		expect(out.description).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/… could not be downloaded/);
		expect(out.httpCode).toBe('403');
		const everything = JSON.stringify(out);
		expect(everything).not.toContain(SIGNATURE);
		expect(everything).not.toContain('AKIAEXAMPLE');
		expect(env.nodeRequests(mark)).toEqual([]);
	});
});

describe("a link's key is never shown: errors name the host only", () => {
	test('a file named by its key: no fileName in the output, the key in no error', async () => {
		const created = await env.run(create(`${filesUrl}/shared/static/${BOX_KEY}.pdf`));
		expect(created.error).toBeUndefined();
		expect(created.items[0].json.fileName).toBeUndefined();
		expect(JSON.stringify(created.items[0].json)).not.toContain(BOX_KEY);

		const denied = await env.run(create(`${filesUrl}/denied/${BOX_KEY}.pdf`), undefined, {
			continueOnFail: true,
		});
		const out = denied.items[0].json;
		expect(out.error).toBe(
			'The File URL answered HTTP 403 (AccessDenied: No access to [redacted].pdf)',
		);
		expect(out.description).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/… could not be downloaded/);
		expect(JSON.stringify(out)).not.toContain(BOX_KEY);
	});

	test('a short key the host repeats (/s/<key>) is removed from its text', async () => {
		const result = await env.run(create(`${filesUrl}/s/ab12cd`), undefined, {
			continueOnFail: true,
		});
		const out = result.items[0].json;
		expect(out.error).toBe('The File URL answered HTTP 404 (No shared link at /s/[redacted])');
		expect(JSON.stringify(out)).not.toContain('ab12cd');
	});

	test('a real file name is kept as the output fileName', async () => {
		const result = await env.run(create(`${filesUrl}/lease.pdf`));
		expect(result.items[0].json.fileName).toBe('lease.pdf');
	});
});

describe('redirects a File URL may not follow', () => {
	test('a Location that is not an address: a sentence naming the host, not "Invalid URL"', async () => {
		const mark = env.mark();
		const result = await env.run(create(`${filesUrl}/bad-location`));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			`The file address at ${filesUrl} redirected to an address that is not valid`,
		);
		expect(result.error?.description).toContain('Location header is not a web address');
		expect(env.nodeRequests(mark)).toEqual([]);
	});
});

describe('the kind of a File URL is told while it arrives, as from the whole file', () => {
	test.each([1, 5, 13, 4096])('in chunks of %i bytes', (size) => {
		for (const file of [PDF, DOCX, LEGACY_DOC, PNG, wordFolderZip, Buffer.alloc(0)]) {
			const sniffer = new FileSniffer();
			for (let at = 0; at < file.length; at += size) sniffer.write(file.subarray(at, at + size));
			expect(documentKindOf(sniffer.facts())).toBe(detectDocumentKind({ buffer: file }));
			expect(describeOtherFile(sniffer.facts())).toEqual(describeOtherFile(file));
		}
	});
});

describe('a signature a file host echoes', () => {
	test('an address TRATO gave (Get Signed Documents): the echoed signature is removed from the error too', async () => {
		const id = await signedPdfContract(env);
		pointDocumentsTo(env, id, `${filesUrl}/expired.pdf?X-Amz-Signature=${SIGNATURE}`);
		const result = await env.run(
			{
				resource: 'contract',
				operation: 'getDocuments',
				contractId: byId(id),
				downloadFiles: true,
			},
			undefined,
			{ continueOnFail: true },
		);
		const out = JSON.stringify(result.items[0].json);
		expect(out).toContain('AccessDenied');
		expect(out).not.toContain(SIGNATURE);
	});
});
