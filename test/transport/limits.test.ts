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
 * No answer without an end (issue 34, item 2): n8n's timeout stops once an answer's headers arrive, so the transport
 * ends every read itself (transport/limits.ts) when nothing comes for the idle limit, when the answer passes its
 * total limit, or when the execution is stopped in n8n; a stopped execution also ends the wait between attempts.
 * Through n8n-core against a loopback server that sends its headers and then stalls (test-support/stallServer.ts),
 * with the limits made short through `transportSettings`.
 */
import { getEventListeners } from 'node:events';

import { transportSettings } from '../../nodes/Trato/transport/retry';
import { startStallServer, type StallServer } from '../../test-support/stallServer';
import { LEASE, byId, fromList, pointDocumentsTo, signedPdfContract, useEnv } from '../helpers/env';

const env = useEnv(__filename);
let stall: StallServer;
const real = { ...transportSettings };
const SIGNATURE = 'X-Amz-Signature=5eb63bbbe01eeed093cb22bb8f5acdc3';

beforeAll(async () => {
	stall = await startStallServer();
});
afterAll(async () => {
	await stall.close();
});
beforeEach(() => {
	stall.requests.length = 0;
	Object.assign(transportSettings, {
		idleTimeoutMs: 300,
		fileReadMs: 1_500,
		answerReadMs: 1_500,
		sleep: async () => {},
	});
});
afterEach(() => Object.assign(transportSettings, real));

const fromFileUrl = (fileUrl: string) => ({
	resource: 'contract',
	operation: 'create',
	source: 'url',
	templateId: fromList(LEASE),
	fileUrl,
});
const signedDocuments = (contractId: string) => ({
	resource: 'contract',
	operation: 'getDocuments',
	contractId: byId(contractId),
	downloadFiles: true,
});

/** What the node wrote in its error (n8n adds the node's own parameters around it, the File URL among them). */
const shown = (error: any) =>
	JSON.stringify([error?.message, error?.description, error?.errorResponse, error?.messages]);

/** Every connection the node opened to the stalling server was closed. */
async function allClosed(): Promise<void> {
	await Promise.all(stall.requests.map((r) => r.closed));
}

describe('an answer that stalls after its headers ends at the idle limit, naming the host', () => {
	test('File URL: a sentence, not asked again (the stall already cost the limit); nothing reaches TRATO', async () => {
		const mark = env.mark();
		const result = await env.run(fromFileUrl(`${stall.url}/stall/lease.pdf?${SIGNATURE}`));
		expect(result.error?.message).toBe(
			`The download from ${stall.url} stalled: no data for 0.3 seconds`,
		);
		expect(result.error?.description).toBe(
			`${stall.url}/… started its answer, then sent nothing for 0.3 seconds, so the node closed the connection. Nothing was sent to TRATO. Try again later; if it keeps stalling, check the link or the file host.`,
		);
		expect(shown(result.error)).not.toContain('Signature');
		expect(shown(result.error)).not.toContain('lease.pdf');
		expect(stall.requests).toHaveLength(1);
		await allClosed();
		expect(env.nodeRequests(mark)).toEqual([]);
	});

	test('Get Signed Documents: a file address TRATO gave', async () => {
		const id = await signedPdfContract(env);
		pointDocumentsTo(env, id, `${stall.url}/stall/signed.pdf?${SIGNATURE}`);
		const result = await env.run(signedDocuments(id));
		expect(result.error?.message).toBe(
			`The download from ${stall.url} stalled: no data for 0.3 seconds`,
		);
		expect(shown(result.error)).not.toContain('Signature');
		expect(stall.requests).toHaveLength(1);
		await allClosed();
	});

	test("an API answer (TRATO's JSON) that stalls", async () => {
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('64b7f0c2a1b2c3d4e5f60718') },
			undefined,
			{ credentials: { ...env.creds, baseUrl: `${stall.url}/stall` } },
		);
		expect(result.error?.message).toBe(
			`TRATO's answer from ${stall.url} stalled: no data for 0.3 seconds`,
		);
		expect(stall.requests).toHaveLength(1);
		expect(shown(result.error)).not.toContain(env.sb.apiKey);
		await allClosed();
	});
});

describe('an answer that never ends ends at the total limit, and is not asked for again', () => {
	test('File URL: a byte now and then keeps the idle limit away, not the total one', async () => {
		const result = await env.run(fromFileUrl(`${stall.url}/trickle/lease.pdf`));
		expect(result.error?.message).toBe(
			`The download from ${stall.url} took longer than 1.5 seconds`,
		);
		expect(result.error?.description).toContain('Nothing was sent to TRATO.');
		expect(stall.requests).toHaveLength(1);
		await allClosed();
	});
});

describe("stopping the execution in n8n closes the connection and ends the node's waits", () => {
	test('a File URL download in progress: the connection closes, the run ends', async () => {
		// only the stop can end it: the limits are n8n-sized again
		Object.assign(transportSettings, { idleTimeoutMs: 600_000, fileReadMs: 600_000 });
		const started = stall.request(1);
		const result = await env.run(fromFileUrl(`${stall.url}/stall/lease.pdf`), undefined, {
			stopWhen: started.then(async () => await new Promise((r) => setTimeout(r, 200))),
		});
		await (
			await started
		).closed;
		expect(stall.requests).toHaveLength(1);
		expect(result.error?.message).toBe(
			`The execution was stopped while downloading from ${stall.url}`,
		);
	});

	test('with Continue On Fail, a stop is not an item that failed: the next items are not tried', async () => {
		Object.assign(transportSettings, { idleTimeoutMs: 600_000, fileReadMs: 600_000 });
		const result = await env.run(
			fromFileUrl('={{ $json.url }}'),
			[
				{ json: { url: `${stall.url}/stall/one.pdf` } },
				{ json: { url: `${stall.url}/stall/two.pdf` } },
			],
			{
				continueOnFail: true,
				stopWhen: stall.request(1).then(async () => await new Promise((r) => setTimeout(r, 200))),
			},
		);
		expect(result.error?.message).toBe(
			`The execution was stopped while downloading from ${stall.url}`,
		);
		// n8n itself passes the input on (Continue On Fail); no item says it failed
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined]);
		expect(stall.requests.map((r) => r.url)).toEqual(['/stall/one.pdf']);
	});

	test('the wait before another attempt (Retry-After: 60) ends at once', async () => {
		transportSettings.sleep = real.sleep;
		const id = await signedPdfContract(env);
		pointDocumentsTo(env, id, `${stall.url}/busy/signed.pdf`);
		const result = await env.run(signedDocuments(id), undefined, {
			stopWhen: stall.request(1).then(async () => await new Promise((r) => setTimeout(r, 200))),
		});
		expect(stall.requests).toHaveLength(1);
		expect(result.error?.message).toBe(
			`The execution was stopped while downloading from ${stall.url}`,
		);
	});

	test('many waits in one execution leave no listener on its stop signal; a stop still ends a wait at once', async () => {
		// n8n-workflow's sleepWithAbort left one per wait (Node warns of an EventTarget leak past 10): a batch whose
		// items wait out 429s or 503s piled them up on the execution's signal until it ended
		const execution = new AbortController();
		for (let i = 0; i < 12; i++) await real.sleep(1, execution.signal);
		expect(getEventListeners(execution.signal, 'abort')).toHaveLength(0);
		const started = Date.now();
		const waiting = real.sleep(60_000, execution.signal);
		execution.abort();
		await expect(waiting).rejects.toThrow('The execution was stopped');
		expect(Date.now() - started).toBeLessThan(1_000);
		expect(getEventListeners(execution.signal, 'abort')).toHaveLength(0);
	});
});
