import type { IWebhookFunctions } from 'n8n-workflow';

type Headers = ReturnType<IWebhookFunctions['getHeaderData']>;

/** The header TRATO puts the account's webhook secret in (trato-notes "Webhooks"). */
export const SECRET_HEADER = 'x-trato-secret';

/** The secret a request carries, trimmed; undefined when the header is missing or empty. */
export function providedSecret(headers: Headers): string | undefined {
	const raw = headers[SECRET_HEADER];
	const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
	return value === '' ? undefined : value;
}
