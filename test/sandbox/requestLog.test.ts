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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Harness, rawRequest, readyContract, sentContract, startHarness } from './helpers';
import { LEASE_TEMPLATE } from '../../test-support/templates';
import { makePdf } from '../../test-support/files';

const readLog = (file: string) =>
	readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line));

describe('sandbox request log', () => {
	let dir: string;
	let file: string;
	let h: Harness;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'trato-log-'));
		file = join(dir, 'nested', 'requests.jsonl');
		h = await startHarness({ requestLog: file });
	});
	afterAll(async () => {
		await h.sb.close();
		rmSync(dir, { recursive: true, force: true });
	});

	const last = () => {
		const lines = readLog(file);
		return lines[lines.length - 1];
	};

	it('writes one JSON line per request, readable as soon as the response arrives', async () => {
		await h.api.get('/api/list/contracts?perPage=5&statusContract=SENT_TO_SIGN');
		const entry = last();
		expect(Object.keys(entry)).toEqual([
			'ts',
			'method',
			'path',
			'query',
			'headers',
			'body',
			'status',
		]);
		expect(entry).toMatchObject({
			method: 'GET',
			path: '/api/list/contracts',
			query: { perPage: '5', statusContract: 'SENT_TO_SIGN' },
			body: null,
			status: 200,
		});
		expect(Number.isNaN(Date.parse(entry.ts))).toBe(false);
		expect(entry.headers.apikey).toBe('<redacted>');
		expect(entry.headers.host).toBe(h.sb.baseUrl.replace('http://', ''));
		expect(JSON.stringify(entry)).not.toContain(h.sb.apiKey);
	});

	it('redacts the bearer token', async () => {
		await rawRequest(`${h.sb.baseUrl}/api/authentication`, {
			headers: { Authorization: `Bearer ${h.sb.jwt}` },
		});
		const entry = last();
		expect(entry.headers.authorization).toBe('Bearer <redacted>');
		expect(readFileSync(file, 'utf8')).not.toContain(h.sb.jwt);
	});

	it('logs failed authentication with its status', async () => {
		await rawRequest(`${h.sb.baseUrl}/api/authentication`, { headers: { apikey: 'wrong-key' } });
		expect(last()).toMatchObject({ status: 401, headers: { apikey: '<redacted>' } });
	});

	it('truncates long strings of the JSON body to 64 characters and their length', async () => {
		const pdf = await makePdf('x'.repeat(200), 3);
		const data = pdf.toString('base64');
		await h.api.post('/api/create/contract', {
			source: 'document',
			templateid: LEASE_TEMPLATE,
			document: { type: 'pdf', data },
		});
		const entry = last();
		expect(entry.status).toBe(200);
		expect(entry.body.source).toBe('document');
		expect(entry.body.document.data).toBe(`${data.slice(0, 64)}…[${data.length} chars]`);
		expect(data.slice(0, 8)).toBe('JVBERi0x');
	});

	it('keeps strings of 512 characters or less', async () => {
		await h.api.post('/api/create/contract', {
			source: 'document',
			templateid: LEASE_TEMPLATE,
			document: { type: 'pdf', data: 'A'.repeat(512) },
		});
		expect(last().body.document.data).toBe('A'.repeat(512));
	});

	it('summarises multipart bodies', async () => {
		const c = await sentContract(h.api);
		const form = new FormData();
		form.append(
			'nom151',
			new Blob([Buffer.from('%PDF-1.4 fake')], { type: 'application/pdf' }),
			'cert.pdf',
		);
		form.append('note', 'hello');
		await h.api.post(`/api/contracts/${c.id}/validate/nom151`, form);
		expect(last().body).toEqual({
			multipart: [
				{ name: 'nom151', filename: 'cert.pdf', contentType: 'application/pdf', size: 13 },
				{ name: 'note', filename: null, contentType: 'text/plain', size: 5 },
			],
		});
	});

	it('logs a body that is not JSON as text, control routes, the upload origin and dropped connections', async () => {
		await rawRequest(`${h.sb.baseUrl}/api/create/contract`, {
			method: 'POST',
			headers: { apikey: h.sb.apiKey },
			body: 'not json',
		});
		expect(last()).toMatchObject({ body: 'not json', status: 400 });
		await h.raw.get(`${h.sb.baseUrl}/sandbox/health`);
		expect(last()).toMatchObject({ path: '/sandbox/health', status: 200 });
		await h.raw.get(`${h.sb.uploadUrl}/missing.pdf?x=1`);
		expect(last()).toMatchObject({
			path: '/missing.pdf',
			query: { x: '1' },
			status: 404,
			headers: { host: h.sb.uploadUrl.replace('http://', '') },
		});
		h.sb.control.addFault({ path: '/api/authentication', drop: true });
		await h.api.get('/api/authentication').catch(() => undefined);
		expect(last()).toMatchObject({ path: '/api/authentication', status: 0 });
	});

	it('never writes a password, key or token sent as a form, as broken JSON, in a query string or as a cookie', async () => {
		const { email, password } = h.sb.account;
		const sent = (await readLog(file)).length;
		await rawRequest(`${h.sb.baseUrl}/api/authentication/token`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: `email=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
		});
		await rawRequest(`${h.sb.baseUrl}/api/authentication/token`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: `{"email":"${email}","password":"${password}",`,
		});
		await rawRequest(
			`${h.sb.baseUrl}/api/authentication?apikey=${h.sb.apiKey}&jwt=${h.sb.jwt}&perPage=5`,
			{ headers: { Cookie: `session=${h.sb.jwt}; theme=dark` } },
		);
		const entries = readLog(file).slice(sent);
		expect(entries).toHaveLength(3);
		expect(entries[0].body).toBe(`email=${encodeURIComponent(email)}&password=<redacted>`);
		expect(entries[1].body).toBe(`{"email":"${email}","password":"<redacted>",`);
		expect(entries[2].query).toEqual({ apikey: '<redacted>', jwt: '<redacted>', perPage: '5' });
		expect(entries[2].headers.cookie).toBe('<redacted>');
		const written = readFileSync(file, 'utf8');
		for (const secret of [password, encodeURIComponent(password), h.sb.apiKey, h.sb.jwt]) {
			expect(written).not.toContain(secret);
		}
	});

	it('never writes an x-api-key or other key header, nor a secret, password or token in a JSON body', async () => {
		const sent = readLog(file).length;
		const secret = 'whsec-7f3a9c1e5b2d';
		await rawRequest(`${h.sb.baseUrl}/api/authentication`, {
			headers: { 'X-Api-Key': h.sb.apiKey, 'X-Auth-Token': h.sb.jwt },
		});
		await rawRequest(`${h.sb.baseUrl}/api/create/contract`, {
			method: 'POST',
			headers: { apikey: h.sb.apiKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({
				source: 'template',
				secret,
				webhook: { webhookSecret: secret, client_secret: secret, accessToken: h.sb.jwt },
				password: h.sb.account.password,
			}),
		});
		const entries = readLog(file).slice(sent);
		expect(entries).toHaveLength(2);
		expect(entries[0].headers['x-api-key']).toBe('<redacted>');
		expect(entries[0].headers['x-auth-token']).toBe('<redacted>');
		expect(entries[1].body).toMatchObject({
			source: 'template',
			secret: '<redacted>',
			webhook: {
				webhookSecret: '<redacted>',
				client_secret: '<redacted>',
				accessToken: '<redacted>',
			},
			password: '<redacted>',
		});
		const written = readFileSync(file, 'utf8');
		for (const value of [secret, h.sb.apiKey, h.sb.jwt, h.sb.account.password]) {
			expect(written).not.toContain(value);
		}
	});

	it('never writes a resume token or a signing link: queries of addresses in values, and what follows /sign/, are redacted (issue 40)', async () => {
		const c = await readyContract(h.api);
		const sent = readLog(file).length;
		const answer = await h.api.post(`/api/contract/send/${c.id}?showSignLinks=true`);
		const link = String(answer.data.contract.participants[0].signUrl);
		const token = link.split('/').pop()!;
		const signature = 'c2lnbmF0dXJlLW9mLXRoZS1ydW4';
		const resumeUrl = `http://localhost:5678/webhook-waiting/42/node-1?signature=${signature}`;
		await h.api.post(`/api/contracts/${c.id}/customproperties`, {
			properties: [{ name: 'n8n_resume_url', value: resumeUrl }],
		});
		await h.raw.get(link, { headers: { Referer: link } });
		await h.api.post('/api/sign-url/renew', { url: link });
		await h.api.get('/api/list/contracts', {
			params: { perPage: 1, next: `https://files.example.com/a.pdf?X-Amz-Signature=${signature}` },
		});
		const entries = readLog(file).slice(sent);
		expect(entries.map((e) => `${e.method} ${e.path.replace(c.id, '<id>')} ${e.status}`)).toEqual([
			'POST /api/contract/send/<id> 200',
			'POST /api/contracts/<id>/customproperties 200',
			'GET /sign/<redacted> 200',
			'POST /api/sign-url/renew 200',
			'GET /api/list/contracts 200',
		]);
		const at = (path: string) => entries.find((e) => e.path.startsWith(path))!;
		expect(at('/api/contracts/').body.properties[0].value).toBe(
			'http://localhost:5678/webhook-waiting/42/node-1?<redacted>',
		);
		expect(at('/sign/').headers.referer).toBe(`${h.sb.baseUrl}/sign/<redacted>`);
		expect(at('/api/sign-url/renew').body.url).toBe(`${h.sb.baseUrl}/sign/<redacted>`);
		expect(at('/api/list/contracts').query).toEqual({
			perPage: '1',
			next: 'https://files.example.com/a.pdf?<redacted>',
		});
		const written = readFileSync(file, 'utf8');
		for (const secret of [signature, token]) expect(written).not.toContain(secret);
	});

	it('appends to the file given by TRATO_SANDBOX_REQUEST_LOG when no requestLog option is given', async () => {
		const envFile = join(dir, 'env.jsonl');
		const previous = process.env.TRATO_SANDBOX_REQUEST_LOG;
		process.env.TRATO_SANDBOX_REQUEST_LOG = envFile;
		try {
			for (let run = 0; run < 2; run++) {
				const other = await startHarness();
				await other.api.get('/api/authentication');
				await other.sb.close();
			}
			const lines = readLog(envFile);
			expect(lines).toHaveLength(2);
			expect(lines.every((l) => l.path === '/api/authentication' && l.status === 200)).toBe(true);
		} finally {
			if (previous === undefined) delete process.env.TRATO_SANDBOX_REQUEST_LOG;
			else process.env.TRATO_SANDBOX_REQUEST_LOG = previous;
		}
	});
});
