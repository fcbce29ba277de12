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
 * No download without an end, in the suite's running n8n: a File URL whose host sends its headers and then nothing
 * fails after the node's idle limit (60 s, fixed) naming the host, and is not asked again; a run stopped through
 * n8n's REST API (`POST /rest/executions/:id/stop`) closes the connection at once; on n8n 2.x with SSRF protection
 * on (`N8N_SSRF_PROTECTION_ENABLED`), a File URL n8n blocks is said as such, with no request to it.
 *
 * The idle limit is a minute of waiting, so the stalled run is started early (`start`) and judged late (`stalled`):
 * the suite's other cases run meanwhile. Each workflow is a production webhook answered at once → Create from the
 * File URL, with a template id no other case uses, so the sandbox's log tells whether anything reached TRATO.
 */
import assert from 'node:assert/strict';

import { chain, tratoNode, webhookNode } from '../test-support/n8n/queue';
import { startStallServer } from '../test-support/stallServer';
import { CREDENTIAL_ID, type E2eEnv } from './env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `promise`, or a failed assertion after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	return await Promise.race([
		promise,
		sleep(ms).then(() => assert.fail(`${what} (no result in ${ms / 1000} s)`)),
	]);
}

/** n8n 2.x's SSRF protection, on for the cases that restart the suite's n8n with it: loopback allowed, 127.0.0.2 not. */
export const SSRF_ENV = {
	N8N_SSRF_PROTECTION_ENABLED: 'true',
	N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32,::1/128',
};

/** Waits for a workflow's first execution to be in one of `statuses`. */
async function executionIn(e: E2eEnv, workflowId: string, statuses: string[], timeoutMs: number) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = (await e.n8n.executionsOf(workflowId)).find((x) => statuses.includes(x.status));
		if (found) return found;
		if (Date.now() > deadline)
			throw new Error(`no execution of ${workflowId} became ${statuses.join(' or ')}`);
		await sleep(500);
	}
}

/** The error n8n recorded for an execution (its message), as the editor reads it. */
async function executionError(e: E2eEnv, executionId: string): Promise<string | undefined> {
	const execution = await e.n8n.finished(executionId);
	return e.n8n.parse(execution.data).resultData.error?.message;
}

/** Saves and activates "production webhook → Create from `fileUrl`"; returns once the webhook answers (it runs). */
async function startFileUrlRun(e: E2eEnv, path: string, fileUrl: string): Promise<void> {
	await e.importWorkflow({
		id: path,
		...chain(`E2E: stalled File URL (${path})`, [
			webhookNode(path, 'onReceived'),
			tratoNode('Create from File URL', CREDENTIAL_ID, {
				resource: 'contract',
				operation: 'create',
				source: 'url',
				templateId: { __rl: true, mode: 'id', value: STALL_TEMPLATE },
				fileUrl,
			}),
		]),
	});
	await e.activate(path);
	const url = `${e.n8n.url.replace('localhost', '127.0.0.1')}/webhook/${path}`;
	for (let tries = 0; ; tries++) {
		const response = await fetch(url, { method: 'POST', body: '{}' });
		if (response.status === 200) return;
		assert.ok(tries < 120, `the webhook ${path} answers (HTTP ${response.status})`);
		await sleep(1000);
	}
}

/**
 * A template id no other case uses (no such template exists: a create that reached TRATO would be refused, and
 * logged). Creates with it in the sandbox's log: none may reach TRATO from a File URL that failed.
 */
const STALL_TEMPLATE = '65e2e0000000000000057a11';

const createsFromStalls = (e: E2eEnv) =>
	e
		.requests()
		.filter((r) => r.path === '/api/create/contract' && r.body?.templateid === STALL_TEMPLATE);

export interface StallCase {
	/** The stalled run, started; its verdict comes after the idle limit. */
	stalled(): Promise<void>;
	close(): Promise<void>;
}

/**
 * Starts the stalled run (judged later by `stalled()`), then stops a second run through n8n's REST API while its
 * download hangs: its connection closes at once and the run does not succeed.
 */
export async function startStallCase(e: E2eEnv): Promise<StallCase> {
	const stall = await startStallServer('127.0.0.1');
	const host = stall.url;
	const stalledPath = `trato-stall-${e.major}`;
	const stopPath = `trato-stop-${e.major}`;
	try {
		// 1. The host stalls after its headers: started now, judged after the idle limit.
		await startFileUrlRun(e, stalledPath, `${host}/stall/lease.pdf?X-Amz-Signature=e2e5ec12e7`);
		await within(stall.request(1), 60_000, 'the stalled run reached the file host');

		// 2. Stopped through n8n's REST API while its download hangs: the connection closes.
		await startFileUrlRun(e, stopPath, `${host}/stall/second.pdf`);
		const arrived = await within(stall.request(2), 60_000, 'the second run reached the file host');
		const running = await executionIn(e, stopPath, ['running'], 30_000);
		await e.n8n.rest.request('POST', `/executions/${running.id}/stop`);
		await within(arrived.closed, 30_000, 'the stopped run closed its connection');
		const end = await executionIn(e, stopPath, ['canceled', 'error', 'success'], 30_000);
		assert.notEqual(end.status, 'success');
		assert.equal(stall.requests[0].isClosed(), false, 'the first run still waits for its host');
	} catch (error) {
		await stall.close();
		throw error;
	}
	return {
		async stalled() {
			const failed = await executionIn(e, stalledPath, ['error', 'success', 'crashed'], 150_000);
			assert.equal(failed.status, 'error');
			assert.equal(
				await executionError(e, failed.id),
				`The download from ${host} stalled: no data for 60 seconds`,
			);
			assert.equal(
				stall.requests.filter((r) => r.url.startsWith('/stall/lease.pdf')).length,
				1,
				'a stall is not asked again',
			);
			await within(stall.requests[0].closed, 10_000, 'the stalled connection closed');
			assert.deepEqual(
				createsFromStalls(e),
				[],
				'nothing reached TRATO from a File URL that failed',
			);
			for (const path of [stalledPath, stopPath]) await e.n8n.deactivate(path);
		},
		close: () => stall.close(),
	};
}

/**
 * n8n 2.x with SSRF protection on (the suite's n8n restarted with SSRF_ENV): a File URL on 127.0.0.2, which n8n
 * blocks, is said as such and gets no request.
 */
export async function ssrfBlockedFileUrl(e: E2eEnv): Promise<void> {
	const blockedHost = await startStallServer('127.0.0.2');
	try {
		const path = `trato-ssrf-${e.major}`;
		await startFileUrlRun(e, path, `${blockedHost.url}/stall/third.pdf`);
		const refused = await executionIn(e, path, ['error', 'success', 'crashed'], 60_000);
		assert.equal(
			await executionError(e, refused.id),
			`n8n's SSRF protection blocked the File URL's host 127.0.0.2:${blockedHost.port}: allow it in n8n's settings to reach it`,
		);
		assert.equal(blockedHost.requests.length, 0, 'the blocked address got no request');
		assert.deepEqual(createsFromStalls(e), [], 'nothing reached TRATO');
		await e.n8n.deactivate(path);
	} finally {
		await blockedHost.close();
	}
}
