import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { mapPooled } from '../../../helpers/pool';
import { secretsMatch } from '../../../helpers/secrets';
import { SIGNATURE_PARAMETER, signatureOf, waitOutcome } from '../../../helpers/waiting';
import { request, tratoRefused } from '../../../transport';
import { knowledgeOf, runKey, type RunKnowledge, type Unread } from './knowledge';
import { finalItem, waitedContract } from './output';
import { resumeFiles, resumeParticipants, runResumeUrl } from './run';

/**
 * The resume call of a waiting Wait for Signatures (n8n hands it to the node's `webhook()`; api-notes WS4, WS5, WS12).
 * Never trusts what the call carries: it checks the call's signature against this run's own resume URL, then asks
 * TRATO whether the contract the call names is final (one read: what this process already knows of the run's other
 * contracts is not read again, knowledge.ts), and resumes only when TRATO has said so of every contract of the run.
 * Otherwise it answers and starts nothing, and n8n keeps the run waiting (a webhook that returns no workflow data
 * resumes nothing, as n8n's own send-and-wait nodes do with a link preview). It removes nothing from the contracts:
 * the listener that called removes its value once the answer settles it, so nothing is lost if n8n never takes the
 * outputs (WS8).
 */

/** Reads and output-building calls under way at once for one run (TRATO's pace, api-notes WS12). */
const PARALLEL_READS = 8;

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

/** Reads a contract's status (4.3); when final, the run knows it from now on. Returns the failure, if any. */
async function learn(
	ctx: IWebhookFunctions,
	known: RunKnowledge,
	contractId: string,
): Promise<Unread | undefined> {
	let record: IDataObject;
	try {
		record = await request.call(ctx, 'contractStatus', { contractId });
	} catch (error) {
		return { contractId, error };
	}
	if (waitOutcome(record.status)) known.final.set(contractId, record);
	return undefined;
}

/**
 * A process's first look at a run (restarted since it began to wait, or not the process it began in): the contracts
 * final when the wait began are known from the items kept with the run (their status records), the others read.
 * Returns the first failure; the run is learned when there is none.
 */
async function learnRun(
	ctx: IWebhookFunctions,
	known: RunKnowledge,
	kept: INodeExecutionData[],
	contracts: string[],
): Promise<Unread | undefined> {
	for (const item of kept) {
		const contractId = waitedContract(item);
		const record = item.json.contract as IDataObject | undefined;
		if (contractId && record && waitOutcome(record.status)) known.final.set(contractId, record);
	}
	const unknown = contracts.filter((id) => !known.final.has(id));
	const failures = await mapPooled(
		unknown,
		PARALLEL_READS,
		async (id) => await learn(ctx, known, id),
	);
	const failure = failures.find((f) => f !== undefined);
	if (!failure) known.learned = true;
	return failure;
}

async function resume(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const expected = runResumeUrl(ctx);
	const provided = (ctx.getQueryData() as IDataObject)[SIGNATURE_PARAMETER];
	if (!expected || typeof provided !== 'string' || !secretsMatch(signatureOf(expected), provided)) {
		return answer(ctx, 401, {
			resumed: false,
			message: "The call does not carry this waiting run's signature; nothing was resumed.",
		});
	}
	const known = knowledgeOf(runKey(String(ctx.getExecutionId()), ctx.getNode().id));
	const taken = taking(ctx, known);
	if (taken) return taken;
	const kept = keptItems(ctx);
	const contracts = [
		...new Set(kept.map(waitedContract).filter((id): id is string => id !== undefined)),
	];
	if (!contracts.length) {
		return answer(ctx, 500, {
			resumed: false,
			message: 'The run names no contract to wait for; nothing was resumed.',
		});
	}
	const called = String((ctx.getBodyData() as IDataObject).contractId ?? '').trim();
	let unread: Unread | undefined;
	if (!known.learned) {
		// one look at every contract, shared by the calls that come meanwhile; tried again after a failure
		const learning = (known.learning ??= learnRun(ctx, known, kept, contracts).finally(() => {
			known.learning = undefined;
		}));
		unread = await learning;
	} else if (!contracts.includes(called)) {
		return answer(ctx, 200, {
			resumed: false,
			recorded: true,
			message: `This run does not wait for contract ${called || '(none named)'}.`,
		});
	} else if (!known.final.has(called)) unread = await learn(ctx, known, called);
	if (unread) {
		// refused for good (an unknown or deleted contract): the run waits for its limit, and the listener is not
		// asked to call again (503 would make a polling trigger retry)
		const permanent = tratoRefused(unread.error);
		return answer(ctx, permanent ? 200 : 503, {
			resumed: false,
			recorded: permanent,
			message: `TRATO could not be read for contract ${unread.contractId} (${(unread.error as Error).message}); the run keeps waiting${permanent ? ' until its limit' : ''}.`,
		});
	}
	const open = contracts.filter((id) => !known.final.has(id));
	if (open.length) {
		const recorded = known.final.has(called);
		return answer(ctx, 200, {
			resumed: false,
			recorded,
			waitingFor: open.length,
			message: `${recorded ? `Contract ${called} is final; ` : called ? `TRATO does not say contract ${called} is final; ` : ''}${open.length} of ${contracts.length} contracts not final yet: the run keeps waiting.`,
		});
	}
	// another call may have got here while this one read: it resumes the run, not this one
	return taking(ctx, known) ?? (await resumeRun(ctx, known, kept));
}

/**
 * How long after handing n8n the outputs a call is still told to ask again: n8n marks the run running right after it
 * takes them, and answers later calls itself (the run no longer waits). A call that still reaches the node after
 * this found a run n8n never took (it failed to start it): the outputs are handed again.
 */
const RESUMED_HOLD_MS = 10 * 60_000;

/**
 * The answer while another call resumes the run, or has just handed it to n8n: ask again (the resume may yet fail,
 * and a listener must keep its value until n8n answers for the run itself). Undefined: this call may resume it.
 */
function taking(ctx: IWebhookFunctions, known: RunKnowledge): IWebhookResponseData | undefined {
	if (known.state === 'resumed' && Date.now() - (known.resumedAt ?? 0) > RESUMED_HOLD_MS)
		known.state = 'waiting';
	if (known.state === 'waiting') return undefined;
	return answer(ctx, 409, {
		resumed: false,
		busy: true,
		message: 'Another call is resuming this run right now; ask again later.',
	});
}

/** Every contract is final: the outputs, handed to n8n once (a second call meanwhile is told to ask again). */
async function resumeRun(
	ctx: IWebhookFunctions,
	known: RunKnowledge,
	kept: INodeExecutionData[],
): Promise<IWebhookResponseData> {
	known.state = 'resuming';
	try {
		const files = resumeFiles(ctx);
		const withParticipants = resumeParticipants(ctx);
		const items = await mapPooled(kept, PARALLEL_READS, async (item, i) => {
			const contractId = waitedContract(item);
			return contractId === undefined
				? { ...item, pairedItem: { item: i } }
				: await finalItem(ctx, contractId, known.final.get(contractId)!, i, {
						files,
						withParticipants,
						waitStartedAt: item.json.waitStartedAt,
					});
		});
		known.state = 'resumed';
		known.resumedAt = Date.now();
		return { webhookResponse: { resumed: true, message: 'Resumed.' }, workflowData: [items] };
	} finally {
		if (known.state === 'resuming') known.state = 'waiting';
	}
}
