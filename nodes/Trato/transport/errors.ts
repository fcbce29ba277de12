import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREATE_V2_ERRORS, findCreateV2Error } from '../helpers/createV2Errors';
import type { Problem } from '../helpers/environment';
import { expiredTokenMessage } from '../helpers/jwt';
import { redactText } from './redact';
import { knownTratoText } from './tratoErrors';

const STATUS_HINTS: Record<number, string> = {
	400: 'TRATO refused the request as invalid. Check the fields named in the message.',
	401: 'The API key or token was refused. Check the TRATO credential (key complete, token not expired).',
	403: "The credential is valid but not allowed to do this. Check the account's permissions.",
	404: "Nothing was found at this address. Check the ID (it may belong to another account) and the credential's Base URL.",
	409: 'The contract is not in a state that allows this. Check its status with "Contract → Get".',
	413: 'The file is too large for TRATO.',
	429: 'TRATO is rate limiting requests. The node already waited and retried; try again later or lower the Concurrency option.',
	500: 'TRATO had an internal problem. Try again later.',
	502: 'TRATO is unreachable behind its gateway. Try again later.',
	503: 'TRATO is temporarily unavailable. Try again later.',
	504: 'TRATO did not answer in time. Try again later.',
};

export interface ApiFailure {
	/** HTTP status, or undefined when no response arrived. */
	status?: number;
	/** Parsed response body (JSON) when there is one. */
	body?: unknown;
	/** Network error code such as ECONNREFUSED or ETIMEDOUT. */
	code?: string;
	method: string;
	/** Path without query string, e.g. /api/contract/status/123. */
	path: string;
	/** Values that must never appear in the error (API key, token). */
	secrets: string[];
	itemIndex?: number;
	/** Operation-specific explanation appended to the description (e.g. when a contract can be cancelled). */
	hint?: string;
	attempts?: number;
	/** Set for file downloads: the origin of the file host (which may not be the API). */
	fileHost?: string;
	/** A 401 while the credential's JWT is past its expiry (ms): said so. */
	tokenExpiredAt?: number;
	/** E-mail and Password: the login failed (TRATO's refusal, a wrong address); its sentence is the error. */
	login?: Problem;
	/** An answer a time limit or the execution's stop ended (limits.ts): its sentence is the error. */
	stopped?: Problem;
	/** A request that may have had an effect, rate-limited (429, gate.ts): its sentence is the error. */
	rateLimited?: Problem;
	/** E-mail and Password: the session was refused even right after a new login. */
	sessionRefused?: boolean;
	/** A file request refused on the API origin after it had left it, through this origin: sent without credentials. */
	sentWithoutCredentialsVia?: string;
	/** The web app of the credential's environment, named where a fix points to it. */
	webApp?: string;
}

/** A body that is not JSON (a proxy's or framework's page): its text, without HTML tags, shortened. */
function rawText(body: string): string {
	const text = /<[a-z!/][^>]*>/i.test(body) ? body.replace(/<[^>]*>/g, ' ') : body;
	return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** The answer's texts, read as TRATO's error page says: `error`, then `message`, then the raw text. */
export function apiErrorText(body: unknown): { error?: string; message?: string } {
	if (!body || typeof body !== 'object') {
		const text = typeof body === 'string' ? rawText(body) : '';
		return text ? { message: text } : {};
	}
	const record = body as Record<string, unknown>;
	const first = Array.isArray(record.errors)
		? (record.errors[0] as Record<string, unknown>)
		: undefined;
	const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
	return {
		error: text(record.error),
		message: text(record.message) ?? text(first?.message) ?? text(first?.error),
	};
}

/**
 * Builds the NodeApiError for a failed call from a clean object: status, the API's own error text and a hint.
 * Nothing from the request (headers, credentials, full URL) goes in.
 */
export function buildApiError(node: INode, failure: ApiFailure): NodeApiError {
	const { status, code, method, path, secrets } = failure;
	const v2 = findCreateV2Error(failure.body);
	const { message, ...texts } = apiErrorText(failure.body);
	const error = v2?.name ?? texts.error;
	const known = v2 ? undefined : knownTratoText(texts.error, message);
	const clean = (text: string | undefined) =>
		text === undefined ? undefined : redactText(text, secrets);

	let userMessage: string;
	let description: string;
	const given = failure.login ?? failure.stopped ?? failure.rateLimited;
	if (given) {
		userMessage = given.message;
		description = given.description;
	} else if (failure.tokenExpiredAt !== undefined) {
		userMessage = expiredTokenMessage(failure.tokenExpiredAt);
		description = `TRATO refused it (HTTP ${status}${error ? `: ${error}` : ''}).`;
	} else if (v2) {
		// Create V2's Part 7 name is TRATO's own text: kept as the message; the description says what to fix
		userMessage = `TRATO refused the request: ${v2.name}`;
		description = CREATE_V2_ERRORS[v2.name];
	} else if (status === undefined) {
		const tried =
			failure.attempts && failure.attempts > 1 ? ` Tried ${failure.attempts} times.` : '';
		if (failure.fileHost) {
			userMessage = `Could not download the file from ${failure.fileHost} (${code ?? 'network error'})`;
			description = `Downloading ${failure.path} failed: the file host could not be reached from n8n. Try again later.${tried}`;
		} else {
			userMessage = `Could not reach TRATO (${code ?? 'network error'})`;
			description = `Check the credential's Base URL and that TRATO is running and reachable from n8n.${tried}`;
		}
	} else {
		// Error names outside Part 7 (e.g. TemplateNotFound) come with a sentence: show both.
		const named =
			error && message && /^[A-Z][A-Za-z0-9]+$/.test(error) ? `${message} (${error})` : undefined;
		const apiText = clean(named ?? error ?? message);
		userMessage = apiText
			? `TRATO refused the request: ${apiText}`
			: `TRATO answered HTTP ${status}`;
		description = failure.sessionRefused
			? 'TRATO refused the session token even right after logging in again with the email and password. Check that this TRATO account may use the API.'
			: failure.sentWithoutCredentialsVia && (status === 401 || status === 403)
				? `The file address led back to TRATO through ${failure.sentWithoutCredentialsVia}, so it was requested without credentials: they are never sent after the file left TRATO's address. Get the documents again; if this repeats, the file host is not one to trust.`
				: (known?.fix.replace('{webApp}', failure.webApp ?? 'TRATO web app') ??
					STATUS_HINTS[status] ??
					(status >= 500 ? STATUS_HINTS[500] : STATUS_HINTS[400]));
		if (failure.attempts && failure.attempts > 1)
			description += ` Tried ${failure.attempts} times.`;
	}
	// a known TRATO text, or a rate limit, has its own fix; the operation's general hint would only blur it
	if (failure.hint && !known && !failure.rateLimited)
		description = `${failure.hint} ${description}`;

	const errorResponse: JsonObject = {
		message: clean(userMessage) ?? '',
		httpCode:
			status !== undefined ? String(status) : failure.login ? 'LOGIN_FAILED' : (code ?? 'NETWORK'),
		request: `${method} ${path}`,
	};
	if (error !== undefined) errorResponse.apiError = clean(error) ?? null;
	if (message !== undefined) errorResponse.apiMessage = clean(message) ?? null;
	if (known) errorResponse.apiErrorKind = known.kind;
	const inner = Number((failure.body as JsonObject | undefined)?.statusCode);
	if (Number.isInteger(inner) && inner >= 100 && inner < 600) errorResponse.apiStatusCode = inner;
	const field = v2?.field ?? (failure.body as JsonObject | undefined)?.field;
	if (typeof field === 'string') errorResponse.apiField = clean(field) ?? null;

	const apiError = new NodeApiError(node, errorResponse, {
		message: clean(userMessage),
		description: clean(description),
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: failure.itemIndex,
	});
	// NodeApiError swaps messages that contain a Node error code for a generic sentence (even "TemplateNotFound"
	// matches ENOTFOUND); ours is more specific, so keep it.
	apiError.message = clean(userMessage) ?? apiError.message;
	return apiError;
}

/**
 * Whether TRATO refused a request for good, judged by its answer (api-notes S1): an error built from an answer that
 * refused (`success: false`, or an HTTP 4xx), whose code (TRATO's own `statusCode` in the body when it writes one,
 * else the HTTP status) is neither 408 nor 429 nor a 5xx. Asking again will not change it. No answer, a time limit,
 * a rate limit or a server failure are not refusals: worth another try.
 */
export function tratoRefused(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const http = Number(error.httpCode);
	if (!Number.isInteger(http)) return false;
	const inner = Number(error.errorResponse?.apiStatusCode);
	const refusedWith200 = http >= 200 && http < 300; // the pipeline throws a 2xx only for `success: false`
	if (!refusedWith200 && (http < 400 || http >= 500)) return false;
	const code = Number.isInteger(inner) ? inner : refusedWith200 ? 400 : http;
	return code >= 400 && code < 500 && code !== 408 && code !== 429;
}

const ERROR_CODE = /\b(E[A-Z][A-Z_]{2,}|ERR_[A-Z_]+)\b/;

/**
 * What went wrong when no HTTP response arrived. n8n wraps the network error in a NodeApiError (whose `cause`
 * may be lost), so the code is looked for in every text the error carries.
 */
export function networkErrorCode(error: unknown): string {
	const err = (error ?? {}) as {
		code?: unknown;
		cause?: { code?: unknown; message?: unknown };
		message?: unknown;
		messages?: unknown;
		description?: unknown;
	};
	const texts = [
		err.code,
		err.cause?.code,
		err.cause?.message,
		...(Array.isArray(err.messages) ? err.messages : []),
		err.message,
		err.description,
	].filter((t): t is string => typeof t === 'string');
	for (const text of texts) {
		const match = ERROR_CODE.exec(text);
		if (match) return match[1];
	}
	if (texts.some((t) => /timeout/i.test(t))) return 'ETIMEDOUT';
	return 'NETWORK';
}

/**
 * One of our own sentences inside an error n8n threw around it (n8n wraps what a credential's `preAuthentication`
 * or `authenticate` threw, keeping message and description): the first text that starts with one of `starts`.
 */
export function sentenceIn(error: unknown, starts: readonly string[]): Problem | undefined {
	const err = (error ?? {}) as { message?: unknown; messages?: unknown; description?: unknown };
	const texts = [err.message, ...(Array.isArray(err.messages) ? err.messages : [])];
	const message = texts.find(
		(text): text is string =>
			typeof text === 'string' && starts.some((start) => text.startsWith(start)),
	);
	if (!message) return undefined;
	return { message, description: typeof err.description === 'string' ? err.description : '' };
}
