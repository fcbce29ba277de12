import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { isWorthRetrying, waitOutcome } from '../helpers/waiting';
import { type ResumedRun, resumeWaitingRuns, tratoRefused, whyNotResumed } from '../transport';
import type { DetectedEvent } from './detect';

/**
 * Resume Waiting Workflows on the polling trigger (api-notes WS8, WS13): for every event of this poll whose contract
 * is now final, the runs waiting for it at Wait for Signatures (transport/resume.ts), once per contract; what
 * happened is on the event's item (`waitingRuns`). A call that did not settle (n8n did not answer, or another call
 * was resuming the run) never holds back this poll's events: its contract goes on a small retry list, kept with the
 * trigger's memory, and is tried again at the next polls, until it settles or, after MAX_TRIES polls, given up
 * with an error in n8n's log.
 */

/** Where the retry list is kept in the workflow's static data (beside the trigger's memory, written with it). */
export const RETRY_KEY = 'tratoResumeRetries';
/** Polls a contract's unsettled runs are tried at (the first included) before they are given up. */
export const MAX_TRIES = 10;
/** Contracts on the list at most; beyond, the longest tried is given up. */
const MAX_ENTRIES = 100;

interface RetryEntry {
	contractId: string;
	tries: number;
}

/** The retry list as stored (anything unreadable is an empty list: nothing there is worth failing a poll for). */
export function readRetries(stored: unknown): RetryEntry[] {
	if (!Array.isArray(stored)) return [];
	return stored
		.filter(
			(e): e is RetryEntry =>
				!!e &&
				typeof (e as IDataObject).contractId === 'string' &&
				Number.isInteger((e as IDataObject).tries),
		)
		.slice(0, MAX_ENTRIES);
}

/**
 * The runs waiting for a contract, called. Reading or removing its properties failing never stops the trigger: a
 * refusal for good (judged by TRATO's answer: transport/errors.ts `tratoRefused`) is logged and skipped; a temporary
 * failure puts the contract on the retry list (undefined).
 */
async function lookUp(ctx: IPollFunctions, contractId: string): Promise<ResumedRun[] | undefined> {
	try {
		return await resumeWaitingRuns.call(ctx, contractId);
	} catch (error) {
		const permanent = tratoRefused(error);
		ctx.logger.warn(
			`TRATO Polling Trigger: the runs waiting for contract ${contractId} could not be looked up (${(error as Error).message})${permanent ? '' : '; tried again at the next poll'}`,
		);
		return permanent ? [] : undefined;
	}
}

/** What the log says of the runs that were not resumed, and why. */
function warnAbout(ctx: IPollFunctions, contractId: string, runs: ResumedRun[]): void {
	for (const run of runs) {
		const why = whyNotResumed(run);
		if (why)
			ctx.logger.warn(
				`TRATO Polling Trigger: a run waiting for contract ${contractId}${run.executionId ? ` (execution ${run.executionId})` : ''} was not resumed: ${why}`,
			);
	}
}

const unsettled = (runs: ResumedRun[] | undefined) =>
	runs === undefined || runs.some((run) => isWorthRetrying(run.result));

/**
 * Resumes the runs of this poll's final events, and tries the retry list again. Returns the retry list to keep with
 * the memory this poll commits.
 */
export async function resumeWaits(
	ctx: IPollFunctions,
	events: DetectedEvent[],
	items: INodeExecutionData[],
	retries: RetryEntry[],
): Promise<RetryEntry[]> {
	const done = new Map<string, ResumedRun[] | undefined>();
	const next = new Map<string, RetryEntry>();
	for (const [index, event] of events.entries()) {
		const { id, status } = event.observation;
		if (!waitOutcome(status)) continue;
		if (!done.has(id)) {
			const runs = await lookUp(ctx, id);
			done.set(id, runs);
			warnAbout(ctx, id, runs ?? []);
			if (unsettled(runs)) next.set(id, { contractId: id, tries: 1 });
		}
		const runs = done.get(id);
		if (runs?.length) items[index].json.waitingRuns = runs.map((run) => ({ ...run }));
	}
	for (const entry of retries) {
		if (done.has(entry.contractId)) continue;
		const runs = await lookUp(ctx, entry.contractId);
		done.set(entry.contractId, runs);
		warnAbout(ctx, entry.contractId, runs ?? []);
		if (!unsettled(runs)) continue;
		if (entry.tries + 1 >= MAX_TRIES) {
			const why = (runs ?? [])
				.filter((r) => isWorthRetrying(r.result))
				.map((r) => `execution ${r.executionId}: ${r.reason ?? r.result}`);
			ctx.logger.error(
				`TRATO Polling Trigger: gave up resuming the runs waiting for contract ${entry.contractId} after ${MAX_TRIES} polls (${why.join('; ') || 'its properties could not be read'}); they wait until their Limit Wait Time, or until a trigger sees the contract final again`,
			);
			continue;
		}
		next.set(entry.contractId, { contractId: entry.contractId, tries: entry.tries + 1 });
	}
	const kept = [...next.values()].sort((a, b) => a.tries - b.tries);
	for (const dropped of kept.splice(MAX_ENTRIES)) {
		ctx.logger.error(
			`TRATO Polling Trigger: gave up resuming the runs waiting for contract ${dropped.contractId}: more than ${MAX_ENTRIES} contracts wait for a retry`,
		);
	}
	return kept;
}
