import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MEGABYTE } from '../helpers/files';
import { Reading, type Watch } from './limits';
import { redactUrl } from './redact';

/**
 * Reading what a request answered. Every request asks n8n for its answer as a stream (`encoding: 'stream'`, the same
 * in n8n 1.x and 2.x: axios' response stream), so an answer is read only up to a size limit and within the time
 * limits (limits.ts: n8n's own timeout ends once the headers have arrived), and an answer the node does not use (a
 * redirect, a retried failure) is closed instead of being read into memory.
 */

/** An error answer of a file request is read up to this many bytes (its text goes into the error). */
const ERROR_BODY_BYTES = 64 * 1024;

/** What n8n's helpers hand over for `encoding: 'stream'`: a Node.js readable stream of byte chunks. */
interface ByteStream extends AsyncIterable<Uint8Array> {
	destroy: () => void;
	destroyed?: boolean;
	on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
	on(event: 'end' | 'close', listener: () => void): unknown;
	on(event: 'error', listener: (error: unknown) => void): unknown;
}

function isByteStream(body: unknown): body is ByteStream {
	return (
		body !== null &&
		typeof body === 'object' &&
		typeof (body as ByteStream)[Symbol.asyncIterator] === 'function' &&
		typeof (body as ByteStream).destroy === 'function' &&
		typeof (body as ByteStream).on === 'function'
	);
}

/** A stream closed before its end (the error Node.js gives a reader of it). */
function prematureClose(): Error {
	return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/** Closes an answer the node will not read (no memory spent on it, the connection freed). */
export function discard(body: unknown): void {
	if (isByteStream(body)) body.destroy();
}

/** Where an answer's bytes go as they arrive (a File URL's download: its Base64 into a JSON body). */
export interface ByteSink {
	/** An answer begins (again, after a retry); `expected`: its Content-Length, when within the limit. */
	start(expected?: number): void;
	write(chunk: Buffer): void;
}

/**
 * The bytes in one Buffer. With `expected` they are copied into one buffer of that size as they arrive, so the file is
 * never held twice (chunks, then their concatenation); an answer longer than announced (e.g. decompressed) goes on
 * in chunks.
 */
class BufferSink implements ByteSink {
	private whole: Buffer | undefined;
	private chunks: Buffer[] = [];
	private size = 0;

	start(expected?: number): void {
		this.whole = expected ? Buffer.allocUnsafe(expected) : undefined;
		this.chunks = [];
		this.size = 0;
	}

	write(bytes: Buffer): void {
		if (this.whole && this.size + bytes.length > this.whole.length) {
			this.chunks.push(this.whole.subarray(0, this.size));
			this.whole = undefined;
		}
		if (this.whole) bytes.copy(this.whole, this.size);
		else this.chunks.push(bytes);
		this.size += bytes.length;
	}

	bytes(): Buffer {
		return this.whole ? this.whole.subarray(0, this.size) : Buffer.concat(this.chunks, this.size);
	}
}

/**
 * The answer's bytes, at most `limit` of them (into `sink` when one is given: `bytes` is then empty): `complete` is
 * false when the answer had more (the stream is closed at that point, so at most `limit` bytes and one chunk were
 * ever held). A stream that breaks off mid-answer throws, as a network error does; with a `watch`, one that stalls,
 * passes its deadline or whose execution is stopped throws AnswerStopped (limits.ts `Reading`).
 */
export async function readLimited(
	body: unknown,
	limit: number,
	options: { expected?: number; watch?: Watch; sink?: ByteSink } = {},
): Promise<{ bytes: Buffer; complete: boolean }> {
	const collector = options.sink ? undefined : new BufferSink();
	const sink = options.sink ?? (collector as BufferSink);
	const { expected } = options;
	sink.start(
		expected && Number.isSafeInteger(expected) && expected <= limit ? expected : undefined,
	);
	const result = (complete: boolean) => ({
		bytes: collector?.bytes() ?? Buffer.alloc(0),
		complete,
	});
	if (!isByteStream(body)) {
		const bytes =
			body === undefined || body === null
				? Buffer.alloc(0)
				: Buffer.isBuffer(body)
					? body
					: Buffer.from(body as ArrayBuffer);
		sink.write(bytes.subarray(0, limit));
		return result(bytes.length <= limit);
	}
	return await new Promise<{ bytes: Buffer; complete: boolean }>((resolve, reject) => {
		let size = 0;
		let settled = false;
		// Listened to with events, not an async iterator: one promise per answer, not one per chunk (issue 41).
		// The listeners stay: once settled they do nothing, and a late 'error' still has its listener.
		let reading: Reading | undefined;
		const settle = (error: unknown, complete = false) => {
			if (settled) return;
			settled = true;
			reading?.close();
			if (error === undefined) return resolve(result(complete));
			body.destroy(); // left early: the connection is closed, not left open
			reject(error);
		};
		// a Reading whose execution is stopped already settles as it is made
		if (options.watch) reading = new Reading(body, options.watch, (stopped) => settle(stopped));
		if (body.destroyed) settle(prematureClose());
		body.on('data', (chunk) => {
			if (settled) return;
			reading?.touch();
			const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
			if (size + bytes.length > limit) {
				sink.write(bytes.subarray(0, limit - size));
				body.destroy();
				return settle(undefined, false);
			}
			sink.write(bytes);
			size += bytes.length;
		});
		body.on('end', () => settle(undefined, true));
		body.on('error', (error) => settle(reading?.failure(error) ?? error));
		body.on('close', () => {
			if (!settled) settle(reading?.failure(prematureClose()) ?? prematureClose());
		});
	});
}

const inMb = (bytes: number) => `${Number((bytes / MEGABYTE).toPrecision(3))} MB`;

/** A file answer over the user's Max File Size: asking again gives the same answer. */
export class FileTooLargeError extends NodeOperationError {}

/** A file answer over the limit: a sentence, never a half-read file. */
export function tooLarge(
	node: INode,
	itemIndex: number | undefined,
	url: string,
	limit: number,
	announced?: number,
): FileTooLargeError {
	const size = announced ? `announces ${inMb(announced)}` : `sent more than ${inMb(limit)}`;
	return new FileTooLargeError(node, `The file is larger than the Max File Size (${inMb(limit)})`, {
		itemIndex,
		description: `${redactUrl(url)} ${size}; the node stopped reading it. Raise "Max File Size (MB)" in the node's options if n8n has the memory for it (n8n holds a file in memory while it downloads it).`,
	});
}

/** An API answer over `maxAnswerBytes`: not a file, so no Max File Size to raise. */
export function answerTooLarge(
	node: INode,
	itemIndex: number | undefined,
	path: string,
	limit: number,
): NodeOperationError {
	return new NodeOperationError(node, `TRATO's answer is larger than ${inMb(limit)}`, {
		itemIndex,
		description: `The answer to ${path} went on past ${inMb(limit)}, so the node stopped reading it. No answer of TRATO's API is that large: check the credential's Base URL.`,
	});
}

/** Response headers with lower-case names and one string value each. */
export function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (headers && typeof headers === 'object') {
		for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
			out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
		}
	}
	return out;
}

/**
 * An answer's bytes as axios would have given them for JSON: parsed when they are JSON, else their text (without a
 * byte-order mark); no bytes at all, "".
 */
function bodyFromBytes(bytes: Buffer): unknown {
	const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
	if (!text) return '';
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

export type Answer = { body: unknown } | { over: { announced?: number } };

/**
 * An answer, read within the watch's limits: an error answer (HTTP 4xx/5xx) up to 64 KB, parsed; a file's bytes up to
 * `maxBytes` (a `Content-Length` over it is refused before reading, an answer that passes it while read is cut
 * there), into `sink` when one is given; an API answer up to `maxAnswerBytes`, parsed. `over` when a successful answer
 * is larger than its limit.
 */
export async function readAnswer(
	response: IN8nHttpFullResponse,
	limit: { file: boolean; maxBytes: number; sink?: ByteSink },
	watch: Watch,
): Promise<Answer> {
	if (response.statusCode >= 400) {
		const read = await readLimited(response.body, ERROR_BODY_BYTES, { watch });
		return { body: bodyFromBytes(read.bytes) };
	}
	if (!limit.file && !isByteStream(response.body) && !Buffer.isBuffer(response.body)) {
		return { body: response.body }; // already parsed by the helper
	}
	const announced = Number(lowerCaseHeaders(response.headers)['content-length']);
	if (announced > limit.maxBytes) {
		discard(response.body);
		return { over: { announced } };
	}
	const read = await readLimited(response.body, limit.maxBytes, {
		expected: announced || undefined,
		watch,
		sink: limit.sink,
	});
	if (!read.complete) return { over: {} };
	return { body: limit.file ? read.bytes : bodyFromBytes(read.bytes) };
}
