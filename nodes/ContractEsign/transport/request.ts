import type { IDataObject } from 'n8n-workflow';

import type { EndpointName, PathParams } from './catalogue';
import { ENDPOINTS } from './catalogue';
import type { EsignContext } from './credentials';
import type { Incoming, Outgoing } from './pipeline';
import { fillPath, send } from './pipeline';

/** What an operation may add to a catalogue request. */
export type RequestOptions = Pick<
	Outgoing,
	'qs' | 'body' | 'headers' | 'itemIndex' | 'hint' | 'timeout'
>;

/** A file the API answered with (e.g. the package zip): its bytes and the response headers. */
export interface FileAnswer {
	data: Buffer;
	headers: Record<string, string>;
}

type Answering<A> = {
	[E in EndpointName]: (typeof ENDPOINTS)[E]['answer'] extends A ? E : never;
}[EndpointName];

/** The arguments of a catalogue call: the endpoint's name, its path parameters, options. */
type CallArgs<E extends EndpointName> = {
	[K in E]: [endpoint: K, params: PathParams<K>, options?: RequestOptions];
}[E];

/** Any endpoint with the full response (status and headers), whatever it answers. */
export async function requestFull(
	this: EsignContext,
	...[endpoint, params, options = {}]: CallArgs<EndpointName>
): Promise<Incoming> {
	const row = ENDPOINTS[endpoint];
	return await send.call(this, {
		...options,
		method: row.method,
		target: 'api',
		address: fillPath(row.path, params as Record<string, string>),
		retry: row.retry,
		file: row.answer === 'file',
	});
}

/**
 * Calls an endpoint of the catalogue that answers a JSON object, by name:
 * `request.call(this, 'contractStatus', { contractId }, { itemIndex })`.
 */
export async function request(
	this: EsignContext,
	...args: CallArgs<Answering<'object'>>
): Promise<IDataObject> {
	const { body } = await requestFull.call(this, ...args);
	return body !== null && typeof body === 'object'
		? (body as IDataObject)
		: { response: body as string };
}

/** Calls an endpoint that answers a JSON array (templates, spectators). */
export async function requestList(
	this: EsignContext,
	...args: CallArgs<Answering<'array'>>
): Promise<IDataObject[]> {
	const { body } = await requestFull.call(this, ...args);
	return Array.isArray(body) ? (body as IDataObject[]) : [];
}

/** Calls an endpoint that answers a file (the package zip): its bytes and headers. */
export async function requestFile(
	this: EsignContext,
	...args: CallArgs<Answering<'file'>>
): Promise<FileAnswer> {
	const response = await requestFull.call(this, ...args);
	return { data: Buffer.from(response.body as Buffer), headers: response.headers };
}
