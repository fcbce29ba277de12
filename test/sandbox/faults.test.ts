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
import { type Harness, sentContract, startHarness } from './helpers';

describe('sandbox fault injection, latency and stats', () => {
	let h: Harness;
	beforeAll(async () => {
		h = await startHarness();
	});
	afterAll(() => h.sb.close());
	afterEach(() => {
		h.sb.control.clearFaults();
		h.sb.control.setLatency(0);
	});

	it('answers the next N matching requests with a status and Retry-After, then behaves normally', async () => {
		h.sb.control.addFault({
			method: 'GET',
			path: '/api/list/contracts*',
			status: 429,
			retryAfter: 2,
			times: 2,
		});
		const r1 = await h.api.get('/api/list/contracts');
		const r2 = await h.api.get('/api/list/contracts?page=1');
		const r3 = await h.api.get('/api/list/contracts');
		expect([r1.status, r2.status, r3.status]).toEqual([429, 429, 200]);
		expect(r1.headers['retry-after']).toBe('2');
		expect(r1.data).toEqual({ success: false, statusCode: 429, error: 'Injected fault: HTTP 429' });
		expect(h.sb.control.listFaults()).toEqual([]);
	});

	it('sends an HTTP-date Retry-After as given', async () => {
		const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
		h.sb.control.addFault({ path: '/api/authentication', status: 503, retryAfter: date });
		const res = await h.api.get('/api/authentication');
		expect(res.status).toBe(503);
		expect(res.headers['retry-after']).toBe(date);
	});

	it('can answer HTTP 200 with success:false, or a plain-text body', async () => {
		h.sb.control.addFaults([
			{ path: '/api/authentication', status: 200, body: { success: false, error: 'Service busy' } },
			{
				path: '/api/authentication',
				status: 502,
				body: '<html>Bad gateway</html>',
				contentType: 'text/html',
			},
		]);
		const a = await h.api.get('/api/authentication');
		expect(a.status).toBe(200);
		expect(a.data).toEqual({ success: false, error: 'Service busy' });
		const b = await h.api.get('/api/authentication');
		expect(b.status).toBe(502);
		expect(b.headers['content-type']).toBe('text/html');
		expect(b.data).toBe('<html>Bad gateway</html>');
	});

	it('matches method, query and regular expressions, and consumes faults in order', async () => {
		h.sb.control.addFaults([
			{ method: 'POST', path: '/api/list/contracts', status: 500 },
			{ path: '/api/list/contracts', query: { page: '3' }, status: 503 },
			{ pathRegex: '^/api/list/(contracts|templates)$', status: 504 },
			{ pathRegex: '^/api/list/(contracts|templates)$', status: 500 },
		]);
		expect((await h.api.get('/api/list/contracts?page=3')).status).toBe(503);
		expect((await h.api.get('/api/list/templates')).status).toBe(504);
		expect((await h.api.get('/api/list/contracts?page=3')).status).toBe(500);
		expect((await h.api.get('/api/list/contracts?page=3')).status).toBe(200);
		// the POST fault is still waiting
		expect(h.sb.control.listFaults()).toEqual([
			expect.objectContaining({ method: 'POST', remaining: 1, hits: 0 }),
		]);
	});

	it('drops the connection without a response', async () => {
		h.sb.control.addFault({ path: '/api/authentication', drop: true });
		const error = await h.api.get('/api/authentication').then(
			() => undefined,
			(e) => e,
		);
		expect(error?.code).toMatch(/ECONNRESET|socket hang up|ERR_BAD_RESPONSE/);
		expect((await h.api.get('/api/authentication')).status).toBe(200);
	});

	it('adds latency for one request (fault) and for every request (global)', async () => {
		h.sb.control.addFault({ path: '/api/authentication', latencyMs: 150 });
		let t = Date.now();
		const delayed = await h.api.get('/api/authentication');
		expect(delayed.status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		h.sb.control.setLatency(60);
		t = Date.now();
		await h.api.get('/api/authentication');
		await h.api.get('/api/authentication');
		expect(Date.now() - t).toBeGreaterThanOrEqual(110);
	});

	it('never applies faults or latency to control routes', async () => {
		h.sb.control.addFault({ path: '*', status: 500, times: 100 });
		const res = await h.raw.get(`${h.sb.baseUrl}/sandbox/faults`);
		expect(res.status).toBe(200);
		expect(res.data).toHaveLength(1);
		expect((await h.raw.delete(`${h.sb.baseUrl}/sandbox/faults`)).status).toBe(200);
		expect((await h.api.get('/api/authentication')).status).toBe(200);
	});

	it('applies faults to the upload origin when asked', async () => {
		const c = await sentContract(h.api);
		h.sb.control.sign(c.id);
		const docs = await h.api.get(`/api/contract/documents/${c.id}`);
		h.sb.control.addFault({ origin: 'upload', path: '/*.pdf', status: 503, retryAfter: 1 });
		const first = await h.raw.get(docs.data.documents.signed_contract);
		expect(first.status).toBe(503);
		expect((await h.raw.get(docs.data.documents.signed_contract)).status).toBe(200);
		h.sb.control.addFault({ origin: 'upload', path: '*', status: 500 });
		// an API-origin request does not consume an upload-origin fault
		expect((await h.api.get('/api/authentication')).status).toBe(200);
		expect(h.sb.control.listFaults()).toHaveLength(1);
	});

	it('manages faults and latency over HTTP', async () => {
		const base = h.sb.baseUrl;
		const added = await h.raw.post(`${base}/sandbox/faults`, {
			faults: [{ path: '/api/authentication', status: 418 }],
		});
		expect(added.data).toEqual({ success: true, ids: [expect.any(String)] });
		expect((await h.api.get('/api/authentication')).status).toBe(418);
		const single = await h.raw.post(`${base}/sandbox/faults`, {
			path: '/api/authentication',
			status: 503,
			times: 3,
		});
		expect(single.data.ids).toHaveLength(1);
		expect((await h.raw.get(`${base}/sandbox/faults`)).data[0]).toMatchObject({
			status: 503,
			remaining: 3,
		});
		await h.raw.delete(`${base}/sandbox/faults`);
		expect((await h.api.get('/api/authentication')).status).toBe(200);
		expect((await h.raw.post(`${base}/sandbox/latency`, { ms: 20 })).data).toEqual({ ms: 20 });
		expect(h.sb.control.getLatency()).toBe(20);
	});

	it.each([
		[{ path: '/x' }, /at least one of status, latencyMs or drop/],
		[{ path: '/x', status: 99 }, /status/],
		[{ path: '/x', status: 500, times: 0 }, /times/],
		[{ pathRegex: '(', status: 500 }, /regular expression/],
		[{ path: '/x', status: 500, colour: 'red' }, /Unknown fault field/],
	])('refuses the fault %j', async (fault, message) => {
		const res = await h.raw.post(`${h.sb.baseUrl}/sandbox/faults`, fault);
		expect(res.status).toBe(400);
		expect(res.data.error).toMatch(message);
	});

	it('counts requests per route and status', async () => {
		h.sb.control.resetStats();
		await h.api.get('/api/authentication');
		await h.api.get('/api/authentication');
		await h.raw.get(`${h.sb.baseUrl}/api/authentication`);
		h.sb.control.addFault({ path: '/api/list/templates', status: 500 });
		await h.api.get('/api/list/templates');
		const stats = (await h.raw.get(`${h.sb.baseUrl}/sandbox/stats`)).data;
		expect(stats.byRoute['GET /api/authentication']).toBe(3);
		expect(stats.byStatus['401']).toBe(1);
		expect(stats.faultsInjected).toBe(1);
		expect(stats.requests).toBe(4);
		expect(stats.contracts).toBe(h.sb.control.contractCount());
	});
});
