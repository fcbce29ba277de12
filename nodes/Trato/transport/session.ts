import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestHelper,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import type { Problem } from '../helpers/environment';
import { credentialAddress, webAppAddress } from '../helpers/environment';
import { jwtExpiresAt } from '../helpers/jwt';
import { USER_AGENT } from '../helpers/version';
import { ENDPOINTS } from './catalogue';
import { networkErrorCode } from './errors';
import { redactText } from './redact';

/**
 * E-mail and Password: the session token TRATO issues for the account's e-mail and password
 * (`POST /api/authentication/token`, trato-notes "Authentication"), kept in the credential's expirable hidden field
 * by n8n's own pre-authentication mechanism. n8n calls the credential's `preAuthentication` (→ `logIn`) when that
 * field is empty, after a request failed with 401, and in a credential test, and stores what it returns in the
 * credential. n8n does not know the token's ttl: the transport asks `sessionIsFresh` before every request and, when
 * the token is near its end, hands n8n the credential with the field emptied, so n8n logs in again and stores it.
 */

/** The credential's expirable hidden field holding the session token. */
export const SESSION_TOKEN = 'sessionToken';
/** The hidden field saying for whom, where and until when the token holds (JSON, no secret). */
export const SESSION_INFO = 'sessionInfo';
/** The Authentication value of E-mail and Password. */
export const EMAIL_PASSWORD = 'emailPassword';

/** The clock of session decisions; tests (and only tests) replace it. */
export const sessionSettings = {
	now: (): number => Date.now(),
};

/** The portal's sample answers ttl 300 (seconds): used when an answer carries neither ttl nor an `exp`. */
const DEFAULT_TTL_MS = 300_000;
/** A token is replaced this long before its end (at most 60 s, at most a fifth of its lifetime). */
const renewalMargin = (ttlMs: number) => Math.min(60_000, ttlMs / 5);

interface SessionInfo {
	/** The origin and e-mail the token was issued for. */
	for: string;
	expiresAt: string;
	renewAt: string;
}

export function usesSession(data: ICredentialDataDecryptedObject): boolean {
	return data.authentication === EMAIL_PASSWORD;
}

function emailOf(data: ICredentialDataDecryptedObject): string {
	return typeof data.email === 'string' ? data.email.trim() : '';
}

function passwordOf(data: ICredentialDataDecryptedObject): string {
	return typeof data.password === 'string' ? data.password : '';
}

function owner(origin: string, email: string): string {
	return `${origin} ${email.toLowerCase()}`;
}

function readInfo(value: unknown): SessionInfo | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	try {
		const info = JSON.parse(value) as Partial<SessionInfo>;
		return typeof info.for === 'string' && typeof info.renewAt === 'string'
			? (info as SessionInfo)
			: undefined;
	} catch {
		return undefined;
	}
}

/**
 * Whether the stored session token may be sent to `origin` now: there is one, it was issued for this origin and
 * e-mail (a changed Environment or e-mail never reuses another account's token), and its renewal time has not come.
 */
export function sessionIsFresh(data: ICredentialDataDecryptedObject, origin: string): boolean {
	const token = typeof data[SESSION_TOKEN] === 'string' ? (data[SESSION_TOKEN] as string) : '';
	const info = readInfo(data[SESSION_INFO]);
	if (!token || !info || info.for !== owner(origin, emailOf(data))) return false;
	const renewAt = Date.parse(info.renewAt);
	return Number.isFinite(renewAt) && sessionSettings.now() < renewAt;
}

/** What the user reads when there is no e-mail or no password, before any request. */
export function missingLoginField(data: ICredentialDataDecryptedObject): Problem | undefined {
	const missing = !emailOf(data) ? 'e-mail' : !passwordOf(data) ? 'password' : undefined;
	if (!missing) return undefined;
	return {
		message: `The TRATO credential has no ${missing}`,
		description: `Open the credential and enter the ${missing} you sign in to TRATO with, or switch Authentication to API Key.`,
	};
}

/**
 * Sentences of a failed login, each starting the same way so that the transport recognises them in the error n8n
 * wraps around them (n8n keeps an error's message and description, not the error itself).
 */
const LOGIN_REFUSED = 'TRATO refused the login: ';
const LOGIN_NOT_HERE = 'No TRATO login answered at ';
const LOGIN_NO_TOKEN = "TRATO's login answer has no token";
const LOGIN_UNREACHABLE = 'Could not reach TRATO to log in at ';

function failure(problem: Problem): Error {
	return Object.assign(new Error(problem.message), { description: problem.description });
}

/** Network error codes in words: n8n replaces a message that names a code with a generic sentence. */
const CODE_WORDS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	ETIMEDOUT: 'no answer in time',
	ECONNRESET: 'connection closed',
	EHOSTUNREACH: 'host unreachable',
	ECONNABORTED: 'connection aborted',
	ENETUNREACH: 'network unreachable',
};

const CHECK_ADDRESS =
	"Check the credential's Environment (and, with Custom URL, the Base URL: the API's address without /api).";

function apiText(body: IDataObject | undefined): string {
	for (const key of ['error', 'message']) {
		const value = body?.[key];
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return '';
}

/**
 * The credential's `preAuthentication`: logs in with the e-mail and password and returns the fields n8n stores.
 * Other authentication modes return nothing (n8n then stores nothing). Every failure is an Error with a sentence
 * and a description; no password, token or request detail is in it.
 */
export async function logIn(
	this: IHttpRequestHelper,
	data: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	if (!usesSession(data)) return {};
	const address = credentialAddress(data);
	if ('problem' in address) throw failure(address.problem);
	const missing = missingLoginField(data);
	if (missing) throw failure(missing);
	const email = emailOf(data);
	const password = passwordOf(data);
	const url = `${address.baseUrl}${ENDPOINTS.authenticationToken.path}`;
	const clean = (text: string) => redactText(text, [password]);

	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequest({
			method: 'POST',
			url,
			body: { email, password },
			json: true,
			headers: { Accept: 'application/json', 'User-Agent': USER_AGENT },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 60_000,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const code = networkErrorCode(error);
		throw failure({
			message: `${LOGIN_UNREACHABLE}${address.origin} (${CODE_WORDS[code] ?? 'network error'})`,
			description: `${url} did not answer (${code}). ${CHECK_ADDRESS} Check also that n8n can reach it.`,
		});
	}

	const status = response.statusCode;
	const body =
		response.body !== null && typeof response.body === 'object' && !Array.isArray(response.body)
			? (response.body as IDataObject)
			: undefined;
	const text = clean(apiText(body));
	const jwt = typeof body?.jwt === 'string' ? body.jwt.trim() : '';

	if (status >= 300 && status < 400) {
		throw failure({
			message: `${LOGIN_NOT_HERE}${url}: it redirects elsewhere (HTTP ${status})`,
			description: `The credential is never sent to another address. ${CHECK_ADDRESS}`,
		});
	}
	if (status === 404 || status === 405 || (!body && status >= 400)) {
		throw failure({
			message: `${LOGIN_NOT_HERE}${url} (HTTP ${status})`,
			description: `${text ? `The server said: ${text}. ` : ''}${CHECK_ADDRESS}`,
		});
	}
	if (status < 400 && body?.success === true && jwt) {
		const now = sessionSettings.now();
		const ttlSeconds = Number(body.ttl);
		const exp = jwtExpiresAt(jwt);
		const ttlMs =
			Number.isFinite(ttlSeconds) && ttlSeconds > 0
				? ttlSeconds * 1000
				: exp !== undefined && exp > now
					? exp - now
					: DEFAULT_TTL_MS;
		const info: SessionInfo = {
			for: owner(address.origin, email),
			expiresAt: new Date(now + ttlMs).toISOString(),
			renewAt: new Date(now + ttlMs - renewalMargin(ttlMs)).toISOString(),
		};
		return { [SESSION_TOKEN]: jwt, [SESSION_INFO]: JSON.stringify(info) };
	}
	if (text || body?.success === false || status >= 400) {
		throw failure({
			message: `${LOGIN_REFUSED}${text || `HTTP ${status}`}`,
			description: `Check the e-mail and password in the TRATO credential: the ones you sign in to TRATO with (${webAppAddress(data) ?? address.origin}), for the Environment chosen.`,
		});
	}
	throw failure({
		message: `${LOGIN_NO_TOKEN} (HTTP ${status})`,
		description: `${url} answered without "success": true and a "jwt". ${CHECK_ADDRESS}`,
	});
}

/**
 * A login failure inside an error n8n threw (it wraps what `logIn` threw, keeping message and description):
 * a refusal, a wrong address or an answer without token. A network failure is not one of them: the transport
 * treats it as any network error.
 */
export function loginFailure(error: unknown): Problem | undefined {
	const err = (error ?? {}) as { message?: unknown; messages?: unknown; description?: unknown };
	const texts = [err.message, ...(Array.isArray(err.messages) ? err.messages : [])];
	const message = texts.find(
		(text): text is string =>
			typeof text === 'string' &&
			[LOGIN_REFUSED, LOGIN_NOT_HERE, LOGIN_NO_TOKEN].some((start) => text.startsWith(start)),
	);
	if (!message) return undefined;
	return { message, description: typeof err.description === 'string' ? err.description : '' };
}
