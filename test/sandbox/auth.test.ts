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
import jwt from 'jsonwebtoken';
import { type Harness, rawRequest, startHarness } from './helpers';

describe('sandbox authentication and routing', () => {
	let h: Harness;
	beforeAll(async () => {
		h = await startHarness({ apiKey: 'test-key-123' });
	});
	afterAll(() => h.sb.close());

	const auth = (headers: Record<string, string>) =>
		rawRequest(`${h.sb.baseUrl}/api/authentication`, { headers });

	it('accepts the API key header', async () => {
		const res = await h.api.get('/api/authentication');
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ success: true, authenticatedWith: 'apikey' });
	});

	it('accepts the printed JWT and freshly signed ones', async () => {
		for (const token of [h.sb.jwt, h.sb.signJwt({ sub: 'someone' }, { expiresInSeconds: 60 })]) {
			const res = await auth({ Authorization: `Bearer ${token}` });
			expect(res.status).toBe(200);
			expect(JSON.parse(res.body)).toEqual({ success: true, authenticatedWith: 'jwt' });
		}
	});

	it('the printed JWT is HS256 and lasts 24 hours', () => {
		const decoded = jwt.decode(h.sb.jwt, { complete: true }) as any;
		expect(decoded.header.alg).toBe('HS256');
		expect(decoded.payload.exp - decoded.payload.iat).toBe(24 * 3600);
	});

	it.each([
		['no credentials', {}, /Missing credentials/],
		['a wrong API key', { apikey: 'nope' }, /Invalid API key/],
		['an empty apikey header', { apikey: '' }, /apikey header is empty/],
		['an empty Authorization header', { Authorization: '' }, /Authorization header is empty/],
		['Basic instead of Bearer', { Authorization: 'Basic dXNlcjpwYXNz' }, /must be "Bearer <JWT>"/],
		['Bearer without a token', { Authorization: 'Bearer' }, /must be "Bearer <JWT>"/],
		['a malformed JWT', { Authorization: 'Bearer not.a.jwt' }, /malformed/],
	])('refuses %s with 401 and a clear error', async (_name, headers, message) => {
		const res = await auth(headers as Record<string, string>);
		expect(res.status).toBe(401);
		const body = JSON.parse(res.body);
		expect(body.success).toBe(false);
		expect(body.error).toMatch(message);
		expect(res.headers['www-authenticate']).toContain('Bearer');
	});

	it('refuses an expired JWT', async () => {
		const res = await auth({
			Authorization: `Bearer ${h.sb.signJwt({}, { expiresInSeconds: -30 })}`,
		});
		expect(res.status).toBe(401);
		expect(JSON.parse(res.body).error).toMatch(/expired/);
	});

	it('refuses a JWT signed with another secret', async () => {
		const forged = jwt.sign(
			{ sub: 'x', exp: Math.floor(Date.now() / 1000) + 600 },
			'another-secret',
			{ algorithm: 'HS256' },
		);
		const res = await auth({ Authorization: `Bearer ${forged}` });
		expect(res.status).toBe(401);
		expect(JSON.parse(res.body).error).toMatch(/signature is invalid/);
	});

	it('refuses a spectator token as an API credential', async () => {
		const c = h.sb.control.createContract({ name: 'Spectated' });
		await h.api.post(`/api/contracts/${c._id}/spectators`, {
			name: 'Eve',
			email: 'eve@example.com',
		});
		const list = await h.api.get(`/api/contracts/${c._id}/spectators`);
		const res = await auth({ Authorization: `Bearer ${list.data[0].jwt}` });
		expect(res.status).toBe(401);
	});

	it('refuses a valid JWT sent together with a wrong API key', async () => {
		const res = await auth({ Authorization: `Bearer ${h.sb.jwt}`, apikey: 'wrong' });
		expect(res.status).toBe(401);
	});

	it('protects every API route, not only the check endpoint', async () => {
		const res = await rawRequest(`${h.sb.baseUrl}/api/list/contracts`);
		expect(res.status).toBe(401);
	});

	it('honours the injected clock for JWT expiry', async () => {
		const token = h.sb.signJwt({}, { expiresInSeconds: 3600 });
		h.sb.control.advanceClock(2 * 3600 * 1000);
		try {
			const res = await auth({ Authorization: `Bearer ${token}` });
			expect(res.status).toBe(401);
		} finally {
			h.sb.control.advanceClock(-2 * 3600 * 1000);
		}
	});

	it('control routes need no auth', async () => {
		const res = await h.raw.get(`${h.sb.baseUrl}/sandbox/health`);
		expect(res.status).toBe(200);
		expect(res.data).toMatchObject({ ok: true, baseUrl: h.sb.baseUrl, uploadUrl: h.sb.uploadUrl });
	});

	it('mints JWTs through the control API', async () => {
		const res = await h.raw.post(`${h.sb.baseUrl}/sandbox/jwt`, { expiresInSeconds: -5 });
		const check = await auth({ Authorization: `Bearer ${res.data.jwt}` });
		expect(check.status).toBe(401);
	});

	it('answers an unknown route with a JSON 404 and a wrong method with 405', async () => {
		const missing = await h.api.get('/api/does/not/exist');
		expect(missing.status).toBe(404);
		expect(missing.data).toEqual({
			success: false,
			statusCode: 404,
			error: 'No route for GET /api/does/not/exist',
		});
		const wrong = await h.api.put('/api/list/contracts');
		expect(wrong.status).toBe(405);
		expect(wrong.headers.allow).toBe('GET');
		expect(wrong.data.success).toBe(false);
	});

	it('answers CORS preflights and exposes the paging headers', async () => {
		const res = await rawRequest(`${h.sb.baseUrl}/api/list/contracts`, { method: 'OPTIONS' });
		expect(res.status).toBe(204);
		const list = await h.api.get('/api/list/contracts');
		expect(list.headers['access-control-expose-headers']).toMatch(/X-Total-Pages/);
		expect(list.headers['access-control-expose-headers']).toMatch(/X-Total-Documents/);
	});

	it('refuses a body that is not JSON with 400', async () => {
		const res = await rawRequest(`${h.sb.baseUrl}/api/create/contract`, {
			method: 'POST',
			headers: { apikey: 'test-key-123', 'content-type': 'application/json' },
			body: '{"source": "template",',
		});
		expect(res.status).toBe(400);
		expect(JSON.parse(res.body).error).toMatch(/not valid JSON/);
	});

	it('prints a random API key when none is given', async () => {
		const other = await startHarness();
		try {
			expect(other.sb.apiKey).toMatch(/^sk_sandbox_[0-9a-f]{32}$/);
			expect(other.sb.apiKey).not.toBe(h.sb.apiKey);
			expect(other.sb.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(other.sb.uploadUrl).not.toBe(other.sb.baseUrl);
		} finally {
			await other.sb.close();
		}
	});
});
