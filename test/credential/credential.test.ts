/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
import { byId, createTemplateContract, LEASE, type NodeTestEnv, startEnv } from '../helpers/env';
import { startCaptureServer } from '../helpers/capture';
import { testCredential } from '../harness';
import { TratoApi } from '../../credentials/TratoApi.credentials';

let env: NodeTestEnv;

beforeAll(async () => {
	env = await startEnv(__filename);
});
afterAll(async () => {
	await env.close();
});

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
					baseUrl: server.url,
					authentication: 'apiKey',
					apiKey: 'key-AAA-111',
					accessToken: 'stray-token',
				},
			});
			await env.run(getContract('c2'), undefined, {
				credentials: {
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
	])(
		'%s: no request goes out, never an empty header, and the error says what to fix',
		async (_label, auth, message) => {
			const server = await startCaptureServer();
			try {
				const result = await env.run(getContract('c1'), undefined, {
					credentials: { baseUrl: server.url, ...(auth as object) } as never,
				});
				expect(result.error?.message).toMatch(message);
				expect(result.error?.message).toMatch(/Open the credential/);
				expect(server.requests).toHaveLength(0);
			} finally {
				await server.close();
			}
		},
	);

	test('the credential has a Base URL, both auth modes and password-typed secrets; nothing points at a developer sandbox', () => {
		const credential = new TratoApi();
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(credential.name).toBe('tratoApi');
		expect(credential.displayName).toBe('TRATO API');
		expect(credential.properties.map((p) => p.name)).toEqual([
			'baseUrl',
			'authentication',
			'apiKey',
			'accessToken',
		]);
		// A user who installed from npm starts from an empty Base URL with an example, not the local sandbox.
		expect(byName.baseUrl.required).toBe(true);
		expect(byName.baseUrl.default).toBe('');
		expect(byName.baseUrl.placeholder).toMatch(/^e\.g\. https:\/\//);
		expect(JSON.stringify(credential.properties)).not.toMatch(/localhost|npm run|sandbox/i);
		expect((byName.authentication.options as Array<{ value: string }>).map((o) => o.value)).toEqual(
			['apiKey', 'accessToken'],
		);
		expect(byName.apiKey.typeOptions?.password).toBe(true);
		expect(byName.accessToken.typeOptions?.password).toBe(true);
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
		/^(The API key or token was refused\. Check that it is complete and still valid\.|Authorization failed - please check your credentials)$/;

	test('fails with a readable message when the key or token is refused', async () => {
		expect(await testCredential({ ...env.creds, apiKey: 'wrong-key' })).toEqual({
			status: 'Error',
			message: expect.stringMatching(REFUSED),
		});
	});

	test('an expired JWT: the test says it expired and when, before sending anything', async () => {
		const expired = env.sb.signJwt({}, { expiresInSeconds: -120 });
		const exp = JSON.parse(Buffer.from(expired.split('.')[1], 'base64url').toString()).exp * 1000;
		const mark = env.mark();
		const result = await testCredential({ ...env.jwtCreds, accessToken: expired });
		expect(result).toEqual({
			status: 'Error',
			message: `The access token (JWT) expired at ${new Date(exp).toISOString()}. Get a new token from the e-signature service and paste it into the TRATO credential.`,
		});
		expect(env.since(mark)).toHaveLength(0);
		expect(result.message).not.toContain(expired);
	});

	test('fails with a Base URL hint when nothing answers at /api/authentication', async () => {
		const result = await testCredential({ ...env.creds, baseUrl: `${env.sb.baseUrl}/api` });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^(No e-signature API answered at this Base URL|The resource you are requesting could not be found)/,
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
