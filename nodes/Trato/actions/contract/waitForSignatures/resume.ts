import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { sameSecret, SIGNATURE_PARAMETER, signatureOf, waitOutcome } from '../../../helpers/waiting';
import { request } from '../../../transport';
import { finalItem, waitedContract } from './output';
import { removeResumeUrl, resumeFiles, runResumeUrl } from './run';

/**
 * The resume call of a waiting Wait for Signatures (n8n hands it to the node's `webhook()`; api-notes WS4, WS5). Never
 * trusts what the call carries: it checks the call's signature against this run's own resume URL, then re-reads
 * every contract of the run from TRATO, and resumes only when each one is final. Otherwise it answers and starts
 * nothing, and n8n keeps the run waiting (a webhook that returns no workflow data resumes nothing, as n8n's own
 * send-and-wait nodes do with a link preview).
 */

/** Runs this process is resuming (execution and node → since when): a second call meanwhile resumes nothing. */
const resuming = new Map<string, number>();
const BUSY_MS = 10 * 60_000;

/** A refusal that asking again will not change (4xx but 429). */
function refusedForGood(error: unknown): boolean {
	const code = Number((error as NodeApiError).httpCode);
	return error instanceof NodeApiError && code >= 400 && code < 500 && code !== 429;
}

/** Answers the call now, with a JSON body; nothing is resumed. */
function answer(ctx: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	ctx.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/**
 * The items the node waits with (its input as n8n kept it with the execution: run.ts `keepForTimeout`). A
 * webhook's context resolves `$input` to them.
 */
function keptItems(ctx: IWebhookFunctions): INodeExecutionData[] {
	const all = ctx.evaluateExpression('{{ $input.all() }}', 0);
	if (!Array.isArray(all)) return [];
	return all.map((item) => ({
		json: ((item as INodeExecutionData | null)?.json ?? {}) as IDataObject,
	}));
}

export async function resumeWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return await resume(this);
	} catch (error) {
		// a webhook that throws ends a waiting run with that error (n8n's WebhookHelpers): never
		this.logger.warn(`TRATO Wait for Signatures: a resume call failed (${(error as Error).name})`);
		return answer(this, 500, {
			resumed: false,
			message: 'The resume call failed; the run keeps waiting.',
		});
	}
}

async function resume(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const expected = runResumeUrl(ctx);
	const provided = (ctx.getQueryData() as IDataObject)[SIGNATURE_PARAMETER];
	if (!expected || typeof provided !== 'string' || !sameSecret(provided, signatureOf(expected))) {
		return answer(ctx, 401, {
			resumed: false,
			message: "The call does not carry this waiting run's signature; nothing was resumed.",
		});
	}
	const now = Date.now();
	for (const [key, since] of resuming) if (now - since >= BUSY_MS) resuming.delete(key);
	const key = `${ctx.getExecutionId()}:${ctx.getNode().id}`;
	if (resuming.has(key)) {
		return answer(ctx, 409, { resumed: false, message: 'Another call is resuming this run.' });
	}
	resuming.set(key, now);
	let resumed = false;
	try {
		const kept = keptItems(ctx);
		const contracts = kept.map(waitedContract);
		if (!contracts.some((id) => id !== undefined)) {
			return answer(ctx, 500, {
				resumed: false,
				message: 'The run names no contract to wait for; nothing was resumed.',
			});
		}
		const records: Array<IDataObject | undefined> = [];
		for (const contractId of contracts) {
			try {
				records.push(
					contractId === undefined
						? undefined
						: await request.call(ctx, 'contractStatus', { contractId }),
				);
			} catch (error) {
				// refused for good (an unknown or deleted contract): the run waits for its limit, and the listener is
				// not asked to call again (503 would make a polling trigger retry for ever)
				const permanent = refusedForGood(error);
				return answer(ctx, permanent ? 200 : 503, {
					resumed: false,
					message: `TRATO could not be read for contract ${contractId} (${(error as Error).message}); the run keeps waiting${permanent ? ' until its limit' : ''}.`,
				});
			}
		}
		const open = contracts.filter(
			(id, i): id is string => id !== undefined && !waitOutcome(records[i]?.status),
		);
		if (open.length) {
			return answer(ctx, 200, {
				resumed: false,
				waitingFor: open,
				message: `Not final in TRATO yet: ${open.join(', ')}; the run keeps waiting.`,
			});
		}
		const files = resumeFiles(ctx);
		const items: INodeExecutionData[] = [];
		for (const [i, contractId] of contracts.entries()) {
			items.push(
				contractId === undefined
					? { ...kept[i], pairedItem: { item: i } }
					: await finalItem(ctx, contractId, records[i]!, i, files, kept[i].json.waitStartedAt),
			);
		}
		// the URL has done its work: removed here, whoever called it (the listener removes it too)
		for (const contractId of new Set(contracts)) {
			if (contractId !== undefined)
				await removeResumeUrl(ctx, contractId, expected).catch(() => undefined);
		}
		resumed = true;
		return { webhookResponse: { resumed: true, message: 'Resumed.' }, workflowData: [items] };
	} finally {
		if (!resumed) resuming.delete(key);
	}
}
