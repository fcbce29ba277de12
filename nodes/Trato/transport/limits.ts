import type { Problem } from '../helpers/environment';
import type { TratoContext } from './credentials';
import { transportSettings } from './retry';

/**
 * What ends an answer that does not end by itself. n8n's `timeout` covers a request until its answer's headers
 * arrive; the node reads every answer as a stream after that (body.ts), and these limits end the read: no byte for
 * `idleTimeoutMs`, the whole answer not read within `answerReadMs` (API) or `fileReadMs` (file), or the execution
 * stopped in n8n (its cancel signal, also given to n8n's request helper and to the waits between attempts).
 * AbortSignal.timeout is the clock: no timer of the node's own (n8n's rules for community nodes).
 */

export type StopReason = 'idle' | 'total' | 'stopped';

/** A read (or a wait) the node ended, and why. */
export class AnswerStopped extends Error {
	constructor(readonly reason: StopReason) {
		super(`The node stopped reading the answer (${reason})`);
	}
}

/** What watches one answer: the execution's cancel signal, the answer's deadline, the idle limit. */
export interface Watch {
	cancel?: AbortSignal;
	deadline: AbortSignal;
	idleMs: number;
}

/** The execution's cancel signal: the action node has one (n8n 1.x and 2.x); triggers and list searches do not. */
export function cancelSignal(ctx: TratoContext): AbortSignal | undefined {
	const get = (ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined })
		.getExecutionCancelSignal;
	return typeof get === 'function' ? get.call(ctx) : undefined;
}

/** The watch of an answer whose headers just arrived. */
export function watchAnswer(cancel: AbortSignal | undefined, file: boolean): Watch {
	return {
		cancel,
		deadline: AbortSignal.timeout(
			file ? transportSettings.fileReadMs : transportSettings.answerReadMs,
		),
		idleMs: transportSettings.idleTimeoutMs,
	};
}

/** Why a watched read ended: the stop first (it explains the others), then the deadline, else the idle limit. */
function reasonOf(watch: Watch): StopReason {
	if (watch.cancel?.aborted) return 'stopped';
	return watch.deadline.aborted ? 'total' : 'idle';
}

/**
 * The stream's next chunk, or AnswerStopped when a limit passes first (the stream is then destroyed, which closes
 * the connection). A new idle clock for every chunk: "no byte for `idleMs`".
 */
export async function nextChunk<T>(
	iterator: AsyncIterator<T>,
	stream: { destroy: () => void },
	watch: Watch,
): Promise<IteratorResult<T>> {
	const signals = [watch.cancel, watch.deadline, AbortSignal.timeout(watch.idleMs)].filter(
		(signal): signal is AbortSignal => signal !== undefined,
	);
	return await new Promise<IteratorResult<T>>((resolve, reject) => {
		const stop = () => {
			off();
			stream.destroy();
			reject(new AnswerStopped(reasonOf(watch)));
		};
		const off = () => {
			for (const signal of signals) signal.removeEventListener('abort', stop);
		};
		if (signals.some((signal) => signal.aborted)) return stop();
		for (const signal of signals) signal.addEventListener('abort', stop, { once: true });
		iterator.next().then(
			(result) => {
				off();
				resolve(result);
			},
			(error: unknown) => {
				off();
				// n8n's helper closes the stream itself when the cancel signal it was given fires
				reject(watch.cancel?.aborted ? new AnswerStopped('stopped') : error);
			},
		);
	});
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

export interface StoppedRequest {
	reason: StopReason;
	/** Where the answer came from: the API's origin, or a file host's (never a path or a query). */
	origin: string;
	/** The request as errors show it: the API path, a file address without its query, a File URL's origin. */
	path: string;
	file: boolean;
	/** A File URL: nothing was sent to TRATO. */
	foreign: boolean;
	/** The request may have had an effect at TRATO (its policy is `never`): said so. */
	mayHaveActed: boolean;
	attempts: number;
}

/** The sentence of an answer a limit or the execution's stop ended. */
export function stoppedProblem(stopped: StoppedRequest): Problem {
	const { reason, origin, path } = stopped;
	const idle = inWords(transportSettings.idleTimeoutMs);
	const total = inWords(
		stopped.file ? transportSettings.fileReadMs : transportSettings.answerReadMs,
	);
	const tried = stopped.attempts > 1 ? ` Tried ${stopped.attempts} times.` : '';
	const after = [
		stopped.foreign ? 'Nothing was sent to TRATO.' : '',
		stopped.mayHaveActed
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
