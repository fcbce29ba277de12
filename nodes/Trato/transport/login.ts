import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestHelper,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { flagOf } from '../helpers/answers';
import type { Problem } from '../helpers/environment';
import { credentialAddress, webAppAddress } from '../helpers/environment';
import { jwtExpiresAt } from '../helpers/jwt';
import { USER_AGENT } from '../helpers/version';
import { ENDPOINTS } from './catalogue';
import { networkErrorCode, sentenceIn } from './errors';
import { redactText } from './redact';
import { retryDelay, shouldRetry, transportSettings } from './retry';
import {
	SESSION_INFO,
	SESSION_TOKEN,
	emailOf,
	missingLoginField,
	owner,
	passwordOf,
	sessionSettings,
	sessionTimes,
	usesSession,
} from './session';

/**
 * E-mail and Password: the login (`POST /api/authentication/token`, trato-notes "Authentication"), which n8n calls
 * as the credential's `preAuthentication`. A login changes nothing at TRATO, so after a temporary failure (429, 502,
 * 503, 504, no answer) it is repeated like any safe request (`shouldRetry`, the same waits); a refusal is never
 * repeated, and only a refusal gets advice about the e-mail and password.
 */

/**
 * Sentences of a failed login, each starting the same way so that the transport recognises them in the error n8n
 * wraps around them (n8n keeps an error's message and description, not the error itself).
 */
const LOGIN_REFUSED = 'TRATO refused the login: ';
const LOGIN_NOT_HERE = 'No TRATO login answered at ';
const LOGIN_NO_TOKEN = "TRATO's login answer has no token";
const LOGIN_UNREACHABLE = 'Could not reach TRATO to log in at ';
const LOGIN_UNAVAILABLE = "TRATO's login is unavailable";

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
	"Check the credential's Environment (and, with Custom URL, the Base URL: the API's address).";

const tried = (attempts: number) => (attempts > 1 ? ` Tried ${attempts} times.` : '');

function apiText(body: IDataObject | undefined): string {
	for (const key of ['error', 'message']) {
		const value = body?.[key];
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return '';
}

/**
 * Posts the login until it gets an answer that is not "try again": a network failure or 429/502/503/504 is
 * repeated while `shouldRetry` allows, after `Retry-After` or the transport's backoff. No answer at all, after the
 * last attempt, is the "could not reach" sentence.
 */
async function postLogin(
	helper: IHttpRequestHelper,
	url: string,
	origin: string,
	credentials: { email: string; password: string },
): Promise<{ response: IN8nHttpFullResponse; attempts: number }> {
	const retryable = ENDPOINTS.authenticationToken.retry;
	for (let attempt = 1; ; attempt++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await helper.helpers.httpRequest({
				method: 'POST',
				url,
				body: credentials,
				json: true,
				headers: { Accept: 'application/json', 'User-Agent': USER_AGENT },
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				timeout: transportSettings.requestTimeoutMs,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			if (shouldRetry({ attempt, networkError: true, retryable })) {
				await transportSettings.sleep(retryDelay(attempt, undefined));
				continue;
			}
			const code = networkErrorCode(error);
			throw failure({
				message: `${LOGIN_UNREACHABLE}${origin} (${CODE_WORDS[code] ?? 'network error'})`,
				description: `${url} did not answer (${code}).${tried(attempt)} ${CHECK_ADDRESS} Check also that n8n can reach it.`,
			});
		}
		const status = response.statusCode;
		if (shouldRetry({ attempt, status, networkError: false, retryable })) {
			const headers = (response.headers ?? {}) as Record<string, unknown>;
			const retryAfter = headers['retry-after'] ?? headers['Retry-After'];
			await transportSettings.sleep(
				retryDelay(attempt, typeof retryAfter === 'string' ? retryAfter : undefined),
			);
			continue;
		}
		return { response, attempts: attempt };
	}
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
	const { response, attempts } = await postLogin(this, url, address.origin, { email, password });

	const status = response.statusCode;
	const body =
		response.body !== null && typeof response.body === 'object' && !Array.isArray(response.body)
			? (response.body as IDataObject)
			: undefined;
	const text = redactText(apiText(body), [password]);
	const jwt = typeof body?.jwt === 'string' ? body.jwt.trim() : '';

	if (status >= 300 && status < 400) {
		throw failure({
			message: `${LOGIN_NOT_HERE}${url}: it redirects elsewhere (HTTP ${status})`,
			description: `The credential is never sent to another address. ${CHECK_ADDRESS}`,
		});
	}
	// "Not now" (429, 5xx), with or without TRATO's envelope: an outage, never a verdict on the password.
	if (status === 429 || status >= 500) {
		throw failure({
			message: `${LOGIN_UNAVAILABLE} (HTTP ${status})`,
			description: `${url} answered HTTP ${status}${text ? ` ("${text}")` : ''}.${tried(attempts)} TRATO's login is down or busy: try again later. The email and password were not refused, and nothing else was sent.`,
		});
	}
	if (status === 404 || status === 405 || (!body && status >= 400)) {
		throw failure({
			message: `${LOGIN_NOT_HERE}${url} (HTTP ${status})`,
			description: `${text ? `The server said: ${text}. ` : ''}${CHECK_ADDRESS}`,
		});
	}
	const success = flagOf(body?.success);
	if (status < 400 && success === true && jwt) {
		const now = sessionSettings.now();
		const info = {
			for: owner(address.origin, email),
			...sessionTimes(body?.ttl, jwtExpiresAt(jwt), now),
		};
		return { [SESSION_TOKEN]: jwt, [SESSION_INFO]: JSON.stringify(info) };
	}
	if (text || success === false || status >= 400) {
		throw failure({
			message: `${LOGIN_REFUSED}${text || `HTTP ${status}`}`,
			description: `Check the email and password in the TRATO credential: the ones you sign in to TRATO with (${webAppAddress(data) ?? address.origin}), for the Environment chosen.`,
		});
	}
	throw failure({
		message: `${LOGIN_NO_TOKEN} (HTTP ${status})`,
		description: `${url} answered without "success": true and a "jwt". ${CHECK_ADDRESS}`,
	});
}

/**
 * A login failure inside an error n8n threw (it wraps what `logIn` threw, keeping message and description): a
 * refusal, a wrong address, an answer without token, or TRATO's login unreachable or unavailable after its retries.
 * None of them is repeated by the transport: the login already was, where that made sense.
 */
export function loginFailure(error: unknown): Problem | undefined {
	return sentenceIn(error, [
		LOGIN_REFUSED,
		LOGIN_NOT_HERE,
		LOGIN_NO_TOKEN,
		LOGIN_UNREACHABLE,
		LOGIN_UNAVAILABLE,
	]);
}
