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
 * The sandbox's token endpoint as TRATO documents it (trato-notes "Authentication"): POST JSON and the portal's GET,
 * TRATO's answer and error envelope, JWTs that expire after `ttl` seconds of the sandbox clock, a ttl that tests
 * shorten (start option, CLI flag, environment, control API), sessions ended on demand, and a request log without
 * the password.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import jwt from 'jsonwebtoken';

import { SANDBOX_ACCOUNT, TOKEN_ERRORS } from '../../sandbox';
import { parseArgs } from '../../sandbox/cliArgs';
import { type Harness, startHarness } from './helpers';

const TOKEN = '/api/authentication/token';

describe('sandbox token endpoint', () => {
	let h: Harness;
	let dir: string;
	let logFile: string;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'trato-sessions-'));
		logFile = join(dir, 'requests.jsonl');
		h = await startHarness({ requestLog: logFile });
	});
	afterAll(async () => {
		await h.sb.close();
		rmSync(dir, { recursive: true, force: true });
	});
	beforeEach(() => h.sb.control.reset());

	const login = async (body: unknown) => await h.raw.post(`${h.sb.baseUrl}${TOKEN}`, body);
	const withToken = async (token: string) =>
		await h.raw.get(`${h.sb.baseUrl}/api/authentication`, {
			headers: { Authorization: `Bearer ${token}` },
		});

	it('POST {email, password} answers {success, jwt, ttl: 300, error: ""}; the JWT opens the API', async () => {
		const res = await login(SANDBOX_ACCOUNT);
		expect(res.status).toBe(200);
		expect(Object.keys(res.data)).toEqual(['success', 'jwt', 'ttl', 'error']);
		expect(res.data).toMatchObject({ success: true, ttl: 300, error: '' });
		const claims = jwt.decode(res.data.jwt) as { exp: number; iat: number; sub: string };
		expect(claims.exp - claims.iat).toBeGreaterThanOrEqual(300); // whole seconds, rounded up
		expect(claims.exp - claims.iat).toBeLessThanOrEqual(301);
		expect(claims.sub).toBe(SANDBOX_ACCOUNT.email);
		expect((await withToken(res.data.jwt)).data).toEqual({
			success: true,
			authenticatedWith: 'jwt',
		});
		expect(h.sb.sessions.tokens()[0].uses).toBe(1);
	});

	it("the portal's GET with the e-mail and password in the query string works too", async () => {
		const res = await h.raw.get(`${h.sb.baseUrl}${TOKEN}`, { params: SANDBOX_ACCOUNT });
		expect(res.status).toBe(200);
		expect(res.data.success).toBe(true);
		expect((await withToken(res.data.jwt)).status).toBe(200);
	});

	it.each([
		['no body', undefined],
		['no email key', { password: SANDBOX_ACCOUNT.password }],
		['a misspelled key ("Email")', { Email: SANDBOX_ACCOUNT.email, password: 'x' }],
		['a misspelled key ("mail")', { mail: SANDBOX_ACCOUNT.email, password: 'x' }],
		['an empty email', { email: ' ', password: SANDBOX_ACCOUNT.password }],
	])("%s: TRATO's exact answer for a missing e-mail", async (_label, body) => {
		const res = await login(body);
		expect(res.status).toBe(400);
		expect(JSON.stringify(res.data)).toBe(
			'{"success":false,"statusCode":400,"error":"Account email is required in order to process this request."}',
		);
	});

	it('no password, a wrong password or an unknown e-mail: refused in the same envelope, no token', async () => {
		const missing = await login({ email: SANDBOX_ACCOUNT.email });
		expect(missing.status).toBe(400);
		expect(missing.data).toEqual({
			success: false,
			statusCode: 400,
			error: TOKEN_ERRORS.passwordRequired,
		});
		for (const body of [
			{ email: SANDBOX_ACCOUNT.email, password: `${SANDBOX_ACCOUNT.password}x` },
			{ email: 'someone.else@example.com', password: SANDBOX_ACCOUNT.password },
		]) {
			const res = await login(body);
			expect(res.status).toBe(401);
			expect(res.data).toEqual({ success: false, statusCode: 401, error: TOKEN_ERRORS.refused });
		}
		expect(h.sb.sessions.stats().logins).toEqual({ succeeded: 0, refused: 2 });
		expect(h.sb.sessions.tokens()).toEqual([]);
	});

	it('a token is refused (401) once its ttl has passed on the sandbox clock, not a second before', async () => {
		const { data } = await login(SANDBOX_ACCOUNT);
		h.sb.control.advanceClock(299_000);
		expect((await withToken(data.jwt)).status).toBe(200);
		h.sb.control.advanceClock(2_000);
		const expired = await withToken(data.jwt);
		expect(expired.status).toBe(401);
		expect(expired.data.error).toMatch(/^The JWT expired at /);
	});

	it('the ttl is shortened over the control API; ended sessions are refused; reset restores both', async () => {
		const set = await h.raw.post(`${h.sb.baseUrl}/sandbox/sessions`, { ttlSeconds: 3 });
		expect(set.data.ttlSeconds).toBe(3);
		const { data } = await login(SANDBOX_ACCOUNT);
		expect(data.ttl).toBe(3);
		h.sb.control.advanceClock(4_000);
		expect((await withToken(data.jwt)).status).toBe(401);

		const fresh = (await login(SANDBOX_ACCOUNT)).data.jwt as string;
		expect((await withToken(fresh)).status).toBe(200);
		const revoked = await h.raw.post(`${h.sb.baseUrl}/sandbox/sessions`, { revoke: true });
		expect(revoked.data.revokedNow).toBe(2);
		const ended = await withToken(fresh);
		expect(ended.status).toBe(401);
		expect(ended.data.error).toBe('The session has ended; log in again');
		expect(h.sb.jwt && (await withToken(h.sb.jwt)).status).toBe(200); // other JWTs are not sessions

		const bad = await h.raw.post(`${h.sb.baseUrl}/sandbox/sessions`, { ttlSeconds: 0 });
		expect(bad.status).toBe(400);
		h.sb.control.reset();
		expect(h.sb.sessions.stats()).toMatchObject({ ttlSeconds: 300, tokens: { issued: 0 } });
	});

	it('neither the request log nor the control answers contain the password or a token', async () => {
		const before = readFileSync(logFile, 'utf8').trim().split('\n').length;
		const { data } = await login(SANDBOX_ACCOUNT);
		await h.raw.get(`${h.sb.baseUrl}${TOKEN}`, { params: SANDBOX_ACCOUNT });
		await login({ email: SANDBOX_ACCOUNT.email, password: 'wrong-password-123' });
		await withToken(data.jwt);
		const control = JSON.stringify((await h.raw.get(`${h.sb.baseUrl}/sandbox/sessions`)).data);
		const log = readFileSync(logFile, 'utf8');
		for (const text of [log, control]) {
			expect(text).not.toContain(SANDBOX_ACCOUNT.password);
			expect(text).not.toContain('wrong-password-123');
			expect(text).not.toContain(data.jwt);
		}
		const lines = log
			.trim()
			.split('\n')
			.slice(before)
			.map((l) => JSON.parse(l))
			.filter((l) => l.path === TOKEN);
		expect(lines.map((l) => l.body?.password ?? l.query.password)).toEqual([
			'<redacted>',
			'<redacted>',
			'<redacted>',
		]);
		expect(lines[0].body.email).toBe(SANDBOX_ACCOUNT.email);
	});
});

describe('sandbox login options', () => {
	it('start options set the account and the ttl', async () => {
		const h = await startHarness({
			account: { email: 'ops@example.com', password: 'another-long-password' },
			tokenTtlSeconds: 7,
		});
		try {
			const res = await h.raw.post(`${h.sb.baseUrl}${TOKEN}`, {
				email: 'OPS@example.com ',
				password: 'another-long-password',
			});
			expect(res.data).toMatchObject({ success: true, ttl: 7 });
			expect(h.sb.account).toEqual({
				email: 'ops@example.com',
				password: 'another-long-password',
			});
			expect((await h.raw.post(`${h.sb.baseUrl}${TOKEN}`, SANDBOX_ACCOUNT)).data.success).toBe(
				false,
			);
		} finally {
			await h.sb.close();
		}
	});

	it('CLI flags and environment variables set them too', () => {
		expect(
			parseArgs(
				[
					'--token-ttl',
					'5',
					'--account-email',
					'a@example.com',
					'--account-password=pw-0123456789',
				],
				{},
			),
		).toMatchObject({
			tokenTtlSeconds: 5,
			account: { email: 'a@example.com', password: 'pw-0123456789' },
		});
		expect(
			parseArgs([], {
				TRATO_SANDBOX_TOKEN_TTL: '9',
				TRATO_SANDBOX_ACCOUNT_EMAIL: 'b@example.com',
			}),
		).toMatchObject({ tokenTtlSeconds: 9, account: { email: 'b@example.com' } });
		expect(() => parseArgs(['--token-ttl', '0'], {})).toThrow(/at least 1 second/);
		expect(parseArgs([], {}).account).toBeUndefined();
	});
});
