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
 * Queue mode end to end (`npm run test:queue`): for each n8n version (E2E_N8N=1,2 by default), Postgres and Redis
 * from Debian's packages, an n8n main (EXECUTIONS_MODE=queue) and two workers (`n8n worker`), each with the pack
 * installed in its own user folder, and the sandbox behind them. What a team running n8n at scale would notice:
 *  - 200 concurrent calls of a production webhook workflow: each answered with its own contract, executed by both
 *    workers;
 *  - the trigger, active on the main: each change starts one execution on a worker, and a restart of the main while
 *    contracts keep changing loses nothing and doubles nothing (its memory is in Postgres);
 *  - the instant trigger, its webhook on the main: every delivery of the sandbox runs exactly once, on a worker, and
 *    with Ignore Repeated Deliveries a repeat of any of them starts nothing (the main keeps the memory);
 *  - a worker killed in the middle of a batch: what n8n does with the execution, and the node never repeats a
 *    request itself;
 *  - Wait for Signatures: a run that waits on a worker is resumed once by the instant trigger on the main (Resume
 *    Waiting Workflows), and goes on on a worker;
 *  - External ID: one deal delivered twice at once, the two runs on the two workers: one contract sent, another
 *    team's draft with the same External ID not sent;
 *  - a 10 MB PDF received by the main's webhook, created and sent by a worker, in the binary data mode n8n
 *    documents for queue mode — and what the user sees in filesystem mode, which n8n does not support there.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { startSandbox, type Sandbox } from '../sandbox';
import {
	N8N_VERSIONS,
	TRIGGER_TYPE,
	installN8nAsync,
	n8nMajors,
	readJsonLines,
} from '../test-support/n8n/n8n';
import {
	QueueCluster,
	byId,
	chain,
	tratoNode,
	queueBinaryMode,
	respondNode,
	startServices,
	webhookNode,
	type Services,
} from '../test-support/n8n/queue';
import { largePdf } from '../test-support/files';
import { externalIdWorkflow, overlappingDeliveriesSendOne } from './externalId';
import { RESUME_PROPERTY } from '../test-support/waitingRuns';
import { NDA_TEMPLATE, SERVICES_TEMPLATE } from '../test-support/templates';
import type { LoggedRequest } from './env';
import {
	ALL_EVENTS,
	INSTANT_NODE,
	INSTANT_TRIGGER_TYPE,
	eventUrls,
	waitRegistered,
} from './webhook';

const MAJORS = n8nMajors(process.env.E2E_N8N);

/** Bull's lock and stalled-job check, shortened so that a killed worker's job is noticed in seconds. */
const STALLED = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(
	what: string,
	fn: () => T | undefined | false | Promise<T | undefined | false>,
	timeoutMs: number,
	everyMs = 500,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn();
		if (value) return value;
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}

/** TRATO nodes "Create" (from the NDA template) → "Name it" (configure the name from an expression). */
function createAndName(
	credentialId: string,
	nameExpression: string,
): Array<Record<string, unknown>> {
	return [
		tratoNode('Create', credentialId, {
			resource: 'contract',
			operation: 'create',
			source: 'template',
			templateId: byId(NDA_TEMPLATE),
		}),
		tratoNode('Name it', credentialId, {
			resource: 'contract',
			operation: 'configure',
			contractId: byId('={{ $json.contractId }}'),
			updateFields: { name: nameExpression },
		}),
	];
}

/** TRATO node "Mark": a custom property `name` = `value` on the item's contract. */
function markNode(credentialId: string, name: string, value: string): Record<string, unknown> {
	return tratoNode('Mark', credentialId, {
		resource: 'customProperty',
		operation: 'create',
		contractId: byId('={{ $json.contractId }}'),
		properties: { property: [{ name, value }] },
	});
}

let services: Services | undefined;
let servicesDir: string;

before(async () => {
	servicesDir = mkdtempSync(join(tmpdir(), 'trato-queue-'));
	services = await startServices(servicesDir);
});

after(async () => {
	await services?.stop();
	if (!process.env.E2E_KEEP) rmSync(servicesDir, { recursive: true, force: true });
});

for (const major of MAJORS) {
	describe(
		`queue mode on n8n ${N8N_VERSIONS[major]} (main + 2 workers, Postgres, Redis)`,
		{ concurrency: false },
		() => {
			let cluster: QueueCluster;
			let sb: Sandbox;
			let credentialId: string;
			let requestLog: string;
			const requests = () => readJsonLines<LoggedRequest & { ts: string }>(requestLog);

			before(async () => {
				const started = Date.now();
				const install = await installN8nAsync(major);
				const dir = join(servicesDir, `n8n${major}`);
				requestLog = join(dir, 'sandbox-requests.jsonl');
				sb = await startSandbox({ port: 0, requestLog });
				writeFileSync(requestLog, '');
				cluster = new QueueCluster({
					major,
					install,
					services: services!,
					dir,
					name: `trato_n8n${major}`,
					workers: 2,
					env: {
						...STALLED,
						// 2.x applies activations through an outbox polled every 15 s by default: 1 s keeps the suite short
						N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
					},
				});
				await cluster.start();
				credentialId = await cluster.createCredential({
					name: 'TRATO account',
					baseUrl: sb.baseUrl,
					apiKey: sb.apiKey,
				});
				process.stderr.write(
					`[queue] n8n ${install.version}: main + 2 workers ready in ${Math.round((Date.now() - started) / 1000)} s (${dir})\n`,
				);
			});

			after(async () => {
				await cluster?.stop();
				await sb?.close();
			});

			/** Waits until the main has registered the production webhook (2.x activates asynchronously). */
			async function webhookRegistered(path: string): Promise<void> {
				await waitFor(
					`the webhook ${path} to be registered`,
					async () =>
						Number(
							await services!.pg.query(
								cluster.database,
								`SELECT count(*) FROM webhook_entity WHERE "webhookPath" = '${path}'`,
							),
						) > 0,
					60_000,
				);
			}

			/** A production webhook that takes a PDF: create from it, name the two signers and the contract, send it. */
			/** Returns the workflow's id. */
			async function createPdfWorkflow(path: string): Promise<string> {
				return await cluster.createActiveWorkflow(
					chain('Queue: PDF webhook → create → signers → name → send', [
						webhookNode(path, 'lastNode'),
						tratoNode('Create from PDF', credentialId, {
							resource: 'contract',
							operation: 'create',
							source: 'pdf',
							templateId: byId(NDA_TEMPLATE),
							binaryPropertyName: 'data',
						}),
						tratoNode('Get participants', credentialId, {
							resource: 'variable',
							operation: 'getAll',
							contractId: byId('={{ $json.contractId }}'),
							output: 'perParticipant',
						}),
						tratoNode('Name the signers', credentialId, {
							resource: 'participant',
							operation: 'update',
							contractId: byId('={{ $json.contractId }}'),
							participantId: byId('={{ $json.participantId }}'),
							updateFields: {
								name: "={{ $json.label === 'Signer 1' ? 'Ana López' : 'Beto Ruiz' }}",
								email:
									"={{ $json.label === 'Signer 1' ? 'ana.lopez@example.com' : 'beto.ruiz@example.com' }}",
							},
						}),
						{
							...tratoNode('Name it', credentialId, {
								resource: 'contract',
								operation: 'configure',
								contractId: byId("={{ $('Create from PDF').first().json.contractId }}"),
								updateFields: { name: "={{ $('Webhook').first().json.query.name }}" },
							}),
							executeOnce: true,
						},
						tratoNode('Send', credentialId, {
							resource: 'contract',
							operation: 'send',
							contractId: byId('={{ $json.contractId }}'),
						}),
					]),
				);
			}

			const webhookUrl = (path: string) => `http://127.0.0.1:${cluster.main!.port}/webhook/${path}`;

			test(
				'200 concurrent calls of a production webhook workflow: each answered with its own contract, both workers execute',
				{ timeout: 8 * 60_000 },
				async () => {
					const path = `queue-contract-${major}`;
					await cluster.createActiveWorkflow(
						chain('Queue: webhook → create → name → respond', [
							webhookNode(path, 'responseNode'),
							...createAndName(credentialId, "={{ $('Webhook').item.json.body.ref }}"),
							respondNode(
								'={{ JSON.stringify({ contractId: $json.contractId, name: $json.configured.name, executionId: $execution.id }) }}',
							),
						]),
					);
					await webhookRegistered(path);

					const run = randomBytes(3).toString('hex');
					const refs = Array.from({ length: 200 }, (_, i) => `queue-${run}-${i}`);
					const answers = await Promise.all(
						refs.map(async (ref) => {
							const response = await fetch(webhookUrl(path), {
								method: 'POST',
								headers: { 'content-type': 'application/json' },
								body: JSON.stringify({ ref }),
								signal: AbortSignal.timeout(5 * 60_000),
							});
							const text = await response.text();
							assert.equal(
								response.status,
								200,
								`call ${ref}: HTTP ${response.status} ${text.slice(0, 300)}`,
							);
							return {
								ref,
								...(JSON.parse(text) as { contractId: string; name: string; executionId: string }),
							};
						}),
					);

					for (const answer of answers) {
						assert.equal(answer.name, answer.ref, 'each call is answered with its own contract');
						const contract = sb.control.getContract(answer.contractId);
						assert.ok(contract, `contract ${answer.contractId} exists in the service`);
						assert.equal(
							contract.name,
							answer.ref,
							'the service holds that contract under that name',
						);
					}
					assert.equal(
						new Set(answers.map((a) => a.contractId)).size,
						200,
						'200 different contracts',
					);
					assert.equal(
						new Set(answers.map((a) => a.executionId)).size,
						200,
						'200 different executions',
					);

					const byExecution = cluster.workersByExecution();
					const perWorker = [0, 0];
					for (const { executionId } of answers) {
						const workers = byExecution.get(executionId) ?? [];
						assert.equal(
							workers.length,
							1,
							`execution ${executionId} was started by exactly one worker (${workers.join(', ')})`,
						);
						perWorker[workers[0] - 1]++;
					}
					process.stderr.write(
						`[queue] n8n ${major}: executions per worker ${perWorker.join(' / ')}\n`,
					);
					assert.ok(
						perWorker[0] > 0 && perWorker[1] > 0,
						`both workers executed (${perWorker.join(' / ')})`,
					);
					assert.doesNotMatch(
						cluster.mainLog(),
						/Worker started execution/,
						'the main executed nothing',
					);
				},
			);

			test(
				'the trigger on the main: one execution per change on a worker; a main restart while contracts change loses and doubles nothing',
				{ timeout: 10 * 60_000 },
				async () => {
					// Contracts of their own template, so nothing else in this suite is seen by the trigger.
					const make = (name: string) =>
						sb.control.createContract({
							name,
							templateId: SERVICES_TEMPLATE,
							status: 'SENT_TO_SIGN',
						})._id;
					const c = [1, 2, 3, 4, 5, 6].map((i) => make(`Trigger contract ${i}`));
					const listCalls = () =>
						requests().filter(
							(r) => r.path === '/api/list/contracts' && r.query.templateId === SERVICES_TEMPLATE,
						);
					/** Resolves after a poll that began after this call has finished (a change made before is seen by it). */
					const nextPoll = async () => {
						const since = new Date().toISOString();
						await waitFor(
							'a poll of the trigger',
							() => listCalls().some((r) => r.ts > since),
							90_000,
						);
						await sleep(1500);
					};
					const marks = () =>
						c.concat(late).flatMap((id) =>
							(sb.control.getContract(id)?.properties ?? [])
								.filter((p) => p.name === 'n8n_event')
								.map((p) => {
									const [eventId, status, executionId] = p.value.split('|');
									return { contractId: id, eventId, status, executionId };
								}),
						);
					const late: string[] = [];
					const trigger = {
						name: 'On contract change',
						type: TRIGGER_TYPE,
						typeVersion: 1,
						parameters: {
							// twelve poll times, one every 5 s (n8n accepts no poll time under a minute for one entry)
							pollTimes: {
								item: Array.from({ length: 12 }, (_, n) => ({
									mode: 'custom',
									cronExpression: `${n * 5} * * * * *`,
								})),
							},
							event: 'anyChange',
							filters: { templateId: byId(SERVICES_TEMPLATE) },
							options: {},
						},
						credentials: {
							tratoApi: { id: credentialId, name: 'TRATO account' },
						},
					};
					const workflowId = await cluster.createActiveWorkflow(
						chain('Queue: trigger → mark the contract', [
							trigger,
							markNode(
								credentialId,
								'n8n_event',
								'={{ $json.eventId }}|{{ $json.status }}|{{ $execution.id }}',
							),
						]),
					);
					// the activation poll takes the baseline (no event)
					await waitFor('the activation poll', () => listCalls().length > 0, 90_000);
					await nextPoll();
					assert.deepEqual(marks(), [], 'no event for the contracts that existed at activation');

					const expected: Array<{ contractId: string; status: string }> = [];
					const change = (id: string, status: string, act: () => void) => {
						act();
						expected.push({ contractId: id, status });
					};
					const marked = (n: number) =>
						waitFor(`${n} marked events`, () => marks().length >= n, 120_000);

					// 1. one change at a time: one execution each
					change(c[0], 'RECEIVED_SIGNED', () => sb.control.sign(c[0]));
					await marked(1);
					change(c[1], 'RECEIVED_SIGNED', () => sb.control.sign(c[1]));
					await marked(2);
					change(c[2], 'REJECTED', () => sb.control.reject(c[2]));
					await marked(3);
					const phase1 = marks();
					assert.equal(
						new Set(phase1.map((m) => m.executionId)).size,
						3,
						'one execution per change',
					);
					const saved = await cluster.staticData(workflowId);
					assert.ok(
						saved && Object.keys(saved).length > 0,
						"the trigger's memory is in Postgres (workflow_entity.staticData)",
					);

					// 2. the main stops; contracts change while it is down and while it starts
					await cluster.stopMain();
					change(c[3], 'RECEIVED_SIGNED', () => sb.control.sign(c[3]));
					change(c[4], 'REJECTED', () => sb.control.reject(c[4]));
					const created = make('Trigger contract 7 (created while the main was down)');
					late.push(created);
					expected.push({ contractId: created, status: 'SENT_TO_SIGN' });
					const starting = cluster.startMain();
					await sleep(3000);
					change(c[5], 'RECEIVED_SIGNED', () => sb.control.sign(c[5]));
					await starting;
					await marked(expected.length);

					// 3. after the restart: the same contract reopened and signed again (two more events for it)
					change(c[0], 'SENT_TO_SIGN', () => sb.control.setStatus(c[0], 'SENT_TO_SIGN'));
					await marked(expected.length);
					change(c[0], 'RECEIVED_SIGNED', () => sb.control.sign(c[0]));
					await marked(expected.length);
					// one more poll: nothing else may come
					await nextPoll();

					const all = marks();
					const eventIds = all.map((m) => m.eventId);
					assert.equal(
						new Set(eventIds).size,
						eventIds.length,
						`every eventId processed once: ${eventIds.join(', ')}`,
					);
					for (const m of all) {
						assert.ok(
							m.eventId.startsWith(`${m.contractId}:${m.status}:`),
							`eventId ${m.eventId} is <contractId>:<status>:…`,
						);
					}
					const key = (x: { contractId: string; status: string }) => `${x.contractId} ${x.status}`;
					const count = (list: Array<{ contractId: string; status: string }>) => {
						const out: Record<string, number> = {};
						for (const x of list) out[key(x)] = (out[key(x)] ?? 0) + 1;
						return out;
					};
					assert.deepEqual(
						count(all),
						count(expected),
						'each change reported exactly once, nothing else',
					);

					const byExecution = cluster.workersByExecution();
					const executions = await cluster.executions(workflowId);
					for (const id of new Set(all.map((m) => m.executionId))) {
						assert.equal(byExecution.get(id)?.length, 1, `execution ${id} ran on one worker`);
						const execution = executions.find((x) => x.id === id);
						assert.equal(execution?.status, 'success', `execution ${id} succeeded`);
						assert.equal(execution?.mode, 'trigger');
					}
					assert.equal(
						executions.length,
						new Set(all.map((m) => m.executionId)).size,
						'no execution without a mark',
					);
					await cluster.deactivate(workflowId);
				},
			);

			test(
				'the instant trigger on the main: every delivery of the sandbox runs exactly once, on a worker; its repeats start nothing',
				{ timeout: 8 * 60_000 },
				async () => {
					const secret = sb.control.webhooks.settings().secret;
					const credential = await cluster.rest.createCredential('TRATO account (webhook secret)', {
						environment: 'custom',
						baseUrl: sb.baseUrl,
						authentication: 'apiKey',
						apiKey: sb.apiKey,
						accessToken: '',
						webhookSecret: secret,
					});
					const webhookId = randomUUID();
					const workflowId = await cluster.createActiveWorkflow(
						chain('Queue: instant trigger → mark the contract', [
							{
								name: INSTANT_NODE,
								type: INSTANT_TRIGGER_TYPE,
								typeVersion: 1,
								webhookId,
								parameters: { events: ALL_EVENTS, options: { ignoreRepeats: true } },
								credentials: { tratoApi: { id: credential.id, name: credential.name } },
							},
							markNode(
								credentialId,
								'n8n_webhook',
								'={{ $json.eventId }}|{{ $json.event }}|{{ $execution.id }}',
							),
						]),
					);
					const url = `http://127.0.0.1:${cluster.main!.port}/webhook/${webhookId}/webhook`;
					await waitRegistered(url);
					const contracts = Array.from(
						{ length: 8 },
						(_, i) =>
							sb.control.createContract({
								name: `Instant contract ${i + 1}`,
								status: 'SENT_TO_SIGN',
								participants: [
									{ name: 'Ana López', email: 'ana.lopez@example.com' },
									{ name: 'Beto Ruiz', email: 'beto.ruiz@example.com' },
								],
							})._id,
					);
					sb.control.webhooks.clearDeliveries();
					sb.control.webhooks.configure({ urls: eventUrls(url), retryDelaysMs: [1000, 3000] });
					const started = cluster.startedExecutions().length;
					try {
						const at = (s: number) => new Date(sb.control.now().getTime() + s * 1000).toISOString();
						contracts.forEach((id, i) => {
							const [first, second] = sb.control.getContract(id)!.participants;
							sb.control.sign(id, { participantId: first._id, signedAt: at(2 * i + 1) });
							sb.control.sign(id, { participantId: second._id, signedAt: at(2 * i + 2) });
						});
						await sb.control.webhooks.idle();
					} finally {
						sb.control.webhooks.unsubscribe();
					}
					const deliveries = sb.control.webhooks.deliveries();
					assert.equal(deliveries.length, contracts.length * 4, 'signed ×2, signed-all, milestone');
					assert.deepEqual(
						[...new Set(deliveries.map((d) => `${d.state} ${d.attempts.map((a) => a.status)}`))],
						['delivered 200'],
						'the main answered every delivery 200 at the first attempt',
					);
					const expected = deliveries.map((d) => {
						const p = d.payload as Record<string, string>;
						return `${p.contractid}:${d.event}:${p.milestoneId ?? p.signedAt}`;
					});
					const marks = () =>
						contracts.flatMap((id) =>
							(sb.control.getContract(id)?.properties ?? [])
								.filter((p) => p.name === 'n8n_webhook')
								.map((p) => {
									const [eventId, event, executionId] = p.value.split('|');
									return { eventId, event, executionId };
								}),
						);
					await waitFor(
						`${expected.length} marks`,
						() => marks().length >= expected.length,
						4 * 60_000,
					);
					await sleep(3000); // one more execution per delivery would have marked by now
					const all = marks();
					assert.deepEqual(
						all.map((m) => m.eventId).sort(),
						[...expected].sort(),
						'every delivery ran once, none twice',
					);
					const byExecution = cluster.workersByExecution();
					const perWorker = [0, 0];
					for (const { executionId } of all) {
						const workers = byExecution.get(executionId) ?? [];
						assert.equal(workers.length, 1, `execution ${executionId} ran on exactly one worker`);
						perWorker[workers[0] - 1]++;
					}
					process.stderr.write(
						`[queue] n8n ${major}: ${all.length} webhook deliveries, executions per worker ${perWorker.join(' / ')}\n`,
					);
					assert.ok(
						perWorker[0] > 0 && perWorker[1] > 0,
						`both workers ran (${perWorker.join(' / ')})`,
					);
					assert.equal(cluster.startedExecutions().length - started, expected.length);
					const executions = await cluster.executions(workflowId);
					assert.equal(executions.length, expected.length, 'no execution without a mark');
					for (const x of executions) {
						assert.equal(x.status, 'success', `execution ${x.id}`);
						assert.equal(x.mode, 'webhook');
					}
					assert.doesNotMatch(
						cluster.mainLog(),
						/Worker started execution/,
						'the main executed nothing',
					);
					// Ignore Repeated Deliveries: the main remembered every delivery in the workflow's static data (Postgres)
					const repeats = [];
					for (const d of deliveries.slice(0, 4)) {
						repeats.push(
							await sb.control.webhooks.forge({ url: eventUrls(url)[d.event], payload: d.payload }),
						);
					}
					assert.deepEqual(
						repeats.map((r) => [r.status, /received before/.test(r.body)]),
						Array(4).fill([200, true]),
						'each repeat answered 200 as received before',
					);
					await sleep(3000); // an execution started by a repeat would have marked by now
					assert.equal(marks().length, expected.length, 'the repeats started nothing');
					assert.equal(cluster.startedExecutions().length - started, expected.length);
					await cluster.deactivate(workflowId);
				},
			);

			test(
				'Wait for Signatures: a run waits on a worker, the instant trigger on the main resumes it once when the contract is signed, a worker goes on',
				{ timeout: 6 * 60_000 },
				async () => {
					const secret = sb.control.webhooks.settings().secret;
					const credential = await cluster.rest.createCredential('TRATO account (webhook secret)', {
						environment: 'custom',
						baseUrl: sb.baseUrl,
						authentication: 'apiKey',
						apiKey: sb.apiKey,
						accessToken: '',
						webhookSecret: secret,
					});
					const hook = randomUUID();
					const listener = await cluster.createActiveWorkflow(
						chain('Queue: instant trigger resuming waiting runs', [
							{
								name: INSTANT_NODE,
								type: INSTANT_TRIGGER_TYPE,
								typeVersion: 1,
								webhookId: hook,
								parameters: { events: ['signed-all'], options: { resumeWaiting: true } },
								credentials: { tratoApi: { id: credential.id, name: credential.name } },
							},
						]),
					);
					const path = `queue-wait-${major}`;
					const waiting = await cluster.createActiveWorkflow(
						chain('Queue: webhook → wait for signatures → mark', [
							webhookNode(path, 'onReceived'),
							tratoNode('Wait for signatures', credentialId, {
								resource: 'contract',
								operation: 'waitForSignatures',
								contractId: byId('={{ $json.body.contractId }}'),
							}),
							markNode(credentialId, 'n8n_resumed', '={{ $execution.id }}|{{ $json.outcome }}'),
						]),
					);
					const listenerUrl = `http://127.0.0.1:${cluster.main!.port}/webhook/${hook}/webhook`;
					await waitRegistered(listenerUrl);
					await webhookRegistered(path);
					const contract = sb.control.createContract({
						name: 'Queue: waited for',
						status: 'SENT_TO_SIGN',
						participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
					})._id;
					const started = cluster.startedExecutions().length;
					const call = await fetch(webhookUrl(path), {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ contractId: contract }),
					});
					assert.equal(call.status, 200);
					const [run] = await waitFor(
						'the run to wait',
						async () => {
							const list = await cluster.executions(waiting);
							return list.length === 1 && list[0].status === 'waiting' && list;
						},
						120_000,
					);
					const stored = () =>
						(sb.control.getContract(contract)?.properties ?? []).filter(
							(p) => p.name === RESUME_PROPERTY,
						);
					assert.equal(stored().length, 1, 'its resume URL is on the contract');
					sb.control.webhooks.configure({
						urls: { 'signed-all': `${listenerUrl}?event=signed-all` },
						retryDelaysMs: [1000, 3000],
					});
					try {
						sb.control.sign(contract);
						await sb.control.webhooks.idle();
					} finally {
						sb.control.webhooks.unsubscribe();
					}
					const marks = () =>
						(sb.control.getContract(contract)?.properties ?? []).filter(
							(p) => p.name === 'n8n_resumed',
						);
					await waitFor('the resumed run to mark the contract', () => marks().length > 0, 120_000);
					await sleep(3000); // a second resume would have marked by now
					assert.deepEqual(
						marks().map((m) => m.value),
						[`${run.id}|signed`],
						'the waiting run was resumed once',
					);
					assert.equal(stored().length, 0, 'the URL is removed');
					const [done] = await cluster.executions(waiting);
					assert.equal(done.status, 'success');
					const workers = cluster.workersByExecution().get(run.id) ?? [];
					process.stderr.write(
						`[queue] n8n ${major}: the waiting run ${run.id} was started and resumed by workers ${workers.join(', ')}\n`,
					);
					assert.equal(workers.length, 2, 'started by a worker, resumed on a worker');
					assert.equal(
						cluster.startedExecutions().length - started,
						3,
						'the run twice, the listener once',
					);
					assert.doesNotMatch(
						cluster.mainLog(),
						/Worker started execution/,
						'the main executed nothing',
					);
					await cluster.deactivate(waiting);
					await cluster.deactivate(listener);
				},
			);

			test(
				"External ID: two deliveries of one deal at once, run on the workers side by side, send one contract; another team's draft is not sent",
				{ timeout: 3 * 60_000 },
				async () => {
					const path = `queue-external-id-${major}`;
					const id = await cluster.createActiveWorkflow(
						externalIdWorkflow(path, credentialId, 'TRATO account'),
					);
					await webhookRegistered(path);
					const before = cluster.startedExecutions().length;
					await overlappingDeliveriesSendOne(`queue, n8n ${major}`, sb, async (body) => {
						const response = await fetch(webhookUrl(path), {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify(body),
							signal: AbortSignal.timeout(120_000),
						});
						return { status: response.status, json: await response.json() };
					});
					const ran = cluster.startedExecutions().slice(before);
					const workers = new Set(ran.map((x) => x.worker));
					process.stderr.write(
						`[queue] n8n ${major}: the two deliveries ran on workers ${[...workers].join(', ')}\n`,
					);
					await cluster.deactivate(id);
				},
			);

			test(
				'a 10 MB PDF posted to the main: created and sent by a worker, the same bytes in the service',
				{ timeout: 5 * 60_000 },
				async () => {
					const path = `queue-pdf-${major}`;
					await createPdfWorkflow(path);
					await webhookRegistered(path);
					const pdf = readFileSync(await largePdf(10_000_000, servicesDir));
					const name = `Queue PDF ${randomBytes(3).toString('hex')}`;
					const started = cluster.startedExecutions().length;
					const response = await fetch(`${webhookUrl(path)}?name=${encodeURIComponent(name)}`, {
						method: 'POST',
						headers: { 'content-type': 'application/pdf' },
						body: pdf,
						signal: AbortSignal.timeout(4 * 60_000),
					});
					const text = await response.text();
					assert.equal(response.status, 200, `HTTP ${response.status}: ${text.slice(0, 500)}`);
					const sent = JSON.parse(text) as { contractId: string; sent?: boolean };
					const contract = sb.control.getContract(sent.contractId);
					assert.ok(contract, `contract ${sent.contractId} exists`);
					assert.equal(contract.status, 'SENT_TO_SIGN', 'the contract was sent');
					assert.equal(contract.name, name);
					assert.deepEqual(
						contract.participants.map((p) => p.email),
						['ana.lopez@example.com', 'beto.ruiz@example.com'],
					);
					// the document the service holds is the very file posted to the main
					sb.control.setFileProtection(true);
					try {
						const file = await fetch(`${sb.baseUrl}/uploads/${contract.documentFileId}`, {
							headers: { apikey: sb.apiKey },
						});
						assert.equal(file.status, 200);
						const bytes = Buffer.from(await file.arrayBuffer());
						assert.equal(bytes.length, pdf.length, 'same size');
						assert.equal(
							createHash('sha256').update(bytes).digest('hex'),
							createHash('sha256').update(pdf).digest('hex'),
							'same bytes',
						);
					} finally {
						sb.control.setFileProtection(false);
					}
					const ran = cluster.startedExecutions().slice(started);
					assert.equal(ran.length, 1, 'one execution, on a worker');
					process.stderr.write(
						`[queue] n8n ${major}: ${(pdf.length / 1e6).toFixed(1)} MB PDF sent by worker ${ran[0].worker} with N8N_DEFAULT_BINARY_DATA_MODE=${queueBinaryMode(major)}\n`,
					);
				},
			);

			test(
				'a worker killed in the middle of a batch: recovery as n8n does it, the node repeats nothing by itself',
				{ timeout: 8 * 60_000 },
				async () => {
					const path = `queue-batch-${major}`;
					const workflowId = await cluster.createActiveWorkflow(
						chain('Queue: batch of 20 contracts', [
							webhookNode(path, 'onReceived'),
							{
								name: 'Items',
								type: 'n8n-nodes-base.splitOut',
								typeVersion: 1,
								parameters: {
									fieldToSplitOut: 'body.items',
									include: 'noOtherFields',
									options: {},
								},
							},
							...createAndName(credentialId, "={{ $('Items').item.json.ref }}"),
						]),
					);
					await webhookRegistered(path);
					const run = randomBytes(3).toString('hex');
					const refs = Array.from(
						{ length: 20 },
						(_, i) => `batch-${run}-${String(i).padStart(2, '0')}`,
					);
					const known = new Set(cluster.startedExecutions().map((x) => x.executionId));
					let creates = 0;
					let killed: { worker: number; executionId: string; at: string } | undefined;
					sb.control.setLatency(250);
					sb.control.setRequestHook(async (info) => {
						if (info.method !== 'POST' || info.path !== '/api/create/contract') return;
						if (++creates !== 8 || killed) return;
						// the 8th contract of the batch is being created: kill the worker that runs the batch
						const start = cluster.startedExecutions().find((x) => !known.has(x.executionId));
						if (!start) return;
						killed = {
							worker: start.worker,
							executionId: start.executionId,
							at: new Date().toISOString(),
						};
						await cluster.killWorker(start.worker);
					});
					try {
						const response = await fetch(webhookUrl(path), {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({ items: refs.map((ref) => ({ ref })) }),
						});
						assert.equal(response.status, 200);
						await waitFor('the worker to be killed', () => killed, 120_000);
						const { executionId, worker } = killed!;
						// n8n's own recovery: wait for the execution to end one way or another
						const final = await waitFor(
							`execution ${executionId} to end`,
							async () => {
								const x = (await cluster.executions(workflowId)).find((e) => e.id === executionId);
								return x && !['new', 'running', 'waiting', 'unknown'].includes(x.status)
									? x
									: undefined;
							},
							4 * 60_000,
							2000,
						);
						await sleep(2000);
						sb.control.setRequestHook(undefined);
						const starts = cluster.startedExecutions().filter((s) => s.executionId === executionId);
						const configured: Record<string, number> = {};
						for (const r of requests()) {
							if (
								r.method === 'POST' &&
								r.path.startsWith('/api/contract/configuration/') &&
								refs.includes(r.body?.name)
							)
								configured[r.body.name] = (configured[r.body.name] ?? 0) + 1;
						}
						const observed = {
							status: final.status,
							startedBy: starts.map((s) => s.worker).sort(),
							createsSent: creates,
							itemsNamed: Object.keys(configured).length,
						};
						process.stderr.write(
							`[queue] n8n ${major}: worker ${worker} killed while creating contract 8 of 20 in execution ${executionId}: ${JSON.stringify(observed)}\n`,
						);

						// the node: every create and configure it sent was answered, and it never sent one twice for an item
						assert.ok(
							Object.values(configured).every((n) => n === 1),
							'no item named twice',
						);
						if (major === '1') {
							// n8n 1.x: the killed worker's job is noticed as stalled (its lock expires; Bull's maxStalledCount is 1)
							// and the other worker runs the execution again from its start data: one execution, a success, and
							// the 8 contracts created before the kill are created a second time.
							assert.deepEqual(
								observed.startedBy,
								[1, 2],
								'started by the killed worker, then by the other one',
							);
							assert.equal(final.status, 'success', 'the execution ends as a success');
							assert.equal(
								creates,
								8 + 20,
								'creates: 8 by the killed worker, then 20 by the re-run',
							);
							assert.equal(observed.itemsNamed, 20, 'the re-run named every item');
						} else {
							// n8n 2.x: stalled jobs are not retried (maxStalledCount 0): the execution fails and nothing runs it again
							assert.deepEqual(observed.startedBy, [worker], 'started only by the killed worker');
							assert.equal(final.status, 'error', 'the execution ends as an error');
							assert.match(
								cluster.mainLog(),
								new RegExp(`job stalled more than maxStalledCount \\(execution ${executionId}\\)`),
							);
							assert.equal(creates, 8, 'creates: the 8 sent by the killed worker, no more');
							assert.equal(observed.itemsNamed, 0, 'no item was named');
						}
					} finally {
						sb.control.setRequestHook(undefined);
						sb.control.setLatency(0);
						// the killed worker is not started again: the next test starts the instances it needs
					}
				},
			);

			test(
				'filesystem binary mode on separate instances: the PDF the main received is not found by the worker',
				{ timeout: 5 * 60_000 },
				async () => {
					const path = `queue-pdf-fs-${major}`;
					const workflowId = await createPdfWorkflow(path);
					// the main and one worker restarted with N8N_DEFAULT_BINARY_DATA_MODE=filesystem, each with its own disk
					await cluster.stop();
					const filesystem = { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' };
					await cluster.startMain(filesystem);
					await cluster.startWorker(1, filesystem);
					await webhookRegistered(path);
					const creates = () => requests().filter((r) => r.path === '/api/create/contract').length;
					const createsBefore = creates();
					const known = new Set(cluster.startedExecutions().map((x) => x.executionId));
					const response = await fetch(`${webhookUrl(path)}?name=filesystem`, {
						method: 'POST',
						headers: { 'content-type': 'application/pdf' },
						body: readFileSync(await largePdf(10_000_000, servicesDir)),
						signal: AbortSignal.timeout(4 * 60_000),
					});
					const text = await response.text();
					await sleep(1000);
					const ran = cluster.startedExecutions().filter((x) => !known.has(x.executionId));
					process.stderr.write(
						`[queue] n8n ${major}, filesystem mode: HTTP ${response.status} ${text.slice(0, 300).replace(/\s+/g, ' ')}\n`,
					);
					assert.equal(ran.length, 1, 'the execution ran on a worker');
					const execution = (await cluster.executions(workflowId)).find(
						(x) => x.id === ran[0].executionId,
					);
					assert.equal(execution?.status, 'error', 'the execution failed');
					// what the execution view shows (n8n stores execution data in its "flatted" form: strings stand apart)
					const data = await services!.pg.query(
						cluster.database,
						`SELECT data FROM execution_data WHERE "executionId" = ${Number(ran[0].executionId)}`,
					);
					const errors = (JSON.parse(data) as unknown[]).filter(
						(x): x is string => typeof x === 'string' && /ENOENT|no such file|not found/i.test(x),
					);
					process.stderr.write(
						`[queue] n8n ${major}, filesystem mode, execution error: ${errors.slice(0, 2).join(' | ')}\n`,
					);
					assert.ok(errors.length > 0, 'the execution says that the file is missing');
					assert.notEqual(response.status, 200, 'the caller is told');
					assert.equal(creates(), createsBefore, 'no contract was created');
				},
			);
		},
	);
}
