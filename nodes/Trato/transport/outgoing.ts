import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import { USER_AGENT } from '../helpers/version';
import type { ByteSink } from './body';
import type { RetryPolicy } from './catalogue';
import { transportSettings } from './retry';

/** A request as the pipeline (pipeline.ts) takes it, its answer, and n8n's request options for one hop. */

export interface Outgoing {
	method: IHttpRequestMethods;
	/**
	 * `api`: a path on the Base URL. `file`: a file address the API returned (absolute, or relative to it). `foreign`:
	 * a File URL a user or an AI agent gave: no hop is ever authenticated, not even on the API's origin.
	 */
	target: 'api' | 'file' | 'foreign';
	/** The API path (already filled by `fillPath`) or the file address. */
	address: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[] | Buffer;
	headers?: Record<string, string>;
	retry: RetryPolicy;
	/** The answer is a file: read as bytes, never as JSON. */
	file?: boolean;
	/** A file answer longer than this many bytes fails with a sentence (default `transportSettings.maxFileBytes`). */
	maxBytes?: number;
	timeout?: number;
	/** A file's bytes go here as they arrive instead of into the answer's body (body.ts `ByteSink`). */
	sink?: ByteSink;
	/** Item the request is made for; put on errors. */
	itemIndex?: number;
	/** Operation-specific explanation added to an error's description. */
	hint?: string;
}

export interface Incoming<T = unknown> {
	body: T;
	headers: Record<string, string>;
	statusCode: number;
	/** The address that answered (after redirects). */
	url: string;
}

/** n8n's request options for one hop: every answer is read as a stream (body.ts), within the limits of limits.ts. */
export function requestOptions(out: Outgoing, url: URL, signal: AbortSignal): IHttpRequestOptions {
	const request: IHttpRequestOptions = {
		method: out.method,
		url: url.toString(),
		qs: out.qs,
		body: out.body,
		headers: {
			'User-Agent': USER_AGENT,
			Accept: out.file ? '*/*' : 'application/json',
			...(out.headers ?? {}),
		},
		json: !out.file && !Buffer.isBuffer(out.body),
		encoding: 'stream',
		timeout:
			out.timeout ??
			(out.file ? transportSettings.fileTimeoutMs : transportSettings.requestTimeoutMs),
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	// `signal` ends the request when the execution is stopped or the node gives up on its answer (pipeline.ts): n8n
	// 2.x hands over a stream whose destruction does not reach a stalled socket, the signal does. n8n puts the
	// execution's cancel signal on authenticated requests in place of a node's own; `signal` includes it: kept.
	Object.defineProperty(request, 'abortSignal', {
		enumerable: true,
		configurable: true,
		get: () => signal,
		set: () => undefined,
	});
	return request;
}
