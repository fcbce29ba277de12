import type { Problem } from '../helpers/environment';
import { retryDelay, transportSettings } from './retry';

/**
 * The rate-limit gate (issue 41): once TRATO answers 429 to a request of a credential, no request of that credential
 * starts in this n8n process until the wait TRATO asked for has passed (Retry-After, else the backoff); requests
 * already sent are not touched. Keyed by the credential (its n8n id and Base URL, `ResolvedCredentials.key`), not by
 * the execution: TRATO counts an account key's requests, so every execution using that credential would be refused
 * for the same time (api-notes C5). What is repeated afterwards is decided by `shouldRetry` alone: a request that
 * may have had an effect is never repeated, a 429 on it fails its item (`rateLimitedProblem`).
 */

/** When each credential's gate opens (`transportSettings.now()` milliseconds); no entry: open. */
const gates = new Map<string, number>();

/**
 * One request's way through its credential's gate. `pass` waits until the gate is open (`sleep` waits, and fails when
 * the execution is stopped): once slept until an opening, the gate counts as open at that opening (so a clock that
 * stands still in tests ends the wait too), and an opening moved later meanwhile by another 429 is waited for in turn.
 * `close`: TRATO answered this request 429; the gate closes for the wait TRATO asked for, which this request waits
 * itself before it is repeated (when it may be).
 */
export class RateGate {
	private waitedFor = -Infinity;

	constructor(private readonly key: string) {}

	async pass(sleep: (ms: number) => Promise<void>): Promise<void> {
		for (let openAt = gates.get(this.key); openAt !== undefined; openAt = gates.get(this.key)) {
			const ms = openAt - transportSettings.now();
			if (openAt <= this.waitedFor || ms <= 0) {
				gates.delete(this.key);
				return;
			}
			await sleep(ms);
			this.waitedFor = openAt;
		}
	}

	/** The wait, in milliseconds. */
	close(attempt: number, headers: Record<string, string | undefined>): number {
		const ms = retryDelay(attempt, headers['retry-after']);
		const openAt = transportSettings.now() + ms;
		if (openAt > (gates.get(this.key) ?? -Infinity)) gates.set(this.key, openAt);
		this.waitedFor = openAt;
		return ms;
	}
}

const inSeconds = (ms: number) => {
	const seconds = Number((ms / 1000).toPrecision(2));
	return seconds === 1 ? '1 second' : `${seconds} seconds`;
};

/** A request that may have had an effect, answered 429: never repeated, its item fails with this sentence. */
export function rateLimitedProblem(ms: number): Problem {
	return {
		message: 'TRATO rate-limited this request (HTTP 429), so it was not carried out',
		description: `TRATO refuses a request it rate-limits before acting on it: nothing was created, changed or sent by it, and the node never repeats a request that may have an effect. The node's other requests with this credential waited ${inSeconds(ms)}, as TRATO asked. Run this item again later, or lower the Concurrency option if this happens often.`,
	};
}
