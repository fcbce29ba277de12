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
// Shared helpers of the sandbox tests: a started sandbox, axios clients, contracts made through the API, PDF readers.
import http from 'node:http';
import axios, { type AxiosInstance } from 'axios';
import { PDFDocument } from 'pdf-lib';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { makePdf } from '../../test-support/files';
import { LEASE_TEMPLATE } from '../../test-support/templates';

export interface Harness {
	sb: Sandbox;
	/** API client authenticated with the API key; never throws on HTTP status. */
	api: AxiosInstance;
	/** Client without credentials (control routes, upload origin). */
	raw: AxiosInstance;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
	const sb = await startSandbox({ port: 0, ...options });
	const api = axios.create({
		baseURL: sb.baseUrl,
		headers: { apikey: sb.apiKey },
		validateStatus: () => true,
	});
	const raw = axios.create({ validateStatus: () => true });
	return { sb, api, raw };
}

/** Creates a contract from a real PDF through the API; returns its id and participant ids. */
export async function createPdfContract(
	api: AxiosInstance,
	pdf?: Buffer,
): Promise<{ id: string; participants: string[] }> {
	const res = await api.post('/api/create/contract', {
		source: 'document',
		templateid: LEASE_TEMPLATE,
		document: { type: 'pdf', data: (pdf ?? (await makePdf())).toString('base64') },
	});
	if (res.status !== 200)
		throw new Error(`create failed: ${res.status} ${JSON.stringify(res.data)}`);
	const vars = await api.get(`/api/contract/variables/${res.data.contractid}`);
	return {
		id: res.data.contractid,
		participants: vars.data.participants.map((p: any) => p.participantid),
	};
}

/** A document contract configured and with both participants filled in, ready to send. */
export async function readyContract(
	api: AxiosInstance,
	config: Record<string, unknown> = {},
): Promise<{ id: string; participants: string[] }> {
	const c = await createPdfContract(api);
	const conf = await api.post(`/api/contract/configuration/${c.id}`, {
		name: 'Service agreement',
		...config,
	});
	if (conf.status !== 200) throw new Error(`configure failed: ${JSON.stringify(conf.data)}`);
	const people = [
		{ name: 'Ana López', email: 'ana@example.com', phone: '+525512345678' },
		{ name: 'Luis Pérez', email: 'luis@example.com', phone: '+525587654321' },
	];
	for (let i = 0; i < c.participants.length; i++) {
		const r = await api.post(`/api/contract/participant/${c.id}/${c.participants[i]}`, people[i]);
		if (r.status !== 200) throw new Error(`participant update failed: ${JSON.stringify(r.data)}`);
	}
	return c;
}

/** A contract sent to signature. */
export async function sentContract(
	api: AxiosInstance,
	config: Record<string, unknown> = {},
): Promise<{ id: string; participants: string[] }> {
	const c = await readyContract(api, config);
	const r = await api.post(`/api/contract/send/${c.id}`);
	if (r.status !== 200) throw new Error(`send failed: ${JSON.stringify(r.data)}`);
	return c;
}

/** Raw HTTP request (exact headers, e.g. an empty header value, which HTTP clients may drop). */
export function rawRequest(
	url: string,
	options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
	return new Promise((resolve, reject) => {
		const headers = { ...(options.headers ?? {}) };
		if (options.body !== undefined)
			headers['content-length'] = String(Buffer.byteLength(options.body));
		const req = http.request(url, { method: options.method ?? 'GET', headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					body: Buffer.concat(chunks).toString('utf8'),
				}),
			);
		});
		req.on('error', reject);
		if (options.body) req.write(options.body);
		req.end();
	});
}

export async function pdfText(
	bytes: Buffer,
): Promise<{ pages: number; title: string | undefined }> {
	const doc = await PDFDocument.load(bytes);
	return { pages: doc.getPageCount(), title: doc.getTitle() };
}

/** Text of a PDF content stream is not extractable with pdf-lib; decompress with zlib and look for hex/literal strings. */
export async function pdfContainsText(bytes: Buffer, text: string): Promise<boolean> {
	const zlib = await import('node:zlib');
	const raw = bytes.toString('latin1');
	const streams: string[] = [];
	const re = /stream\r?\n/g;
	let m: RegExpExecArray | null;
	while ((m = re.exec(raw))) {
		const start = m.index + m[0].length;
		const end = raw.indexOf('endstream', start);
		if (end < 0) break;
		try {
			streams.push(zlib.inflateSync(bytes.subarray(start, end)).toString('latin1'));
		} catch {
			streams.push(raw.slice(start, end));
		}
	}
	const hex = Buffer.from(text, 'latin1').toString('hex').toUpperCase();
	return streams.some((s) => s.toUpperCase().includes(hex) || s.includes(`(${text})`));
}
