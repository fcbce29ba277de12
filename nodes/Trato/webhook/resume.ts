import type { INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { waitOutcome } from '../helpers/waiting';
import { request } from '../transport';
import { resumeWaitingRuns } from '../transport/resume';
import type { Delivery } from './payload';

/**
 * Resume Waiting Workflows (api-notes WS8), after TRATO has been answered: the contract of the delivery is read from
 * TRATO (never trusted from the delivery), and when it is final the runs waiting for it at Wait for Signatures are
 * resumed (transport/resume.ts); what happened is on the item (`waitingRuns`). Nothing here fails the delivery:
 * TRATO has its answer, a repeated delivery changes nothing (the node behind the URL checks TRATO itself, and a URL
 * is removed once its run is resumed), and a call that n8n did not answer leaves the URL for the next delivery of
 * the contract, or the polling trigger, or the run's own limit.
 */
export async function resumeWaits(
	ctx: IWebhookFunctions,
	delivery: Delivery,
	item: INodeExecutionData,
): Promise<void> {
	const contractId = String(delivery.contractId);
	try {
		const record = await request.call(ctx, 'contractStatus', { contractId });
		if (!waitOutcome(record.status)) return;
		const runs = await resumeWaitingRuns.call(ctx, contractId);
		if (runs.length) item.json.waitingRuns = runs.map((run) => ({ ...run }));
		for (const run of runs.filter((r) => r.result === 'unavailable' || r.result === 'refused')) {
			ctx.logger.warn(
				`TRATO Instant Webhook Trigger: execution ${run.executionId} waiting for contract ${contractId} was not resumed (${run.result}); its URL stays on the contract`,
			);
		}
	} catch (error) {
		ctx.logger.warn(
			`TRATO Instant Webhook Trigger: the runs waiting for contract ${contractId} could not be looked up, resumed or their URLs removed (${(error as Error).message})`,
		);
	}
}
