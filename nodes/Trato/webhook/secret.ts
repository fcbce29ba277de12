import { createHash, timingSafeEqual } from 'node:crypto';

import type { IWebhookFunctions } from 'n8n-workflow';

type Headers = ReturnType<IWebhookFunctions['getHeaderData']>;

/** The header TRATO puts the account's webhook secret in (trato-notes "Webhooks"). */
export const SECRET_HEADER = 'x-trato-secret';

/** SHA-256 of a text's UTF-16 code units: equal digests for equal texts, 32 bytes whatever the length. */
function digest(text: string): Buffer {
	return createHash('sha256').update(Buffer.from(text, 'utf16le')).digest();
}

/**
 * Whether the secret a delivery carries equals the expected one, in constant time: both are hashed to 32 bytes and
 * compared with crypto.timingSafeEqual, so the answer's timing tells nothing about how much of it was right, nor
 * the expected secret's length.
 */
export function secretsMatch(expected: string, provided: string): boolean {
	if (expected.length === 0) return false;
	return timingSafeEqual(digest(expected), digest(provided));
}

/** The secret a request carries, trimmed; undefined when the header is missing or empty. */
export function providedSecret(headers: Headers): string | undefined {
	const raw = headers[SECRET_HEADER];
	const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
	return value === '' ? undefined : value;
}
