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
import {
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type INodeProperties,
} from 'n8n-workflow';

import { byId, createTemplateContract, LEASE, useEnv } from '../helpers/env';
import { startCaptureServer } from '../helpers/capture';
import {
	applyCredentialDefaults,
	executeContext,
	nodeTypes,
	testCredential,
} from '../../test-support/harness';
import { TratoApi } from '../../credentials/TratoApi.credentials';
import { getCredentials } from '../../nodes/Trato/transport/credentials';
import { transportSettings } from '../../nodes/Trato/transport/retry';

/** The names of `properties` the editor shows for this credential data (n8n's display rule, defaults applied). */
function shownNames(properties: INodeProperties[], data: Record<string, unknown>): string[] {
	return properties
		.filter((p) =>
			NodeHelpers.displayParameter(
				applyCredentialDefaults('tratoApi', data as never) as never,
				p,
				null,
				null,
			),
		)
		.map((p) => p.name);
}

const env = useEnv(__filename);

const getContract = (id: string) => ({
	resource: 'contract',
	operation: 'get',
	contractId: byId(id),
});

describe('credential: exactly one auth header', () => {
	test('API Key sends only "apikey: <key>"; Access Token only "Authorization: Bearer <jwt>"', async () => {
		const server = await startCaptureServer(() => ({
			status: 200,
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				name: 'x',
				status: '',
				createdAt: '',
				pdf: '',
				signedAt: '',
				externalId: '',
			}),
		}));
		try {
			await env.run(getContract('c1'), undefined, {
				credentials: {
					environment: 'custom',
					baseUrl: server.url,
					authentication: 'apiKey',
					apiKey: 'key-AAA-111',
					accessToken: 'stray-token',
				},
			});
			await env.run(getContract('c2'), undefined, {
				credentials: {
					environment: 'custom',
					baseUrl: server.url,
					authentication: 'accessToken',
					accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig12345',
					apiKey: 'stray-key',
				},
			});
			const [viaKey, viaJwt] = server.requests;
			expect(viaKey.headers.apikey).toBe('key-AAA-111');
			expect(viaKey.headers.authorization).toBeUndefined();
			expect(viaJwt.headers.authorization).toBe(
				'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig12345',
			);
			expect(viaJwt.headers.apikey).toBeUndefined();
			expect(viaKey.headers['user-agent']).toMatch(/^n8n-nodes-trato\/\d+\.\d+\.\d+$/);
		} finally {
			await server.close();
		}
	});

	test('a pasted "Bearer " prefix and blanks around the token are removed', async () => {
		const mark = env.mark();
		const id = await createTemplateContract(env.api, LEASE);
		const result = await env.run(getContract(id), undefined, {
			credentials: { ...env.jwtCreds, accessToken: `  Bearer ${env.sb.jwt}  ` },
		});
		expect(result.error).toBeUndefined();
		const sent = env.nodeRequests(mark);
		expect(sent).toHaveLength(1);
		expect(sent[0].headers.authorization).toBe('Bearer <redacted>');
		expect(sent[0].status).toBe(200);
	});

	test.each([
		['an empty API key', { authentication: 'apiKey', apiKey: '' }, /no API key/],
		['an API key that is only blanks', { authentication: 'apiKey', apiKey: '   ' }, /no API key/],
		[
			'an empty access token (e.g. an expression that resolved to "")',
			{ authentication: 'accessToken', accessToken: '' },
			/no access token/,
		],
		[
			'a token that is only "Bearer "',
			{ authentication: 'accessToken', accessToken: 'Bearer ' },
			/no access token/,
		],
		[
			'E-mail and Password without an e-mail',
			{ authentication: 'emailPassword', email: '  ', password: 'secret-password' },
			/^The TRATO credential has no email$/,
		],
		[
			'E-mail and Password without a password',
			{ authentication: 'emailPassword', email: 'ana@example.com', password: '' },
			/^The TRATO credential has no password$/,
		],
	])(
		'%s: no request goes out, never an empty header, and the error says what to fix',
		async (_label, auth, message) => {
			const server = await startCaptureServer();
			try {
				const result = await env.run(getContract('c1'), undefined, {
					credentials: { environment: 'custom', baseUrl: server.url, ...(auth as object) } as never,
				});
				expect(result.error?.message).toMatch(message);
				expect(`${result.error?.message} ${result.error?.description}`).toMatch(
					/Open the credential/,
				);
				expect(server.requests).toHaveLength(0);
			} finally {
				await server.close();
			}
		},
	);

	test('the credential: three environments (Production by default), Base URL only for Custom URL, three auth modes, password-typed secrets, nothing pointing at a developer sandbox', () => {
		const credential = new TratoApi();
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(credential.name).toBe('tratoApi');
		expect(credential.displayName).toBe('TRATO API');
		expect(credential.properties.map((p) => p.name)).toEqual([
			'environment',
			'baseUrl',
			'unencryptedNotice',
			'allowUnencryptedHttp',
			'authentication',
			'apiKey',
			'email',
			'password',
			'accessToken',
			'expiryNotice',
			'sessionToken',
			'sessionInfo',
			'webhookSecret',
		]);
		const options = (name: string) =>
			(byName[name].options as Array<{ name: string; value: string; description?: string }>).map(
				(o) => [o.name, o.value],
			);
		expect(options('environment')).toEqual([
			['Production', 'production'],
			['Staging', 'staging'],
			['Custom URL', 'custom'],
		]);
		expect(byName.environment.default).toBe('production');
		expect(JSON.stringify(byName.environment.options)).toContain('https://enterprise.api.trato.io');
		expect(JSON.stringify(byName.environment.options)).toContain(
			'https://enterprise-stage.api.trato.io',
		);
		// A user who installed from npm starts on Production; the Base URL is asked only for Custom URL.
		expect(byName.baseUrl.displayOptions).toEqual({ show: { environment: ['custom'] } });
		expect(byName.baseUrl.required).toBe(true);
		expect(byName.baseUrl.default).toBe('');
		expect(byName.baseUrl.placeholder).toMatch(/^e\.g\. https:\/\//);
		// (the display condition of the http:// warning names this computer's addresses; it points nowhere)
		const shownText = credential.properties.map(({ displayOptions: _shownWhen, ...rest }) => rest);
		expect(JSON.stringify(shownText)).not.toMatch(/localhost|npm run|sandbox/i);
		expect(options('authentication')).toEqual([
			['API Key', 'apiKey'],
			['Email and Password', 'emailPassword'],
			['Access Token (JWT)', 'accessToken'],
		]);
		expect(byName.authentication.default).toBe('apiKey');
		for (const secret of ['apiKey', 'password', 'accessToken', 'sessionToken']) {
			expect(`${secret}: ${byName[secret].typeOptions?.password}`).toBe(`${secret}: true`);
		}
		expect(byName.email.displayOptions).toEqual({ show: { authentication: ['emailPassword'] } });
		expect(byName.password.displayOptions).toEqual({ show: { authentication: ['emailPassword'] } });
		// The Access Token notice says why E-mail and Password is the choice for scheduled workflows.
		expect(byName.expiryNotice.type).toBe('notice');
		expect(byName.expiryNotice.displayOptions).toEqual({
			show: { authentication: ['accessToken'] },
		});
		expect(byName.expiryNotice.displayName).toMatch(/5 minutes/);
		expect(byName.expiryNotice.displayName).toMatch(/scheduled/);
		expect(byName.expiryNotice.displayName).toMatch(/Email and Password/);
		// n8n's pre-authentication keeps the session token in the (only) hidden expirable field.
		const expirable = credential.properties.filter(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		expect(expirable.map((p) => p.name)).toEqual(['sessionToken']);
		expect(typeof credential.preAuthentication).toBe('function');
		expect(credential.documentationUrl).toMatch(/^https:\/\//);
	});

	test('an empty Base URL says to fill it in, before any request', async () => {
		const mark = env.mark();
		const result = await env.run(getContract('c1'), undefined, {
			credentials: { ...env.creds, baseUrl: '  ' },
		});
		expect(result.error?.message).toBe('The TRATO credential has no Base URL');
		expect(result.error?.description).toMatch(/e\.g\. https:\/\//);
		expect(env.since(mark)).toHaveLength(0);
	});

	test('a credential saved by 0.1 with an "Upload URL" value still works (the value is ignored)', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const saved = { ...env.creds, uploadUrl: 'https://files.example.com' };
		const mark = env.mark();
		const result = await env.run(getContract(id), undefined, { credentials: saved });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(env.nodeRequests(mark).map((r) => r.status)).toEqual([200]);
	});
});

describe('a Custom URL typed with a trailing /api or /api/ is the same address (issue 29)', () => {
	const typed = (suffix: string) => `${env.sb.baseUrl}${suffix}`;

	test.each(['/api', '/api/', '/API//', '/api/ '])(
		'"…%s": the node runs against /api/…, never /api/api/…',
		async (suffix) => {
			const id = await createTemplateContract(env.api, LEASE);
			for (const credentials of [env.creds, env.passwordCreds]) {
				const mark = env.mark();
				const result = await env.run(getContract(id), undefined, {
					credentials: { ...credentials, baseUrl: typed(suffix) },
				});
				expect(result.error).toBeUndefined();
				expect(result.items).toHaveLength(1);
				const paths = env.since(mark).map((r) => r.path);
				expect(paths.length).toBeGreaterThan(0);
				expect(paths.filter((path) => path.startsWith('/api/api'))).toEqual([]);
			}
		},
	);

	test.each(['/api', '/api/'])(
		'"…%s": the credential test passes (API key and JWT)',
		async (suffix) => {
			const mark = env.mark();
			for (const credentials of [env.creds, env.jwtCreds])
				expect(await testCredential({ ...credentials, baseUrl: typed(suffix) })).toEqual({
					status: 'OK',
					message: 'Connection successful!',
				});
			expect(env.since(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
				'GET /api/authentication 200',
				'GET /api/authentication 200',
			]);
		},
	);
});

describe('credential test (as n8n runs it: RoutingNode + responseCode rules)', () => {
	test('passes with a valid API key and with a valid JWT; the request is GET /api/authentication', async () => {
		const mark = env.mark();
		expect(await testCredential({ ...env.creds, baseUrl: `${env.sb.baseUrl}///` })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(await testCredential(env.jwtCreds)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		const sent = env.since(mark);
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/authentication 200',
			'GET /api/authentication 200',
		]);
		expect(sent[0].headers.apikey).toBe('<redacted>');
		expect(sent[1].headers.authorization).toBe('Bearer <redacted>');
	});

	// n8n-core 1.122 loses the HTTP error's `cause`, so n8n 1.x's tester answers with NodeApiError's own sentence
	// for the status code instead of the credential's responseCode rule; versions that keep the cause show ours.
	const REFUSED =
		/^(TRATO refused the credential \(HTTP 401\)\. Check that the API key, email and password or token is complete and belongs to the chosen Environment\.|Authorization failed - please check your credentials)$/;

	test('fails with a readable message when the key or token is refused', async () => {
		expect(await testCredential({ ...env.creds, apiKey: 'wrong-key' })).toEqual({
			status: 'Error',
			message: expect.stringMatching(REFUSED),
		});
	});

	const REFUSED_200 =
		'TRATO refused the credential: it answered "success": false. Check that the API key, email and password or token is complete and belongs to the chosen Environment (any step of the TRATO node shows TRATO\'s own words).';

	test('a refusal answered with HTTP 200 and "success": false fails the test (issue 34, variant refusal-200)', async () => {
		env.sb.control.setVariants(['refusal-200']);
		try {
			const mark = env.mark();
			expect(await testCredential({ ...env.creds, apiKey: 'wrong-key' })).toEqual({
				status: 'Error',
				message: REFUSED_200,
			});
			expect(env.since(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
				'GET /api/authentication 200',
			]);
			// the right key still passes
			expect((await testCredential(env.creds)).status).toBe('OK');
		} finally {
			env.sb.control.setVariants([]);
		}
	});

	test('"success": "false" as text is a refusal too (TRATO types success as a string, trato-notes)', async () => {
		env.sb.control.addFault({
			path: '/api/authentication',
			status: 200,
			body: { success: 'false', statusCode: 401, error: 'Unauthorized' },
		});
		expect(await testCredential(env.creds)).toEqual({ status: 'Error', message: REFUSED_200 });
		env.sb.control.clearFaults();
	});

	test('an expired JWT: the test says it expired and when, before sending anything', async () => {
		const expired = env.sb.signJwt({}, { expiresInSeconds: -120 });
		const exp = JSON.parse(Buffer.from(expired.split('.')[1], 'base64url').toString()).exp * 1000;
		const mark = env.mark();
		const result = await testCredential({ ...env.jwtCreds, accessToken: expired });
		expect(result).toEqual({
			status: 'Error',
			message: `The access token (JWT) expired at ${new Date(exp).toISOString()}. Get a new token from TRATO and paste it into the TRATO credential.`,
		});
		expect(env.since(mark)).toHaveLength(0);
		expect(result.message).not.toContain(expired);
	});

	test('fails with a Base URL hint when nothing answers at /api/authentication', async () => {
		const result = await testCredential({ ...env.creds, baseUrl: `${env.sb.baseUrl}/nowhere` });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^(No TRATO API answered at this address \(HTTP 404\)\. Check the Environment and, with Custom URL, the Base URL\.|The resource you are requesting could not be found)/,
			),
		});
	});

	test('fails with the network error code when nothing listens', async () => {
		const server = await startCaptureServer();
		const url = server.url;
		await server.close();
		const result = await testCredential({ ...env.creds, baseUrl: url });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^(ECONNREFUSED|The service refused the connection - perhaps it is offline)$/,
			),
		});
	});
});

describe('Access Token (JWT): a token that expires during a run', () => {
	/** Every timer real; only the wall clock (Date) is moved by the test, for the node and the sandbox alike. */
	const ONLY_DATE = [
		'hrtime',
		'nextTick',
		'performance',
		'queueMicrotask',
		'requestAnimationFrame',
		'cancelAnimationFrame',
		'requestIdleCallback',
		'cancelIdleCallback',
		'setImmediate',
		'clearImmediate',
		'setInterval',
		'clearInterval',
		'setTimeout',
		'clearTimeout',
	] as const;

	test('says it expired and what to do, is never retried as a network error, and the token is not sent again', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const waits: number[] = [];
		const realSleep = transportSettings.sleep;
		transportSettings.sleep = async (ms: number) => {
			waits.push(ms);
		};
		jest.useFakeTimers({ doNotFake: [...ONLY_DATE], now: Date.now() });
		try {
			const token = env.sb.signJwt({}, { expiresInSeconds: 300 });
			// every read takes 90 s of the clock: the 4th is answered after the token's end, the 5th starts 60 s past it
			env.sb.control.setRequestHook(({ path }) => {
				if (path.startsWith('/api/contract/status/')) jest.setSystemTime(Date.now() + 90_000);
			});
			const mark = env.mark();
			const result = await env.run(
				{ resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') },
				Array.from({ length: 6 }, () => ({ json: { id } })),
				{ credentials: { ...env.jwtCreds, accessToken: token }, continueOnFail: true },
			);
			expect(result.items.slice(0, 3).map((i) => i.json.contractId)).toEqual([id, id, id]);
			for (const item of result.items.slice(3)) {
				expect(String(item.json.error)).toMatch(/^The access token \(JWT\) expired at \S+Z\. /);
				expect(String(item.json.error)).toMatch(/paste it into the TRATO credential/);
			}
			for (const item of result.items.slice(4)) {
				expect(String(item.json.description)).toMatch(
					/switch the credential's Authentication to Email and Password/,
				);
			}
			// four reads reached TRATO; none after the token was known to have expired; no wait, no retry
			expect(env.since(mark).map((r) => r.status)).toEqual([200, 200, 200, 401]);
			expect(waits).toEqual([]);
			expect(JSON.stringify(result.items)).not.toContain(token);
		} finally {
			jest.useRealTimers();
			env.sb.control.setRequestHook(undefined);
			transportSettings.sleep = realSleep;
		}
	});
});

describe("environments: the only origin that gets the credential is the environment's", () => {
	const PRODUCTION = 'https://enterprise.api.trato.io';
	const STAGING = 'https://enterprise-stage.api.trato.io';
	const credential = new TratoApi();

	/** The credential test's Base URL, resolved by n8n-workflow's expression engine as n8n's tester does. */
	function testBaseUrl(data: ICredentialDataDecryptedObject): string {
		const node = {
			id: 'n',
			name: 'TRATO',
			type: 'n8n-nodes-trato.trato',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		return String(
			workflow.expression.getSimpleParameterValue(
				node,
				credential.test!.request.baseURL as string,
				'internal',
				{ $credentials: applyCredentialDefaults('tratoApi', data) },
				undefined,
				'',
			),
		);
	}

	test.each([
		['no Environment saved (the default)', PRODUCTION, {}],
		['Production', PRODUCTION, { environment: 'production' }],
		['Staging', STAGING, { environment: 'staging' }],
		[
			'Custom URL',
			'http://127.0.0.1:4010',
			{ environment: 'custom', baseUrl: ' http://127.0.0.1:4010// ' },
		],
	])(
		'%s: the node and the credential test both use %s; a Base URL of another environment is ignored',
		async (_label, expected, environment) => {
			const data = {
				baseUrl: 'http://127.0.0.1:4010',
				...environment,
				authentication: 'apiKey',
				apiKey: 'key-123456',
			};
			const { context } = await executeContext(data as never);
			const resolved = await getCredentials.call(context);
			expect([resolved.baseUrl, resolved.origin]).toEqual([expected, expected]);
			expect(testBaseUrl(data as ICredentialDataDecryptedObject)).toBe(expected);
		},
	);

	test('authenticate puts the secret only on requests to its environment, whatever the request says', async () => {
		const production = applyCredentialDefaults('tratoApi', {
			baseUrl: 'http://127.0.0.1:4010',
			authentication: 'apiKey',
			apiKey: 'key-123456',
		});
		const ok = await (credential.authenticate as any)(production, {
			url: `${PRODUCTION}/api/authentication`,
			headers: { apikey: 'other', Authorization: 'Bearer other' },
		});
		expect(ok.headers).toEqual({ apikey: 'key-123456' });
		for (const url of [
			'http://127.0.0.1:4010/api/authentication',
			`${STAGING}/api/authentication`,
			'https://enterprise.api.trato.io.example.com/api',
		]) {
			const refusal = await (credential.authenticate as any)(production, { url }).catch(
				(e: Error) => e,
			);
			expect(refusal).toBeInstanceOf(Error);
			expect(refusal.message).toMatch(/only sent to https:\/\/enterprise\.api\.trato\.io/);
			expect(refusal.message).not.toContain('key-123456');
		}
		const test = await (credential.authenticate as any)(production, {
			baseURL: PRODUCTION,
			url: '/api/authentication',
		});
		expect(test.headers.apikey).toBe('key-123456');
	});

	test("n8n's HTTP Request node (Predefined Credential Type → TRATO API) names the address `uri`: the secret goes there only when it is the environment's", async () => {
		const production = applyCredentialDefaults('tratoApi', {
			authentication: 'apiKey',
			apiKey: 'key-123456',
		});
		const ok = await (credential.authenticate as any)(production, {
			uri: `${PRODUCTION}/api/contract/status/65f1c0d2a4b8e91f2c3d4e5f`,
			method: 'GET',
			headers: {},
		});
		expect(ok.headers).toEqual({ apikey: 'key-123456' });
		expect(ok.uri).toBe(`${PRODUCTION}/api/contract/status/65f1c0d2a4b8e91f2c3d4e5f`);
		const refusal = await (credential.authenticate as any)(production, {
			uri: 'https://collector.example.com/api/contract/status/1',
			headers: {},
		}).catch((e: Error) => e);
		expect(refusal).toBeInstanceOf(Error);
		expect(refusal.message).toBe(
			`The TRATO credential is only sent to ${PRODUCTION} (its Environment), not to https://collector.example.com.`,
		);
	});

	test('an unknown Environment value (a credential made through the API) is refused before any request', async () => {
		const result = await env.run(getContract('c1'), undefined, {
			credentials: { ...env.creds, environment: 'preprod' as never },
		});
		expect(result.error?.message).toBe('The TRATO credential\'s Environment "preprod" is unknown');
		expect(result.error?.description).toMatch(/Production, Staging or Custom URL/);
	});

	test('the Environment list is what the editor shows: Base URL hidden until Custom URL is chosen', () => {
		const visible = (data: Record<string, unknown>) =>
			shownNames(
				credential.properties.filter((p) => p.type !== 'hidden' && p.type !== 'notice'),
				data,
			);
		// The Webhook Secret (optional, for the instant trigger) is shown whatever the authentication.
		expect(visible({})).toEqual(['environment', 'authentication', 'apiKey', 'webhookSecret']);
		expect(visible({ environment: 'custom', authentication: 'emailPassword' })).toEqual([
			'environment',
			'baseUrl',
			'allowUnencryptedHttp',
			'authentication',
			'email',
			'password',
			'webhookSecret',
		]);
	});
});

describe('Custom URL: no user info in the address, no unencrypted http:// to another computer', () => {
	const USER = 'trato-user';
	const SECRET = 'S3cret-Pa55-in-url';
	const withUserInfo = () => env.sb.baseUrl.replace('http://', `http://${USER}:${SECRET}@`);

	test.each([
		['API key', () => env.creds],
		['e-mail and password', () => env.passwordCreds],
	])(
		'user:password@ in the Base URL (%s): refused with a sentence that never shows it, before any request',
		async (_mode, credentials) => {
			const mark = env.mark();
			const result = await env.run(getContract('c1'), undefined, {
				credentials: { ...credentials(), baseUrl: `${withUserInfo()}/proxy` },
			});
			expect(result.error?.message).toBe(
				`The TRATO credential's Base URL "${env.sb.baseUrl}/proxy" contains a user name or password`,
			);
			expect(result.error?.description).toMatch(/remove the "user:password@" part/);
			expect(env.since(mark)).toEqual([]);
			const shown = JSON.stringify({ m: result.error?.message, d: result.error?.description });
			expect(shown).not.toContain(SECRET);
			expect(shown).not.toContain(USER);

			const tested = await testCredential({ ...credentials(), baseUrl: withUserInfo() });
			expect(tested.status).toBe('Error');
			expect(tested.message).toMatch(/contains a user name or password/);
			expect(tested.message).not.toContain(SECRET);
			expect(env.since(mark)).toEqual([]);
		},
	);

	test.each([
		['API key', () => env.creds],
		['e-mail and password', () => env.passwordCreds],
		['access token', () => env.jwtCreds],
	])(
		'http:// to another computer (%s): refused in the node and in the credential test, nothing sent',
		async (_mode, credentials) => {
			const remote = 'http://trato-proxy.example.com';
			const result = await env.run(getContract('c1'), undefined, {
				credentials: { ...credentials(), baseUrl: remote },
			});
			expect(result.error?.message).toBe(
				`The TRATO credential's Base URL "${remote}" is not encrypted (http://)`,
			);
			expect(result.error?.description).toMatch(
				/Use https:\/\/, or turn on "Allow Unencrypted HTTP"/,
			);
			expect(await testCredential({ ...credentials(), baseUrl: remote })).toEqual({
				status: 'Error',
				message: expect.stringMatching(/is not encrypted \(http:\/\/\)/),
			});
		},
	);

	test('"Allow Unencrypted HTTP" on: the same address is used; https:// and this computer never need it', async () => {
		const resolve = async (data: Record<string, unknown>) => {
			const { context } = await executeContext({
				environment: 'custom',
				authentication: 'apiKey',
				apiKey: 'key-123456',
				...data,
			} as never);
			return await getCredentials.call(context).then(
				(resolved) => resolved.origin,
				(error: Error) => error.message,
			);
		};
		expect(await resolve({ baseUrl: 'http://10.1.2.3:8080', allowUnencryptedHttp: true })).toBe(
			'http://10.1.2.3:8080',
		);
		expect(await resolve({ baseUrl: 'http://10.1.2.3:8080' })).toMatch(/is not encrypted/);
		for (const local of [
			'http://127.0.0.1:4010',
			'http://127.8.9.10',
			'http://localhost:5678',
			'http://[::1]:4010',
		]) {
			expect(await resolve({ baseUrl: local })).toBe(new URL(local).origin);
		}
		expect(await resolve({ baseUrl: 'https://trato-proxy.example.com' })).toBe(
			'https://trato-proxy.example.com',
		);
	});

	test('the editor shows the warning and the switch for a Custom URL only, without any pattern n8n would have to run', () => {
		const credential = new TratoApi();
		const fields = credential.properties.filter((p) =>
			['unencryptedNotice', 'allowUnencryptedHttp'].includes(p.name),
		);
		const shown = (data: Record<string, unknown>) => shownNames(fields, data);
		expect(shown({ environment: 'custom', baseUrl: 'http://10.1.2.3' })).toEqual([
			'unencryptedNotice',
			'allowUnencryptedHttp',
		]);
		expect(shown({ environment: 'production' })).toEqual([]);
		expect(shown({ environment: 'staging' })).toEqual([]);
		expect(fields.find((p) => p.name === 'allowUnencryptedHttp')?.default).toBe(false);
		// a display condition on the Base URL's text would run in n8n whenever it reads the credential (its regex engine
		// has a 250 ms limit and timed out under load; `startsWith` throws on a non-text value): none is used
		expect(JSON.stringify(fields.map((p) => p.displayOptions))).not.toContain('_cnd');
	});
});
