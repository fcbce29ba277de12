import type {
	IDataObject,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { unseal } from '../helpers/secrets';
import { USER_AGENT } from '../helpers/version';
import {
	isSettled,
	readResumeAnswer,
	RESUME_PROPERTY,
	resumeTarget,
	waitingBaseOf,
	type ResumeResult,
} from '../helpers/waiting';
import { isSsrfBlock } from './blocked';
import { tratoRefused } from './errors';
import type { TratoContext } from './credentials';
import { credentialKey } from './keys';
import { listProperties } from './records';
import { request } from './request';

/**
 * One waiting run a listener found on a contract, and what its resume call achieved; or a stored value it could not
 * call: `unreadable` (sealed with another credential, or not by this pack: it cannot be opened), `otherN8n` (a
 * resume URL of another n8n, named by its origin only), `notResumeShape` (not n8n's resume URL shape). `reason` says
 * why a call did not go through (n8n's SSRF protection refused it).
 */
export interface ResumedRun {
	executionId?: string;
	result: ResumeResult | 'unreadable' | 'otherN8n' | 'notResumeShape';
	origin?: string;
	reason?: string;
}

/**
 * Why a run was not resumed, for the listener's item and n8n's log (never a URL: its origin at most); undefined for a
 * run that was resumed, recorded the contract, no longer waits, or was kept waiting by TRATO's answer.
 */
export function whyNotResumed(run: ResumedRun): string | undefined {
	switch (run.result) {
		case 'unavailable':
			return run.reason ?? 'n8n did not answer its resume call (tried again later)';
		case 'busy':
			return 'another call was resuming it and had not finished (tried again later)';
		case 'refused':
			return 'n8n refused the resume call';
		case 'otherN8n':
			return `stored by the n8n at ${run.origin}, not this one: not called`;
		case 'unreadable':
			return 'stored with another TRATO credential (or its API key or password changed since): this trigger cannot open it';
		case 'notResumeShape':
			return 'the stored value is not an n8n resume URL: not called';
		default:
			return undefined;
	}
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

const SSRF_REASON =
	"n8n's SSRF protection refused the call to its own webhook-waiting URL (N8N_SSRF_PROTECTION_ENABLED with WEBHOOK_URL on a private address): allow that host with N8N_SSRF_ALLOWED_HOSTNAMES";

/** A resume call that got no answer: worth another try; n8n's SSRF protection refusing it is named. */
export function unanswered(error: unknown): { result: ResumeResult; reason?: string } {
	return isSsrfBlock(error)
		? { result: 'unavailable', reason: SSRF_REASON }
		: { result: 'unavailable' };
}

/**
 * Calls a resume URL: a POST to this n8n, through n8n's `httpRequest` and never with the TRATO credential (no
 * authentication, no header of the credential, no redirect followed), with the contract's ID as its body.
 */
async function callResume(
	ctx: Listener,
	url: string,
	contractId: string,
): Promise<{ result: ResumeResult; reason?: string }> {
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
	} catch (error) {
		return unanswered(error);
	}
	return { result: readResumeAnswer(response.statusCode, response.body) };
}

/**
 * Resume Waiting Workflows, for a contract a listener saw in a final status: every waiting run stored on it (custom
 * property `n8n_waiting_run`, written by Wait for Signatures, sealed under the credential's key) is opened, checked
 * (a resume URL of this n8n, in n8n's shape) and called once, and its properties are removed once the run is resumed,
 * has recorded this contract, or no longer waits there (api-notes WS8, WS12). A value that cannot be opened, another
 * n8n's URL or anything else is never called: it is in the result, once. A call that did not settle (no answer,
 * busy) leaves its value for the next try. The node behind the URL re-reads the contract from TRATO before it records
 * or resumes anything, so a stale or repeated call changes nothing. Reading the properties fails like any request
 * (the caller decides); a removal TRATO refuses for good counts as done (the property is gone already).
 */
export async function resumeWaitingRuns(this: Listener, contractId: string): Promise<ResumedRun[]> {
	const stored = await waitingRunProperties(this, contractId);
	if (stored.length === 0) return [];
	const key = await credentialKey.call(this, 'waiting-run');
	const base = waitingBase(this);
	const runs: ResumedRun[] = [];
	const byUrl = new Map<string, { executionId: string; propertyIds: string[] }>();
	const unreadable = { count: 0 };
	for (const property of stored) {
		const opened = key && unseal(key, property.value, contractId);
		if (!opened || base === undefined) {
			unreadable.count++;
			continue;
		}
		const target = resumeTarget(opened, base);
		if ('otherN8n' in target) runs.push({ result: 'otherN8n', origin: target.otherN8n });
		else if ('notResumeShape' in target) runs.push({ result: 'notResumeShape' });
		else {
			const entry = byUrl.get(target.url) ?? { executionId: target.executionId, propertyIds: [] };
			if (property._id !== undefined) entry.propertyIds.push(String(property._id));
			byUrl.set(target.url, entry);
		}
	}
	if (unreadable.count) runs.push({ result: 'unreadable' });
	for (const [url, { executionId, propertyIds }] of byUrl) {
		const { result, reason } = await callResume(this, url, contractId);
		runs.push(reason ? { executionId, result, reason } : { executionId, result });
		if (!isSettled(result)) continue;
		for (const propertyId of propertyIds) {
			await request
				.call(this, 'customPropertyDelete', { contractId, propertyId })
				.catch((error: unknown) => {
					if (!tratoRefused(error)) throw error;
				});
		}
	}
	return runs;
}

/**
 * The contract's stored waiting runs (any value under the property's name; one TRATO lists without an identifier is
 * kept, with `_id` undefined: it can be called, not removed).
 */
export async function waitingRunProperties(
	ctx: TratoContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return (await listProperties.call(ctx, contractId, itemIndex, { withoutId: true })).filter(
		(property) => String(property.name ?? '').trim() === RESUME_PROPERTY,
	);
}
