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
 * Both triggers into one workflow in a real n8n (issue 42, item 3): example 12 (the instant trigger on signed-all and
 * the polling trigger on Signed (Any) → n8n's Remove Duplicates across executions on `factId` → the steps), its
 * polling trigger every 5 s, in the suite's shared n8n. A signature both triggers see starts the steps once (the
 * delivery first; the poll's report of it is dropped); one the instant trigger missed (TRATO's delivery went to an
 * address where nothing listened, as when n8n is down) is started by the poll, and the delivery TRATO sends again
 * once n8n is back is dropped.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';

import { TRIGGER_TYPE } from '../test-support/n8n/n8n';
import { exampleFile, readWorkflow, type E2eEnv, type Workflow } from './env';
import { INSTANT_TRIGGER_TYPE, eventUrl, productionUrl, waitRegistered } from './webhook';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STEPS = 'Store and notify (replace me)';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined) {
	const deadline = Date.now() + 120_000;
	for (;;) {
		const value = await fn();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(500);
	}
}

/** A loopback address where nothing listens (a port taken and given back). */
async function deadUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/webhook?event=signed-all`;
}

/** Example 12 for this n8n: its own webhook path, polling every 5 s, the credential with the Webhook Secret. */
function example12(major: string, credentialId: string): Workflow {
	const copy = readWorkflow(exampleFile(12));
	copy.id = `tratoBothTriggers${major}`;
	copy.name = 'E2E: example 12, polling every 5 s';
	for (const node of copy.nodes) {
		if (node.credentials)
			node.credentials = { tratoApi: { id: credentialId, name: 'TRATO account (webhook secret)' } };
		if (node.type === INSTANT_TRIGGER_TYPE)
			node.webhookId = `5e1b2c3d-0000-4000-8000-00000000012${major}`;
		if (node.type === TRIGGER_TYPE)
			node.parameters.pollTimes = {
				item: Array.from({ length: 12 }, (_, n) => ({
					mode: 'custom',
					cronExpression: `${n * 5} * * * * *`,
				})),
			};
	}
	return copy;
}

/** One finished execution: how it started, the factIds its trigger gave, the factIds that reached the steps. */
interface Run {
	id: string;
	mode: string;
	facts: string[];
	stored: string[];
}

export async function bothTriggersInRealN8n(e: E2eEnv, credentialId: string): Promise<void> {
	const { n8n, sb, major } = e;
	const started = Date.now();
	const workflow = example12(major, credentialId);
	const instant = workflow.nodes.find((n) => n.type === INSTANT_TRIGGER_TYPE)!;
	const polling = workflow.nodes.find((n) => n.type === TRIGGER_TYPE)!;
	const url = productionUrl(n8n.url, instant.webhookId as string);
	const contract = (name: string) =>
		sb.control.createContract({
			name,
			status: 'SENT_TO_SIGN',
			participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
		})._id;
	const seenByBoth = contract('E2E both triggers: seen by both');
	const missed = contract('E2E both triggers: delivery missed');
	// a poll of Signed (Any) lists each signed status; one of them counts the polls
	const polls = () =>
		e
			.requests()
			.filter((r) => r.path === '/api/list/contracts' && r.query.statusContract === 'SENT_SIGNED')
			.length;
	const runs = new Map<string, Run>();
	const finished = async (): Promise<Run[]> => {
		for (const summary of await n8n.executionsOf(workflow.id)) {
			if (runs.has(summary.id) || !['success', 'error'].includes(summary.status)) continue;
			const { data, mode } = await n8n.executionIn(summary.id, ['success', 'error']);
			const items = (node: string): string[] =>
				(data.resultData.runData[node]?.[0]?.data?.main[0] ?? []).map((i: any) => i.json.factId);
			runs.set(summary.id, {
				id: summary.id,
				mode,
				facts: [...items(instant.name), ...items(polling.name)],
				stored: items(STEPS),
			});
		}
		return [...runs.values()];
	};
	const runWith = (fact: string, mode: string, stored: boolean) =>
		waitFor(`a ${mode} run with ${fact}`, async () =>
			(await finished()).find(
				(r) => r.mode === mode && r.facts.includes(fact) && r.stored.includes(fact) === stored,
			),
		);
	const settings = sb.control.webhooks.settings();
	await e.importWorkflow(workflow);
	const pollsBefore = polls();
	await e.activate(workflow.id);
	let holding = false;
	let release = () => {};
	try {
		await waitRegistered(url);
		// the activation poll takes the baseline (neither contract is signed)
		await waitFor('the baseline poll', () => polls() > pollsBefore);
		await sleep(1000);
		sb.control.webhooks.configure({
			urls: { 'signed-all': eventUrl(url, 'signed-all') },
			maxAttempts: 1,
		});

		// 1. Seen by both: the delivery starts the steps; the polls are held until that run has ended (a poll every 15
		// minutes comes long after the delivery), then a poll reports the same fact and the steps do not start again
		const held = new Promise<void>((resolve) => (release = resolve));
		holding = true;
		sb.control.setRequestHook(async (info) => {
			if (holding && info.path === '/api/list/contracts') await held;
		});
		sb.control.sign(seenByBoth);
		const fact1 = `${seenByBoth}:signed-all`;
		const delivered = await runWith(fact1, 'webhook', true);
		holding = false;
		release();
		const polled = await runWith(fact1, 'trigger', false);

		// 2. Missed by the instant trigger: TRATO delivers where nothing listens (n8n down); the poll starts the steps
		sb.control.webhooks.configure({ urls: { 'signed-all': await deadUrl() } });
		sb.control.sign(missed);
		const fact2 = `${missed}:signed-all`;
		const lost = await waitFor('the lost delivery', () =>
			sb.control.webhooks.deliveries().find((d) => d.contractId === missed && d.state === 'failed'),
		);
		assert.equal(lost.attempts[0].status, null, 'nothing answered the delivery');
		const caught = await runWith(fact2, 'trigger', true);
		// TRATO sends it again once n8n is back: it starts the workflow, not the steps
		const again = await sb.control.webhooks.forge({
			contractId: missed,
			event: 'signed-all',
			url: eventUrl(url, 'signed-all'),
		});
		assert.equal(again.status, 200);
		const late = await runWith(fact2, 'webhook', false);

		// each signature reached the steps exactly once, whatever else ran meanwhile (two more polls included)
		const after = polls();
		await waitFor('two more polls', () => polls() >= after + 2);
		await n8n.finishedExecutions(workflow.id, runs.size);
		const all = await finished();
		const stored = all.flatMap((r) => r.stored);
		assert.deepEqual(stored.sort(), [fact1, fact2].sort(), JSON.stringify(all));
		assert.ok(all.every((r) => r.stored.every((fact) => r.facts.includes(fact))));
		process.stderr.write(
			`[e2e] n8n ${major}, both triggers (example 12): ${all.length} runs (${[delivered, polled, caught, late].map((r) => `${r.mode} ${r.stored.length ? 'stored' : 'dropped'}`).join(', ')}, …) in ${Math.round((Date.now() - started) / 1000)} s\n`,
		);
	} finally {
		holding = false;
		release();
		sb.control.setRequestHook(undefined);
		await n8n.deactivate(workflow.id);
		sb.control.webhooks.unsubscribe();
		sb.control.webhooks.configure({
			maxAttempts: settings.maxAttempts,
			retryDelaysMs: settings.retryDelaysMs,
		});
	}
}
