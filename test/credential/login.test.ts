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
 * E-mail and Password when TRATO's login is unavailable or answers oddly (issue 27, items 3 and 6), through n8n-core's
 * real request path and the sandbox's fault injection at the token endpoint: an outage is retried like any safe
 * request and then says so, never "check the password"; a refusal is never repeated; the token's ttl is bounded.
 * The waits are recorded, not slept.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	HarnessCredentialsHelper,
	testCredential,
	type TestItem,
} from '../../test-support/harness';
import { byId, createTemplateContract, LEASE, useEnv } from '../helpers/env';
import { TOKEN_ERRORS } from '../../sandbox';
import { sessionSettings, sessionTimes } from '../../nodes/Trato/transport/session';
import { transportSettings } from '../../nodes/Trato/transport/retry';

const TOKEN = '/api/authentication/token';
const now = Date.parse('2026-11-21T12:00:00Z');
const realSessionNow = sessionSettings.now;
const realTransport = { ...transportSettings };
/** The waits the transport asked for (instead of sleeping). */
const waits: number[] = [];

const env = useEnv(__filename, { now: () => new Date(now) });
beforeAll(() => {
	sessionSettings.now = () => now;
	transportSettings.sleep = async (ms: number) => {
		waits.push(ms);
	};
	transportSettings.random = () => 1;
});
afterAll(() => {
	sessionSettings.now = realSessionNow;
	Object.assign(transportSettings, realTransport);
});
beforeEach(() => {
	env.sb.control.reset();
	waits.length = 0;
});

const store = (data: Partial<ICredentialDataDecryptedObject> = {}) =>
	new HarnessCredentialsHelper({ 'cred-1': { ...env.passwordCreds, ...data } as never });
const getById = { resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') };
const items = (id: string, count: number): TestItem[] =>
	Array.from({ length: count }, () => ({ json: { id } }));
const calls = (mark: number) =>
	env.since(mark).map((r) => `${r.method} ${r.path === TOKEN ? 'token' : r.path} ${r.status}`);
const tokenFault = (fault: Record<string, unknown>) =>
	env.sb.control.addFault({ origin: 'api', method: 'POST', path: TOKEN, ...fault });

describe("E-mail and Password: TRATO's login unavailable is retried like a read, then said so", () => {
	test.each([502, 503, 504])(
		'HTTP %i twice, then a token: the login is tried again after the backoff and the item succeeds',
		async (status) => {
			const id = await createTemplateContract(env.api, LEASE);
			tokenFault({ status, times: 2 });
			const mark = env.mark();
			const result = await env.run(getById, items(id, 1), { credentialsHelper: store() });
			expect(result.error).toBeUndefined();
			expect(calls(mark)).toEqual([
				`POST token ${status}`,
				`POST token ${status}`,
				'POST token 200',
				`GET /api/contract/status/${id} 200`,
			]);
			// the transport's capped backoff (random = 1: the ceiling), as for any safe request
			expect(waits).toEqual([500, 1000]);
		},
	);

	test('429 with Retry-After: the login waits what TRATO asks, then logs in', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		tokenFault({ status: 429, retryAfter: 7 });
		const mark = env.mark();
		const result = await env.run(getById, items(id, 1), { credentialsHelper: store() });
		expect(result.error).toBeUndefined();
		expect(calls(mark).slice(0, 2)).toEqual(['POST token 429', 'POST token 200']);
		expect(waits).toEqual([7000]);
	});

	test('a dropped connection twice, then a token: logged in on the third try, also before a request that is never repeated', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		tokenFault({ drop: true, times: 2 });
		const mark = env.mark();
		await env.run(
			{ resource: 'contract', operation: 'sendReminder', contractId: byId(id) },
			items(id, 1),
			{ credentialsHelper: store(), continueOnFail: true },
		);
		// the reminder is answered 409 (a draft has no one to remind): sent once, after the third login attempt
		expect(calls(mark)).toEqual([
			'POST token 0',
			'POST token 0',
			'POST token 200',
			`GET /api/contract/pending/${id} 409`,
		]);
	});

	test('503 on every try: "TRATO\'s login is unavailable", no password advice, 4 tries for all items, no API request', async () => {
		tokenFault({ status: 503, times: 100 });
		const mark = env.mark();
		const result = await env.run(getById, items('65f1c0d2a4b8e91f2c3d4e5f', 3), {
			credentialsHelper: store(),
			continueOnFail: true,
		});
		expect(result.items.map((i) => i.json.error)).toEqual(
			Array(3).fill("TRATO's login is unavailable (HTTP 503)"),
		);
		const description = String(result.items[0].json.description);
		expect(description).toMatch(/Tried 4 times/);
		expect(description).toMatch(/not refused/);
		expect(description).not.toMatch(/Check the email and password/);
		expect(description).not.toMatch(/Environment/);
		expect(calls(mark)).toEqual(Array(4).fill('POST token 503'));
		expect(waits).toHaveLength(3);
	});

	test('502 from a gateway (an HTML page, no JSON) is an outage too, not a wrong address', async () => {
		tokenFault({
			status: 502,
			times: 100,
			body: '<html><body>502 Bad Gateway</body></html>',
			contentType: 'text/html',
		});
		const result = await env.run(getById, items('65f1c0d2a4b8e91f2c3d4e5f', 1), {
			credentialsHelper: store(),
		});
		expect(result.error?.message).toBe("TRATO's login is unavailable (HTTP 502)");
		expect(result.error?.description).not.toMatch(/Check the credential's Environment/);
	});

	test('500 is an outage, answered once (500 is not a "try again" answer for any request of the pack)', async () => {
		tokenFault({ status: 500, times: 100 });
		const mark = env.mark();
		const result = await env.run(getById, items('65f1c0d2a4b8e91f2c3d4e5f', 1), {
			credentialsHelper: store(),
		});
		expect(result.error?.message).toBe("TRATO's login is unavailable (HTTP 500)");
		expect(result.error?.description).not.toMatch(/Check the email and password/);
		expect(calls(mark)).toEqual(['POST token 500']);
	});

	test('a dropped connection on every try: "could not reach TRATO to log in", after 4 tries', async () => {
		tokenFault({ drop: true, times: 100 });
		const mark = env.mark();
		const result = await env.run(getById, items('65f1c0d2a4b8e91f2c3d4e5f', 1), {
			credentialsHelper: store(),
		});
		expect(result.error?.message).toMatch(
			new RegExp(`^Could not reach TRATO to log in at ${env.sb.baseUrl} \\(`),
		);
		expect(result.error?.description).toMatch(/Tried 4 times/);
		expect(calls(mark)).toEqual(Array(4).fill('POST token 0'));
	});

	test('a request that is never repeated (send a reminder) still gets a retried login, and is sent once', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		tokenFault({ status: 503 });
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'contract', operation: 'sendReminder', contractId: byId(id) },
			items(id, 1),
			{ credentialsHelper: store(), continueOnFail: true },
		);
		expect(calls(mark).slice(0, 3)).toEqual([
			'POST token 503',
			'POST token 200',
			`GET /api/contract/pending/${id} 409`,
		]);
		expect(calls(mark).filter((c) => c.includes('/pending/'))).toHaveLength(1);
		expect(result.items).toHaveLength(1);
	});

	test("a refusal after an outage is not repeated: one more login, then TRATO's text and the password advice", async () => {
		tokenFault({ status: 503 });
		const mark = env.mark();
		const result = await env.run(getById, items('65f1c0d2a4b8e91f2c3d4e5f', 2), {
			credentials: { ...env.passwordCreds, password: 'Not-The-Password-42' },
			continueOnFail: true,
		});
		expect(calls(mark)).toEqual(['POST token 503', 'POST token 401']);
		expect(result.items.map((i) => i.json.error)).toEqual(
			Array(2).fill(`TRATO refused the login: ${TOKEN_ERRORS.refused}`),
		);
		expect(result.items[0].json.description).toMatch(/Check the email and password/);
	});

	test('the credential test says the login is unavailable, not that the password is wrong', async () => {
		tokenFault({ status: 503, times: 100 });
		expect(await testCredential(env.passwordCreds)).toEqual({
			status: 'Error',
			message: "TRATO's login is unavailable (HTTP 503)",
		});
	});
});

describe('E-mail and Password: a ttl outside 1 s … 24 h is not believed', () => {
	/** A login answer with TRATO's shape and the sandbox's long-lived token (its `exp`: 24 h), with the given ttl. */
	const ttlAnswer = (ttl: unknown) =>
		tokenFault({ status: 200, times: 100, body: { success: true, jwt: env.sb.jwt, ttl } });
	const DAY = 86_400_000;

	test("ttl 0.001: the token's own exp is used; one login for many items, not one per request", async () => {
		const id = await createTemplateContract(env.api, LEASE);
		ttlAnswer(0.001);
		const n8n = store();
		const mark = env.mark();
		const result = await env.run(getById, items(id, 5), { credentialsHelper: n8n });
		expect(result.error).toBeUndefined();
		expect(calls(mark).filter((c) => c.startsWith('POST token'))).toEqual(['POST token 200']);
		expect(JSON.parse(n8n.stored()!.sessionInfo as string).expiresAt).toBe(
			new Date(now + DAY).toISOString(),
		);
	});

	test('ttl 1e13: logged in and working (24 h at most), not a RangeError reported as a network error', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		ttlAnswer(1e13);
		const n8n = store();
		const result = await env.run(getById, items(id, 2), { credentialsHelper: n8n });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.contractId)).toEqual([id, id]);
		const info = JSON.parse(n8n.stored()!.sessionInfo as string);
		expect(info.expiresAt).toBe(new Date(now + DAY).toISOString());
		expect(info.renewAt).toBe(new Date(now + DAY - 60_000).toISOString());
	});

	test.each([
		["300 (TRATO's)", 300, undefined, 300_000],
		['3, the token ends in 3 s', 3, now + 3_000, 3_000],
		['0.001 without exp', 0.001, undefined, 1_000],
		['0.001, the token ends in 2 min', 0.001, now + 120_000, 120_000],
		['1e13 without exp', 1e13, undefined, DAY],
		['1e13, the token ends in 48 h', 1e13, now + 2 * DAY, DAY],
		['missing, the token ends in 5 min', undefined, now + 300_000, 300_000],
		['missing, no exp', undefined, undefined, 300_000],
		['not a number', 'soon', undefined, 300_000],
	])('ttl %s → a token life of the right length', (_label, ttl, exp, lifetime) => {
		expect(sessionTimes(ttl, exp, now).expiresAt).toBe(new Date(now + lifetime).toISOString());
	});
});
