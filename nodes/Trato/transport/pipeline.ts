import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { webAppAddress } from '../helpers/environment';
import { USER_AGENT } from '../helpers/version';
import type { RetryPolicy } from './catalogue';
import type { TratoContext, ResolvedCredentials } from './credentials';
import { getCredentials, sendAuthenticated } from './credentials';
import { buildApiError, networkErrorCode } from './errors';
import { redactUrl } from './redact';
import { retryDelay, shouldRetry, transportSettings } from './retry';
import { loginFailure, usesSession } from './session';

/**
 * The one request pipeline: API calls, list pages and file downloads all go through `send`. It adds exactly one
 * auth header (only on the API's origin), a User-Agent and a timeout, follows redirects by hand (credentials
 * never leave the API origin), asks `shouldRetry` after every failure, and turns failures into NodeApiErrors
 * that carry the API's own text and no secret.
 */

export interface Outgoing {
	method: IHttpRequestMethods;
	/** `api`: a path on the Base URL. `file`: a file address the API returned (absolute, or relative to it). */
	target: 'api' | 'file';
	/** The API path (already filled by `fillPath`) or the file address. */
	address: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | Buffer;
	headers?: Record<string, string>;
	retry: RetryPolicy;
	/** The answer is a file: read as bytes, never as JSON. */
	file?: boolean;
	timeout?: number;
	/** Item the request is made for; put on errors. */
	itemIndex?: number;
	/** Operation-specific explanation added to an error's description. */
	hint?: string;
}

export interface Incoming<T = unknown> {
	body: T;
	headers: Record<string, string>;
	statusCode: number;
	/** The address that answered (after redirects). */
	url: string;
}

/** Fills `{name}` path parameters, URL-encoded: the only place a path parameter is encoded. */
export function fillPath(template: string, params: Record<string, string>): string {
	return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
		const value = params[name];
		if (value === undefined) throw new Error(`fillPath: no value for {${name}} in ${template}`);
		return encodeURIComponent(value);
	});
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (headers && typeof headers === 'object') {
		for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
			out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
		}
	}
	return out;
}

/** An error body that arrived as bytes (file requests): parsed as JSON when it is, else its start as text. */
function bodyFromBuffer(body: unknown): unknown {
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) {
		const text = Buffer.from(body as Buffer).toString('utf8');
		try {
			return JSON.parse(text);
		} catch {
			return text.slice(0, 500);
		}
	}
	return body;
}

function firstUrl(node: INode, out: Outgoing, credentials: ResolvedCredentials): URL {
	if (out.target === 'api') {
		return new URL(`${credentials.baseUrl}${out.address.startsWith('/') ? '' : '/'}${out.address}`);
	}
	try {
		const url = new URL(out.address, `${credentials.baseUrl}/`);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
		return url;
	} catch {
		throw new NodeOperationError(
			node,
			`The file address "${redactUrl(String(out.address))}" is not a valid http(s) URL`,
			{ itemIndex: out.itemIndex },
		);
	}
}

/** Where a redirect may go: within the API origin always; elsewhere only for files, and without credentials. */
function followRedirect(node: INode, out: Outgoing, from: URL, location: string, origin: string) {
	const target = new URL(location, from);
	if (out.target === 'api' && target.origin !== origin) {
		throw new NodeOperationError(
			node,
			`The API redirected to another address (${target.origin}); the node does not send your credentials there`,
			{
				itemIndex: out.itemIndex,
				description:
					"Check the credential's Base URL: use the address the service redirects to if you trust it.",
			},
		);
	}
	return target;
}

export async function send<T = unknown>(this: TratoContext, out: Outgoing): Promise<Incoming<T>> {
	const credentials = await getCredentials.call(this);
	const node = this.getNode();
	let url = firstUrl(node, out, credentials);
	const where = () => (out.target === 'api' ? url.pathname : redactUrl(url.toString()));
	const failure = () => ({
		method: out.method,
		secrets: credentials.secrets,
		itemIndex: out.itemIndex,
		webApp: webAppAddress(credentials.raw),
	});
	let redirects = 0;
	/** With E-mail and Password: the session token a 401 refused (a new login is made once per request). */
	let refusedToken: string | undefined;
	let sessionToken: string | undefined;

	for (let attempt = 1; ; attempt++) {
		const request: IHttpRequestOptions = {
			method: out.method,
			url: url.toString(),
			qs: out.qs,
			body: out.body,
			headers: {
				'User-Agent': USER_AGENT,
				Accept: out.file ? '*/*' : 'application/json',
				...(out.headers ?? {}),
			},
			json: !out.file && !Buffer.isBuffer(out.body),
			timeout:
				out.timeout ??
				(out.file ? transportSettings.fileTimeoutMs : transportSettings.requestTimeoutMs),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		};
		if (out.file) request.encoding = 'arraybuffer';

		let response: IN8nHttpFullResponse;
		try {
			if (url.origin === credentials.origin) {
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
			const login = loginFailure(error);
			if (login) {
				throw buildApiError(node, { ...failure(), path: where(), login });
			}
			if (shouldRetry({ attempt, networkError: true, retryable: out.retry })) {
				await transportSettings.sleep(retryDelay(attempt, undefined));
				continue;
			}
			throw buildApiError(node, {
				...failure(),
				code: networkErrorCode(error),
				path: where(),
				hint: out.target === 'api' ? out.hint : undefined,
				attempts: attempt,
				fileHost: out.target === 'file' ? url.origin : undefined,
			});
		}

		const status = response.statusCode;
		const headers = lowerCaseHeaders(response.headers);

		if (status >= 300 && status < 400 && headers.location) {
			url = followRedirect(node, out, url, headers.location, credentials.origin);
			if (++redirects > transportSettings.maxRedirects) {
				const what = out.target === 'api' ? 'The API' : 'The file address';
				throw new NodeOperationError(node, `${what} redirected too many times`, {
					itemIndex: out.itemIndex,
				});
			}
			attempt--;
			continue;
		}

		if (shouldRetry({ attempt, status, networkError: false, retryable: out.retry })) {
			await transportSettings.sleep(retryDelay(attempt, headers['retry-after']));
			continue;
		}

		const body = out.file && status >= 400 ? bodyFromBuffer(response.body) : response.body;
		const refused =
			!out.file &&
			body !== null &&
			typeof body === 'object' &&
			(body as IDataObject).success === false;
		// TRATO writes the HTTP-like code inside its error body (trato-notes "Error answers"): 401 there counts too.
		const unauthorized =
			status === 401 || (refused && Number((body as IDataObject).statusCode) === 401);
		const session = usesSession(credentials.raw) && url.origin === credentials.origin;
		if (unauthorized && session && refusedToken === undefined) {
			// The session token was refused (expired early, ended by TRATO): log in again once, then repeat. A
			// refused request had no effect, so repeating it is safe.
			refusedToken = sessionToken ?? '';
			attempt--;
			continue;
		}
		if (status >= 400 || refused) {
			const expired = status === 401 && (credentials.tokenExpiresAt ?? Infinity) <= Date.now();
			throw buildApiError(node, {
				...failure(),
				status,
				body,
				tokenExpiredAt: expired ? credentials.tokenExpiresAt : undefined,
				sessionRefused: unauthorized && session,
				path: where(),
				attempts: attempt,
				hint: out.target === 'api' ? out.hint : `Downloading ${redactUrl(url.toString())} failed.`,
			});
		}
		return { body: body as T, headers, statusCode: status, url: url.toString() };
	}
}
