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
 * The transport's downloadFile, seen through "Contract → Get Signed Documents" with Download Files on: credentials
 * go to the API origin only (api-notes C2, S10), never to the upload origin or a redirect target, and a failed
 * download names no secret and no signed-URL query string.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { transportSettings } from '../../nodes/Trato/transport/retry';
import { binaryBuffer } from '../../test-support/harness';
import {
	byId,
	createPdfContract,
	fixture,
	pointDocumentsTo,
	prepareForSending,
	sendContract,
	signedPdfContract,
	useEnv,
} from '../helpers/env';

let foreign: Server;
let foreignUrl: string;
/** Requests the foreign origin received: path (with query) and headers. */
const foreignRequests: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const FOREIGN_PDF = fixture('lease.pdf');

const env = useEnv(__filename);
beforeAll(async () => {
	foreign = createServer((req, res) => {
		foreignRequests.push({ url: req.url ?? '', headers: req.headers });
		const path = (req.url ?? '').split('?')[0];
		if (path.startsWith('/bounce/')) {
			// a hostile storage host: its "signed contract" redirects back to an API endpoint that e-mails people
			res
				.writeHead(302, {
					Location: `${env.sb.baseUrl}/api/contract/pending/${path.slice('/bounce/'.length)}`,
				})
				.end();
		} else if (path === '/hop') {
			res
				.writeHead(302, { Location: `${foreignUrl}/storage/signed.pdf?X-Amz-Signature=hopsecret` })
				.end();
		} else if (path === '/storage/signed.pdf') {
			res
				.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': FOREIGN_PDF.length })
				.end(FOREIGN_PDF);
		} else {
			res
				.writeHead(404, { 'Content-Type': 'application/json' })
				.end(JSON.stringify({ error: `No such key: ${foreignUrl}${req.url}` }));
		}
	});
	await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
	foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await new Promise((resolve) => foreign.close(resolve));
});
afterEach(() => {
	env.sb.control.clearFaults();
	env.sb.control.setFileProtection(false);
	foreignRequests.length = 0;
});

const signedContract = () => signedPdfContract(env, { stampNom: true });

const download = (contractId: string) => ({
	resource: 'contract',
	operation: 'getDocuments',
	contractId: byId(contractId),
	downloadFiles: true,
});

const apiHost = () => new URL(env.sb.baseUrl).host;
const uploadHost = () => new URL(env.sb.uploadUrl).host;

describe('transport → downloadFile', () => {
	test.each([
		['API key', () => env.creds],
		['access token', () => env.jwtCreds],
	])(
		'files on the upload origin are fetched without credentials (%s)',
		async (_mode, credentials) => {
			const id = await signedContract();
			const mark = env.mark();
			const result = await env.run(download(id), undefined, { credentials: credentials() });
			expect(result.error).toBeUndefined();
			expect(Object.keys(result.items[0].binary ?? {})).toHaveLength(4);

			const sent = env.nodeRequests(mark);
			const api = sent.filter((r) => r.headers.host === apiHost());
			const files = sent.filter((r) => r.headers.host === uploadHost());
			expect(api.map((r) => r.path)).toEqual([`/api/contract/documents/${id}`]);
			expect(api[0].headers.apikey ?? api[0].headers.authorization).toMatch(/<redacted>/);
			expect(files).toHaveLength(4);
			for (const file of files) {
				expect(file.status).toBe(200);
				expect(file.headers.apikey).toBeUndefined();
				expect(file.headers.authorization).toBeUndefined();
				expect(file.headers.cookie).toBeUndefined();
			}
		},
	);

	test.each([
		['API key', () => env.creds, 'apikey', '<redacted>'],
		['access token', () => env.jwtCreds, 'authorization', 'Bearer <redacted>'],
	])(
		'with file protection, files under {baseUrl}/uploads/<id> are fetched with the credentials (%s)',
		async (_mode, credentials, header, logged) => {
			env.sb.control.setFileProtection(true);
			const id = await signedContract();
			const mark = env.mark();
			const result = await env.run(download(id), undefined, { credentials: credentials() });
			expect(result.error).toBeUndefined();
			const certificate = await binaryBuffer(result.items[0].binary!.certificate);
			expect(certificate.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			// /uploads/<id> names no file: the name comes from the response's Content-Disposition.
			expect(result.items[0].binary!.certificate.fileName).toMatch(/\.pdf$/);

			const files = env.nodeRequests(mark).filter((r) => r.path.startsWith('/uploads/'));
			expect(files).toHaveLength(4);
			for (const file of files) {
				expect(file.headers.host).toBe(apiHost());
				expect(file.headers[header]).toBe(logged);
				expect(file.status).toBe(200);
			}
			expect(env.nodeRequests(mark).some((r) => r.headers.host === uploadHost())).toBe(false);
		},
	);

	test('a redirect from the API origin to a foreign origin never carries the credentials there', async () => {
		env.sb.control.setFileProtection(true);
		const id = await signedContract();
		// The signed contract's /uploads/<id> answers a redirect to the foreign origin, which redirects again.
		const record = (await env.api.get(`/api/contract/documents/${id}`)).data;
		const protectedPath = new URL(record.documents.signed_contract).pathname;
		for (const credentials of [env.creds, env.jwtCreds]) {
			env.sb.control.addFault({
				origin: 'api',
				method: 'GET',
				path: protectedPath,
				status: 302,
				headers: { Location: `${foreignUrl}/hop` },
			});
			const mark = env.mark();
			const result = await env.run(download(id), undefined, { credentials });
			expect(result.error).toBeUndefined();
			expect((await binaryBuffer(result.items[0].binary!.data)).equals(FOREIGN_PDF)).toBe(true);
			// The protected address names no file and the foreign answer sends no Content-Disposition.
			expect(result.items[0].binary!.data.fileName).toBe(`${id}-signed.pdf`);
			expect(result.items[0].binary!.data.mimeType).toBe('application/pdf');

			// The API origin got the credentials for /uploads/<id> (and answered the redirect) ...
			const redirected = env.nodeRequests(mark).find((r) => r.path === protectedPath)!;
			expect(redirected.status).toBe(302);
			expect(redirected.headers.apikey ?? redirected.headers.authorization).toMatch(/<redacted>/);
		}
		// ... the foreign origin saw both hops, twice, without any credential.
		expect(foreignRequests.map((r) => r.url.split('?')[0])).toEqual([
			'/hop',
			'/storage/signed.pdf',
			'/hop',
			'/storage/signed.pdf',
		]);
		for (const request of foreignRequests) {
			expect(request.headers.apikey).toBeUndefined();
			expect(request.headers.authorization).toBeUndefined();
			expect(JSON.stringify(request.headers)).not.toContain(env.sb.apiKey);
			expect(JSON.stringify(request.headers)).not.toContain(env.sb.jwt);
		}
	});

	test.each([
		['API key', () => env.creds],
		['access token', () => env.jwtCreds],
		['e-mail and password', () => env.passwordCreds],
	])(
		'a file request that left the API origin is never authenticated again, even when redirected back to it (%s)',
		async (_mode, credentials) => {
			const id = await createPdfContract(env.api);
			await prepareForSending(env.api, id);
			await sendContract(env.api, id);
			// TRATO's answer names a file on a foreign host, which redirects back to the API's reminder endpoint
			pointDocumentsTo(env, id, `${foreignUrl}/bounce/${id}`);
			const mark = env.mark();
			const result = await env.run(download(id), undefined, { credentials: credentials() });

			const pending = env.since(mark).filter((r) => r.path === `/api/contract/pending/${id}`);
			expect(pending).toHaveLength(1);
			expect(pending[0].headers.apikey).toBeUndefined();
			expect(pending[0].headers.authorization).toBeUndefined();
			expect(pending[0].status).toBe(401);
			expect(env.sb.control.getContract(id)!.reminders).toEqual([]);
			// the API's JSON is never saved as the "signed contract"
			expect(result.items[0]?.binary).toBeUndefined();
			expect(result.error?.httpCode).toBe('401');
			expect(result.error?.description).toMatch(/never sent after the file left/);
		},
	);

	test('a failed download names the file without its query string and without any secret', async () => {
		const id = await signedContract();
		const signedUrl = `${foreignUrl}/storage/missing.pdf?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=deadbeefsecret`;
		// The documents record points to a signed storage URL that answers 404 and echoes the URL.
		pointDocumentsTo(env, id, signedUrl);
		const result = await env.run(download(id), undefined, { continueOnFail: true });
		expect(foreignRequests.map((r) => r.url)).toEqual([
			'/storage/missing.pdf?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=deadbeefsecret',
		]);
		const errorJson = JSON.stringify(result.items[0].json);
		expect(result.items[0].json.httpCode).toBe('404');
		expect(result.items[0].json.description).toContain(
			`Downloading ${foreignUrl}/storage/missing.pdf?[redacted] failed.`,
		);
		expect(errorJson).toContain('No such key');
		expect(errorJson).not.toMatch(/deadbeefsecret|AKIAEXAMPLE|X-Amz/);
	});

	test('a file address with user:password@ never shows them in the error', async () => {
		const id = await signedContract();
		const address = foreignUrl.replace('http://', 'http://bucket-user:bucket-pass-9876@');
		pointDocumentsTo(env, id, `${address}/storage/missing.pdf`);
		const result = await env.run(download(id));
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toContain(
			`Downloading ${foreignUrl}/storage/missing.pdf failed.`,
		);
		const shown = JSON.stringify({ m: result.error?.message, d: result.error?.description });
		expect(shown).not.toMatch(/bucket-pass-9876|bucket-user/);
	});

	test('an API key echoed by a failing file download is redacted', async () => {
		env.sb.control.setFileProtection(true);
		const id = await signedContract();
		env.sb.control.addFault({
			origin: 'api',
			path: '/uploads/*',
			status: 403,
			body: { success: false, error: `Key ${env.sb.apiKey} may not read this file` },
		});
		const result = await env.run(download(id));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toContain('may not read this file');
		const everything = JSON.stringify({
			message: result.error?.message,
			description: result.error?.description,
			context: result.error?.context,
		});
		expect(everything).not.toContain(env.sb.apiKey);
		expect(result.error?.message).toContain('[redacted]');
	});

	test('an unreachable file host is reported without the query string, after the retries', async () => {
		const id = await signedContract();
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise((resolve) => closed.close(resolve));
		const url = `http://127.0.0.1:${port}/bucket/doc.pdf?token=topsecret`;
		pointDocumentsTo(env, id, url);
		const waits: number[] = [];
		const realSleep = transportSettings.sleep;
		transportSettings.sleep = async (ms: number) => {
			waits.push(ms);
		};
		try {
			const result = await env.run(download(id));
			expect(result.error?.message).toBe(
				`Could not download the file from http://127.0.0.1:${port} (ECONNREFUSED)`,
			);
			expect(result.error?.httpCode).toBe('ECONNREFUSED');
			expect(result.error?.description).toMatch(/Tried 4 times/);
			expect(result.error?.description).toContain(
				`Downloading http://127.0.0.1:${port}/bucket/doc.pdf?[redacted] failed: the file host could not be reached`,
			);
			expect(
				JSON.stringify({ m: result.error?.message, d: result.error?.description }),
			).not.toContain('topsecret');
			expect(waits).toHaveLength(transportSettings.maxAttempts - 1);
		} finally {
			transportSettings.sleep = realSleep;
		}
	});
});
