import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { flagOf } from '../helpers/answers';
import { webAppAddress } from '../helpers/environment';
import { linkSecrets } from '../helpers/fileUrl';
import type { TratoContext } from './credentials';
import { assertTokenUsable, getCredentials, sendAuthenticated } from './credentials';
import { authenticateRefusal } from './authenticate';
import { firstUrl, followRedirect, shownAddress } from './addresses';
import {
	type Answer,
	answerTooLarge,
	discard,
	lowerCaseHeaders,
	readAnswer,
	tooLarge,
} from './body';
import { blockedByN8n } from './blocked';
import { buildApiError, networkErrorCode } from './errors';
import { foreignFileError } from './fileUrlError';
import { RateGate, rateLimitedProblem } from './gate';
import {
	type StopReason,
	Hop,
	cancelSignal,
	stopReason,
	stoppedProblem,
	watchAnswer,
} from './limits';
import { redactUrl } from './redact';
import { type Incoming, type Outgoing, requestOptions } from './outgoing';
import { retryDelay, shouldRetry, transportSettings } from './retry';
import { loginFailure } from './login';
import { sessionSettings, usesSession } from './session';

/**
 * The one request pipeline: API calls, list pages and file downloads all go through `send`. It adds exactly one
 * auth header (only on the API's origin), a User-Agent and a timeout, follows redirects by hand (credentials
 * never leave the API origin), reads every answer within its size and time limits (body.ts, limits.ts), asks
 * `shouldRetry` after every failure, and turns failures into NodeApiErrors that carry the API's own text and no
 * secret.
 */

export type { Incoming, Outgoing } from './outgoing';

/** Fills `{name}` path parameters, URL-encoded: the only place a path parameter is encoded. */
export function fillPath(template: string, params: Record<string, string>): string {
	return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
		const value = params[name];
		if (value === undefined) throw new Error(`fillPath: no value for {${name}} in ${template}`);
		return encodeURIComponent(value);
	});
}

export async function send<T = unknown>(this: TratoContext, out: Outgoing): Promise<Incoming<T>> {
	const credentials = await getCredentials.call(this);
	/** n8n copies the node on every getNode: only an error reads it. */
	const node = () => this.getNode();
	const cancel = cancelSignal(this);
	let url = firstUrl(this, out, credentials);
	const where = () => shownAddress(out.target, url);
	/** A file address's query (a File URL's path too) may hold a signature: removed from what its host answers. */
	const urlSecrets = new Set<string>();
	const failure = () => ({
		method: out.method,
		secrets: [...credentials.secrets, ...urlSecrets],
		itemIndex: out.itemIndex,
		webApp: webAppAddress(credentials.raw),
	});
	const maxBytes = out.maxBytes ?? transportSettings.maxFileBytes;
	/** An answer a limit or the execution's stop ended (limits.ts): never repeated. */
	const stopped = (reason: StopReason, attempts: number) =>
		buildApiError(node(), {
			...failure(),
			code: reason === 'stopped' ? 'STOPPED' : 'ETIMEDOUT',
			path: where(),
			stopped: stoppedProblem(reason, out, url, attempts),
		});
	/** The wait before another attempt, ended by the execution's stop. */
	const wait = async (ms: number, attempt: number) => {
		// the wait rejects only when the signal fires: the stop is the error
		const waited = await transportSettings.sleep(ms, cancel).then(
			() => true,
			() => false,
		);
		if (!waited || cancel?.aborted) throw stopped('stopped', attempt);
	};
	const gate = new RateGate(credentials.key);
	let redirects = 0;
	/** With E-mail and Password: the session token a 401 refused (a new login is made once per request). */
	let refusedToken: string | undefined;
	let sessionToken: string | undefined;
	/**
	 * The first other origin this request went through. From then on nothing in its chain is authenticated: a
	 * foreign host that redirects back to the API must not get the node to make an authenticated request of its choice.
	 */
	let leftVia: string | undefined;

	for (let attempt = 1; ; attempt++) {
		if (url.origin !== credentials.origin) leftVia ??= url.origin;
		if (out.target !== 'api')
			for (const part of linkSecrets(url, out.target === 'foreign')) urlSecrets.add(part);
		const authenticated = out.target !== 'foreign' && leftVia === undefined;
		// After a 429 no request of the credential starts before the wait TRATO asked for (gate.ts)
		if (authenticated) await gate.pass(async (ms) => await wait(ms, attempt));
		// A pasted JWT that expired during the run: said so, before sending it (TRATO would only answer 401).
		if (authenticated) assertTokenUsable(this, credentials, out.itemIndex);
		/** Ends this hop's request when the node gives up on its answer (the connection closes in n8n 1.x and 2.x). */
		const hop = new Hop(cancel);
		const abandon = (body: unknown) => {
			discard(body);
			hop.giveUp();
		};
		const request = requestOptions(out, url, hop.signal);
		/** No answer, or an answer broken off: repeated when safe, else the error. */
		const networkFailure = async (error: unknown): Promise<void> => {
			// a stall, the total limit or a stop: not asked again (a stall already cost the idle limit; api-notes T1)
			const reason = stopReason(error, cancel);
			if (reason) throw stopped(reason, attempt);
			const blocked = blockedByN8n(node(), error, url, out);
			if (blocked) throw blocked;
			if (shouldRetry({ attempt, networkError: true, retryable: out.retry })) {
				await wait(retryDelay(attempt, undefined), attempt);
				return;
			}
			throw buildApiError(node(), {
				...failure(),
				code: networkErrorCode(error),
				path: where(),
				hint: out.target === 'api' ? out.hint : undefined,
				attempts: attempt,
				fileHost: out.target === 'api' ? undefined : url.origin,
			});
		};

		let response: IN8nHttpFullResponse;
		try {
			if (authenticated) {
				({ response, sessionToken } = await sendAuthenticated.call(
					this,
					credentials,
					request,
					refusedToken,
				));
			} else {
				response = (await this.helpers.httpRequest(request)) as IN8nHttpFullResponse;
			}
		} catch (error) {
			hop.done();
			// a sentence about the credential (a refused or unavailable login, authenticate's refusal): never repeated
			const login = loginFailure(error);
			if (login) throw buildApiError(node(), { ...failure(), path: where(), login });
			const refused = authenticateRefusal(error);
			if (refused) {
				throw new NodeOperationError(node(), refused.message, {
					itemIndex: out.itemIndex,
					description: refused.description,
				});
			}
			await networkFailure(error);
			continue;
		}

		const status = response.statusCode;
		const headers = lowerCaseHeaders(response.headers);

		if (status >= 300 && status < 400 && headers.location) {
			abandon(response.body);
			url = followRedirect(node(), out, url, headers.location, credentials.origin);
			if (++redirects > transportSettings.maxRedirects) {
				const what = out.target === 'api' ? 'The API' : 'The file address';
				throw new NodeOperationError(node(), `${what} redirected too many times`, {
					itemIndex: out.itemIndex,
				});
			}
			attempt--;
			continue;
		}

		// a 429 closes the credential's gate: its wait is this request's too, before it is repeated
		const limited = authenticated && status === 429 ? gate.close(attempt, headers) : undefined;
		if (shouldRetry({ attempt, status, networkError: false, retryable: out.retry })) {
			abandon(response.body);
			await wait(limited ?? retryDelay(attempt, headers['retry-after']), attempt);
			continue;
		}

		let read: Answer;
		try {
			const limit = out.file ? maxBytes : transportSettings.maxAnswerBytes;
			read = await readAnswer(
				response,
				{ file: out.file === true, maxBytes: limit, sink: out.sink },
				watchAnswer(cancel, out.file === true),
			);
		} catch (error) {
			abandon(response.body);
			await networkFailure(error);
			continue;
		}
		hop.done();
		if ('over' in read) {
			abandon(response.body);
			throw out.file
				? tooLarge(node(), out.itemIndex, where(), maxBytes, read.over.announced)
				: answerTooLarge(node(), out.itemIndex, where(), transportSettings.maxAnswerBytes);
		}
		const body = read.body;
		const refused =
			!out.file &&
			body !== null &&
			typeof body === 'object' &&
			flagOf((body as IDataObject).success) === false;
		// TRATO writes the HTTP-like code inside its error body (trato-notes "Error answers"): 401 there counts too.
		const unauthorized =
			status === 401 || (refused && Number((body as IDataObject).statusCode) === 401);
		const session = usesSession(credentials.raw) && authenticated;
		if (unauthorized && session && refusedToken === undefined) {
			// The session token was refused (expired early, ended by TRATO): log in again once, then repeat. A
			// refused request had no effect, so repeating it is safe.
			refusedToken = sessionToken ?? '';
			attempt--;
			continue;
		}
		if (status >= 400 || refused) {
			throw (out.target === 'foreign' ? foreignFileError : buildApiError)(node(), {
				...failure(),
				status,
				body,
				// a 401 once the JWT's exp has passed: said so (TRATO decides before our tolerance)
				tokenExpiredAt:
					authenticated &&
					status === 401 &&
					(credentials.tokenExpiresAt ?? Infinity) <= sessionSettings.now()
						? credentials.tokenExpiresAt
						: undefined,
				sessionRefused: unauthorized && session,
				rateLimited:
					limited !== undefined && out.retry === 'never' ? rateLimitedProblem(limited) : undefined,
				path: where(),
				attempts: attempt,
				hint: out.target === 'api' ? out.hint : `Downloading ${redactUrl(url.toString())} failed.`,
				sentWithoutCredentialsVia:
					out.target === 'file' && url.origin === credentials.origin ? leftVia : undefined,
			});
		}
		return { body: body as T, headers, statusCode: status, url: url.toString() };
	}
}
