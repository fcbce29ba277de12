import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Problem } from '../helpers/environment';

/**
 * E-mail and Password: the session token TRATO issues for the account's e-mail and password
 * (`POST /api/authentication/token`, trato-notes "Authentication"), kept in the credential's expirable hidden field
 * by n8n's own pre-authentication mechanism. n8n calls the credential's `preAuthentication` (→ `logIn`, login.ts) when that
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
/** A `ttl` outside these bounds is not believed (api-notes H6). */
const MIN_TTL_MS = 1_000;
const MAX_TTL_MS = 86_400_000;
/** A token is replaced this long before its end (at most 60 s, at most a fifth of its lifetime). */
const renewalMargin = (ttlMs: number) => Math.min(60_000, ttlMs / 5);

export interface SessionInfo {
	/** The origin and e-mail the token was issued for. */
	for: string;
	expiresAt: string;
	renewAt: string;
}

/**
 * What a login answer's `ttl` (seconds) and its JWT's `exp` (ms) say about the token, for the credential's
 * `sessionInfo`. A `ttl` between 1 s and 24 h is taken as it is; one outside (`0.001` meant a login per request,
 * `1e13` a date JavaScript cannot write) gives way to the token's own `exp` when it has one (capped at 24 h), else
 * to the nearest bound. No `ttl`: the `exp`, else 300 s.
 */
export function sessionTimes(
	ttlSeconds: unknown,
	exp: number | undefined,
	now: number,
): Pick<SessionInfo, 'expiresAt' | 'renewAt'> {
	const ttlMs = ttlSeconds === undefined || ttlSeconds === null ? NaN : Number(ttlSeconds) * 1000;
	const untilExp = exp !== undefined && exp > now ? Math.min(exp - now, MAX_TTL_MS) : undefined;
	let lifetime: number;
	if (ttlMs >= MIN_TTL_MS && ttlMs <= MAX_TTL_MS) lifetime = ttlMs;
	else if (untilExp !== undefined) lifetime = untilExp;
	else if (ttlMs > 0) lifetime = Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, ttlMs));
	else lifetime = DEFAULT_TTL_MS;
	return {
		expiresAt: new Date(now + lifetime).toISOString(),
		renewAt: new Date(now + lifetime - renewalMargin(lifetime)).toISOString(),
	};
}

export function usesSession(data: ICredentialDataDecryptedObject): boolean {
	return data.authentication === EMAIL_PASSWORD;
}

export function emailOf(data: ICredentialDataDecryptedObject): string {
	return typeof data.email === 'string' ? data.email.trim() : '';
}

export function passwordOf(data: ICredentialDataDecryptedObject): string {
	return typeof data.password === 'string' ? data.password : '';
}

export function owner(origin: string, email: string): string {
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
	const missing = !emailOf(data) ? 'email' : !passwordOf(data) ? 'password' : undefined;
	if (!missing) return undefined;
	return {
		message: `The TRATO credential has no ${missing}`,
		description: `Open the credential and enter the ${missing} you sign in to TRATO with, or switch Authentication to API Key.`,
	};
}
