/** What a JWT says about its own lifetime (the service's token lifetime is not documented, spec Part 5). */

/** The token's `exp` in milliseconds, or undefined when it is not a JWT or carries no expiry. */
export function jwtExpiresAt(token: string): number | undefined {
	const parts = token.trim().split('.');
	if (parts.length !== 3) return undefined;
	try {
		const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as {
			exp?: unknown;
		};
		return typeof payload.exp === 'number' && Number.isFinite(payload.exp)
			? payload.exp * 1000
			: undefined;
	} catch {
		return undefined;
	}
}

/** Clocks differ: a token counts as expired here only this long after its `exp` (the service decides before). */
const EXPIRY_TOLERANCE_MS = 30_000;

/** Whether an `exp` (from jwtExpiresAt) is past at `now` (ms), beyond the tolerance for clock differences. */
export function isPastExpiry(expiresAt: number | undefined, now: number): expiresAt is number {
	return expiresAt !== undefined && expiresAt + EXPIRY_TOLERANCE_MS < now;
}

/** A pasted secret without surrounding blanks and without a leading "Bearer " (as copied from a header). */
export function withoutBearer(value: unknown): string {
	return (typeof value === 'string' ? value : '')
		.trim()
		.replace(/^bearer\s+/i, '')
		.trim();
}

/** The start of the sentence for an expired token (recognised in the errors n8n wraps around it). */
export const EXPIRED_TOKEN = 'The access token (JWT) expired at ';

/** The sentence for an expired token, the same in the node and in the credential test. */
export function expiredTokenMessage(expiresAt: number): string {
	return `${EXPIRED_TOKEN}${new Date(expiresAt).toISOString()}. Get a new token from TRATO and paste it into the TRATO credential.`;
}

/** What to do about it, beyond pasting a new token. */
export const EXPIRED_TOKEN_ADVICE =
	"TRATO tokens live about 5 minutes. For scheduled or long workflows, switch the credential's Authentication to Email and Password: n8n then logs in and renews the token by itself.";
