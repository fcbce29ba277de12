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
 * No download without an end, in a real n8n (`n8n start`, issue 34 item 2): a File URL whose host sends its headers
 * and then nothing fails after the node's idle limit (60 s, fixed) naming the host; a run stopped through n8n's REST
 * API (`POST /rest/executions/:id/stop`) closes the connection at once; on n8n 2.x with SSRF protection on
 * (`N8N_SSRF_PROTECTION_ENABLED`), a File URL n8n blocks is said as such, with no request to it. Self-contained:
 * its own n8n process, stalling server (test-support/stallServer.ts), credential and webhook workflows.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { DEV_OWNER, N8nRest, credentialData, startN8n } from '../test-support/n8n/n8n';
import { chain, tratoNode, webhookNode } from '../test-support/n8n/queue';
import { startStallServer } from '../test-support/stallServer';
import { LEASE_TEMPLATE } from '../test-support/templates';
import type { E2eEnv } from './env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `promise`, or a failed assertion after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	return await Promise.race([
		promise,
		sleep(ms).then(() => assert.fail(`${what} (no result in ${ms / 1000} s)`)),
	]);
}

interface Execution {
	id: string;
	status: string;
}

/** The executions of a workflow, newest first. */
async function executions(rest: N8nRest, workflowId: string): Promise<Execution[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	return (
		await rest.request<{ results: Array<Execution & { workflowId: string }> }>(
			'GET',
			`/executions?filter=${filter}&limit=10`,
		)
	).results.filter((x) => x.workflowId === workflowId);
}

/** Waits for a workflow's first execution to be in one of `statuses`. */
async function executionIn(
	rest: N8nRest,
	workflowId: string,
	statuses: string[],
	timeoutMs: number,
): Promise<Execution> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = (await executions(rest, workflowId)).find((x) => statuses.includes(x.status));
		if (found) return found;
		if (Date.now() > deadline)
			throw new Error(`no execution of ${workflowId} became ${statuses.join(' or ')}`);
		await sleep(500);
	}
}

/** The error n8n recorded for an execution (message), as the editor reads it. */
async function executionError(e: E2eEnv, rest: N8nRest, id: string): Promise<string | undefined> {
	const execution = await rest.request<{ data: string }>('GET', `/executions/${id}`);
	const flatted = createRequire(join(e.install.dir, 'node_modules', 'n8n', 'package.json'))(
		'flatted',
	) as { parse(text: string): any };
	const data = flatted.parse(execution.data);
	return data.resultData.error?.message;
}

export async function stalledDownloadInRealN8n(e: E2eEnv): Promise<void> {
	const stall = await startStallServer('127.0.0.1');
	// reached as localhost: on n8n 2.x SSRF protection is on below, with localhost allowed and 127.0.0.1 not
	const host = `http://localhost:${stall.port}`;
	const ssrf = e.major === '2';
	const n8n = await startN8n(
		e.install,
		{
			...e.env,
			N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
			...(ssrf
				? { N8N_SSRF_PROTECTION_ENABLED: 'true', N8N_SSRF_ALLOWED_HOSTNAMES: 'localhost' }
				: {}),
		},
		{ logFile: join(e.dir, 'n8n-stall.log') },
	);
	try {
		const rest = new N8nRest(n8n.url);
		await rest.ownerLogin(DEV_OWNER);
		const credential = await rest.createCredential(
			'TRATO (stall)',
			credentialData({ baseUrl: e.sb.baseUrl, apiKey: e.sb.apiKey }),
		);
		/** An active workflow: a production webhook (answered at once) → Create from the File URL. */
		const workflow = async (path: string, fileUrl: string) => {
			const id = await rest.createWorkflow(
				chain(`E2E: stalled File URL (${path})`, [
					webhookNode(path, 'onReceived'),
					tratoNode('Create from File URL', credential.id, {
						resource: 'contract',
						operation: 'create',
						source: 'url',
						templateId: { __rl: true, mode: 'id', value: LEASE_TEMPLATE },
						fileUrl,
					}),
				]),
			);
			const current = await rest.request<{ versionId: string }>('GET', `/workflows/${id}`);
			await rest.request('POST', `/workflows/${id}/activate`, { versionId: current.versionId });
			const url = `http://127.0.0.1:${n8n.port}/webhook/${path}`;
			for (let tries = 0; ; tries++) {
				const response = await fetch(url, { method: 'POST', body: '{}' });
				if (response.status === 200) return id;
				assert.ok(tries < 120, `the webhook ${path} answers (HTTP ${response.status})`);
				await sleep(1000);
			}
		};
		const mark = e.requests().length;

		// 1. The host stalls after its headers: the run fails after the idle limit, naming the host.
		const stalled = await workflow(
			`trato-stall-${e.major}`,
			`${host}/stall/lease.pdf?X-Amz-Signature=e2e5ec12e7`,
		);
		const failed = await executionIn(rest, stalled, ['error', 'success', 'crashed'], 150_000);
		assert.equal(failed.status, 'error');
		assert.equal(
			await executionError(e, rest, failed.id),
			`The download from ${host} stalled: no data for 60 seconds`,
		);
		assert.equal(stall.requests.length, 1, 'a stall is not asked again');
		await within(stall.requests[0].closed, 10_000, 'the stalled connection closed');

		// 2. Stopped through n8n's REST API while the download hangs: the connection closes.
		const stopped = await workflow(`trato-stop-${e.major}`, `${host}/stall/second.pdf`);
		const arrived = await within(stall.request(2), 60_000, 'the second run reached the file host');
		const running = await executionIn(rest, stopped, ['running'], 30_000);
		await rest.request('POST', `/executions/${running.id}/stop`);
		await within(arrived.closed, 30_000, 'the stopped run closed its connection');
		const end = await executionIn(rest, stopped, ['canceled', 'error', 'success'], 30_000);
		assert.notEqual(end.status, 'success');

		// 3. n8n 2.x's SSRF protection blocks the address: said as such, and not asked again.
		if (ssrf) {
			const blocked = await workflow(
				`trato-ssrf-${e.major}`,
				`http://127.0.0.1:${stall.port}/stall/third.pdf`,
			);
			const refused = await executionIn(rest, blocked, ['error', 'success', 'crashed'], 60_000);
			assert.equal(
				await executionError(e, rest, refused.id),
				`n8n's SSRF protection blocked the File URL's host 127.0.0.1:${stall.port}: allow it in n8n's settings to reach it`,
			);
			assert.equal(stall.requests.length, 2, 'the blocked address got no request');
		}
		assert.deepEqual(
			e.requests().slice(mark),
			[],
			'nothing reached TRATO from a File URL that failed',
		);
	} catch (error) {
		process.stderr.write(`[stall] n8n's log: ${n8n.logFile}\n`);
		throw error;
	} finally {
		await n8n.stop();
		await stall.close();
	}
}
