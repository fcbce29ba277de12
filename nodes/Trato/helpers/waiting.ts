import type { IDataObject } from 'n8n-workflow';

import { SIGNED_BY_EVERYONE } from './status';

/**
 * Wait for Signatures and the listeners that resume it (api-notes WS1–WS14): what they agree on. The action node
 * stores its run's resume URL on the contract, sealed under a key of the TRATO credential (helpers/secrets.ts), under
 * one custom property; a trigger that sees the contract reach a final status opens it, calls the URL (only one of its
 * own n8n, in n8n's own shape) and removes it.
 */

/**
 * The custom property that holds a waiting run's sealed resume URL (spec 4.20; one per waiting run, node and
 * contract). Its value opens only with a key of the credential: whoever reads the contract learns nothing of the run.
 */
export const RESUME_PROPERTY = 'n8n_waiting_run';

/** How a wait ends: the contract's final state, or the wait's own limit. */
export type WaitOutcome = 'signed' | 'cancelled' | 'rejected' | 'expired';

/**
 * The final statuses (spec Part 3) and what they mean for a wait: signed by everyone (SIGNED_BY_EVERYONE, in which
 * the signed documents exist), cancelled, rejected, expired. Every other status may still change.
 */
const OUTCOMES: Readonly<Record<string, WaitOutcome>> = {
	...Object.fromEntries(SIGNED_BY_EVERYONE.map((status) => [status, 'signed' as const])),
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

/** A resume URL a listener may call, or why not: another n8n's (its origin named), or not n8n's shape. */
export type ResumeTarget =
	| { url: string; executionId: string }
	| { otherN8n: string }
	| { notResumeShape: true };

/**
 * A stored (and opened) resume URL, checked as a listener's call target: http(s), this n8n's origin, its
 * webhook-waiting path, then exactly `<execution id: digits>/<node id>` and a signature. The URL called is rebuilt
 * from those parts only (every other query parameter, user info and fragment dropped): a listener only ever sends a
 * request to its own n8n's waiting runs, in the shape n8n gives them. Another n8n's URL (WEBHOOK_URL changed while
 * runs wait, or another on the workers) is named by its origin only.
 */
export function resumeTarget(value: string, waitingBase: string): ResumeTarget {
	let url: URL;
	let base: URL;
	try {
		url = new URL(value.trim());
		base = new URL(waitingBase);
	} catch {
		return { notResumeShape: true };
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return { notResumeShape: true };
	if (url.origin !== base.origin) return { otherN8n: url.origin };
	const prefix = `${base.pathname.replace(/\/$/, '')}/`;
	if (!url.pathname.startsWith(prefix)) return { otherN8n: url.origin };
	const rest = url.pathname.slice(prefix.length).split('/');
	const signature = url.searchParams.get(SIGNATURE_PARAMETER) ?? '';
	if (
		rest.length !== 2 ||
		!/^\d{1,20}$/.test(rest[0]) ||
		!/^[A-Za-z0-9_-]{1,64}$/.test(rest[1]) ||
		!/^[A-Za-z0-9_.~-]{1,512}$/.test(signature)
	)
		return { notResumeShape: true };
	const call = new URL(`${prefix}${rest[0]}/${rest[1]}`, base.origin);
	call.searchParams.set(SIGNATURE_PARAMETER, signature);
	return { url: call.toString(), executionId: rest[0] };
}

/**
 * What a resume call achieved, read from n8n's answer: `resumed` (the node confirmed with TRATO and the run goes
 * on); `recorded` (the node confirmed this contract final with TRATO and keeps the run waiting for its others);
 * `notWaiting` (n8n: the run is not waiting there any more: resumed by another call, finished, stopped, or gone);
 * `stillWaiting` (the node kept it waiting: TRATO does not say this contract is final); `busy` (another call is
 * resuming the run right now: ask again later, it may still fail); `refused` (the signature was refused);
 * `unavailable` (no answer, 429 or 5xx: worth another try). The URL is removed from the contract after `resumed`,
 * `recorded` and `notWaiting` only.
 */
export type ResumeResult =
	| 'resumed'
	| 'recorded'
	| 'notWaiting'
	| 'stillWaiting'
	| 'busy'
	| 'refused'
	| 'unavailable';

/** Reads n8n's answer to a resume call (0: no answer). The node's own answers carry `resumed`. */
export function readResumeAnswer(status: number, body: unknown): ResumeResult {
	const node =
		body !== null && typeof body === 'object' && typeof (body as IDataObject).resumed === 'boolean'
			? (body as IDataObject)
			: undefined;
	if (status >= 200 && status < 300) {
		if (node?.resumed === true) return 'resumed';
		return node?.recorded === true ? 'recorded' : 'stillWaiting';
	}
	if (status === 0 || status === 429 || status >= 500) return 'unavailable';
	// the node's 409: another call is resuming the run (it may yet fail: ask again); n8n's own 409s: running already,
	// finished, finished with an error, already resuming (2.x: it took the run, the resume goes on without us)
	if (status === 409) return node ? 'busy' : 'notWaiting';
	// n8n: no such execution, or it waits at another node now
	if (status === 404) return 'notWaiting';
	return 'refused';
}

/** Whether a listener removes the URL from the contract after this result. */
export function isSettled(result: string): boolean {
	return result === 'resumed' || result === 'recorded' || result === 'notWaiting';
}

/** Whether a listener asks again later after this result (the polling trigger's retry list, api-notes WS13). */
export function isWorthRetrying(result: string): boolean {
	return result === 'busy' || result === 'unavailable';
}
