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
 * The "batch" group's waiting part (issue 41): one run waiting at Wait for Signatures on N contracts (n8n-core, as n8n
 * 1.x keeps and resumes it: test-support/harness/waiting.ts), resumed by the polling trigger (Resume Waiting
 * Workflows, PollSimulator) once TRATO has signed every contract. Counted from the sandbox's own statistics, by route:
 * the TRATO requests of the wait (storing the values, the first reads, the listener's look-ups and removals, the
 * resume calls' reads), besides the files and the trigger's own list reads. Timed at 100 ms per request: the resume
 * call of a process that knows nothing of the run (it reads every contract, 8 at a time) and then hands the outputs
 * with the signed files, against the 120 s a listener waits. The node's own memory per waiting contract: what it
 * keeps of a run (knowledge.ts), measured by forgetting it.
 */
import '../lib/n8nEnv';

import { initN8nCore, PollSimulator } from '../../test-support/harness';
import { startWaitingHarness } from '../../test-support/harness/waiting';
import {
	openStored,
	restartForgetsRuns as forgetRuns,
	RESUME_TIMEOUT_MS,
} from '../../test-support/waitingRuns';
import { exact, log, type Row } from '../lib/common';
import { credentialsFor, startSandboxProcess, type SandboxProcess } from '../lib/sandbox';

const GROUP = '7. Batch creation (20 ms latency)';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** One run of Wait for Signatures on `ids` (Concurrency 8, Include Participants off), waiting. */
async function waitOn(
	n8n: Awaited<ReturnType<typeof startWaitingHarness>>,
	ids: string[],
	more: Record<string, unknown> = {},
) {
	const run = await n8n.start(
		{
			resource: 'contract',
			operation: 'waitForSignatures',
			contractId: byId('={{ $json.id }}'),
			...more,
			options: { concurrency: 8, includeParticipants: false },
		},
		ids.map((id) => ({ json: { id } })),
	);
	if (run.status !== 'waiting') throw new Error(`the run is ${run.status}`);
	return run;
}

/** N contracts sent for signature, through the control API. */
async function sentContracts(sb: SandboxProcess, n: number): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < n; i++) {
		const answer = await sb.control<{ contract: { _id: string } }>('POST', '/sandbox/contracts', {
			name: `Batch ${i + 1}`,
			status: 'SENT_TO_SIGN',
			participants: [{ name: `Signer ${i + 1}`, email: `signer.${i + 1}@example.com` }],
		});
		ids.push(answer.contract._id);
	}
	return ids;
}

const WAIT_ROUTES: Record<string, string> = {
	'POST /api/contracts/:contractId/customproperties': 'store',
	'GET /api/contracts/:contractId/customproperties': 'look-up (and the one read-back)',
	'DELETE /api/contracts/:contractId/:propertyId/customproperties': 'removal',
	'GET /api/contract/status/:contractId': 'first read and final check',
};

/** One run waiting on `n` contracts, resumed by a poll: TRATO requests by kind, per contract. */
async function requestsPerContract(
	n: number,
): Promise<{ total: number; byKind: string; readBack: number }> {
	const sb = await startSandboxProcess();
	const creds = credentialsFor(sb);
	const n8n = await startWaitingHarness(creds as any);
	try {
		const ids = await sentContracts(sb, n);
		const sim = new PollSimulator(
			{ event: 'anyChange', filters: {}, options: { resumeWaiting: true } },
			creds as any,
		);
		if ((await sim.poll()).error) throw new Error('baseline poll failed');
		await sb.resetStats();
		const run = await waitOn(n8n, ids);
		for (const id of ids) await sb.control('POST', `/sandbox/contracts/${id}/sign`, {});
		const polled = await sim.poll();
		if (polled.error) throw polled.error;
		await n8n.settled();
		const kept = n8n.execution(run.id);
		if (kept.status !== 'success' || kept.resumes !== 1)
			throw new Error(`the run is ${kept.status} after ${kept.resumes} resumes`);
		const { byRoute } = await sb.stats();
		let total = 0;
		const kinds: string[] = [];
		for (const [route, count] of Object.entries(byRoute)) {
			// the trigger's own polling, and the bench's own control calls
			if (route === 'GET /api/list/contracts' || route.includes(' /sandbox/')) continue;
			if (!WAIT_ROUTES[route]) throw new Error(`unexpected request ${route} ×${count}`);
			total += count;
			kinds.push(`${WAIT_ROUTES[route]} ${(count / n).toFixed(2)}`);
		}
		const lookups = byRoute['GET /api/contracts/:contractId/customproperties'] ?? 0;
		return { total, byKind: kinds.join(', '), readBack: lookups - n };
	} finally {
		await n8n.close();
		await sb.stop();
	}
}

/**
 * At 100 ms per request: N contracts signed, this process's knowledge of the run forgotten (a restart), then one
 * resume call: it reads every contract (8 at a time) and resumes with the signed files of each. Its duration.
 */
async function coldFinalCall(n: number): Promise<number> {
	const sb = await startSandboxProcess();
	const creds = credentialsFor(sb);
	const n8n = await startWaitingHarness(creds as any);
	try {
		const ids = await sentContracts(sb, n);
		await waitOn(n8n, ids, { downloadFiles: true });
		const contract = await sb.control<{ properties: Array<{ name: string; value: string }> }>(
			'GET',
			`/sandbox/contracts/${ids[0]}`,
		);
		const value = contract.properties.find((p) => p.name === 'n8n_waiting_run')!.value;
		const url = openStored(creds, ids[0], value)!;
		for (const id of ids) await sb.control('POST', `/sandbox/contracts/${id}/sign`, {});
		await sb.control('POST', '/sandbox/latency', { ms: 100 });
		forgetRuns();
		const t0 = Date.now();
		const answer = await n8n.post(url, { contractId: ids[0] });
		const ms = Date.now() - t0;
		if (answer.json?.resumed !== true) throw new Error(`not resumed: ${answer.text}`);
		await n8n.settled();
		return ms;
	} finally {
		await n8n.close();
		await sb.stop();
	}
}

/** Bytes the node keeps per waiting contract (what it knows of a run), measured by forgetting it. */
async function bytesPerWaitingContract(n: number): Promise<number> {
	const sb = await startSandboxProcess();
	const creds = credentialsFor(sb);
	const n8n = await startWaitingHarness(creds as any);
	try {
		const ids = await sentContracts(sb, n);
		for (const id of ids.slice(0, Math.floor(n / 2)))
			await sb.control('POST', `/sandbox/contracts/${id}/sign`, {});
		const gc = () => (globalThis as { gc?: () => void }).gc?.();
		forgetRuns();
		await waitOn(n8n, ids);
		gc();
		const held = process.memoryUsage().heapUsed;
		forgetRuns();
		gc();
		return (held - process.memoryUsage().heapUsed) / n;
	} finally {
		await n8n.close();
		await sb.stop();
	}
}

/** The rows and notes of the waiting part, for the batch group's report. */
export async function waitingCost(quick: boolean): Promise<{ rows: Row[]; notes: string[] }> {
	const rows: Row[] = [];
	const notes: string[] = [];
	for (const n of quick ? [50, 200] : [100, 1000]) {
		log(`waiting on ${n} contracts: requests`);
		const { total, byKind, readBack } = await requestsPerContract(n);
		const perContract = (total - readBack) / n;
		rows.push({
			group: GROUP,
			measure: `waiting on ${n} contracts, resumed by the polling trigger: TRATO requests per contract besides the files (store, first read, look-up, removal, final check)`,
			unit: 'requests',
			value: exact(perContract),
			target: '≤ 5',
			met: perContract <= 5,
			note: `${total} in all: ${byKind}; ${readBack} read-back per process and credential`,
		});
		notes.push(
			`Waiting on ${n} contracts: ${total} TRATO requests (${byKind} per contract), of which ${readBack} is the read-back of the first value a process stores with a credential.`,
		);
	}
	const big = quick ? 200 : 1000;
	log(`waiting on ${big} contracts: a cold resume call at 100 ms per request`);
	const ms = await coldFinalCall(big);
	rows.push({
		group: GROUP,
		measure: `the longest resume call, ${big} contracts at 100 ms per request: a process that knows nothing of the run reads every contract, then hands the outputs with the signed files`,
		unit: 's',
		value: exact(ms / 1000),
		baseline: { label: 'what a listener waits', value: exact(RESUME_TIMEOUT_MS / 1000) },
		ratio: exact(ms / RESUME_TIMEOUT_MS),
		target: "< 1× (within the listener's wait)",
		met: ms < RESUME_TIMEOUT_MS,
	});
	log(`memory per waiting contract`);
	const bytes = await bytesPerWaitingContract(big);
	rows.push({
		group: GROUP,
		measure: `what the node keeps in memory per waiting contract (${big} contracts, half final: the status records of those known final)`,
		unit: 'B',
		value: exact(Math.max(0, bytes)),
	});
	return { rows, notes };
}

if (require.main === module) {
	void initN8nCore()
		.then(async () => await waitingCost(process.argv.includes('--quick')))
		.then(
			({ rows, notes }) => {
				for (const row of rows)
					log(
						`${row.measure}: ${JSON.stringify(row.value)} ${row.unit}${row.note ? ` (${row.note})` : ''}`,
					);
				for (const note of notes) log(note);
				process.exit(0);
			},
			(error: unknown) => {
				log(String((error as Error).stack ?? error));
				process.exit(1);
			},
		);
}
