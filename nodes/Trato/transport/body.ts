import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MEGABYTE } from '../helpers/files';
import { redactUrl } from './redact';

/**
 * Reading what a request answered. File requests ask n8n for the answer as a stream (`encoding: 'stream'`, the same
 * in n8n 1.x and 2.x: axios' response stream), so a file is read only up to a limit and an answer the node does not
 * use (a redirect, a retried failure) is closed instead of being read into memory.
 */

/** An error answer of a file request is read up to this many bytes (its text goes into the error). */
const ERROR_BODY_BYTES = 64 * 1024;

/** What n8n's helpers hand over for `encoding: 'stream'`: a readable stream of byte chunks. */
interface ByteStream extends AsyncIterable<Uint8Array> {
	destroy: () => void;
}

function isByteStream(body: unknown): body is ByteStream {
	return (
		body !== null &&
		typeof body === 'object' &&
		typeof (body as ByteStream)[Symbol.asyncIterator] === 'function' &&
		typeof (body as ByteStream).destroy === 'function'
	);
}

/** Closes an answer the node will not read (no memory spent on it, the connection freed). */
export function discard(body: unknown): void {
	if (isByteStream(body)) body.destroy();
}

/**
 * The answer's bytes, at most `limit` of them: `complete` is false when the answer had more (the stream is closed at
 * that point, so at most `limit` bytes and one chunk were ever held). A stream that breaks off mid-answer throws, as
 * a network error does. With `expected` (its `Content-Length`, within the limit) the bytes are copied into one buffer
 * of that size as they arrive, so the file is never held twice (chunks, then their concatenation); an answer longer
 * than announced (e.g. decompressed) goes on in chunks.
 */
export async function readLimited(
	body: unknown,
	limit: number,
	expected?: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
	if (!isByteStream(body)) {
		const bytes =
			body === undefined || body === null
				? Buffer.alloc(0)
				: Buffer.isBuffer(body)
					? body
					: Buffer.from(body as ArrayBuffer);
		return { bytes: bytes.subarray(0, limit), complete: bytes.length <= limit };
	}
	let whole =
		expected && Number.isSafeInteger(expected) && expected <= limit
			? Buffer.allocUnsafe(expected)
			: undefined;
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body) {
		const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		if (whole && size + bytes.length > whole.length) {
			chunks.push(whole.subarray(0, size));
			whole = undefined;
		}
		if (size + bytes.length > limit) {
			chunks.push(bytes.subarray(0, limit - size));
			body.destroy();
			return { bytes: Buffer.concat(chunks, limit), complete: false };
		}
		if (whole) bytes.copy(whole, size);
		else chunks.push(bytes);
		size += bytes.length;
	}
	return { bytes: whole ? whole.subarray(0, size) : Buffer.concat(chunks, size), complete: true };
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

/** An error body that arrived as bytes (file requests): parsed as JSON when it is, else its start as text. */
function bodyFromBytes(bytes: Buffer): unknown {
	const text = bytes.toString('utf8');
	try {
		return JSON.parse(text);
	} catch {
		return text.slice(0, 500);
	}
}

/**
 * A file request's answer: its bytes when it succeeded, else its error body, parsed; `over` when a successful answer
 * is larger than `maxBytes` (a `Content-Length` over the limit is refused before reading, an answer that passes it
 * while read is cut there).
 */
export async function readFileAnswer(
	response: IN8nHttpFullResponse,
	maxBytes: number,
): Promise<{ body: unknown } | { over: { announced?: number } }> {
	if (response.statusCode >= 400) {
		return { body: bodyFromBytes((await readLimited(response.body, ERROR_BODY_BYTES)).bytes) };
	}
	const announced = Number(lowerCaseHeaders(response.headers)['content-length']);
	if (announced > maxBytes) {
		discard(response.body);
		return { over: { announced } };
	}
	const read = await readLimited(response.body, maxBytes, announced || undefined);
	return read.complete ? { body: read.bytes } : { over: {} };
}
