import type { Problem } from '../helpers/environment';
import { shownAddress } from './addresses';
import type { TratoContext } from './credentials';
import type { RetryPolicy } from './catalogue';
import { transportSettings } from './retry';
import { type Watched, clock, unwatch, watch } from './watchdog';

/**
 * What ends an answer that does not end by itself. n8n's `timeout` covers a request until its answer's headers
 * arrive; the node reads every answer as a stream after that (body.ts), and these limits end the read: no byte for
 * `idleTimeoutMs`, the whole answer not read within `answerReadMs` (API) or `fileReadMs` (file), or the execution
 * stopped in n8n (its cancel signal ends the hops' requests, the answers being read and the waits between attempts).
 * The watchdog's sleep (watchdog.ts) is the clock: no timer of the node's own (n8n's rules for community nodes).
 */

export type StopReason = 'idle' | 'total' | 'stopped';

/** A read (or a wait) the node ended, and why. */
export class AnswerStopped extends Error {
	constructor(readonly reason: StopReason) {
		super(`The node stopped reading the answer (${reason})`);
	}
}

/** An answer being read or a hop's request: ended together when their execution is stopped. */
interface Stoppable {
	stop(): void;
}

/**
 * What each execution has in progress, by its cancel signal: one listener per execution, not one per request (a
 * signal combined per request, AbortSignal.any, cost more than the rest of the node's own work; issue 41).
 */
const inProgress = new WeakMap<AbortSignal, Set<Stoppable>>();

function inProgressOf(cancel: AbortSignal): Set<Stoppable> {
	let current = inProgress.get(cancel);
	if (!current) {
		const started = new Set<Stoppable>();
		cancel.addEventListener(
			'abort',
			() => {
				for (const item of started) item.stop();
			},
			{ once: true },
		);
		inProgress.set(cancel, started);
		current = started;
	}
	return current;
}

/** The execution's cancel signal: the action node has one (n8n 1.x and 2.x); triggers and list searches do not. */
export function cancelSignal(ctx: TratoContext): AbortSignal | undefined {
	const get = (ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined })
		.getExecutionCancelSignal;
	return typeof get === 'function' ? get.call(ctx) : undefined;
}

/**
 * One hop's request: its signal (given to n8n's helper) ends it when the node gives up on its answer (`giveUp`: the
 * connection closes in n8n 1.x and 2.x) or when the execution is stopped. `done` once the hop is over.
 */
export class Hop implements Stoppable {
	private readonly controller = new AbortController();
	private readonly group?: Set<Stoppable>;

	constructor(cancel: AbortSignal | undefined) {
		if (cancel?.aborted) this.controller.abort();
		else if (cancel) {
			this.group = inProgressOf(cancel);
			this.group.add(this);
		}
	}

	get signal(): AbortSignal {
		return this.controller.signal;
	}

	stop(): void {
		this.controller.abort();
	}

	giveUp(): void {
		this.done();
		this.controller.abort();
	}

	done(): void {
		this.group?.delete(this);
	}
}

/** How an answer whose headers just arrived is to be read: the execution's cancel signal, an API answer or a file. */
export interface Watch {
	cancel?: AbortSignal;
	file: boolean;
}

export function watchAnswer(cancel: AbortSignal | undefined, file: boolean): Watch {
	return { cancel, file };
}

/**
 * An answer read within its limits: no byte for `idleTimeoutMs`, the whole answer not read within `answerReadMs`
 * (API) or `fileReadMs` (file), or the execution stopped end it: the stream is destroyed (the connection closes) and
 * `stopped` is told why. The watchdog (watchdog.ts) checks the limits; the reader says when bytes arrive (`touch`).
 */
export class Reading implements Stoppable, Watched {
	private lastByte: number;
	private readonly deadline: number;
	private readonly idleMs = transportSettings.idleTimeoutMs;
	private readonly group?: Set<Stoppable>;
	private ended?: StopReason;

	constructor(
		private readonly stream: { destroy: () => void },
		private readonly watching: Watch,
		private readonly stopped: (error: AnswerStopped) => void,
	) {
		const now = clock();
		this.lastByte = now;
		this.deadline =
			now + (watching.file ? transportSettings.fileReadMs : transportSettings.answerReadMs);
		if (watching.cancel?.aborted) {
			this.end('stopped');
			return;
		}
		if (watching.cancel) {
			this.group = inProgressOf(watching.cancel);
			this.group.add(this);
		}
		watch(this, Math.min(this.deadline, now + this.idleMs));
	}

	/** Bytes arrived: the idle limit counts from now. */
	touch(): void {
		this.lastByte = clock();
	}

	/** What a failure of the stream stands for: AnswerStopped when a limit or the stop ended it (n8n's helper closes the stream itself when its signal fires). */
	failure(error: unknown): unknown {
		const reason = this.ended ?? (this.watching.cancel?.aborted ? 'stopped' : undefined);
		return reason ? new AnswerStopped(reason) : error;
	}

	check(now: number): number {
		if (this.ended) return Infinity;
		const idleAt = this.lastByte + this.idleMs;
		if (now >= this.deadline) this.end('total');
		else if (now >= idleAt) this.end('idle');
		return Math.min(this.deadline, idleAt);
	}

	stop(): void {
		this.end('stopped');
	}

	/** The answer was read (or left): no longer watched. */
	close(): void {
		unwatch(this);
		this.group?.delete(this);
	}

	/** The stop first (it explains the others), then the deadline, else the idle limit. */
	private end(reason: StopReason): void {
		if (this.ended) return;
		this.ended = this.watching.cancel?.aborted ? 'stopped' : reason;
		this.close();
		this.stream.destroy();
		this.stopped(new AnswerStopped(this.ended));
	}
}

/** Why a request failed, when a limit or the execution's stop ended it; undefined for any other failure. */
export function stopReason(
	error: unknown,
	cancel: AbortSignal | undefined,
): StopReason | undefined {
	if (error instanceof AnswerStopped) return error.reason;
	return cancel?.aborted ? 'stopped' : undefined;
}

/** A duration as words: "60 seconds", "10 minutes". */
function inWords(ms: number): string {
	if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} minutes`;
	return `${Number((ms / 1000).toPrecision(3))} seconds`;
}

/** The sentence of an answer a limit or the execution's stop ended. */
export function stoppedProblem(
	reason: StopReason,
	out: { method: string; target: 'api' | 'file' | 'foreign'; file?: boolean; retry: RetryPolicy },
	url: URL,
	attempts: number,
): Problem {
	const origin = url.origin;
	/** The request as errors show it: the API path, a file address without its query, a File URL's origin. */
	const path = shownAddress(out.target, url);
	const stopped = {
		file: out.target !== 'api' || out.file === true,
		foreign: out.target === 'foreign',
	};
	const idle = inWords(transportSettings.idleTimeoutMs);
	const total = inWords(
		stopped.file ? transportSettings.fileReadMs : transportSettings.answerReadMs,
	);
	const tried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	const after = [
		stopped.foreign ? 'Nothing was sent to TRATO.' : '',
		// its policy is `never`: it may have had an effect at TRATO
		out.retry === 'never' && out.method !== 'GET'
			? 'The request may have taken effect at TRATO: check there before running it again.'
			: '',
	]
		.filter(Boolean)
		.map((text) => ` ${text}`)
		.join('');
	const what = stopped.file ? `The download from ${origin}` : `TRATO's answer from ${origin}`;
	if (reason === 'stopped') {
		return {
			message: `The execution was stopped while ${stopped.file ? `downloading from ${origin}` : `waiting for TRATO (${origin})`}`,
			description: `The node closed the connection to ${path}.${after}`,
		};
	}
	if (reason === 'total') {
		return {
			message: `${what} took longer than ${total}`,
			description: `${path} was still sending after ${total}, so the node closed the connection (an answer may take at most ${total} once it has started).${after} Try again later.`,
		};
	}
	return {
		message: `${what} stalled: no data for ${idle}`,
		description: `${path} started its answer, then sent nothing for ${idle}, so the node closed the connection.${tried}${after} Try again later${stopped.file ? '; if it keeps stalling, check the link or the file host' : ''}.`,
	};
}
