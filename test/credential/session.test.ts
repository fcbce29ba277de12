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
 * E-mail and Password through n8n-core's real request path (httpRequestWithAuthentication → the harness's mirror of
 * n8n's CredentialsHelper.preAuthentication → the credential's login) against the sandbox's token endpoint. One
 * fake clock drives both the node's session decisions and the sandbox (whose JWTs really expire), so hours of token
 * lifetimes pass without sleeping.
 */
import { inspect } from 'node:util';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	HarnessCredentialsHelper,
	PollSimulator,
	listSearch,
	testCredential,
	type CredentialInput,
	type TestItem,
} from '../../test-support/harness';
import { startCaptureServer } from '../helpers/capture';
import { byId, createTemplateContract, LEASE, useEnv } from '../helpers/env';
import { startSandbox, TOKEN_ERRORS } from '../../sandbox';
import { sessionSettings } from '../../nodes/Trato/transport/session';
import { transportSettings } from '../../nodes/Trato/transport/retry';

const TOKEN = '/api/authentication/token';
let now = Date.parse('2026-11-21T12:00:00Z');
const realSessionNow = sessionSettings.now;
const realTransport = { ...transportSettings };

const env = useEnv(__filename, { now: () => new Date(now) });
beforeAll(() => {
	sessionSettings.now = () => now;
	transportSettings.sleep = async () => undefined;
});
afterAll(() => {
	sessionSettings.now = realSessionNow;
	Object.assign(transportSettings, realTransport);
});
beforeEach(() => env.sb.control.reset());

/** n8n's credential store with the sandbox account's E-mail and Password credential (kept across runs). */
const store = (data: Partial<ICredentialDataDecryptedObject> = {}) =>
	new HarnessCredentialsHelper({ 'cred-1': { ...env.passwordCreds, ...data } as never });
const getById = { resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') };
const items = (id: string, count: number): TestItem[] =>
	Array.from({ length: count }, () => ({ json: { id } }));
const logins = () => env.sb.sessions.stats().logins;
const calls = (mark: number) =>
	env.since(mark).map((r) => `${r.method} ${r.path === TOKEN ? 'token' : r.path} ${r.status}`);

/** Serialises an error (or anything) the ways n8n and loggers do, to scan for secrets. */
function everyRendering(value: unknown): string {
	const e = value as Error & Record<string, unknown>;
	return [
		JSON.stringify(e),
		e instanceof Error ? JSON.stringify(e, Object.getOwnPropertyNames(e)) : '',
		inspect(e, { depth: 12, showHidden: true }),
		String(e?.message),
		String(e?.description),
	].join('\n');
}

function expectNoSecret(text: string) {
	expect(text).not.toContain(env.sb.account.password);
	for (const token of env.sb.sessions.tokens()) expect(text).not.toContain(token.jwt);
}

describe('E-mail and Password: the headers TRATO receives', () => {
	test('the login is a JSON POST of {email, password} without any auth header; API requests carry "Authorization: Bearer <the issued token>" only', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(getById, items(id, 1), { credentials: env.passwordCreds });
		expect(result.error).toBeUndefined();
		const [login, request] = env.since(mark);
		expect([login.method, login.path, login.status]).toEqual(['POST', TOKEN, 200]);
		expect(login.body).toEqual({ email: env.sb.account.email, password: '<redacted>' });
		expect(login.headers['content-type']).toMatch(/^application\/json/);
		expect(login.headers.authorization).toBeUndefined();
		expect(login.headers.apikey).toBeUndefined();
		expect(login.headers['user-agent']).toMatch(/^n8n-nodes-trato\//);
		expect(request.headers.authorization).toBe('Bearer <redacted>');
		expect(request.headers.apikey).toBeUndefined();
		// the token the sandbox issued is the one that authenticated the request
		expect(env.sb.sessions.tokens().map((t) => t.uses)).toEqual([1]);
		expect(result.items[0].json.contractId).toBe(id);
	});
});

describe('E-mail and Password: one login, kept in the credential by n8n, renewed before its ttl', () => {
	test('one login for many items; n8n stores the token; the next execution reuses it without logging in', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const n8n = store();
		const mark = env.mark();
		const first = await env.run(getById, items(id, 6), { credentialsHelper: n8n });
		expect(first.error).toBeUndefined();
		expect(first.items).toHaveLength(6);
		expect(calls(mark)).toEqual([
			'POST token 200',
			...Array(6).fill(`GET /api/contract/status/${id} 200`),
		]);
		const [issued] = env.sb.sessions.tokens();
		expect(issued.uses).toBe(6);
		// n8n's pre-authentication ran once (empty token) and wrote the token and its times to the credential
		expect(n8n.preAuthentications).toEqual([{ credentialsExpired: false, testing: false }]);
		expect(n8n.updates).toHaveLength(1);
		const stored = n8n.stored()!;
		expect(stored.sessionToken).toBe(issued.jwt);
		expect(JSON.parse(stored.sessionInfo as string)).toEqual({
			for: `${env.sb.baseUrl} ${env.sb.account.email}`,
			expiresAt: new Date(now + 300_000).toISOString(),
			renewAt: new Date(now + 240_000).toISOString(),
		});
		expect(stored.password).toBe(env.sb.account.password); // the rest of the credential unchanged

		const again = env.mark();
		now += 60_000;
		const second = await env.run(getById, items(id, 6), { credentialsHelper: n8n });
		expect(second.error).toBeUndefined();
		expect(calls(again)).toEqual(Array(6).fill(`GET /api/contract/status/${id} 200`));
		expect(logins().succeeded).toBe(1);
		expect(env.sb.sessions.tokens()[0].uses).toBe(12);
		expectNoSecret(JSON.stringify(first.run) + JSON.stringify(second.run));
	});

	test('an execution spanning two ttls logs in again before each token ends, never per request and never after a 401', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		// every API request takes 30 s of the shared clock: 20 items span 600 s, two token lifetimes
		env.sb.control.setRequestHook(({ path }) => {
			if (path !== TOKEN) now += 30_000;
		});
		const start = now;
		const mark = env.mark();
		const result = await env.run(getById, items(id, 20), { credentialsHelper: store() });
		expect(result.error).toBeUndefined();
		expect(now - start).toBe(600_000);
		const log = calls(mark);
		expect(log.filter((c) => c.includes(' 401'))).toEqual([]);
		// logins at 0 s, 240 s and 480 s (60 s before each token's end), 8 + 8 + 4 requests on their tokens
		expect(log.map((c, i) => (c.startsWith('POST token') ? i : -1)).filter((i) => i >= 0)).toEqual([
			0, 9, 18,
		]);
		const tokens = env.sb.sessions.tokens();
		expect(tokens.map((t) => t.uses)).toEqual([8, 8, 4]);
		// each new token was fetched while the previous one was still valid
		for (let i = 1; i < tokens.length; i++) {
			expect(Date.parse(tokens[i].issuedAt)).toBeLessThan(Date.parse(tokens[i - 1].expiresAt));
		}
	});

	test('a stored token near its end is replaced before the first request of the next execution', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const n8n = store();
		await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		now += 239_000;
		const mark = env.mark();
		await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		expect(calls(mark)).toEqual([`GET /api/contract/status/${id} 200`]);
		now += 2_000; // 241 s: the token still holds for 59 s, and is replaced now
		const renew = env.mark();
		await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		expect(calls(renew)).toEqual(['POST token 200', `GET /api/contract/status/${id} 200`]);
		expect(n8n.stored()!.sessionToken).toBe(env.sb.sessions.tokens()[1].jwt);
	});

	test('concurrent items (Options → Concurrency) wait for one login instead of each logging in', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run({ ...getById, options: { concurrency: 4 } }, items(id, 8), {
			credentialsHelper: store(),
		});
		expect(result.error).toBeUndefined();
		expect(calls(mark).filter((c) => c.startsWith('POST token'))).toHaveLength(1);
		expect(logins().succeeded).toBe(1);
	});

	test('the trigger and the pickers log in the same way', async () => {
		await createTemplateContract(env.api, LEASE);
		const n8n = store();
		const trigger = new PollSimulator(
			{ event: 'anyChange', filters: {}, options: {} },
			env.passwordCreds,
		);
		const polled = await trigger.poll('manual');
		expect(polled.error).toBeUndefined();
		const templates = await listSearch('searchTemplates', env.passwordCreds);
		expect(templates.results.length).toBeGreaterThan(0);
		expect(logins().succeeded).toBe(2); // a poll and a picker are separate n8n executions
		expect(env.sb.sessions.tokens().every((t) => t.uses > 0)).toBe(true);
		expect(n8n.updates).toHaveLength(0);
	});

	test('a changed Environment or e-mail never reuses the stored token: the new address gets a login first', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const n8n = store();
		await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		const other = await startSandbox({ port: 0 });
		try {
			const moved = new HarnessCredentialsHelper({
				'cred-1': { ...n8n.stored()!, baseUrl: other.baseUrl },
			});
			const contract = other.control.createContract({ name: 'elsewhere' });
			const result = await env.run(getById, items(contract._id, 1), { credentialsHelper: moved });
			expect(result.error).toBeUndefined();
			expect(other.sessions.stats().logins.succeeded).toBe(1);
			expect(other.sessions.tokens()[0].uses).toBe(1);
			expect(other.control.stats().byStatus['401']).toBeUndefined();
		} finally {
			await other.close();
		}
	});
});

describe('E-mail and Password: a refused session is renewed once, not endlessly', () => {
	test('TRATO ended the session (401): one new login, the request repeated once, later items use the new token', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const n8n = store();
		await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		env.sb.sessions.revokeAll();
		const mark = env.mark();
		const result = await env.run(getById, items(id, 3), { credentialsHelper: n8n });
		expect(result.error).toBeUndefined();
		expect(calls(mark)).toEqual([
			`GET /api/contract/status/${id} 401`,
			'POST token 200',
			...Array(3).fill(`GET /api/contract/status/${id} 200`),
		]);
		expect(n8n.stored()!.sessionToken).toBe(env.sb.sessions.tokens()[1].jwt);
	});

	test('"statusCode": 401 inside a success:false body counts as a refused session too', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		env.sb.control.addFault({
			path: '/api/contract/status/*',
			status: 200,
			body: { success: false, statusCode: 401, error: 'Invalid token' },
		});
		const mark = env.mark();
		const result = await env.run(getById, items(id, 1), { credentialsHelper: store() });
		expect(result.error).toBeUndefined();
		expect(calls(mark)).toEqual([
			'POST token 200',
			`GET /api/contract/status/${id} 200`,
			'POST token 200',
			`GET /api/contract/status/${id} 200`,
		]);
	});

	test('a session refused again right after a new login fails with a sentence, after exactly one new login (also for a POST)', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		env.sb.control.addFault({ path: '/api/contract/*', status: 401, times: 100 });
		const mark = env.mark();
		const result = await env.run(getById, items(id, 1), { credentialsHelper: store() });
		expect(calls(mark)).toEqual([
			'POST token 200',
			`GET /api/contract/status/${id} 401`,
			'POST token 200',
			`GET /api/contract/status/${id} 401`,
		]);
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.description).toMatch(
			/^TRATO refused the session token even right after logging in again/,
		);
		const post = env.mark();
		const configure = await env.run(
			{
				resource: 'contract',
				operation: 'configure',
				contractId: byId(id),
				updateFields: { name: 'x' },
			} as never,
			items(id, 1),
			{ credentialsHelper: store() },
		);
		expect(configure.error?.httpCode).toBe('401');
		expect(
			calls(post).filter((c) => c.startsWith('POST /api/contract/configuration')),
		).toHaveLength(2);
		expectNoSecret(everyRendering(result.error) + everyRendering(configure.error));
	});
});

describe("E-mail and Password: failures say what to fix, in TRATO's words", () => {
	test("a wrong password: TRATO's refusal text, one login attempt for all items, no API request, no password anywhere", async () => {
		const wrong = 'Not-The-Password-42';
		const mark = env.mark();
		const result = await env.run(getById, items('abc', 3), {
			credentials: { ...env.passwordCreds, password: wrong },
			continueOnFail: true,
		});
		expect(result.items.map((i) => i.json.error)).toEqual(
			Array(3).fill(`TRATO refused the login: ${TOKEN_ERRORS.refused}`),
		);
		expect(result.items[0].json.description).toMatch(/Check the email and password/);
		expect(calls(mark)).toEqual(['POST token 401']);
		expect(logins().refused).toBe(1);
		const stopped = await env.run(getById, items('abc', 1), {
			credentials: { ...env.passwordCreds, password: wrong },
		});
		expect(stopped.error?.message).toBe(`TRATO refused the login: ${TOKEN_ERRORS.refused}`);
		// the web app of the credential's environment: for Custom URL its own origin (test/answers/webApp.test.ts)
		expect(stopped.error?.description).toContain(`sign in to TRATO with (${env.sb.baseUrl})`);
		for (const text of [
			JSON.stringify(result.run),
			JSON.stringify(stopped.run),
			everyRendering(stopped.error),
		]) {
			expect(text).not.toContain(wrong);
			expectNoSecret(text);
		}
	});

	test('an API answer that echoes the password or the session token has them removed from the error', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const n8n = store();
		await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		const token = n8n.stored()!.sessionToken as string;
		env.sb.control.addFault({
			path: '/api/contract/status/*',
			status: 400,
			body: {
				success: false,
				error: `Bad request from ${env.sb.account.email} (${env.sb.account.password}), session ${token}; retry with ?password=hunter2-long`,
			},
		});
		const result = await env.run(getById, items(id, 1), { credentialsHelper: n8n });
		expect(result.error?.message).toMatch(/^TRATO refused the request: Bad request from/);
		const text = everyRendering(result.error) + JSON.stringify(result.run);
		expectNoSecret(text);
		expect(text).not.toContain('hunter2-long');
	});

	test('success:false with HTTP 200 and the "email required" text: shown as TRATO wrote it', async () => {
		const server = await startCaptureServer(() => ({
			status: 200,
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				success: false,
				statusCode: 400,
				error: 'Account email is required in order to process this request.',
			}),
		}));
		try {
			const result = await env.run(getById, items('abc', 1), {
				credentials: { ...env.passwordCreds, baseUrl: server.url },
			});
			expect(result.error?.message).toBe(
				'TRATO refused the login: Account email is required in order to process this request.',
			);
			expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${TOKEN}`]);
		} finally {
			await server.close();
		}
	});

	test('a Custom URL that is not the API (…/nowhere): "no TRATO login answered", no retry, nothing else sent', async () => {
		const mark = env.mark();
		const result = await env.run(getById, items('abc', 1), {
			credentials: { ...env.passwordCreds, baseUrl: `${env.sb.baseUrl}/nowhere` },
		});
		expect(result.error?.message).toBe(
			`No TRATO login answered at ${env.sb.baseUrl}/nowhere/api/authentication/token (HTTP 404)`,
		);
		expect(result.error?.description).toMatch(/Check the credential's Environment/);
		expect(calls(mark)).toEqual(['POST /nowhere/api/authentication/token 404']);
	});

	test('a Custom URL typed with /api at its end logs in at /api/authentication/token (issue 29)', async () => {
		const n8n = store();
		for (const suffix of ['/api', '/api/']) {
			const mark = env.mark();
			expect(
				await testCredential({ ...env.passwordCreds, baseUrl: `${env.sb.baseUrl}${suffix}` }, n8n),
			).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect(calls(mark)).toEqual(['POST token 200', 'GET /api/authentication 200']);
		}
	});

	test('nothing listening: the login is tried 4 times, then "could not reach", with the code', async () => {
		const closed = await startCaptureServer();
		await closed.close();
		const result = await env.run(getById, items('abc', 1), {
			credentials: { ...env.passwordCreds, baseUrl: closed.url },
		});
		expect(result.error?.message).toBe(
			`Could not reach TRATO to log in at ${closed.url} (connection refused)`,
		);
		expect(result.error?.description).toMatch(/\(ECONNREFUSED\)\. Tried 4 times\./);
	});
});

describe('E-mail and Password: the credential test (as n8n runs it)', () => {
	test('logs in (always, even with a stored token), tests the token, and stores it', async () => {
		const n8n = store({ sessionToken: 'stale', sessionInfo: '{}' });
		const mark = env.mark();
		expect(await testCredential(env.passwordCreds, n8n)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(calls(mark)).toEqual(['POST token 200', 'GET /api/authentication 200']);
		expect(n8n.preAuthentications).toEqual([{ credentialsExpired: false, testing: true }]);
		expect(n8n.stored()!.sessionToken).toBe(env.sb.sessions.tokens()[0].jwt);
	});

	test.each([
		[
			'a wrong password',
			(): CredentialInput => ({ ...env.passwordCreds, password: 'wrong-password-00' }),
			() => `TRATO refused the login: ${TOKEN_ERRORS.refused}`,
		],
		[
			'a wrong address',
			(): CredentialInput => ({ ...env.passwordCreds, baseUrl: `${env.sb.baseUrl}/nowhere` }),
			() =>
				`No TRATO login answered at ${env.sb.baseUrl}/nowhere/api/authentication/token (HTTP 404)`,
		],
		[
			'an e-mail missing',
			(): CredentialInput => ({ ...env.passwordCreds, email: '' }),
			() => 'The TRATO credential has no email',
		],
	])('%s: the test says so in one sentence', async (_label, credentials, message) => {
		const result = await testCredential(credentials());
		expect(result).toEqual({ status: 'Error', message: message() });
	});

	test('nothing listening: "could not reach", told apart from a refusal and a wrong address', async () => {
		const closed = await startCaptureServer();
		await closed.close();
		const result = await testCredential({ ...env.passwordCreds, baseUrl: closed.url });
		expect(result).toEqual({
			status: 'Error',
			message: `Could not reach TRATO to log in at ${closed.url} (connection refused)`,
		});
	});
});
