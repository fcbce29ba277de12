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
 * E-mail and Password in a real n8n (`n8n start`, the pack installed as a community package): a production webhook
 * workflow whose run lasts more than three token lifetimes (sandbox ttl 3 s, 400 ms per request), every call
 * succeeding on tokens n8n's pre-authentication fetched and stored; then what n8n keeps (executions, the credential
 * as the editor reads it, its log) is searched for the password and every token the sandbox issued; a wrong
 * password shows TRATO's refusal in the credential test and in the execution.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { N8nRest, credentialData, type RunningN8n } from '../test-support/n8n/n8n';
import { byId, chain, tratoNode, webhookNode } from '../test-support/n8n/queue';
import { TOKEN_ERRORS } from '../sandbox';
import type { SharedN8n } from '../test-support/n8n/running';
import type { E2eEnv, LoggedRequest } from './env';

const TOKEN = '/api/authentication/token';
const TTL_SECONDS = 3;
const LATENCY_MS = 400;
const CONTRACTS = 30;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SessionRunFigures {
	apiRequests: number;
	tokenFetches: number;
	spanMs: number;
	tokenLifetimes: number;
}

/** POSTs to a production webhook, retrying while n8n has not registered it yet (2.x activates asynchronously). */
async function callWebhook(
	n8n: RunningN8n,
	path: string,
): Promise<{ status: number; body: string }> {
	const deadline = Date.now() + 90_000;
	for (;;) {
		const response = await fetch(`http://127.0.0.1:${n8n.port}/webhook/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		const body = await response.text();
		if (response.status !== 404 || Date.now() > deadline) return { status: response.status, body };
		await sleep(1000);
	}
}

/** Saves and activates a production webhook workflow (list 30 contracts → get each); returns its stored id. */
async function activeWebhookWorkflow(
	n8n: SharedN8n,
	path: string,
	credentialId: string,
): Promise<string> {
	const id = await n8n.save({
		id: path,
		...chain(`E2E: E-mail and Password (${path})`, [
			webhookNode(path, 'lastNode'),
			tratoNode('List contracts', credentialId, {
				resource: 'contract',
				operation: 'getAll',
				returnAll: false,
				limit: CONTRACTS,
			}),
			tratoNode('Get each', credentialId, {
				resource: 'contract',
				operation: 'get',
				contractId: byId('={{ $json.contractId }}'),
			}),
		]),
	});
	await n8n.activate(path);
	return id;
}

/** The newest execution of a workflow, with its data, as the editor's execution view reads it. */
async function lastExecution(rest: N8nRest, workflowId: string): Promise<any> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	for (let i = 0; i < 30; i++) {
		const list = await rest.request<{ results: Array<{ id: string; status: string }> }>(
			'GET',
			`/executions?filter=${filter}&limit=10`,
		);
		const done = list.results.find((x) => x.status !== 'running' && x.status !== 'new');
		if (done) return await rest.request('GET', `/executions/${done.id}`);
		await sleep(500);
	}
	throw new Error(`no finished execution of workflow ${workflowId}`);
}

export async function emailPasswordInRealN8n(e: E2eEnv): Promise<SessionRunFigures> {
	const started = Date.now();
	for (let i = 0; i < CONTRACTS; i++) e.sb.control.createContract({ name: `Session run ${i + 1}` });
	// the suite's n8n logs at debug level: whatever it logs about credentials and requests is in the log searched below
	const n8n = e.n8n.n8n;
	const rest = e.n8n.rest;
	const activated: string[] = [];
	try {
		const good = await rest.createCredential(
			'TRATO e-mail and password',
			credentialData({
				baseUrl: e.sb.baseUrl,
				email: e.sb.account.email,
				password: e.sb.account.password,
			}),
		);
		const wrongPassword = `Wrong-${e.sb.account.password}`;
		const wrong = await rest.createCredential(
			'TRATO wrong password',
			credentialData({ baseUrl: e.sb.baseUrl, email: e.sb.account.email, password: wrongPassword }),
		);

		// 1. A run over more than three token lifetimes.
		e.sb.sessions.setTtl(TTL_SECONDS);
		e.sb.control.setLatency(LATENCY_MS);
		const path = `trato-session-${e.major}`;
		activated.push(path);
		const workflowId = await activeWebhookWorkflow(e.n8n, path, good.id);
		const mark = e.requests().length;
		const answer = await callWebhook(n8n, path);
		e.sb.control.setLatency(0);
		assert.equal(answer.status, 200, `the webhook run succeeded: ${answer.body.slice(0, 500)}`);
		const run = e.requests().slice(mark) as Array<LoggedRequest & { ts: string }>;
		const logins = run.filter((r) => r.path === TOKEN);
		const api = run.filter((r) => r.path.startsWith('/api/') && r.path !== TOKEN);
		assert.deepEqual(
			[...new Set(run.map((r) => r.status))],
			[200],
			`every call succeeded: ${run.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}`,
		);
		assert.equal(api.length, CONTRACTS + 1, 'one list request and one request per contract');
		const spanMs = Date.parse(run.at(-1)!.ts) - Date.parse(run[0].ts);
		assert.ok(
			spanMs > 3 * TTL_SECONDS * 1000,
			`the run lasted ${spanMs} ms, more than three token lifetimes`,
		);
		assert.ok(
			logins.length >= Math.ceil(spanMs / (TTL_SECONDS * 1000)),
			`the token was fetched again before each ended (${logins.length} logins in ${spanMs} ms)`,
		);
		assert.ok(
			logins.length * 3 <= api.length,
			`never per request: ${logins.length} logins for ${api.length} requests`,
		);
		assert.ok(
			logins.every((l) => l.method === 'POST' && l.body?.password === '<redacted>'),
			'every login is the JSON POST; the sandbox log holds no password',
		);
		const issued = e.sb.sessions.tokens();
		assert.ok(
			issued.slice(-logins.length).every((t) => t.uses > 0),
			'every token fetched was used',
		);
		const execution = await lastExecution(rest, workflowId);
		assert.equal(execution.status, 'success');

		// 2. A wrong password: TRATO's refusal in the credential test and in the execution.
		const refusal = `TRATO refused the login: ${TOKEN_ERRORS.refused}`;
		const tested = await rest.request<{ status: string; message: string }>(
			'POST',
			'/credentials/test',
			{
				credentials: {
					id: wrong.id,
					name: wrong.name,
					type: 'tratoApi',
					data: credentialData({
						baseUrl: e.sb.baseUrl,
						email: e.sb.account.email,
						password: wrongPassword,
					}),
				},
			},
		);
		assert.deepEqual(tested, { status: 'Error', message: refusal });
		const testedGood = await rest.request<{ status: string; message: string }>(
			'POST',
			'/credentials/test',
			{
				credentials: {
					id: good.id,
					name: good.name,
					type: 'tratoApi',
					data: credentialData({
						baseUrl: e.sb.baseUrl,
						email: e.sb.account.email,
						password: e.sb.account.password,
					}),
				},
			},
		);
		assert.deepEqual(testedGood, { status: 'OK', message: 'Connection successful!' });
		const wrongPath = `trato-session-wrong-${e.major}`;
		activated.push(wrongPath);
		const wrongWorkflow = await activeWebhookWorkflow(e.n8n, wrongPath, wrong.id);
		const failed = await callWebhook(n8n, wrongPath);
		assert.notEqual(failed.status, 200);
		const failedExecution = await lastExecution(rest, wrongWorkflow);
		assert.equal(failedExecution.status, 'error');
		assert.ok(
			JSON.stringify(failedExecution).includes(refusal),
			"the failed execution carries TRATO's refusal",
		);

		// 3. No password and no token in what n8n keeps or shows.
		const stored = await rest.request('GET', `/credentials/${good.id}?includeData=true`);
		const secrets = [
			e.sb.account.password,
			wrongPassword,
			...e.sb.sessions.tokens().map((t) => t.jwt),
		];
		const places: Record<string, string> = {
			'the execution of the long run': JSON.stringify(execution),
			'the failed execution': JSON.stringify(failedExecution),
			'the credential as the editor reads it': JSON.stringify(stored),
			'the webhook answers': answer.body + failed.body,
			"n8n's log": readFileSync(n8n.logFile, 'utf8'),
		};
		for (const [place, text] of Object.entries(places)) {
			for (const secret of secrets) {
				assert.ok(
					!text.includes(secret),
					`${place} contains a ${secret.startsWith('ey') ? 'token' : 'password'}`,
				);
			}
		}
		// the places searched hold what was looked for: the run's records, the stored session (blanked)
		assert.equal((stored as any).data?.email, e.sb.account.email, 'the credential was read');
		assert.match(
			String((stored as any).data?.sessionToken),
			/^__n8n_BLANK_VALUE_/,
			'the editor gets the stored session token blanked',
		);
		assert.match(String((stored as any).data?.sessionInfo), /"renewAt"/);
		assert.ok(places['the execution of the long run'].includes(api[1].path.split('/').at(-1)!));

		const figures = {
			apiRequests: api.length,
			tokenFetches: logins.length,
			spanMs,
			tokenLifetimes: spanMs / (TTL_SECONDS * 1000),
		};
		process.stderr.write(
			`[e2e] n8n ${e.install.version}: E-mail and Password run of ${(spanMs / 1000).toFixed(1)} s (${figures.tokenLifetimes.toFixed(1)} token lifetimes of ${TTL_SECONDS} s): ${logins.length} token fetches for ${api.length} API requests, all 200; test ${Math.round((Date.now() - started) / 1000)} s\n`,
		);
		return figures;
	} finally {
		e.sb.control.setLatency(0);
		e.sb.sessions.setTtl(300);
		for (const path of activated) await e.n8n.deactivate(path);
	}
}
