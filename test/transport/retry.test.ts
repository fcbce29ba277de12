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
/**
 * The one retry decision (transport/retry.ts), on its own: policy × status × network error × attempt, and the
 * waits beside it (Retry-After in seconds or as a date, capped; capped exponential backoff with jitter).
 */
import {
	backoffDelay,
	parseRetryAfter,
	retryDelay,
	shouldRetry,
	transportSettings,
} from '../../nodes/Trato/transport/retry';

const real = { ...transportSettings };
afterEach(() => Object.assign(transportSettings, real));

const TEMPORARY = [429, 502, 503, 504];
const FINAL = [200, 301, 400, 401, 403, 404, 405, 409, 413, 500];

describe('shouldRetry', () => {
	const cases: Array<[string, Parameters<typeof shouldRetry>[0], boolean]> = [];
	for (const retryable of ['safe', 'never'] as const) {
		for (const attempt of [1, 2, 3, 4, 5]) {
			const attemptsLeft = attempt < 4;
			for (const status of TEMPORARY) {
				cases.push([
					`${retryable} · HTTP ${status} · attempt ${attempt}`,
					{ attempt, status, networkError: false, retryable },
					retryable === 'safe' && attemptsLeft,
				]);
			}
			for (const status of FINAL) {
				cases.push([
					`${retryable} · HTTP ${status} · attempt ${attempt}`,
					{ attempt, status, networkError: false, retryable },
					false,
				]);
			}
			cases.push([
				`${retryable} · no answer · attempt ${attempt}`,
				{ attempt, networkError: true, retryable },
				retryable === 'safe' && attemptsLeft,
			]);
		}
	}

	test.each(cases)('%s', (_name, question, expected) => {
		expect(shouldRetry(question)).toBe(expected);
	});

	test('the attempt limit is the setting', () => {
		transportSettings.maxAttempts = 2;
		expect(shouldRetry({ attempt: 1, status: 503, networkError: false, retryable: 'safe' })).toBe(
			true,
		);
		expect(shouldRetry({ attempt: 2, status: 503, networkError: false, retryable: 'safe' })).toBe(
			false,
		);
	});
});

describe('waits', () => {
	const NOW = Date.parse('2026-11-21T12:00:00Z');

	test('Retry-After in seconds, as an HTTP date (past = 0), capped at 60 s, or unreadable', () => {
		expect(parseRetryAfter('2', NOW)).toBe(2000);
		expect(parseRetryAfter('1.5', NOW)).toBe(1500);
		expect(parseRetryAfter(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
		expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
		expect(parseRetryAfter('86400', NOW)).toBe(60_000);
		expect(parseRetryAfter('soon', NOW)).toBeUndefined();
		expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
	});

	test('backoff doubles per attempt up to 8 s, with jitter between half and all of it', () => {
		transportSettings.random = () => 0;
		expect([1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([250, 500, 1000, 2000, 4000, 4000]);
		transportSettings.random = () => 1;
		expect([1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
	});

	test("the server's Retry-After wins over the backoff", () => {
		transportSettings.now = () => NOW;
		transportSettings.random = () => 0.5;
		expect(retryDelay(1, '7')).toBe(7000);
		expect(retryDelay(3, undefined)).toBe(1500);
	});
});
