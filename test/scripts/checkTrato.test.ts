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
 * The conformance check (`npm run check:trato`, scripts/checkTrato.ts) against the sandbox: with its default profile
 * every fact is as expected; with variant profiles every difference is reported with the variant that answers the
 * same; the profile it writes, loaded into the sandbox, makes the check find the same again. It prints no secret and
 * sends no notification (no send, no reminder, no link renewal; the --write contract has notification "none").
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { ENVIRONMENT_URLS } from '../../nodes/Trato/helpers/environment';
import { readCommandLine } from '../../scripts/checkTrato';
import { Client, RefusedRequest, TRATO_HOSTS } from '../../scripts/trato-check/client';
import { listen } from '../../scripts/trato-check/webhooks';
import { FACTS } from '../../scripts/trato-check/facts';
import { type CheckReport, renderReport, runCheck } from '../../scripts/trato-check/run';

const ROOT = join(__dirname, '..', '..');

/** A sandbox with enough to observe every fact: 30 contracts with participants, milestones and a property. */
async function sandbox(options: { variants?: string[]; profile?: unknown } = {}): Promise<Sandbox> {
	const sb = await startSandbox({ port: 0, seed: 30, ...options });
	return sb;
}

/** The check with every part on: API key and login, --write, and a webhook listener that gets the test delivery. */
async function check(sb: Sandbox): Promise<CheckReport> {
	return await runCheck({
		environment: 'custom',
		baseUrl: `${sb.baseUrl}/api/`,
		apiKey: sb.apiKey,
		email: sb.account.email,
		password: sb.account.password,
		write: true,
		webhook: {
			port: 0,
			waitMs: 10_000,
			count: 1,
			onListening: async (url) => {
				sb.control.webhooks.configure({ urls: { signed: `${url}?event=signed` } });
				await sb.control.webhooks.sendTest({ event: 'signed' });
			},
		},
	});
}

const differing = (report: CheckReport) =>
	Object.fromEntries(
		report.facts.filter((f) => f.verdict === 'differs').map((f) => [f.id, f.variants ?? []]),
	);

/** No secret of the sandbox's account in a text: the key, the password, any token it issued, a signing link. */
function expectNoSecret(sb: Sandbox, text: string): void {
	for (const secret of [sb.apiKey, sb.account.password, ...sb.sessions.tokens().map((t) => t.jwt)])
		expect(text).not.toContain(secret);
	expect(text).not.toMatch(/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/);
	expect(text).not.toMatch(/\/sign\/[\w-]+\/[\w-]{8,}/);
}

describe('against the sandbox as it answers by default', () => {
	let sb: Sandbox;
	let report: CheckReport;
	beforeAll(async () => {
		sb = await sandbox();
		report = await check(sb);
	});
	afterAll(async () => await sb.close());

	test('every fact is observed and as expected; the profile has no variant and the login ttl', () => {
		expect(report.facts.map((f) => f.id)).toEqual(FACTS.map((f) => f.id));
		expect(report.facts.filter((f) => f.verdict !== 'as expected')).toEqual([]);
		expect(report.sandbox).toEqual({ variants: [], tokenTtlSeconds: 300 });
		expect(report).toMatchObject({
			kind: 'n8n-nodes-trato/trato-profile',
			version: 1,
			environment: 'custom',
			origin: sb.baseUrl,
			authentication: ['apiKey', 'emailPassword'],
			write: true,
		});
		expect(report.notCancelled).toBeUndefined();
		expect(renderReport(report)).toContain('39 as expected, 0 differ, 0 not observed.');
	});

	test('it sends no notification: no send, reminder or renewal; one contract, notification "none", cancelled', () => {
		const routes = Object.keys(sb.control.stats().byRoute);
		for (const route of routes) expect(route).not.toMatch(/send|pending|renew|finalize|archive/);
		const writes = report.requests.filter((r) => !r.startsWith('GET '));
		expect(writes.map((r) => r.replace(/[0-9a-f]{24}/g, '<id>'))).toEqual([
			'POST /api/authentication/token 200',
			'POST /api/authentication/token 400',
			'POST /api/authentication/token 401',
			'POST /api/v2/create/contract 200',
			'POST /api/contracts/<id>/customproperties 200',
			'DELETE /api/contract/cancel/<id> 200',
		]);
		const id = /cancel\/([0-9a-f]{24})/.exec(writes.join(' '))![1];
		const contract = sb.control.getContract(id)!;
		expect(contract.status).toBe('CANCELED');
		expect(contract.config.notificationType).toBe('none');
		expect(contract.participants.map((p) => p.email)).toEqual([
			'n8n-nodes-trato-check@example.com',
		]);
	});

	test('the facts of issue 40: list items carry external IDs, templateId filters, a 200-character property value comes back', () => {
		const fact = (id: string) => report.facts.find((f) => f.id === id)!;
		expect(fact('list-external-id').observed).toMatch(
			/^some: \d+ of 31 listed contracts carry it$/,
		);
		expect(fact('list-template-filter').observed).toMatch(
			/^no contract \(of 31 without it\); its first template: \d+$/,
		);
		expect(fact('custom-property-id').observed).toBe('the id as _id; fields: _id, name, value');
		expect(fact('custom-property-long-value').observed).toBe('200 characters, back intact');
	});

	test('no secret in the report, the table or the requests', () => {
		expectNoSecret(sb, JSON.stringify(report));
		expectNoSecret(sb, renderReport(report));
	});
});

describe('against variant profiles: each difference reported, with the variant that answers the same', () => {
	test.each([
		[
			'paging, refusals, login and record shapes',
			[
				'list-ignores-page',
				'no-total-headers',
				'refusal-200',
				'wrapped-lists=items',
				'oldest-first',
				'second-precision',
				'login-success-string',
				'participant-without-id',
				'integer-completed',
			],
			{
				'refused-key': ['refusal-200'],
				'unknown-contract': ['refusal-200'],
				'malformed-contract-id': ['refusal-200'],
				'login-missing-email': ['refusal-200'],
				'login-refused': ['refusal-200'],
				'login-answer': ['login-success-string'],
				'list-shape': ['wrapped-lists=items'],
				'list-totals': ['no-total-headers'],
				'list-paging': ['list-ignores-page'],
				'list-beyond-last': ['list-ignores-page'],
				'list-per-page-over-200': ['refusal-200'],
				'list-order': ['oldest-first'],
				'created-at-precision': ['second-precision'],
				'participant-id': ['participant-without-id'],
				milestones: ['integer-completed'],
			},
		],
		[
			'routes, bounds, page size, Create V2 and webhooks',
			[
				'exclusive-bounds',
				'unordered',
				'page-cap=10',
				'create-v2-contractid',
				'cancel-post-only',
				'short-sign-links',
				'documents-post-only',
				'participant-statuses=earlier',
				'property-id-field=propertyId',
				'webhook-event-field',
				'webhook-form',
			],
			{
				'list-page-size': ['page-cap=10'],
				'list-order': ['unordered'],
				'bounds-inclusive': ['exclusive-bounds'],
				'participant-statuses': ['participant-statuses=earlier'],
				'custom-property-id': ['property-id-field=propertyId'],
				'documents-method': ['documents-post-only'],
				'create-v2-answer': ['create-v2-contractid'],
				'sign-link-form': ['short-sign-links'],
				'cancel-method': ['cancel-post-only'],
				'webhook-encoding': ['webhook-form'],
				'webhook-event-field': ['webhook-event-field'],
			},
		],
		[
			'list items without external IDs, an ignored templateId filter, property ids in lower case (issue 40)',
			['list-without-external-id', 'template-filter-ignored', 'property-id-lowercase'],
			{
				'list-external-id': ['list-without-external-id'],
				'list-template-filter': ['template-filter-ignored'],
				'custom-property-id': ['property-id-lowercase'],
			},
		],
		[
			'a draft from Create V2, bounds read as days, other names',
			[
				'create-v2-draft',
				'date-only-bounds',
				'participant-statuses=other',
				'property-id-field=none',
			],
			{
				'create-v2-sends': ['create-v2-draft'],
				'bounds-time-part': ['date-only-bounds'],
				'participant-statuses': ['participant-statuses=other'],
				'custom-property-id': ['property-id-field=none'],
			},
		],
	])(
		'%s; the profile it writes makes the sandbox answer the same',
		async (_, variants, expected) => {
			const sb = await sandbox({ variants });
			let report: CheckReport;
			try {
				report = await check(sb);
				expect(differing(report)).toEqual(expected);
				expect([...report.sandbox.variants].sort()).toEqual([...variants].sort());
				expectNoSecret(sb, JSON.stringify(report) + renderReport(report));
				expect(report.notCancelled).toBeUndefined();
			} finally {
				await sb.close();
			}
			// the profile, as the file holds it, loaded into a sandbox: the check finds the same differences
			const again = await sandbox({ profile: JSON.parse(JSON.stringify(report)) });
			try {
				expect(differing(await check(again))).toEqual(expected);
			} finally {
				await again.close();
			}
		},
	);
});

describe('read-only means refused by the client, not only left out (issue 40)', () => {
	test('without --write the client refuses every write route before it leaves; the same client with --write sends them', async () => {
		const sb = await sandbox();
		try {
			const readOnly = new Client(sb.baseUrl).as({ apikey: sb.apiKey });
			const id = sb.control.createContract({ status: 'SENT_TO_SIGN' })._id;
			for (const [method, path] of [
				['POST', '/api/v2/create/contract'],
				['POST', `/api/contracts/${id}/customproperties`],
				['DELETE', `/api/contract/cancel/${id}`],
				['POST', `/api/contract/cancel/${id}`],
			] as const)
				await expect(readOnly.send(method, path, { body: {} })).rejects.toThrow(
					new RefusedRequest(
						`The conformance check sends ${method} ${path} only with --write (this run is read-only)`,
					),
				);
			expect(readOnly.sent).toEqual([]);
			expect(sb.control.stats().requests).toBe(0);
			const writing = new Client(sb.baseUrl, {}, [], { write: true }).as({ apikey: sb.apiKey });
			expect((await writing.send('DELETE', `/api/contract/cancel/${id}`)).status).toBe(200);
			expect(sb.control.getContract(id)!.status).toBe('CANCELED');
		} finally {
			await sb.close();
		}
	});
});

describe('the webhook listener (--webhook-listen) keeps no body over its cap (issue 40)', () => {
	/** A POST to the listener; its status (0 when the connection was closed before an answer came). */
	const post = (url: string, body: Buffer, chunked = false): Promise<number> =>
		new Promise((resolve) => {
			const req = httpRequest(
				url,
				{
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						...(chunked ? {} : { 'Content-Length': String(body.length) }),
					},
				},
				(res) => {
					res.resume();
					res.on('end', () => resolve(res.statusCode ?? 0));
				},
			);
			req.on('error', () => resolve(0));
			req.end(body);
		});

	test('a body over 64 KiB is answered 413 and not kept, announced or not; a delivery after it counts', async () => {
		const listener = await listen('127.0.0.1', 0);
		try {
			const big = Buffer.from(
				JSON.stringify({ contractid: 'x', pad: 'y'.repeat(2 * 1024 * 1024) }),
			);
			expect(await post(listener.url, big)).toBe(413);
			expect(await post(listener.url, big, true)).toBe(413);
			expect(listener.received).toEqual([]);
			const delivery = Buffer.from(JSON.stringify({ contractid: 'c1', externalId: 'TEST ID' }));
			expect(await post(listener.url, delivery)).toBe(200);
			expect(listener.received).toMatchObject([{ encoding: 'json', testDelivery: true }]);
		} finally {
			await listener.close();
		}
	});
});

describe('the command line', () => {
	test('defaults: Staging, no --write, the profile named after the environment; TRATO hosts as the credential has them', () => {
		const input = readCommandLine([], { TRATO_API_KEY: ' key ' });
		expect(input.options).toMatchObject({ environment: 'staging', apiKey: 'key', write: false });
		expect(input.out).toBe('trato-profile-staging.json');
		expect(TRATO_HOSTS).toEqual(ENVIRONMENT_URLS);
		expect(
			readCommandLine(['--env', 'production', '--write', '--webhook-listen', '0.0.0.0:8080'], {
				TRATO_EMAIL: 'a@example.com',
				TRATO_PASSWORD: 'secret-password',
			}).options,
		).toMatchObject({
			environment: 'production',
			write: true,
			email: 'a@example.com',
			password: 'secret-password',
			webhook: { host: '0.0.0.0', port: 8080, waitMs: 120_000 },
		});
		expect(() => readCommandLine(['--env', 'qa'], {})).toThrow(/staging, production or custom/);
		expect(() => readCommandLine(['--api-key', 'x'], {})).toThrow(/Unknown option/);
	});

	/** Runs the CLI in its own process (asynchronously: the sandbox it talks to runs in this one). */
	const cli = (
		args: string[],
		env: Record<string, string>,
	): Promise<{ status: number | null; stdout: string; stderr: string }> =>
		new Promise((resolve, reject) => {
			const child = spawn(
				process.execPath,
				['--import', 'tsx', join(ROOT, 'scripts', 'checkTrato.ts'), ...args],
				{
					cwd: ROOT,
					env: { PATH: process.env.PATH ?? '', ...env },
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (chunk) => (stdout += String(chunk)));
			child.stderr.on('data', (chunk) => (stderr += String(chunk)));
			child.on('error', reject);
			child.on('close', (status) => resolve({ status, stdout, stderr }));
		});

	test('npm run check:trato: the table on stdout, the profile file, exit 0; nothing secret printed', async () => {
		const sb = await sandbox();
		const dir = mkdtempSync(join(tmpdir(), 'trato-check-'));
		try {
			const out = join(dir, 'profile.json');
			const run = await cli(['--out', out], {
				TRATO_ENV: 'custom',
				TRATO_BASE_URL: sb.baseUrl,
				TRATO_EMAIL: sb.account.email,
				TRATO_PASSWORD: sb.account.password,
			});
			expect(run.status).toBe(0);
			expect(run.stdout).toContain(
				'| list-paging | another contract | another contract | as expected |',
			);
			expect(run.stdout).toContain(`Profile written to ${out}`);
			const profile = JSON.parse(readFileSync(out, 'utf8'));
			expect(profile.sandbox).toEqual({ variants: [], tokenTtlSeconds: 300 });
			expect(profile.write).toBe(false);
			expectNoSecret(sb, run.stdout + run.stderr + readFileSync(out, 'utf8'));
		} finally {
			rmSync(dir, { recursive: true, force: true });
			await sb.close();
		}
	});

	test.each([
		['SIGINT', 130],
		['SIGTERM', 143],
	])(
		'--write stopped by %s between create and cancel (issue 40): the contract id printed at once, the contract cancelled, exit %i, no profile',
		async (signal, code) => {
			const sb = await sandbox();
			const dir = mkdtempSync(join(tmpdir(), 'trato-check-'));
			const out = join(dir, 'profile.json');
			try {
				// after creating, the check waits for the contract list: it is stopped there
				sb.control.addFault({ path: '/api/list/contracts', latencyMs: 60_000 });
				const child = spawn(
					process.execPath,
					['--import', 'tsx', join(ROOT, 'scripts', 'checkTrato.ts'), '--write', '--out', out],
					{
						cwd: ROOT,
						env: {
							PATH: process.env.PATH ?? '',
							TRATO_ENV: 'custom',
							TRATO_BASE_URL: sb.baseUrl,
							TRATO_API_KEY: sb.apiKey,
						},
						stdio: ['ignore', 'pipe', 'pipe'],
					},
				);
				let stderr = '';
				const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
					child.on('close', (status, killedBy) => resolve([status, killedBy])),
				);
				await new Promise<void>((resolve) =>
					child.stderr.on('data', (chunk) => {
						stderr += String(chunk);
						if (stderr.includes('Reading the contract list')) resolve();
					}),
				);
				const id = /--write made the contract ([0-9a-f]{24})/.exec(stderr)?.[1];
				expect(id).toBeDefined();
				expect(sb.control.getContract(id!)!.status).toBe('SENT_TO_SIGN');
				child.kill(signal as NodeJS.Signals);
				expect(await closed).toEqual([code, null]);
				expect(stderr).toContain(`Contract ${id} cancelled.`);
				expect(sb.control.getContract(id!)!.status).toBe('CANCELED');
				expect(existsSync(out)).toBe(false);
				expectNoSecret(sb, stderr);
			} finally {
				rmSync(dir, { recursive: true, force: true });
				await sb.close();
			}
		},
		30_000,
	);

	test('no credential and no terminal: exit 2 with what to set; --write on production without --yes: exit 2, nothing sent', async () => {
		const none = await cli([], {});
		expect(none.status).toBe(2);
		expect(none.stderr).toContain(
			'No credential: set TRATO_API_KEY, or TRATO_EMAIL and TRATO_PASSWORD.',
		);
		const production = await cli(['--env', 'production', '--write'], {
			TRATO_API_KEY: 'not-a-key',
		});
		expect(production.status).toBe(2);
		expect(production.stderr).toContain('--write on production needs --yes');
	});

	test('a refused credential: exit 1, saying so, without the key', async () => {
		const sb = await sandbox();
		try {
			const run = await cli([], {
				TRATO_ENV: 'custom',
				TRATO_BASE_URL: sb.baseUrl,
				TRATO_API_KEY: 'sk_wrong_key_0123456789',
			});
			expect(run.status).toBe(1);
			expect(run.stderr).toContain(
				'The check could not run: TRATO did not accept the credential (GET /api/authentication: HTTP 401, success false, statusCode 401, "Invalid API key"); nothing else was asked',
			);
			expect(run.stderr + run.stdout).not.toContain('sk_wrong_key_0123456789');
		} finally {
			await sb.close();
		}
	});
});
