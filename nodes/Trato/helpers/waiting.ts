import { createHash, timingSafeEqual } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/**
 * Wait for Signatures and the listeners that resume it (api-notes WS1–WS10): what they agree on. The action node
 * stores its run's resume URL on the contract, under one custom property; a trigger that sees the contract reach a
 * final status calls that URL (only one of its own n8n) and removes it.
 */

/** The custom property that holds a waiting run's resume URL (spec 4.20; one per waiting run and node). */
export const RESUME_PROPERTY = 'n8n_resume_url';

/** How a wait ends: the contract's final state, or the wait's own limit. */
export type WaitOutcome = 'signed' | 'cancelled' | 'rejected' | 'expired';

/**
 * The final statuses (spec Part 3) and what they mean for a wait: signed by everyone (the four statuses of api-notes
 * T6/X22, in which the signed documents exist), cancelled, rejected, expired. Every other status may still change.
 */
const OUTCOMES: Readonly<Record<string, WaitOutcome>> = {
	RECEIVED_SIGNED: 'signed',
	SENT_SIGNED: 'signed',
	SENT_TO_DOWNLOAD: 'signed',
	FINALIZED: 'signed',
	CANCELED: 'cancelled',
	REJECTED: 'rejected',
	EXPIRED: 'expired',
};

/** The outcome of a final status; undefined while the contract may still change. */
export function waitOutcome(status: unknown): WaitOutcome | undefined {
	return typeof status === 'string' ? OUTCOMES[status] : undefined;
}

/** The n8n query parameter of a waiting run's signature (n8n 1.x) or resume token (2.x): `signature` in both. */
export const SIGNATURE_PARAMETER = 'signature';

/**
 * The resume URL of a run at a node, from what n8n gives the node: the URL n8n signs for it (`getSignedResumeUrl`:
 * `<webhook-waiting base>/<execution id>/<node id>?signature=<HMAC>`, n8n 1.x and 2.x), and `$execution.resumeUrl`.
 * n8n 2.x checks every resume call of a node that is not "send and wait" against the execution's resume token, which
 * only `$execution.resumeUrl` carries (`?signature=<token>`): there the token replaces the HMAC. n8n 1.x gives no
 * token, and the signed URL is the one (the node checks it itself, n8n does not). Undefined without a signed URL.
 */
export function buildResumeUrl(
	executionResumeUrl: string,
	signedResumeUrl: (() => string) | undefined,
): string | undefined {
	const signed = signedResumeUrl?.();
	if (!signed) return undefined;
	const token = new URL(executionResumeUrl).searchParams.get(SIGNATURE_PARAMETER);
	if (!token) return signed;
	const url = new URL(signed);
	url.searchParams.set(SIGNATURE_PARAMETER, token);
	return url.toString();
}

/** The signature of a resume URL (empty when it has none). */
export function signatureOf(resumeUrl: string): string {
	try {
		return new URL(resumeUrl).searchParams.get(SIGNATURE_PARAMETER) ?? '';
	} catch {
		return '';
	}
}

/** The webhook-waiting base of an n8n, from a `$execution.resumeUrl` it gave (the URL without its last segment). */
export function waitingBaseOf(executionResumeUrl: string): string {
	const url = new URL(executionResumeUrl);
	url.search = '';
	url.hash = '';
	url.pathname = url.pathname.replace(/\/[^/]*$/, '');
	return url.toString();
}

/**
 * A stored value that is a resume URL of this n8n: http(s), under its webhook-waiting base, `<execution id>/<node
 * id>` after it, with a signature. Anything else on the contract (another n8n's URL, a URL a TRATO user typed) is
 * never called: a listener only ever sends a request to its own n8n's waiting runs.
 */
export function ownResumeUrl(
	value: unknown,
	waitingBase: string,
): { url: string; executionId: string } | undefined {
	if (typeof value !== 'string') return undefined;
	let url: URL;
	let base: URL;
	try {
		url = new URL(value.trim());
		base = new URL(waitingBase);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	if (url.origin !== base.origin || url.username || url.password || url.hash) return undefined;
	const prefix = `${base.pathname.replace(/\/$/, '')}/`;
	if (!url.pathname.startsWith(prefix)) return undefined;
	const rest = url.pathname.slice(prefix.length).split('/');
	if (rest.length !== 2 || !/^[A-Za-z0-9_-]{1,64}$/.test(rest[0]) || !rest[1]) return undefined;
	if (!url.searchParams.get(SIGNATURE_PARAMETER)) return undefined;
	return { url: url.toString(), executionId: rest[0] };
}

/**
 * What a resume call achieved, read from n8n's answer: `resumed` (the node confirmed with TRATO and the run goes
 * on); `notWaiting` (n8n: the run is not waiting there any more: resumed by another call, finished, stopped, or
 * gone); `stillWaiting` (the node kept it waiting: the contract is not final for TRATO yet, or another call is
 * resuming it); `refused` (the signature was refused); `unavailable` (no answer, 429 or 5xx: worth another try).
 * The URL is removed from the contract after `resumed` and `notWaiting` only.
 */
export type ResumeResult = 'resumed' | 'notWaiting' | 'stillWaiting' | 'refused' | 'unavailable';

/** Reads n8n's answer to a resume call (0: no answer). The node's own answers carry `resumed`. */
export function readResumeAnswer(status: number, body: unknown): ResumeResult {
	const fromNode =
		body !== null && typeof body === 'object' && typeof (body as IDataObject).resumed === 'boolean';
	if (status >= 200 && status < 300)
		return fromNode && (body as IDataObject).resumed === true ? 'resumed' : 'stillWaiting';
	if (status === 0 || status === 429 || status >= 500) return 'unavailable';
	// n8n's own 409s: running already, finished, finished with an error, already resuming (2.x)
	if (status === 409) return fromNode ? 'stillWaiting' : 'notWaiting';
	// n8n: no such execution, or it waits at another node now
	if (status === 404) return 'notWaiting';
	return 'refused';
}

/** Whether a listener removes the URL from the contract after this result. */
export function isSettled(result: ResumeResult): boolean {
	return result === 'resumed' || result === 'notWaiting';
}

/** Whether two secrets are equal, in constant time (SHA-256 digests compared with `timingSafeEqual`). */
export function sameSecret(provided: string, expected: string): boolean {
	if (!expected) return false;
	const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
	return timingSafeEqual(digest(provided), digest(expected));
}
