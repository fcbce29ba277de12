import type { IWebhookFunctions } from 'n8n-workflow';

type Headers = ReturnType<IWebhookFunctions['getHeaderData']>;

/** The header TRATO puts the account's webhook secret in (trato-notes "Webhooks"). */
export const SECRET_HEADER = 'x-trato-secret';

/**
 * Whether the secret a delivery carries equals the expected one, in constant time: the loop runs over every
 * character of what was sent whatever matches, so the answer's timing tells nothing about how much of it was
 * right, and nothing about the expected secret but what the sender already controls (its own length).
 */
export function secretsMatch(expected: string, provided: string): boolean {
	if (expected.length === 0) return false;
	let difference = expected.length ^ provided.length;
	for (let i = 0; i < provided.length; i++) {
		difference |= provided.charCodeAt(i) ^ expected.charCodeAt(i % expected.length);
	}
	return difference === 0;
}

/** The secret a request carries, trimmed; undefined when the header is missing or empty. */
export function providedSecret(headers: Headers): string | undefined {
	const raw = headers[SECRET_HEADER];
	const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
	return value === '' ? undefined : value;
}
