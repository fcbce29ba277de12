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
 * Wait for Signatures in a real n8n (issues 36, 40), one folded scenario for the suite's shared n8n: example 6
 * (create with signers → wait → e-mail the signed PDF) started by hand pauses (the execution is listed as waiting, its
 * resume URL is on the contract, sealed: the credential's key opens it); a resume call without n8n's signature or
 * token, or with another one, starts nothing, one for a contract not final yet leaves the run waiting; n8n is
 * restarted while runs wait; then the instant trigger (Resume Waiting Workflows) resumes a signed one with the signed
 * PDF and the NOM-151 certificate (e-mailed byte for byte), and a run that goes on to an n8n Wait "On Webhook Call"
 * (an approval) cannot be resumed there with anything read from the contract while it waited; the polling trigger
 * (example 7, every 5 s) resumes another signed one and a cancelled one (its outcome, no e-mail), and values planted
 * on a contract (a plain resume URL of this n8n, one of no execution) stop nothing; a run whose Limit Wait Time passes
 * goes on with the timed-out output.
 */
import assert from 'node:assert/strict';

import { seal } from '../nodes/Trato/helpers/secrets';
import { TRIGGER_TYPE } from '../test-support/n8n/n8n';
import type { SmtpSink } from '../test-support/n8n/smtp';
import { credentialKeyOf, openStored, RESUME_PROPERTY } from '../test-support/waitingRuns';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	exampleFile,
	readWorkflow,
	type E2eEnv,
	type Workflow,
} from './env';
import { INSTANT_NODE, eventUrl, instantWorkflow, productionUrl, waitRegistered } from './webhook';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(
	what: string,
	fn: () => Promise<T | undefined>,
	timeoutMs = 120_000,
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(500);
	}
}
const local = (url: string) => url.replace('//localhost:', '//127.0.0.1:');
const WAIT_NODE = 'Wait for signatures';

/** The items a node output in its last run of an execution (after a resume: the resume's output). */
export function lastOutput(
	data: any,
	node: string,
): Array<{ json: any; binary?: Record<string, any> }> {
	const runs = data.resultData.runData[node] as any[] | undefined;
	assert.ok(runs?.length, `node "${node}" ran`);
	return runs[runs.length - 1].data?.main[0] ?? [];
}

/** A copy of a workflow whose polling trigger polls every `seconds` s (one cron entry per poll of the minute). */
export function pollingEvery(seconds: number, workflow: Workflow, id: string): Workflow {
	const copy: Workflow = JSON.parse(JSON.stringify(workflow));
	copy.id = id;
	copy.name = `${workflow.name} (every ${seconds} s)`;
	const trigger = copy.nodes.find((n) => n.type === TRIGGER_TYPE)!;
	trigger.parameters.pollTimes = {
		item: Array.from({ length: 60 / seconds }, (_, n) => ({
			mode: 'custom',
			cronExpression: `${n * seconds} * * * * *`,
		})),
	};
	return copy;
}

/** Start → Wait for Signatures (a contract) → the run's approval link → n8n's Wait "On Webhook Call" → done. */
function approvalWorkflow(id: string, contractId: string): Workflow {
	const node = (
		name: string,
		type: string,
		typeVersion: number,
		x: number,
		parameters: object,
	) => ({
		id: `${id}-${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type,
		typeVersion,
		position: [x, 300],
		parameters,
	});
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
		{
			...node(WAIT_NODE, 'n8n-nodes-trato.trato', 1.1, 220, {
				resource: 'contract',
				operation: 'waitForSignatures',
				contractId: { __rl: true, mode: 'id', value: contractId },
			}),
			credentials: { tratoApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
		},
		node('Approval link', 'n8n-nodes-base.set', 3.4, 440, {
			mode: 'raw',
			jsonOutput: '={{ JSON.stringify({ approvalUrl: $execution.resumeUrl }) }}',
			options: {},
		}),
		node('Approval', 'n8n-nodes-base.wait', 1.1, 660, {
			resume: 'webhook',
			httpMethod: 'POST',
			options: {},
		}),
	];
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id,
		name: 'E2E: approval after Wait for Signatures',
		nodes,
		connections,
	} as unknown as Workflow;
}

export async function waitForSignaturesInRealN8n(
	e: E2eEnv,
	sink: SmtpSink,
	webhookCredentialId: string,
): Promise<void> {
	const { n8n, sb, major } = e;
	// the examples' credential: the sandbox's API key (what Wait for Signatures seals with)
	const creds = { authentication: 'apiKey', baseUrl: sb.baseUrl, apiKey: sb.apiKey };
	const example6 = readWorkflow(exampleFile(6));
	// example 6 with a limit of 6 s (n8n's WaitTracker looks for runs to resume every minute)
	const limited: Workflow = JSON.parse(JSON.stringify(example6));
	limited.id = `tratoWaitLimit${major}`;
	limited.name = 'E2E: example 6 with a 6-second limit';
	limited.nodes.find((n) => n.name === WAIT_NODE)!.parameters.options = {
		limitWaitTime: {
			values: { limitType: 'afterTimeInterval', resumeAmount: 0.1, resumeUnit: 'minutes' },
		},
	};
	const hook = `5e1b2c3d-0000-4000-8000-00000000077${major}`;
	const instant = instantWorkflow(
		`tratoResumeInstant${major}`,
		'E2E: instant trigger resuming waiting runs',
		['signed-all'],
		hook,
		webhookCredentialId,
		{ options: { resumeWaiting: true } },
	);
	const polling = pollingEvery(5, readWorkflow(exampleFile(7)), `tratoResumePolling${major}`);
	// Wait for Signatures, then an approval (n8n's Wait "On Webhook Call"): what the contract shows while the run
	// waits must not open that later step (issue 40: on 2.x the stored URL carried the run's resume token)
	const approvalContract = sb.control.createContract({
		name: 'Approval after signing',
		status: 'SENT_TO_SIGN',
		participants: [{ name: 'Ana', email: 'ana.approval@example.com' }],
	})._id;
	const approval = approvalWorkflow(`tratoWaitApproval${major}`, approvalContract);
	for (const workflow of [limited, instant, polling, approval]) await e.importWorkflow(workflow);
	const mails = () => sink.messages.filter((m) => m.subject.startsWith('Signed: '));
	const mailsBefore = mails().length;

	/** Starts example 6 (or the limited copy) and waits until it waits; returns its execution and contract. */
	const startWaiting = async (workflow: Workflow) => {
		const execution = await n8n.start(workflow.id);
		const waiting = await n8n.executionIn(execution, ['waiting']);
		const [created] = lastOutput(waiting.data, 'Create with signers');
		const contractId = created.json.contractId as string;
		const stored = (sb.control.getContract(contractId)?.properties ?? []).filter(
			(p) => p.name === RESUME_PROPERTY,
		);
		assert.equal(stored.length, 1, 'the sealed resume URL is on the contract');
		assert.doesNotMatch(stored[0].value, /webhook|signature|http/);
		const url = openStored(creds, contractId, stored[0].value);
		assert.ok(url, "the credential's key opens it");
		return { execution, contractId, url };
	};
	const stillThere = (contractId: string) =>
		(sb.control.getContract(contractId)?.properties ?? []).filter(
			(p) => p.name === RESUME_PROPERTY,
		);

	// 1. Example 6 waits: listed as waiting, its resume URL on the contract (this n8n's, this run's, this node's)
	const a = await startWaiting(example6);
	const waitNodeId = example6.nodes.find((n) => n.name === WAIT_NODE)!.id as string;
	assert.match(
		a.url,
		new RegExp(`^${n8n.url}/webhook-waiting/${a.execution}/${waitNodeId}\\?signature=[^&]+$`),
	);
	const listed = await n8n.executionsOf(example6.id);
	assert.equal(listed.find((x) => x.id === a.execution)?.status, 'waiting', 'listed as waiting');
	const limitedRun = await startWaiting(limited);
	const approvalRun = await n8n.start(approval.id);
	await n8n.executionIn(approvalRun, ['waiting']);
	// what any reader of the contract sees while the run waits: every custom property's value
	const readable = (sb.control.getContract(approvalContract)?.properties ?? []).map((p) => p.value);
	assert.ok(readable.length >= 1);

	// 2. Resume calls that must start nothing: no or another signature (401: n8n 2.x's token check, the node on
	// 1.x), and the right URL while the contract is not final (the node keeps the run waiting)
	const post = async (url: string, body: object = { contractId: a.contractId }) => {
		const response = await fetch(local(url), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		return { status: response.status, body: await response.text() };
	};
	const bare = new URL(a.url);
	bare.searchParams.delete('signature');
	const other = new URL(a.url);
	other.searchParams.set('signature', 'f'.repeat(other.searchParams.get('signature')!.length));
	const forged = { none: await post(bare.toString()), other: await post(other.toString()) };
	const early = await post(a.url);
	process.stderr.write(
		`[e2e] n8n ${major}, Wait for Signatures: forged ${forged.none.status}/${forged.other.status}, not final ${early.status} ${early.body}\n`,
	);
	assert.deepEqual([forged.none.status, forged.other.status], [401, 401]);
	assert.equal(early.status, 200);
	assert.equal(JSON.parse(early.body).resumed, false);
	await sleep(2000);
	assert.equal((await n8n.executionIn(a.execution, ['waiting'], 5000)).status, 'waiting');

	// 3. n8n restarts while both runs wait
	await n8n.restart();
	const instantUrl = productionUrl(n8n.url, hook);
	await e.activate(instant.id);
	try {
		await waitRegistered(instantUrl);
		sb.control.webhooks.configure({
			urls: { 'signed-all': eventUrl(instantUrl, 'signed-all') },
			retryDelaysMs: [1000, 5000],
		});

		// 4. The instant trigger resumes example 6 once the sandbox has signed its contract
		sb.control.sign(a.contractId);
		const resumedA = await n8n.executionIn(a.execution, ['success', 'error'], 120_000);
		assert.equal(resumedA.status, 'success');
		const [itemA] = lastOutput(resumedA.data, WAIT_NODE);
		assert.equal(itemA.json.contractId, a.contractId);
		assert.equal(itemA.json.outcome, 'signed');
		assert.equal(itemA.json.timedOut, false);
		assert.deepEqual(Object.keys(itemA.binary ?? {}).sort(), ['certificate', 'data']);
		const documents = await fetch(`${sb.baseUrl}/api/contract/documents/${a.contractId}`, {
			headers: { apikey: sb.apiKey },
		}).then(async (r) => ((await r.json()) as { documents: Record<string, string> }).documents);
		const bytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
		const deadline = Date.now() + 60_000;
		while (mails().length === mailsBefore && Date.now() < deadline) await sleep(500);
		const mail = mails()[mailsBefore];
		assert.ok(mail, 'example 6 sent its e-mail');
		assert.deepEqual(
			mail.attachments.map((x) => x.contentType),
			['application/pdf', 'application/pdf'],
		);
		assert.ok(mail.attachments[0].content.equals(await bytes(documents.signed_contract)));
		assert.ok(mail.attachments[1].content.equals(await bytes(documents.signed_certificate)));
		assert.deepEqual(stillThere(a.contractId), [], 'the URL is removed');
		const [delivered] = await n8n.finishedExecutions(instant.id, 1);
		const [trigger] = await n8n.nodeItems(delivered.id, INSTANT_NODE);
		assert.deepEqual(trigger.json.waitingRuns, [{ executionId: a.execution, result: 'resumed' }]);
		// the URL again: n8n refuses it, the run has finished
		assert.equal((await post(a.url)).status, 409);

		// 4b. The approval run: signed → resumed by the instant trigger → waits at n8n's Wait "On Webhook Call"
		sb.control.sign(approvalContract);
		await waitFor('the approval step to wait', async () => {
			const run = await n8n.executionIn(approvalRun, ['waiting'], 120_000);
			return run.data.resultData.runData['Approval link'] ? run : undefined;
		});
		// an attacker who read the contract: every value, and each part of it, as the execution in the approval's
		// address (n8n 1.x checks no token for a Wait node: the execution is all it takes, so nothing may reveal it),
		// and on n8n 2.x, given the execution too, as its resume token
		const base = `${n8n.url}/webhook-waiting`;
		// (the pieces of a URL too: the plain URL stored before issue 40 named the execution and carried the token)
		const parts = [
			...new Set(readable.flatMap((v) => [v, ...decodeURIComponent(v).split(/[.?&=/#:]/)])),
		].filter(Boolean);
		const attempts: number[] = [];
		for (const part of parts) {
			const urls = [`${base}/${encodeURIComponent(part)}`];
			if (major !== '1') urls.push(`${base}/${approvalRun}?signature=${encodeURIComponent(part)}`);
			for (const url of urls) attempts.push((await post(url, { approved: 'forged' })).status);
		}
		await sleep(2000);
		const still = await n8n.executionIn(approvalRun, ['waiting'], 5000);
		process.stderr.write(
			`[e2e] n8n ${major}, approval after Wait for Signatures: ${attempts.length} calls with what the contract showed answered ${[...new Set(attempts)].join('/')}; the run ${still.status}\n`,
		);
		assert.equal(still.status, 'waiting', 'nothing read from the contract resumed the approval');
		// the run's own approval URL (the workflow knows it) resumes it: the attempts above could have
		const [link] = lastOutput(still.data, 'Approval link');
		assert.equal((await post(link.json.approvalUrl, { approved: 'yes' })).status, 200);
		const approved = await n8n.executionIn(approvalRun, ['success', 'error'], 60_000);
		assert.equal(approved.status, 'success');
		assert.equal(lastOutput(approved.data, 'Approval')[0].json.body.approved, 'yes');
	} finally {
		await n8n.deactivate(instant.id);
		sb.control.webhooks.unsubscribe();
	}

	// 5. The polling trigger (example 7, every 5 s): a signed contract, a cancelled one, and example 9's call of
	// example 8 (a sub-workflow that waits): n8n 2.x keeps the caller waiting for its final output, 1.x does not
	const b = await startWaiting(example6);
	const c = await startWaiting(example6);
	const parent = await n8n.start(readWorkflow(exampleFile(9)).id);
	const sub = await waitFor('example 8 to wait', async () =>
		(await n8n.executionsOf(readWorkflow(exampleFile(8)).id)).find((x) => x.status === 'waiting'),
	);
	const subWaiting = await n8n.executionIn(sub.id, ['waiting']);
	const subContract = lastOutput(subWaiting.data, 'Create with signers')[0].json
		.contractId as string;
	// the caller waits for the sub-workflow (n8n 1.123 and 2.41 alike)
	await n8n.executionIn(parent, ['waiting']);
	// values planted on the contract that gets cancelled (issue 40: one unanswered URL stopped every poll): the
	// issue's own (a plain URL of this n8n that is no run), and one sealed with the credential's key for no execution
	const planted = [
		`${n8n.url}/webhook-waiting/not-a-number/x?signature=a`,
		seal(
			credentialKeyOf(creds, 'waiting-run'),
			`${n8n.url}/webhook-waiting/999999999/x?signature=a`,
			c.contractId,
		),
	];
	await fetch(`${sb.baseUrl}/api/contracts/${c.contractId}/customproperties`, {
		method: 'POST',
		headers: { apikey: sb.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({
			properties: planted.map((value) => ({ name: RESUME_PROPERTY, value })),
		}),
	});
	const polls = () =>
		e.requests().filter((r) => r.path === '/api/list/contracts' && r.query.dateStart !== undefined)
			.length;
	const pollsBefore = polls();
	await e.activate(polling.id);
	try {
		// its first poll takes the baseline; the changes come after it
		const baseline = Date.now() + 60_000;
		while (polls() === pollsBefore && Date.now() < baseline) await sleep(250);
		await sleep(2000);
		sb.control.sign(b.contractId);
		sb.control.sign(subContract);
		await fetch(`${sb.baseUrl}/api/contract/cancel/${c.contractId}`, {
			method: 'DELETE',
			headers: { apikey: sb.apiKey },
		});
		const resumedB = await n8n.executionIn(b.execution, ['success', 'error'], 120_000);
		const resumedC = await n8n.executionIn(c.execution, ['success', 'error'], 120_000);
		assert.deepEqual([resumedB.status, resumedC.status], ['success', 'success']);
		assert.equal(lastOutput(resumedB.data, WAIT_NODE)[0].json.outcome, 'signed');
		const [itemC] = lastOutput(resumedC.data, WAIT_NODE);
		assert.equal(itemC.json.outcome, 'cancelled');
		assert.equal(itemC.json.status, 'CANCELED');
		assert.ok(resumedC.data.resultData.runData['Not signed (replace me)'], 'the other branch');
		assert.deepEqual(stillThere(b.contractId), []);
		// the planted plain URL was never called and stays; the sealed one of no run: n8n said so, removed
		assert.deepEqual(
			stillThere(c.contractId).map((p) => p.value),
			[planted[0]],
		);
		const subDone = await n8n.executionIn(sub.id, ['success', 'error'], 120_000);
		assert.equal(subDone.status, 'success');
		assert.equal(lastOutput(subDone.data, WAIT_NODE)[0].json.outcome, 'signed');
		// the caller goes on once the sub-workflow ends: n8n 2.x with its final output (the outcome, the signed PDF,
		// the certificate); n8n 1.x with what the call node kept when it began to wait
		const parentDone = await n8n.executionIn(parent, ['success', 'error'], 120_000);
		assert.equal(parentDone.status, 'success');
		const [returned] = lastOutput(parentDone.data, 'Get it signed');
		process.stderr.write(
			`[e2e] n8n ${major}, Wait for Signatures in a sub-workflow: the caller got ${JSON.stringify({ ...returned.json, participants: undefined })} with files ${Object.keys(returned.binary ?? {}).join(', ')}\n`,
		);
		if (major !== '1') {
			assert.equal(returned.json.outcome, 'signed');
			assert.equal(returned.json.contractId, subContract);
			assert.deepEqual(Object.keys(returned.binary ?? {}).sort(), ['certificate', 'data']);
		} else {
			assert.ok(
				parentDone.data.resultData.runData['Not signed (replace me)'],
				'n8n 1.x: no outcome',
			);
		}
	} finally {
		await n8n.deactivate(polling.id);
	}

	// 6. The run with a 6-second limit went on with "not signed in time" (n8n checks every minute)
	const timedOut = await n8n.executionIn(limitedRun.execution, ['success', 'error'], 150_000);
	assert.equal(timedOut.status, 'success');
	const [late] = lastOutput(timedOut.data, WAIT_NODE);
	assert.equal(late.json.outcome, 'timedOut');
	assert.equal(late.json.timedOut, true);
	assert.match(late.json.message, /^Not signed in time/);
	assert.ok(timedOut.data.resultData.runData['Not signed (replace me)'], 'the other branch');
	// every run resumed exactly once: examples 6 (twice) and 9 (n8n 2.x) e-mailed their signed contracts, no more
	const deadline = Date.now() + 30_000;
	const expected = mailsBefore + (major === '1' ? 2 : 3);
	while (mails().length < expected && Date.now() < deadline) await sleep(500);
	await sleep(2000);
	assert.equal(mails().length, expected);
	for (const run of [a, b, c, limitedRun])
		assert.equal((await n8n.executionIn(run.execution, ['success'], 5000)).status, 'success');
}
