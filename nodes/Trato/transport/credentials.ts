import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialAddress } from '../helpers/environment';
import {
	EXPIRED_TOKEN_ADVICE,
	expiredTokenMessage,
	isPastExpiry,
	jwtExpiresAt,
	withoutBearer,
} from '../helpers/jwt';
import { loginFailure } from './login';
import {
	SESSION_TOKEN,
	missingLoginField,
	sessionIsFresh,
	sessionSettings,
	usesSession,
} from './session';

export const CREDENTIAL_TYPE = 'tratoApi';

/** Every context our code calls the API from: the action node, its list searches and both triggers. */
export type TratoContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IWebhookFunctions;

export interface ResolvedCredentials {
	/** The API address of the credential's Environment (Custom URL: the Base URL without trailing slashes). */
	baseUrl: string;
	/** Origin of the Base URL: the only origin that ever receives the credentials. */
	origin: string;
	/** The API key, token, password and session token as they are now, so that errors can remove them. */
	readonly secrets: string[];
	/** Identifies the credential (its n8n id and Base URL) for what the transport learns about the service. */
	key: string;
	/** With Access Token: the JWT's expiry (ms), when it carries one. */
	tokenExpiresAt?: number;
	raw: ICredentialDataDecryptedObject;
}

const credentialCache = new WeakMap<object, Promise<ResolvedCredentials>>();

/** Refuses an incomplete credential before any request (n8n would otherwise report it as a network error). */
function assertSecretPresent(ctx: TratoContext, raw: ICredentialDataDecryptedObject): void {
	if (usesSession(raw)) {
		const missing = missingLoginField(raw);
		if (missing) {
			throw new NodeOperationError(ctx.getNode(), missing.message, {
				description: `${missing.description} Nothing was sent to TRATO.`,
			});
		}
		return;
	}
	const useToken = raw.authentication === 'accessToken';
	const secret = String((useToken ? raw.accessToken : raw.apiKey) ?? '')
		.trim()
		.replace(/^bearer\s*/i, '');
	if (!secret) {
		throw new NodeOperationError(
			ctx.getNode(),
			useToken
				? 'The TRATO credential has no access token. Open the credential and paste the JWT, or switch Authentication to API Key.'
				: 'The TRATO credential has no API key. Open the credential and paste the API key, or switch Authentication to Access Token (JWT).',
		);
	}
}

function secretsOf(raw: ICredentialDataDecryptedObject): string[] {
	const sessionToken = usesSession(raw) ? raw[SESSION_TOKEN] : undefined;
	// The webhook secret too: it must not survive in an error text either (the node never sends it anywhere).
	return [
		...[raw.apiKey, raw.accessToken, raw.password, sessionToken].map(withoutBearer),
		String(raw.webhookSecret ?? '').trim(),
	].filter((s) => s.length > 0);
}

async function resolve(ctx: TratoContext): Promise<ResolvedCredentials> {
	const raw = await ctx.getCredentials(CREDENTIAL_TYPE);
	const address = credentialAddress(raw);
	if ('problem' in address) {
		throw new NodeOperationError(ctx.getNode(), address.problem.message, {
			description: address.problem.description,
		});
	}
	assertSecretPresent(ctx, raw);
	const id = ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
	const tokenExpiresAt =
		raw.authentication === 'accessToken' ? jwtExpiresAt(withoutBearer(raw.accessToken)) : undefined;
	if (isPastExpiry(tokenExpiresAt, sessionSettings.now())) {
		throw new NodeOperationError(ctx.getNode(), expiredTokenMessage(tokenExpiresAt), {
			description: `Nothing was sent to TRATO. ${EXPIRED_TOKEN_ADVICE}`,
		});
	}
	return {
		...address,
		get secrets() {
			return secretsOf(raw);
		},
		raw,
		key: `${id}@${address.baseUrl}`,
		tokenExpiresAt,
	};
}

/** Reads the credential once per node execution (n8n decrypts it on every call otherwise). */
export async function getCredentials(this: TratoContext): Promise<ResolvedCredentials> {
	let cached = credentialCache.get(this);
	if (!cached) {
		cached = resolve(this);
		credentialCache.set(this, cached);
		cached.catch(() => credentialCache.delete(this));
	}
	return await cached;
}

/**
 * With Access Token: refuses a JWT whose `exp` has passed since the execution started (beyond the tolerance for
 * clock differences), before it is sent: TRATO would only answer 401, and it is not a network error to retry.
 */
export function assertTokenUsable(
	ctx: { getNode(): INode },
	credentials: ResolvedCredentials,
	itemIndex: number | undefined,
): void {
	const expiresAt = credentials.tokenExpiresAt;
	if (expiresAt === undefined || !isPastExpiry(expiresAt, sessionSettings.now())) return;
	throw new NodeOperationError(ctx.getNode(), expiredTokenMessage(expiresAt), {
		itemIndex,
		description: `It expired while the workflow was running; nothing was sent with it. ${EXPIRED_TOKEN_ADVICE}`,
	});
}

/** With E-mail and Password: a login n8n is making now for this credential data (the others wait for it). */
const loginsInFlight = new WeakMap<object, Promise<void>>();
/**
 * With E-mail and Password: the login that failed in this execution (refused, or TRATO's login unreachable or
 * unavailable after its retries), reported for every later item without asking TRATO again.
 */
const failedLogins = new WeakMap<object, unknown>();

export interface Authenticated {
	response: IN8nHttpFullResponse;
	/** With E-mail and Password: the session token the request carried. */
	sessionToken?: string;
}

/**
 * Sends a request to the API origin through n8n's `httpRequestWithAuthentication` (the credential's
 * `authenticate` adds the header). With E-mail and Password, the session token is checked first: missing, issued
 * for another environment or e-mail, or near the end of its ttl → the credential data goes to n8n with the token
 * field emptied, so n8n's pre-authentication logs in and stores the new token (in the credential, and in `raw` for
 * the next requests of this execution). `refusedToken`: the token a request was just refused with (401); a new
 * login is made unless another request already replaced that token. One login at a time per execution.
 */
export async function sendAuthenticated(
	this: TratoContext,
	credentials: ResolvedCredentials,
	request: IHttpRequestOptions,
	refusedToken?: string,
): Promise<Authenticated> {
	const raw = credentials.raw;
	const call = async () =>
		(await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request, {
			credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data: raw },
		})) as IN8nHttpFullResponse;
	if (!usesSession(raw)) return { response: await call() };

	for (let pending = loginsInFlight.get(raw); pending; pending = loginsInFlight.get(raw)) {
		await pending;
	}
	if (failedLogins.has(raw)) throw failedLogins.get(raw);
	const stored = raw[SESSION_TOKEN];
	if (sessionIsFresh(raw, credentials.origin) && stored !== refusedToken) {
		return { response: await call(), sessionToken: stored as string };
	}
	raw[SESSION_TOKEN] = '';
	const attempt = call();
	// Registered before anyone can wait for it: a refused login is known to the waiting requests.
	const settled = attempt.then(
		() => undefined,
		(error) => {
			if (loginFailure(error)) failedLogins.set(raw, error);
		},
	);
	loginsInFlight.set(raw, settled);
	try {
		return { response: await attempt, sessionToken: raw[SESSION_TOKEN] as string };
	} finally {
		loginsInFlight.delete(raw);
	}
}
