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
 * A batch in a real n8n (issue 41), for the suite's shared n8n: example 10 with 50 rows makes and sends 50 leases,
 * waits, and is resumed once as the rows are signed, by the instant trigger (Resume Waiting Workflows) in one round
 * and by the polling trigger (example 7) in another; the TRATO requests the wait costs per contract are counted from
 * the sandbox's log; each row comes out with its outcome and its own fields; running the first round's batch again
 * sends nothing. Then example 11: one reminder per waiting contract per day, at most three.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

import { RESUME_PROPERTY } from '../test-support/waitingRuns';
import type { E2eEnv, LoggedRequest, Workflow } from './env';
import { exampleFile, readWorkflow } from './env';
import { eventUrl, instantWorkflow, productionUrl, waitRegistered } from './webhook';
import { lastOutput, pollingEvery, waitFor } from './waitForSignatures';

const ROWS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Example 10 with `rows` rows of its own (one batch). */
function batchWorkflow(id: string, tag: string): { workflow: Workflow; rowIds: string[] } {
	const workflow: Workflow = JSON.parse(JSON.stringify(readWorkflow(exampleFile(10))));
	workflow.id = id;
	workflow.name = `E2E: example 10, ${ROWS} rows (${tag})`;
	const rowIds = Array.from({ length: ROWS }, (_, i) => `${tag}-${i + 1}`);
	const rows = rowIds.map((rowId, i) => ({
		rowId,
		tenant: `Tenant ${i + 1}`,
		tenantEmail: `tenant.${tag}.${i + 1}@example.com`,
		landlord: 'María Fernández',
		landlordEmail: 'maria.fernandez@example.com',
		address: `Calle ${i + 1}, Ciudad de México`,
		rent: '10,000.00',
	}));
	workflow.nodes.find(
		(n) => n.name === 'Rows (replace with Google Sheets)',
	)!.parameters.jsonOutput = JSON.stringify({ rows });
	return { workflow, rowIds };
}

/** What the wait costs: TRATO requests from the wait's first stored value to the run's end. */
function waitingRequests(requests: LoggedRequest[]): { counted: LoggedRequest[]; files: number } {
	const start = requests.findIndex(
		(r) =>
			r.method === 'POST' &&
			r.path.endsWith('/customproperties') &&
			r.body?.properties?.[0]?.name === RESUME_PROPERTY,
	);
	assert.ok(start >= 0, 'the wait stored its values');
	const after = requests.slice(start);
	const isFile = (r: LoggedRequest) =>
		r.path.startsWith('/api/contract/documents/') || !r.path.startsWith('/api/');
	// the polling trigger's own list reads are its polling, not the wait's
	const counted = after.filter((r) => !isFile(r) && r.path !== '/api/list/contracts');
	return { counted, files: after.filter(isFile).length };
}

/** Runs one batch, signs every contract, waits for the run to end; returns its execution and contracts. */
async function oneBatch(
	e: E2eEnv,
	workflow: Workflow,
	label: string,
): Promise<{ execution: string; contracts: string[]; perContract: number }> {
	const { n8n, sb, major } = e;
	const before = e.requests().length;
	const execution = await n8n.start(workflow.id);
	const waiting = await n8n.executionIn(execution, ['waiting'], 240_000);
	const created = lastOutput(waiting.data, 'Create and send from template').map((i) => i.json);
	assert.equal(created.length, ROWS);
	assert.ok(created.every((c) => c.outcome === 'created'));
	const contracts = created.map((c) => c.contractId as string);
	for (const id of contracts) sb.control.sign(id);
	const done = await n8n.executionIn(execution, ['success', 'error'], 240_000);
	assert.equal(done.status, 'success');
	const { counted, files } = waitingRequests(e.requests().slice(before));
	const perContract = counted.length / ROWS;
	const kinds = new Map<string, number>();
	for (const r of counted) {
		const kind = `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, '<id>')}`;
		kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
	}
	process.stderr.write(
		`[e2e] n8n ${major}, example 10 with ${ROWS} rows resumed by the ${label}: ${counted.length} TRATO requests for the wait (${perContract.toFixed(2)} per contract; ${[...kinds].map(([k, n]) => `${k} ×${n}`).join(', ')}), ${files} for the files\n`,
	);
	// five per contract (store, first read, the listener's look-up, the removal, the final check), and the one read-back
	// of the first value an n8n process stores with a credential (none when an earlier run of this n8n stored one)
	const readBack = counted.length - 5 * ROWS;
	assert.ok(readBack <= 1, `${perContract} requests per contract`);
	return { execution, contracts, perContract };
}

export async function batchInRealN8n(e: E2eEnv, webhookCredentialId: string): Promise<void> {
	const { n8n, sb, major } = e;
	const tag = `b${major}${randomBytes(2).toString('hex')}`;
	const first = batchWorkflow(`tratoBatchInstant${major}`, `${tag}i`);
	const second = batchWorkflow(`tratoBatchPolling${major}`, `${tag}p`);
	const hook = `5e1b2c3d-0000-4000-8000-0000000010${major}0`;
	const instant = instantWorkflow(
		`tratoBatchListener${major}`,
		'E2E: instant trigger resuming the batch',
		['signed-all'],
		hook,
		webhookCredentialId,
		{ options: { resumeWaiting: true } },
	);
	// every 20 s: a poll that calls the resume URLs of 50 contracts takes seconds, and n8n starts the next poll on time
	// even while one runs (polls then overlap: each would look the same contracts up)
	const polling = pollingEvery(20, readWorkflow(exampleFile(7)), `tratoBatchPoll${major}`);
	for (const workflow of [first.workflow, second.workflow, instant, polling])
		await e.importWorkflow(workflow);

	// 1. the instant trigger resumes the first batch
	await e.activate(instant.id);
	let round: Awaited<ReturnType<typeof oneBatch>>;
	try {
		const url = productionUrl(n8n.url, hook);
		await waitRegistered(url);
		sb.control.webhooks.configure({
			urls: { 'signed-all': eventUrl(url, 'signed-all') },
			retryDelaysMs: [1000, 5000],
		});
		round = await oneBatch(e, first.workflow, 'instant trigger');
		await sb.control.webhooks.idle();
		await sleep(2000);
		// resumed once: of the 50 deliveries' items, one says it resumed the run
		const deliveries = await n8n.finishedExecutions(instant.id, ROWS);
		const results: string[] = [];
		for (const delivery of deliveries) {
			const [item] = await n8n.nodeItems(delivery.id, instant.nodes[0].name);
			for (const run of (item?.json.waitingRuns ?? []) as Array<{ result: string }>)
				results.push(run.result);
		}
		assert.equal(results.filter((r) => r === 'resumed').length, 1, results.join(', '));
	} finally {
		await n8n.deactivate(instant.id);
		sb.control.webhooks.unsubscribe();
	}
	// each row with its own fields, its contract and outcome; the signed PDFs stored
	const finished = await n8n.executionIn(round.execution, ['success'], 5000);
	const rows = lastOutput(finished.data, 'Row outcome').map((i) => i.json);
	assert.deepEqual(
		rows.map((r) => [r.rowId, r.outcome, r.status, r.notSignedBy.length]),
		first.rowIds.map((rowId) => [rowId, 'signed', 'RECEIVED_SIGNED', 0]),
	);
	assert.deepEqual(
		rows.map((r) => r.contractId),
		round.contracts,
	);
	assert.ok(rows.every((r) => r.tenantEmail.startsWith('tenant.')));
	// the signed PDFs (these leases are not NOM-151 stamped: no certificate)
	const stored = lastOutput(finished.data, 'Store signed PDFs (replace me)');
	assert.equal(stored.filter((i) => i.binary?.data).length, ROWS);

	// 2. the polling trigger (example 7, every 20 s) resumes the second batch
	const polls = () => e.requests().filter((r) => r.path === '/api/list/contracts').length;
	const pollsBefore = polls();
	await e.activate(polling.id);
	try {
		await waitFor('the polling trigger to take its baseline', async () =>
			polls() > pollsBefore ? true : undefined,
		);
		await sleep(2000);
		const polled = await oneBatch(e, second.workflow, 'polling trigger').catch(async (error) => {
			const results: string[] = [];
			for (const run of await n8n.executionsOf(polling.id)) {
				const items = await n8n
					.nodeItems(run.id, polling.nodes.find((n) => n.type.endsWith('tratoTrigger'))!.name)
					.catch(() => []);
				for (const item of items)
					for (const w of (item.json.waitingRuns ?? []) as any[])
						results.push(`${run.id}:${w.result}`);
			}
			process.stderr.write(`[e2e] polling results: ${results.join(' ')}\n`);
			throw error;
		});
		const finishedPolled = await n8n.executionIn(polled.execution, ['success'], 5000);
		assert.equal(lastOutput(finishedPolled.data, 'Row outcome').length, ROWS);
	} finally {
		await n8n.deactivate(polling.id);
	}

	// 3. the first batch again (a crash's re-run): nothing made, nothing sent, every row reported
	const before = e.requests().length;
	const again = await n8n.execute(first.workflow.id);
	assert.equal(again.code, 0);
	const made = e
		.requests()
		.slice(before)
		.filter((r) => r.path === '/api/create/contract' || r.path.startsWith('/api/contract/send/'));
	assert.deepEqual(made, [], 'nothing made or sent again');
	const reported = lastOutput(again.run!.data, 'Create and send from template').map((i) => i.json);
	assert.deepEqual(
		reported.map((r) => [r.outcome, r.contractId]),
		round.contracts.map((id) => ['alreadySent', id]),
	);
	assert.equal(lastOutput(again.run!.data, 'Row outcome').length, ROWS);
}

/** Example 11 run by hand ("Run now"), day after day as the property it keeps says. */
export async function remindersInRealN8n(e: E2eEnv): Promise<void> {
	const { n8n, sb, major } = e;
	const workflow: Workflow = JSON.parse(JSON.stringify(readWorkflow(exampleFile(11))));
	workflow.id = `tratoReminders${major}`;
	workflow.name = 'E2E: example 11';
	await e.importWorkflow(workflow);
	const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
	const contract = (createdAt: string, status: 'SENT_TO_SIGN' | 'RECEIVED_SIGNED') =>
		sb.control.createContract({
			name: 'Waiting for a reminder',
			createdAt,
			status,
			participants: [{ name: 'Ana', email: `ana.${randomBytes(2).toString('hex')}@example.com` }],
		})._id;
	const waiting = [contract(daysAgo(10), 'SENT_TO_SIGN'), contract(daysAgo(5), 'SENT_TO_SIGN')];
	const recent = contract(daysAgo(1), 'SENT_TO_SIGN');
	const signed = contract(daysAgo(10), 'RECEIVED_SIGNED');
	const reminded = (from: number) =>
		e
			.requests()
			.slice(from)
			.filter((r) => r.path.startsWith('/api/contract/pending/'))
			.map((r) => r.path.slice('/api/contract/pending/'.length))
			.filter((id) => [...waiting, recent, signed].includes(id))
			.sort();
	const kept = (id: string) =>
		sb.control.getContract(id)!.properties.find((p) => p.name === 'n8n_reminders');
	/** Runs the workflow once; returns which of ours got a reminder. */
	const day = async () => {
		const from = e.requests().length;
		const run = await n8n.execute(workflow.id);
		assert.equal(run.code, 0, JSON.stringify(run.run?.data.resultData.error ?? {}));
		return reminded(from);
	};
	/** The next day: the property says the last reminder went yesterday. */
	const nextDay = async () => {
		for (const id of waiting) {
			const property = kept(id)!;
			const [count] = String(property.value).split('|');
			await fetch(`${sb.baseUrl}/api/contracts/${id}/${property._id}/customproperties`, {
				method: 'PUT',
				headers: { apikey: sb.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ value: `${count}|2000-01-01` }),
			});
		}
	};
	const sent: string[][] = [];
	sent.push(await day()); // day 1
	sent.push(await day()); // day 1 again: none
	for (let d = 2; d <= 4; d++) {
		await nextDay();
		sent.push(await day());
	}
	process.stderr.write(
		`[e2e] n8n ${major}, example 11: reminders per run ${sent.map((s) => s.length).join(', ')}\n`,
	);
	const ours = [...waiting].sort();
	assert.deepEqual(sent, [ours, [], ours, ours, []]);
	// three reminders each; the fourth day sent none, so the last one's date is the one the test set back
	for (const id of waiting) assert.match(String(kept(id)?.value), /^3\|/);
	assert.equal(kept(recent), undefined);
	assert.equal(kept(signed), undefined);
}
