import type { INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isStatusEvent } from '../helpers/facts';
import { waitOutcome } from '../helpers/waiting';
import { request, resumeWaitingRuns, whyNotResumed } from '../transport';
import type { Delivery } from './payload';

/** How often, and after how long, a run another call was resuming is asked again (1 s, 2 s, 4 s). */
const BUSY_RETRIES = 3;
const BUSY_WAIT_MS = 1_000;

/** Tests (and only tests) make the waits short. */
export const webhookResumeSettings = { busyWaitMs: BUSY_WAIT_MS };

/**
 * Resume Waiting Workflows (api-notes WS8), after TRATO has been answered: for an event that says the contract is
 * final (signed-all, document-finalized) the runs waiting for it are called at once, for any other the contract is
 * read from TRATO first and only a final one goes on; either way the node they wait in reads TRATO before it records
 * or resumes anything (never the delivery's word) (transport/resume.ts); a run another call was resuming is asked again a few times. What happened is on the
 * item (`waitingRuns`: each run's result, and for one not resumed, `notResumed` saying why), and in n8n's log. Nothing
 * here fails the delivery: TRATO has its answer, a repeated delivery changes nothing (the node behind the URL checks
 * TRATO itself, and a value is removed once its run has it), and a call that n8n did not answer leaves the value for
 * the next delivery of the contract, or the polling trigger, or the run's own limit.
 */
export async function resumeWaits(
	ctx: IWebhookFunctions,
	delivery: Delivery,
	item: INodeExecutionData,
): Promise<void> {
	const contractId = String(delivery.contractId);
	try {
		// an event that says the contract is final goes straight to its runs: the node they wait in asks TRATO
		// itself before it records or resumes anything, so a second read here would only cost a request a contract
		if (!isStatusEvent(delivery.event)) {
			const record = await request.call(ctx, 'contractStatus', { contractId });
			if (!waitOutcome(record.status)) return;
		}
		let runs = await resumeWaitingRuns.call(ctx, contractId);
		for (let retry = 0; retry < BUSY_RETRIES && runs.some((r) => r.result === 'busy'); retry++) {
			await sleep(webhookResumeSettings.busyWaitMs * 2 ** retry);
			const again = await resumeWaitingRuns.call(ctx, contractId);
			// the runs that settled meanwhile are gone from the contract: keep what the first calls said of them
			runs = [
				...runs.filter((r) => r.result !== 'busy'),
				...again.filter(
					(r) => !runs.some((old) => old.executionId === r.executionId && old.result !== 'busy'),
				),
			];
		}
		if (!runs.length) return;
		item.json.waitingRuns = runs.map((run) => {
			const why = whyNotResumed(run);
			return why ? { ...run, notResumed: why } : { ...run };
		});
		for (const run of runs) {
			const why = whyNotResumed(run);
			if (why)
				ctx.logger.warn(
					`TRATO Instant Webhook Trigger: a run waiting for contract ${contractId}${run.executionId ? ` (execution ${run.executionId})` : ''} was not resumed: ${why}`,
				);
		}
	} catch (error) {
		ctx.logger.warn(
			`TRATO Instant Webhook Trigger: the runs waiting for contract ${contractId} could not be looked up, resumed or their values removed (${(error as Error).message})`,
		);
	}
}
