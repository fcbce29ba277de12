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
 * Files the node downloads and reads (issue 27, item 11): "Max File Size (MB)" stops a download over the limit with a
 * sentence (Content-Length first, else while reading the stream), file names never carry a path, a malformed "%"
 * in a file address does not break the download (the polling trigger's every poll did), and a binary field name
 * that an expression gives as a number is refused with a sentence.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';

import { PollSimulator, binaryBuffer } from '../../test-support/harness';
import {
	byId,
	createPdfContract,
	fixture,
	pointDocumentsTo,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

let storage: Server;
let storageUrl: string;
const PDF = fixture('lease.pdf');
const MB = 1024 * 1024;
/** What the storage host sent on its streamed answer, and whether the client stopped it early. */
const streamed = { bytes: 0, finished: false, closedEarly: false };

/** Writes `total` bytes in 256 KiB chunks, waiting when the client does not read, stopping when it hangs up. */
async function stream(res: ServerResponse, total: number): Promise<void> {
	const chunk = Buffer.alloc(256 * 1024, 0x41);
	res.on('close', () => {
		if (!res.writableFinished) streamed.closedEarly = true;
	});
	while (streamed.bytes < total && !res.destroyed) {
		streamed.bytes += chunk.length;
		if (!res.write(chunk)) {
			await new Promise<void>((resolve) => {
				res.once('drain', resolve);
				res.once('close', resolve);
			});
		}
	}
	if (!res.destroyed) res.end(() => (streamed.finished = true));
}

const env = useEnv(__filename);
beforeAll(async () => {
	storage = createServer((req, res) => {
		const path = (req.url ?? '').split('?')[0];
		if (path === '/big/announced.pdf') {
			// 5 MB announced and sent
			res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': 5 * MB });
			void stream(res, 5 * MB);
		} else if (path === '/big/endless.pdf') {
			// no Content-Length (chunked): only reading tells the size
			res.writeHead(200, { 'Content-Type': 'application/pdf' });
			void stream(res, 32 * MB);
		} else if (path.startsWith('/odd/')) {
			res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(PDF);
		} else {
			res.writeHead(404).end();
		}
	});
	await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
	storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
});
afterAll(async () => {
	storage.closeAllConnections();
	await new Promise((resolve) => storage.close(resolve));
});
afterEach(() => {
	env.sb.control.clearFaults();
	Object.assign(streamed, { bytes: 0, finished: false, closedEarly: false });
});

async function signedContract(): Promise<string> {
	const id = await createPdfContract(env.api);
	await prepareForSending(env.api, id);
	await sendContract(env.api, id);
	env.sb.control.sign(id);
	return id;
}

const getDocuments = (id: string, options: INodeParameters = {}): INodeParameters => ({
	resource: 'contract',
	operation: 'getDocuments',
	contractId: byId(id),
	downloadFiles: true,
	options,
});

describe('Max File Size (MB)', () => {
	test('a Content-Length over the limit is refused before the file is read, with a sentence', async () => {
		const id = await signedContract();
		pointDocumentsTo(env, id, `${storageUrl}/big/announced.pdf`);
		const result = await env.run(getDocuments(id, { maxFileSize: 1 }));
		expect(result.error?.message).toBe('The file is larger than the Max File Size (1 MB)');
		expect(result.error?.description).toContain(`${storageUrl}/big/announced.pdf announces 5 MB`);
		expect(result.error?.description).toMatch(/Raise "Max File Size \(MB\)"/);
		expect(streamed.finished).toBe(false);
	});

	test('an answer without Content-Length is read only up to the limit: the node hangs up, the host never finishes', async () => {
		const id = await signedContract();
		pointDocumentsTo(env, id, `${storageUrl}/big/endless.pdf`);
		const result = await env.run(getDocuments(id, { maxFileSize: 1 }), undefined, {
			continueOnFail: true,
		});
		expect(result.items[0].json.error).toBe('The file is larger than the Max File Size (1 MB)');
		expect(String(result.items[0].json.description)).toContain('sent more than 1 MB');
		expect(result.items[0].binary).toBeUndefined();
		await new Promise<void>((resolve) => storage.getConnections(() => resolve()));
		expect(streamed.finished).toBe(false);
		expect(streamed.bytes).toBeLessThan(32 * MB);
	});

	test('a file under the limit downloads as before; the limit is a number of megabytes, refused otherwise before any request', async () => {
		const id = await signedContract();
		const ok = await env.run(getDocuments(id, { maxFileSize: 0.5 }));
		expect(ok.error).toBeUndefined();
		expect((await binaryBuffer(ok.items[0].binary!.data)).subarray(0, 5).toString()).toBe('%PDF-');

		for (const bad of [0, -3, '={{ "lots" }}']) {
			const mark = env.mark();
			const refused = await env.run(getDocuments(id, { maxFileSize: bad }));
			expect(refused.error?.message).toMatch(
				/^"Max File Size \(MB\)" must be a positive number of megabytes/,
			);
			expect(env.since(mark)).toEqual([]);
		}
	});

	test('Download Package: a zip over the limit fails with the same sentence; the default (100 MB) lets it through', async () => {
		const id = await signedContract();
		// a 2 MB "zip" (TRATO's answer to the package request is the file itself)
		env.sb.control.addFault({
			origin: 'api',
			path: `/api/contracts/${id}/package`,
			status: 200,
			times: 2,
			body: 'P'.repeat(2 * MB),
			contentType: 'application/zip',
		});
		const run = (options: INodeParameters) =>
			env.run({
				resource: 'contract',
				operation: 'downloadPackage',
				contractId: byId(id),
				options,
			});
		const big = await run({ maxFileSize: 1.5 });
		expect(big.error?.message).toBe('The file is larger than the Max File Size (1.5 MB)');
		const fits = await run({});
		expect(fits.error).toBeUndefined();
		expect(fits.items[0].json.fileSize).toBe(2 * MB);
	});
});

describe('file names and addresses', () => {
	test.each([
		["attachment; filename*=UTF-8''..%2F..%2Fetc%2Fcron.d%2Fevil.pdf", 'evil.pdf'],
		["attachment; filename*=UTF-8''..%5C..%5CWindows%5Cevil.pdf", 'evil.pdf'],
		["attachment; filename*=UTF-8''..", 'fallback'],
		['attachment; filename="../../evil.pdf"', 'evil.pdf'],
	])('Content-Disposition %s names the file %s, never a path', async (disposition, expected) => {
		const id = await signedContract();
		const named = await downloadNamed(id, disposition);
		expect(named).toBe(expected === 'fallback' ? `${id}-signed.pdf` : expected);
	});

	test('a malformed "%" in a file address: the polling trigger still delivers the signed PDF (every poll failed)', async () => {
		const id = await createPdfContract(env.api);
		await prepareForSending(env.api, id);
		await sendContract(env.api, id);
		const trigger = new PollSimulator(
			{ event: 'anyChange', filters: {}, options: { downloadSignedPdf: true } },
			env.creds,
		);
		expect((await trigger.poll()).error).toBeUndefined();
		env.sb.control.sign(id);
		pointDocumentsTo(env, id, `${storageUrl}/odd/100%.pdf`);
		const polled = await trigger.poll();
		expect(polled.error).toBeUndefined();
		const [item] = polled.emitted![0];
		expect(item.json.contractId).toBe(id);
		expect(item.binary?.data.fileName).toBe('100%.pdf');
		expect((await binaryBuffer(item.binary!.data)).equals(PDF)).toBe(true);
	});
});

describe('binary field names from expressions', () => {
	test('a number where a field name belongs: a sentence, not a TypeError, before any request', async () => {
		const mark = env.mark();
		const result = await env.run(
			{
				resource: 'contract',
				operation: 'create',
				source: 'pdf',
				templateId: byId('67878720c4e6a1f3b9d20a11'),
				binaryPropertyName: '={{ 5 }}',
			},
			[
				{
					json: {},
					binary: { data: { data: PDF, fileName: 'lease.pdf', mimeType: 'application/pdf' } },
				},
			],
		);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(
			'The input binary field for creating a contract must be a field name, not the number 5',
		);
		expect(result.error?.description).toMatch(/binary fields on this item: data/);
		expect(env.since(mark)).toEqual([]);
	});
});

/** Downloads the signed contract from the storage host with the given Content-Disposition; its file name. */
async function downloadNamed(id: string, disposition: string): Promise<string | undefined> {
	const server = createServer((_req, res) => {
		res
			.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition })
			.end(PDF);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		env.sb.control.clearFaults();
		pointDocumentsTo(
			env,
			id,
			`http://127.0.0.1:${(server.address() as AddressInfo).port}/download`,
		);
		const result = await env.run(getDocuments(id));
		expect(result.error).toBeUndefined();
		return result.items[0].binary?.data.fileName;
	} finally {
		await new Promise((resolve) => server.close(resolve));
	}
}
