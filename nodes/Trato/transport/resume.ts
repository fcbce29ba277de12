import type {
	IDataObject,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { USER_AGENT } from '../helpers/version';
import {
	isSettled,
	ownResumeUrl,
	readResumeAnswer,
	RESUME_PROPERTY,
	waitingBaseOf,
	type ResumeResult,
} from '../helpers/waiting';
import { request } from './request';
import { listProperties } from './records';

/** One waiting run a listener found on a contract, and what its resume call achieved. */
export interface ResumedRun {
	executionId: string;
	result: ResumeResult;
}

/** How long a resume call may take: the node reads the contract, its participants and files before it answers. */
export const RESUME_TIMEOUT_MS = 120_000;

type Listener = IPollFunctions | IWebhookFunctions;

/**
 * The webhook-waiting base of the n8n this listener runs in: its own `$execution.resumeUrl` without the execution
 * (n8n's expression; a poll's context has it at run time although its type does not list it).
 */
function waitingBase(ctx: Listener): string | undefined {
	const evaluate = (ctx as Partial<Pick<IWebhookFunctions, 'evaluateExpression'>>)
		.evaluateExpression;
	if (typeof evaluate !== 'function') return undefined;
	const url = evaluate.call(ctx, '{{ $execution.resumeUrl }}', 0);
	if (typeof url !== 'string') return undefined;
	try {
		return waitingBaseOf(url);
	} catch {
		return undefined;
	}
}

/**
 * Calls a resume URL: a POST to this n8n, through n8n's `httpRequest` and never with the TRATO credential (no
 * authentication, no header of the credential, no redirect followed), with the contract's ID as its body.
 */
async function callResume(ctx: Listener, url: string, contractId: string): Promise<ResumeResult> {
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequest({
			method: 'POST',
			url,
			body: { contractId },
			headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
			json: true,
			timeout: RESUME_TIMEOUT_MS,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		})) as IN8nHttpFullResponse;
	} catch {
		return 'unavailable';
	}
	return readResumeAnswer(response.statusCode, response.body);
}

/**
 * Resume Waiting Workflows, for a contract a listener saw in a final status: every resume URL of this n8n stored on
 * it (custom property `n8n_resume_url`, written by Wait for Signatures) is called once, in order, and removed once
 * the run is resumed or no longer waits there (the resumed node removes its own too; api-notes WS8). A URL whose call failed stays for the next listener
 * that sees the contract; so does any value that is not a resume URL of this n8n (it is never called). The node
 * behind the URL re-reads the contract from TRATO before it resumes anything, so a stale or repeated call changes
 * nothing. Reading or removing the properties fails like any request (the caller decides); a failed call does not
 * throw: it is in the result.
 */
export async function resumeWaitingRuns(this: Listener, contractId: string): Promise<ResumedRun[]> {
	const base = waitingBase(this);
	const runs: ResumedRun[] = [];
	const settled = new Set<string>();
	for (const property of await resumeProperties(this, contractId)) {
		const own = base === undefined ? undefined : ownResumeUrl(property.value, base);
		if (!own) continue;
		const result = await callResume(this, own.url, contractId);
		if (isSettled(result)) settled.add(String(property.value));
		runs.push({ executionId: own.executionId, result });
	}
	if (settled.size === 0) return runs;
	// read again: the resumed node removes its own URL, and another listener may have removed one meanwhile
	for (const property of await resumeProperties(this, contractId)) {
		if (!settled.has(String(property.value))) continue;
		// the pipeline's errors are NodeApiError / NodeOperationError already
		await request
			.call(this, 'customPropertyDelete', { contractId, propertyId: String(property._id) })
			.catch((error: unknown) => {
				if (!alreadyGone(error)) throw error;
			});
	}
	return runs;
}

/** The contract's stored resume URLs (any value under the property's name). */
async function resumeProperties(ctx: Listener, contractId: string): Promise<IDataObject[]> {
	return (await listProperties.call(ctx, contractId)).filter(
		(property) => String(property.name ?? '').trim() === RESUME_PROPERTY,
	);
}

/** A delete refused for good (4xx but 429): the property is gone already (removed by someone else). */
function alreadyGone(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const code = Number(error.httpCode);
	return code >= 400 && code < 500 && code !== 429;
}
