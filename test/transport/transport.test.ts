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
import { inspect } from 'node:util';

import { executeContext } from '../../test-support/harness';
import { startCaptureServer } from '../helpers/capture';
import { byId, createTemplateContract, LEASE, useEnv } from '../helpers/env';
import { request, requestAllPages } from '../../nodes/Trato/transport';
import type { RetryPolicy } from '../../nodes/Trato/transport/catalogue';
import type { TratoContext } from '../../nodes/Trato/transport/credentials';
import { send } from '../../nodes/Trato/transport/pipeline';
import { parseRetryAfter, transportSettings } from '../../nodes/Trato/transport/retry';
import { PACKAGE_VERSION } from '../../nodes/Trato/helpers/version';
import packageJson from '../../package.json';

/** A call through the pipeline to a path outside the catalogue (retry-policy and redirect tests). */
const raw = async (
	context: TratoContext,
	method: 'GET' | 'DELETE',
	path: string,
	retry: RetryPolicy,
) => await send.call(context, { method, target: 'api', address: path, retry });
/** Waits the transport asked for, recorded instead of slept (the clock is injected). */
let waits: number[] = [];
const realSettings = { ...transportSettings };
const FIXED_NOW = Date.parse('2026-11-21T12:00:00Z');

const env = useEnv(__filename);
beforeEach(() => {
	waits = [];
	transportSettings.sleep = async (ms: number) => {
		waits.push(ms);
	};
	transportSettings.now = () => FIXED_NOW;
	transportSettings.random = () => 0.5;
	env.sb.control.clearFaults();
});
afterEach(() => {
	Object.assign(transportSettings, realSettings);
});

async function ctx() {
	return (await executeContext(env.creds)).context;
}

/** Serialises an error the ways n8n and loggers do, to scan for secrets. */
function everyRendering(error: unknown): string {
	const e = error as Error & Record<string, unknown>;
	return [
		JSON.stringify(e),
		JSON.stringify(e, Object.getOwnPropertyNames(e)),
		inspect(e, { depth: 8, showHidden: true }),
		String(e.message),
		String(e.description),
	].join('\n');
}

describe('User-Agent and base URL', () => {
	test('every request carries User-Agent n8n-nodes-trato/<package version>, and a trailing slash on the Base URL is harmless', async () => {
		expect(PACKAGE_VERSION).toBe(packageJson.version);
		const id = await createTemplateContract(env.api, LEASE);
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId(id) },
			undefined,
			{
				credentials: { ...env.creds, baseUrl: `  ${env.sb.baseUrl}//  ` },
			},
		);
		expect(result.error).toBeUndefined();
		const [request] = env.since(mark);
		expect(request.path).toBe(`/api/contract/status/${id}`);
		expect(request.headers['user-agent']).toBe(`n8n-nodes-trato/${packageJson.version}`);
	});

	test('an invalid Base URL is refused before any request, with a sentence saying what to enter', async () => {
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('abc') },
			undefined,
			{
				credentials: { ...env.creds, baseUrl: 'api.example.com' },
			},
		);
		expect(result.error?.message).toMatch(
			/Base URL "api.example.com" is not a valid http\(s\) address/,
		);
		expect(result.error?.description).toMatch(/an address such as https:\/\//);
	});

	test('every request has a timeout', async () => {
		const { context, credentialsHelper } = await executeContext(env.creds);
		await request.call(context, 'authentication', {});
		expect(credentialsHelper.authenticated.at(-1)?.timeout).toBe(60_000);
	});
});

describe('retries', () => {
	test('429 with Retry-After in seconds: waits that long, then succeeds', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/authentication',
			status: 429,
			retryAfter: 7,
		});
		const mark = env.mark();
		const body = await request.call(await ctx(), 'authentication', {});
		expect(body.success).toBe(true);
		expect(waits).toEqual([7000]);
		expect(env.since(mark).map((r) => r.status)).toEqual([429, 200]);
	});

	test('429 with Retry-After as an HTTP date: waits until that date (capped at 60 s)', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/authentication',
			status: 429,
			retryAfter: new Date(FIXED_NOW + 12_000).toUTCString(),
		});
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/authentication',
			status: 429,
			retryAfter: new Date(FIXED_NOW + 3_600_000).toUTCString(),
		});
		await request.call(await ctx(), 'authentication', {});
		expect(waits).toEqual([12_000, 60_000]);
	});

	test('503 then success: retried with backoff', async () => {
		env.sb.control.addFault({ method: 'GET', path: '/api/authentication', status: 503, times: 2 });
		const mark = env.mark();
		await request.call(await ctx(), 'authentication', {});
		expect(env.since(mark).map((r) => r.status)).toEqual([503, 503, 200]);
		// capped exponential backoff with jitter (random() = 0.5 → 3/4 of the ceiling)
		expect(waits).toEqual([375, 750]);
	});

	test('a dropped connection on a GET is retried', async () => {
		env.sb.control.addFault({ method: 'GET', path: '/api/authentication', drop: true });
		const body = await request.call(await ctx(), 'authentication', {});
		expect(body.success).toBe(true);
		expect(waits).toHaveLength(1);
	});

	test('a POST is never retried: one 503, one request, a clear error', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		env.sb.control.addFault({ method: 'POST', path: '/api/contract/archive/*', status: 503 });
		const mark = env.mark();
		await expect(
			request.call(await ctx(), 'contractArchive', { contractId: id }),
		).rejects.toMatchObject({
			httpCode: '503',
			description: expect.stringMatching(/temporarily unavailable/),
		});
		expect(env.since(mark)).toHaveLength(1);
		expect(waits).toEqual([]);
	});

	test('a DELETE is retried only when the caller marks it idempotent', async () => {
		env.sb.control.addFault({ method: 'DELETE', path: '/api/nothing', status: 503, times: 10 });
		let mark = env.mark();
		await expect(raw(await ctx(), 'DELETE', '/api/nothing', 'never')).rejects.toMatchObject({
			httpCode: '503',
		});
		expect(env.since(mark)).toHaveLength(1);
		mark = env.mark();
		await expect(raw(await ctx(), 'DELETE', '/api/nothing', 'safe')).rejects.toMatchObject({
			httpCode: '503',
		});
		expect(env.since(mark)).toHaveLength(4);
	});

	test('gives up after 4 attempts and says so', async () => {
		env.sb.control.addFault({ method: 'GET', path: '/api/authentication', status: 502, times: 10 });
		const mark = env.mark();
		const error = await request.call(await ctx(), 'authentication', {}).catch((e) => e);
		expect(error.name).toBe('NodeApiError');
		expect(error.httpCode).toBe('502');
		expect(error.description).toMatch(/Tried 4 times/);
		expect(env.since(mark)).toHaveLength(4);
		expect(waits).toHaveLength(3);
	});

	test('Retry-After parsing: seconds, HTTP date, garbage, cap', () => {
		expect(parseRetryAfter('2', FIXED_NOW)).toBe(2000);
		expect(parseRetryAfter(new Date(FIXED_NOW + 5000).toUTCString(), FIXED_NOW)).toBe(5000);
		expect(parseRetryAfter(new Date(FIXED_NOW - 5000).toUTCString(), FIXED_NOW)).toBe(0);
		expect(parseRetryAfter('soon', FIXED_NOW)).toBeUndefined();
		expect(parseRetryAfter('86400', FIXED_NOW)).toBe(60_000);
	});
});

describe('pagination', () => {
	test('reads every page by X-Total-Pages, and stops at the limit', async () => {
		const sb = env.sb;
		sb.control.seed(450, { seed: 7 });
		const total = sb.control.contractCount();
		let mark = env.mark();
		const all = await requestAllPages.call(await ctx());
		expect(all).toHaveLength(total);
		expect(new Set(all.map((c) => (c as { _id: string })._id)).size).toBe(total);
		const pages = env.since(mark);
		expect(pages.map((r) => r.query.page)).toEqual(
			Array.from({ length: Math.ceil(total / 200) }, (_, i) => String(i + 1)),
		);
		expect(pages.every((r) => r.query.perPage === '200')).toBe(true);

		mark = env.mark();
		const limited = await requestAllPages.call(await ctx(), {}, { limit: 250 });
		expect(limited).toHaveLength(250);
		expect(env.since(mark)).toHaveLength(2);

		mark = env.mark();
		const small = await requestAllPages.call(await ctx(), {}, { limit: 5 });
		expect(small.map((c) => (c as { _id: string })._id)).toEqual(
			all.slice(0, 5).map((c) => (c as { _id: string })._id),
		);
		expect(env.since(mark).map((r) => r.query.perPage)).toEqual(['5']);
	});

	test('an empty list is one request', async () => {
		const mark = env.mark();
		const none = await requestAllPages.call(await ctx(), {
			templateId: 'X'.repeat(25),
		});
		expect(none).toEqual([]);
		expect(env.since(mark)).toHaveLength(1);
	});
});

describe('errors carry the API text and never a secret', () => {
	test('HTTP 200 with success:false is an error with the API text', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/authentication',
			status: 200,
			body: { success: false, error: 'Tenant suspended' },
		});
		const error = await request.call(await ctx(), 'authentication', {}).catch((e) => e);
		expect(error.message).toBe('TRATO refused the request: Tenant suspended');
	});

	test('an API that echoes the key, the JWT or a signed URL in its error text has them redacted', async () => {
		const jwtCtx = (await executeContext(env.jwtCreds)).context;
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/authentication',
			status: 400,
			body: {
				success: false,
				error: `Bad key ${env.sb.apiKey} / token ${env.sb.jwt} see https://files.example.com/a.pdf?X-Amz-Signature=abc123&token=zzz`,
			},
			times: 2,
		});
		// with the API key credential: its key and any JWT-looking text are redacted
		const viaKey = everyRendering(
			await request.call(await ctx(), 'authentication', {}).catch((e) => e),
		);
		expect(viaKey).toMatch(/Bad key \[redacted\] \/ token \[redacted JWT\]/);
		// with the JWT credential: its token is redacted (the key is not this credential's secret)
		const viaJwt = everyRendering(await request.call(jwtCtx, 'authentication', {}).catch((e) => e));
		expect(viaJwt).toMatch(/token \[redacted\]/);
		for (const text of [viaKey, viaJwt]) {
			expect(text).not.toContain(env.sb.jwt);
			expect(text).not.toContain('X-Amz-Signature=abc123');
			expect(text).not.toContain('zzz');
			expect(text).toContain('https://files.example.com/a.pdf?[redacted]');
		}
		expect(viaKey).not.toContain(env.sb.apiKey);
	});

	test('401, 404 and network failures: no key, token or Authorization value anywhere in the error', async () => {
		const failures: unknown[] = [];
		const wrongKey = { ...env.creds, apiKey: `${env.sb.apiKey}-wrong` };
		failures.push(
			await request
				.call((await executeContext(wrongKey)).context, 'authentication', {})
				.catch((e) => e),
		);
		failures.push(
			await request
				.call((await executeContext(env.jwtCreds)).context, 'contractStatus', {
					contractId: '000000000000000000000000',
				})
				.catch((e) => e),
		);
		const closed = await startCaptureServer();
		await closed.close();
		failures.push(
			await request
				.call(
					(await executeContext({ ...env.jwtCreds, baseUrl: closed.url })).context,
					'authentication',
					{},
				)
				.catch((e) => e),
		);
		env.sb.control.addFault({ method: 'GET', path: '/api/authentication', drop: true, times: 4 });
		failures.push(
			await request
				.call((await executeContext(env.jwtCreds)).context, 'authentication', {})
				.catch((e) => e),
		);

		expect((failures[0] as { httpCode: string }).httpCode).toBe('401');
		expect((failures[0] as Error).message).toMatch(/refused/);
		expect((failures[1] as { httpCode: string }).httpCode).toBe('404');
		expect((failures[2] as { description: string }).description).toMatch(
			/Check the credential's Base URL/,
		);
		expect(everyRendering(failures[2])).toMatch(/ECONNREFUSED|refused the connection/);
		expect((failures[3] as { description: string }).description).toMatch(/Tried 4 times/);
		for (const failure of failures) {
			const text = everyRendering(failure);
			expect(text).not.toContain(env.sb.apiKey);
			expect(text).not.toContain(env.sb.jwt);
			expect(text).not.toMatch(/Bearer\s+ey/);
		}
	});

	test('errors recorded by n8n for the workflow run carry no secret either', async () => {
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('000000000000000000000000') },
			undefined,
			{
				credentials: env.jwtCreds,
			},
		);
		const recorded = JSON.stringify(result.run);
		expect(result.error?.httpCode).toBe('404');
		expect(recorded).not.toContain(env.sb.jwt);
		expect(recorded).not.toContain(env.sb.apiKey);
	});
});

describe('redirects: credentials stay on the API origin', () => {
	test('a redirect to another origin is not followed and the foreign server receives nothing', async () => {
		const foreign = await startCaptureServer();
		try {
			env.sb.control.addFault({
				method: 'GET',
				path: '/api/authentication',
				status: 302,
				headers: { Location: `${foreign.url}/steal` },
			});
			const error = await request.call(await ctx(), 'authentication', {}).catch((e) => e);
			expect(error.message).toMatch(/redirected to another address/);
			expect(foreign.requests).toHaveLength(0);
		} finally {
			await foreign.close();
		}
	});

	test('a redirect within the API origin is followed with the credentials', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/old-auth',
			status: 301,
			headers: { Location: '/api/authentication' },
		});
		const mark = env.mark();
		const response = await raw(await ctx(), 'GET', '/api/old-auth', 'safe');
		expect(response.statusCode).toBe(200);
		const sent = env.since(mark);
		expect(sent.map((r) => `${r.path} ${r.status}`)).toEqual([
			'/api/old-auth 301',
			'/api/authentication 200',
		]);
		expect(sent[1].headers.apikey).toBe('<redacted>');
	});
});
