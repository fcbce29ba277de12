import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { waitOutcome } from '../helpers/waiting';
import { resumeWaitingRuns, type ResumedRun } from '../transport/resume';
import type { DetectedEvent } from './detect';

/**
 * The runs waiting for a contract, resumed. TRATO refusing to read or change its properties for good (4xx but 429:
 * retrying will not help) is logged and skipped, so that it never stops the trigger; a temporary failure throws
 * (the poll is tried again).
 */
async function lookUp(ctx: IPollFunctions, contractId: string): Promise<ResumedRun[]> {
	let refusal: NodeApiError | undefined;
	const runs = await resumeWaitingRuns.call(ctx, contractId).catch((error: unknown) => {
		const code = Number((error as NodeApiError).httpCode);
		if (!(error instanceof NodeApiError) || code < 400 || code >= 500 || code === 429) throw error;
		refusal = error;
		return [] as ResumedRun[];
	});
	if (refusal) {
		ctx.logger.warn(
			`TRATO Polling Trigger: the runs waiting for contract ${contractId} could not be resumed (${refusal.message})`,
		);
	}
	return runs;
}

/**
 * Resume Waiting Workflows (api-notes WS8): for every event of this poll whose contract is now final, the runs
 * waiting for it at Wait for Signatures (transport/resume.ts), once per contract; what happened is on the event's
 * item (`waitingRuns`). Runs before the poll commits its memory: when n8n did not answer a call (no answer, 429,
 * 5xx) the poll fails, nothing is delivered, and the next poll finds the same events and calls again; a run already
 * resumed is then "not waiting" and its URL removed, so a run is resumed once however often the poll repeats.
 */
export async function resumeWaits(
	ctx: IPollFunctions,
	events: DetectedEvent[],
	items: INodeExecutionData[],
): Promise<void> {
	const done = new Map<string, ResumedRun[]>();
	for (const [index, event] of events.entries()) {
		const { id, status } = event.observation;
		if (!waitOutcome(status)) continue;
		let runs = done.get(id);
		if (!runs) {
			runs = await lookUp(ctx, id);
			done.set(id, runs);
			const unanswered = runs.filter((run) => run.result === 'unavailable');
			if (unanswered.length) {
				throw new NodeOperationError(
					ctx.getNode(),
					`A workflow waiting for contract ${id} could not be resumed: n8n did not answer its resume call (execution ${unanswered.map((run) => run.executionId).join(', ')})`,
					{
						description:
							'Nothing of this poll was delivered; the next poll tries again. If it keeps failing, check that n8n can reach its own webhook URL (WEBHOOK_URL).',
					},
				);
			}
			for (const run of runs.filter((r) => r.result === 'refused')) {
				ctx.logger.warn(
					`TRATO Polling Trigger: the resume call of execution ${run.executionId} (contract ${id}) was refused; its URL stays on the contract`,
				);
			}
		}
		if (runs.length) items[index].json.waitingRuns = runs.map((run) => ({ ...run }));
	}
}
