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
 * TRATO's answers as the notes write them, served over loopback: not the sandbox (which decides its own shapes), but
 * exactly the JSON of trato-notes "What TRATO answers" (docs/api-notes.md: a production integration's code), each fixture citing its fact. Two
 * origins, like TRATO: the API (which checks the `apikey` header) and a file host for the Finalize links, which
 * the production integration downloads without an auth header (so it records every header it gets).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { fixture } from '../helpers/env';

export const API_KEY = 'fixture-api-key-5f0c';
/** 24-hex ids, as TRATO issues them (trato-notes "Ids and statuses", H). */
export const CONTRACT_ID = '6650a1f2c3d4e5f6a7b8c9d0';
export const PARTICIPANT_IDS = ['6650a1f2c3d4e5f6a7b8c9d1', '6650a1f2c3d4e5f6a7b8c9d2'];
export const EMAILS = ['ana@example.com', 'luis@example.com'];

export interface Received {
	origin: 'api' | 'files';
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
	body: string;
}

export interface TratoFixture {
	apiUrl: string;
	filesUrl: string;
	/** The web app's signing links, as the fixture answers them. */
	signUrl(i: number): string;
	received: Received[];
	/** The bytes each file address serves. */
	files: Record<string, Buffer>;
	/** The answer of `route` ("POST /api/…"), as the notes write it, changed by `change` until `restore` is called. */
	amend(route: string, change: (answer: any) => unknown): { restore(): void };
	close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown): void {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(value));
}

export async function startTratoFixture(): Promise<TratoFixture> {
	const received: Received[] = [];
	const api = createServer();
	const fileHost = createServer();
	const [apiUrl, filesUrl] = [await listen(api), await listen(fileHost)];
	const signUrl = (i: number) =>
		`https://enterprise.app.trato.io/sign/${CONTRACT_ID}/${PARTICIPANT_IDS[i]}`;
	const files: Record<string, Buffer> = {
		'/files/signed-contract.pdf': fixture('lease.pdf'),
		'/files/nom151-certificate.pdf': Buffer.concat([
			fixture('lease.pdf'),
			Buffer.from('\n%NOM151'),
		]),
	};

	/** One answer per route; every fixture cites the fact it is written from. */
	const routes: Record<string, () => [number, unknown]> = {
		// trato-notes "What TRATO answers", Create V2 answer (H): no top-level contractid; the participants with
		// _id, email and signUrl; links on the web app host (same section, "Signing links", H-).
		'POST /api/v2/create/contract': () => [
			200,
			{
				success: true,
				contract: {
					_id: CONTRACT_ID,
					participants: PARTICIPANT_IDS.map((_id, i) => ({
						_id,
						email: EMAILS[i],
						signUrl: signUrl(i),
					})),
				},
			},
		],
		// trato-notes "What TRATO answers", Finalize answer (H): contract.downloadPdfUrl and contract.nom151, plain
		// file URLs the integration downloads without an auth header.
		[`POST /api/contract/finalize/${CONTRACT_ID}`]: () => [
			200,
			{
				success: true,
				contract: {
					downloadPdfUrl: `${filesUrl}/files/signed-contract.pdf`,
					nom151: `${filesUrl}/files/nom151-certificate.pdf`,
				},
			},
		],
		// Not in the notes: spec 4.3 (the status record's documented fields, all strings).
		[`GET /api/contract/status/${CONTRACT_ID}`]: () => [
			200,
			{
				name: 'Contrato de arrendamiento',
				status: 'SENT_TO_SIGN',
				createdAt: '2026-05-24T17:00:00.000Z',
				pdf: '',
				signedAt: '',
				externalId: '',
			},
		],
		// Not in the notes: spec 4.5 (participantid, name, label, variables, attachments).
		[`GET /api/contract/variables/${CONTRACT_ID}`]: () => [
			200,
			{
				contractid: CONTRACT_ID,
				name: 'Contrato de arrendamiento',
				participants: PARTICIPANT_IDS.map((participantid, i) => ({
					participantid,
					name: ['Ana', 'Luis'][i],
					label: ['Arrendador', 'Arrendatario'][i],
					variables: {},
					attachments: {},
				})),
			},
		],
	};

	api.on('request', async (req, res) => {
		const path = (req.url ?? '').split('?')[0];
		received.push({
			origin: 'api',
			method: req.method!,
			path,
			headers: req.headers,
			body: await bodyOf(req),
		});
		if (req.headers.apikey !== API_KEY)
			return json(res, 401, { success: false, statusCode: 401, error: 'Unauthorized' });
		const route = routes[`${req.method} ${path}`];
		if (!route)
			return json(res, 404, { success: false, statusCode: 404, error: `No route ${path}` });
		const [status, value] = route();
		json(res, status, value);
	});
	fileHost.on('request', async (req, res) => {
		const path = (req.url ?? '').split('?')[0];
		received.push({
			origin: 'files',
			method: req.method!,
			path,
			headers: req.headers,
			body: await bodyOf(req),
		});
		const bytes = files[path];
		if (bytes)
			res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': bytes.length });
		else res.writeHead(404);
		res.end(bytes);
	});

	return {
		apiUrl,
		filesUrl,
		signUrl,
		received,
		files,
		amend(route, change) {
			const original = routes[route];
			if (!original) throw new Error(`The fixture has no route ${route}`);
			routes[route] = () => {
				const [status, value] = original();
				return [status, change(value)];
			};
			return { restore: () => (routes[route] = original) };
		},
		close: async () => {
			await Promise.all(
				[api, fileHost].map((s) => {
					s.closeAllConnections();
					return new Promise<void>((resolve) => s.close(() => resolve()));
				}),
			);
		},
	};
}
