import { sleep } from 'n8n-workflow';

import { DEFAULT_MAX_FILE_MB, MEGABYTE } from '../helpers/files';
import type { RetryPolicy } from './catalogue';

/**
 * A wait that the execution's stop ends (it then rejects). n8n-workflow's `sleepWithAbort` leaves its listener on the
 * signal once the wait is over: one more for every wait until the execution ends (Node warns of a leak past 10, as in
 * a batch whose items wait out 429s); this one removes it.
 */
export async function sleepUnlessStopped(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	if (signal.aborted) throw new Error('The execution was stopped');
	let onAbort = () => {};
	const stopped = new Promise<never>((_, reject) => {
		onAbort = () => reject(new Error('The execution was stopped'));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([sleep(ms), stopped]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/**
 * Retry, timeout and size policy. One object so that tests (and only tests) can inject a clock, a random source and a
 * sleep instead of waiting for real; shipped code never changes it.
 */
export const transportSettings = {
	maxAttempts: 4,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	retryAfterCapMs: 60_000,
	/** Until an answer's headers arrive (n8n's `timeout`: no byte on the socket for this long), API calls and files. */
	requestTimeoutMs: 60_000,
	fileTimeoutMs: 300_000,
	/** After the headers: no byte of the answer for this long ends it (limits.ts). */
	idleTimeoutMs: 60_000,
	/** After the headers: an API answer must have arrived whole within this time, a file within `fileReadMs`. */
	answerReadMs: 120_000,
	fileReadMs: 600_000,
	/** An API answer (JSON) larger than this is not read (a file has its own limit, Max File Size). */
	maxAnswerBytes: 32 * MEGABYTE,
	maxRedirects: 5,
	/** A file request that names no limit of its own ("Max File Size (MB)") reads at most this many bytes. */
	maxFileBytes: DEFAULT_MAX_FILE_MB * MEGABYTE,
	/** Waits between attempts; `signal` (the execution's cancel signal) ends the wait when the execution is stopped. */
	sleep: async (ms: number, signal?: AbortSignal): Promise<void> =>
		await sleepUnlessStopped(ms, signal),
	random: (): number => Math.random(),
	now: (): number => Date.now(),
};

/** Answers that say "not now, try again": rate limited, or a gateway / the service temporarily unavailable. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface RetryQuestion {
	/** The attempt that just failed, from 1. */
	attempt: number;
	/** HTTP status of the answer; undefined when no answer arrived. */
	status?: number;
	/** True when no answer arrived (connection refused or dropped, timeout). */
	networkError: boolean;
	retryable: RetryPolicy;
}

/**
 * The one retry decision every request asks: repeat only a request that is safe to repeat, only after a
 * temporary failure, and only while attempts remain.
 */
export function shouldRetry(question: RetryQuestion): boolean {
	if (question.retryable !== 'safe') return false;
	if (question.attempt >= transportSettings.maxAttempts) return false;
	if (question.networkError) return true;
	return question.status !== undefined && RETRY_STATUSES.has(question.status);
}

/** Retry-After in seconds or as an HTTP date, in milliseconds, capped. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (!value) return undefined;
	const trimmed = value.trim();
	let ms: number | undefined;
	if (/^\d+(\.\d+)?$/.test(trimmed)) {
		ms = Math.round(parseFloat(trimmed) * 1000);
	} else {
		const date = Date.parse(trimmed);
		if (!Number.isNaN(date)) ms = Math.max(0, date - now);
	}
	return ms === undefined ? undefined : Math.min(ms, transportSettings.retryAfterCapMs);
}

/** Capped exponential backoff with jitter: between half and all of min(max, base · 2^(attempt-1)). */
export function backoffDelay(attempt: number): number {
	const ceiling = Math.min(
		transportSettings.maxDelayMs,
		transportSettings.baseDelayMs * 2 ** (attempt - 1),
	);
	return Math.round(ceiling / 2 + (transportSettings.random() * ceiling) / 2);
}

/** How long to wait before the next attempt: the server's Retry-After when it gave one, else the backoff. */
export function retryDelay(attempt: number, retryAfter: string | undefined): number {
	return parseRetryAfter(retryAfter, transportSettings.now()) ?? backoffDelay(attempt);
}
