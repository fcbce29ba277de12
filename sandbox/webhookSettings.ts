/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */

// The webhook settings: their defaults, and a change checked field by field (400 with the reason) and merged.
import { badRequest, describeValue, isPlainObject } from './util';
import {
	CONTRACT_ID_FIELDS,
	WEBHOOK_EVENTS,
	type WebhookEvent,
	type WebhookSettings,
	type WebhookSettingsInput,
} from './webhookTypes';

export function defaults(secret: string): WebhookSettings {
	return {
		secret,
		urls: {},
		maxAttempts: 4,
		retryDelaysMs: [2_000, 10_000, 60_000],
		timeoutMs: 10_000,
		contractIdField: 'contractid',
	};
}

export function checkUrl(value: unknown, field: string): string {
	if (typeof value !== 'string')
		throw badRequest(`${field} must be a URL, got ${describeValue(value)}`);
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw badRequest(`${field} is not a URL: ${value}`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw badRequest(`${field} must be an http(s) URL`);
	return value;
}

export function checkEvent(value: unknown): WebhookEvent {
	if (!(WEBHOOK_EVENTS as readonly unknown[]).includes(value))
		throw badRequest(
			`Unknown webhook event ${describeValue(value)}; known: ${WEBHOOK_EVENTS.join(', ')}`,
		);
	return value as WebhookEvent;
}

/** `current` with the changes of `input`, every field checked first. */
export function mergeSettings(
	current: WebhookSettings,
	input: WebhookSettingsInput,
): WebhookSettings {
	if (!isPlainObject(input as unknown)) throw badRequest('The webhook settings must be an object');
	const next = structuredClone(current);
	if (input.secret !== undefined) {
		if (typeof input.secret !== 'string' || input.secret === '')
			throw badRequest('secret must be a non-empty string');
		next.secret = input.secret;
	}
	if (input.urls !== undefined) {
		if (!isPlainObject(input.urls)) throw badRequest('urls must be an object {event: url}');
		for (const [event, url] of Object.entries(input.urls)) {
			const name = checkEvent(event);
			if (url === null || url === '') delete next.urls[name];
			else next.urls[name] = checkUrl(url, `urls.${event}`);
		}
	}
	if (input.url !== undefined) {
		const url = checkUrl(input.url, 'url');
		if (input.events !== undefined && !Array.isArray(input.events))
			throw badRequest('events must be an array of event names');
		for (const event of input.events ?? WEBHOOK_EVENTS) next.urls[checkEvent(event)] = url;
	}
	if (input.maxAttempts !== undefined) {
		if (!Number.isInteger(input.maxAttempts) || input.maxAttempts < 1 || input.maxAttempts > 50)
			throw badRequest('maxAttempts must be an integer from 1 to 50');
		next.maxAttempts = input.maxAttempts;
	}
	if (input.retryDelaysMs !== undefined) {
		const delays = input.retryDelaysMs as unknown;
		if (
			!Array.isArray(delays) ||
			delays.length === 0 ||
			!delays.every((d) => Number.isFinite(d) && d >= 0 && d <= 3_600_000)
		)
			throw badRequest('retryDelaysMs must be a non-empty array of milliseconds (0-3600000)');
		next.retryDelaysMs = delays as number[];
	}
	if (input.timeoutMs !== undefined) {
		if (!Number.isFinite(input.timeoutMs) || input.timeoutMs < 1 || input.timeoutMs > 600_000)
			throw badRequest('timeoutMs must be milliseconds (1-600000)');
		next.timeoutMs = input.timeoutMs;
	}
	if (input.contractIdField !== undefined) {
		if (!(CONTRACT_ID_FIELDS as readonly unknown[]).includes(input.contractIdField))
			throw badRequest(`contractIdField must be one of ${CONTRACT_ID_FIELDS.join(', ')}`);
		next.contractIdField = input.contractIdField;
	}
	return next;
}
