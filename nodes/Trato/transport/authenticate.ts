import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { credentialAddress } from '../helpers/environment';
import type { Problem } from '../helpers/environment';
import {
	EXPIRED_TOKEN,
	expiredTokenMessage,
	isPastExpiry,
	jwtExpiresAt,
	withoutBearer,
} from '../helpers/jwt';
import { sentenceIn } from './errors';
import { EMAIL_PASSWORD, SESSION_TOKEN, sessionSettings } from './session';

/** The credential's `authenticate` (credentials/TratoApi.credentials.ts), called by n8n before every request. */

/** The secret of the request's authentication header, or the sentence saying what is missing. */
function secretHeader(credentials: ICredentialDataDecryptedObject): Record<string, string> {
	if (credentials.authentication === 'accessToken') {
		const token = withoutBearer(credentials.accessToken);
		if (!token) {
			throw new Error(
				'The TRATO credential has no access token. Open the credential and paste the JWT, or switch Authentication to API Key.',
			);
		}
		// A JWT past its expiry is refused here, so the credential test says why (the service answers only 401).
		const expiresAt = jwtExpiresAt(token);
		if (isPastExpiry(expiresAt, sessionSettings.now()))
			throw new Error(expiredTokenMessage(expiresAt));
		return { Authorization: `Bearer ${token}` };
	}
	if (credentials.authentication === EMAIL_PASSWORD) {
		const token = typeof credentials[SESSION_TOKEN] === 'string' ? credentials[SESSION_TOKEN] : '';
		if (!token) {
			throw new Error(
				'The TRATO credential has not logged in yet. Open the credential and test it, or check its email and password.',
			);
		}
		return { Authorization: `Bearer ${token}` };
	}
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : '';
	if (!apiKey) {
		throw new Error(
			'The TRATO credential has no API key. Open the credential and paste the API key, or switch Authentication to Access Token (JWT).',
		);
	}
	return { apikey: apiKey };
}

/**
 * The origin a request goes to: `url` (with `baseURL`) as n8n's `httpRequest` helpers and the credential test give
 * it, or `uri` as n8n's HTTP Request node gives it with a predefined credential type (it sends through n8n's
 * `requestWithAuthentication`, in the request library's options). Empty when neither is an address.
 */
function targetOrigin(requestOptions: IHttpRequestOptions): string {
	const { uri } = requestOptions as { uri?: unknown };
	const address =
		typeof requestOptions.url === 'string'
			? requestOptions.url
			: typeof uri === 'string'
				? uri
				: uri instanceof URL
					? uri.href
					: undefined;
	if (address === undefined) return '';
	try {
		return new URL(address, requestOptions.baseURL).origin;
	} catch {
		return '';
	}
}

/**
 * Puts exactly one authentication header on a request: `apikey` or `Authorization: Bearer`, never both and never an
 * empty one, and only on a request to the credential's own environment. Any authentication header already on the
 * request (from another credential or a user) is removed first.
 */
export async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const address = credentialAddress(credentials);
	if ('problem' in address)
		throw new Error(`${address.problem.message}. ${address.problem.description}`);
	const target = targetOrigin(requestOptions);
	if (target !== address.origin) {
		throw new Error(
			`The TRATO credential is only sent to ${address.origin} (its Environment), not to ${target || 'this address'}.`,
		);
	}
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
		const lower = name.toLowerCase();
		if (lower === 'authorization' || lower === 'apikey') continue;
		headers[name] = value as string;
	}
	return { ...requestOptions, headers: { ...headers, ...secretHeader(credentials) } };
}

/** Every sentence `authenticateRequest` throws starts with one of these. */
const REFUSALS = ['The TRATO credential', EXPIRED_TOKEN];

/**
 * A refusal of `authenticateRequest` inside the error n8n threw around it (an expired JWT, a credential without its
 * secret, another origin): a sentence about the credential, never a network error to retry.
 */
export function authenticateRefusal(error: unknown): Problem | undefined {
	return sentenceIn(error, REFUSALS);
}
