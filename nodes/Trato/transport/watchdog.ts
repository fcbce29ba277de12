/**
 * The clock of the read limits (limits.ts): one timer at a time for every answer this process is reading, not a
 * timer per answer or per chunk (those cost more than the rest of the node's own work on a small JSON answer: issue
 * 41, bench/README.md). Each answer watched says when it must be looked at next (its idle limit or its deadline,
 * whichever comes first) and ends itself once a limit has passed; the watchdog wakes at the earliest of those
 * instants. Its timer is an AbortSignal.timeout: no timer of the node's own (n8n's rules for community nodes), and it
 * never keeps the process alive.
 */

/** One answer being read: ends itself when a limit has passed; says when it must be looked at next. */
export interface Watched {
	/** At `now` (the watchdog's clock): ends the answer if a limit passed; the next instant to look at it. */
	check(now: number): number;
}

/** A monotonic clock in milliseconds (a wall clock set forward would end answers that are not idle). */
export const clock = (): number => performance.now();

const watched = new Set<Watched>();
/** When the watchdog wakes next (Infinity: no timer), and which timer is the current one. */
let wakeAt = Infinity;
let timer = 0;

function wakeUpAt(at: number): void {
	wakeAt = at;
	const current = ++timer;
	// a timer replaced by an earlier one still fires, and is ignored
	AbortSignal.timeout(Math.max(1, Math.ceil(at - clock()))).addEventListener(
		'abort',
		() => {
			if (current === timer) patrol();
		},
		{ once: true },
	);
}

function patrol(): void {
	wakeAt = Infinity;
	const now = clock();
	let next = Infinity;
	for (const answer of watched) {
		try {
			next = Math.min(next, answer.check(now));
		} catch {
			watched.delete(answer); // an answer that cannot be checked is not looked at again
		}
	}
	if (watched.size > 0) wakeUpAt(next);
}

/** Watches an answer from now on; `due`: the first instant it must be looked at. */
export function watch(answer: Watched, due: number): void {
	watched.add(answer);
	if (due < wakeAt) wakeUpAt(due);
}

/** The answer ended (read, abandoned or stopped): no longer watched. */
export function unwatch(answer: Watched): void {
	watched.delete(answer);
}
