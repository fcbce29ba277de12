import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Endpoint, EndpointName, PathParams } from './catalogue';
import { ENDPOINTS } from './catalogue';
import type { TratoContext } from './credentials';
import { learnFor, recallFor } from './learned';
import type { Incoming, Outgoing } from './pipeline';
import { fillPath, send } from './pipeline';
import { unwrapList } from './shapes';

/** What an operation may add to a catalogue request. */
export type RequestOptions = Pick<
	Outgoing,
	'qs' | 'body' | 'headers' | 'itemIndex' | 'hint' | 'timeout' | 'maxBytes'
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

type Route = { method: IHttpRequestMethods; path: string };
type Form = 'primary' | 'alternative';

/**
 * 404 or 405: "no such route (or method)", the only answers after which the other form is tried. A 404 that
 * carries one of TRATO's own texts (an unknown contract, trato-notes "Error answers") came from the route itself:
 * it is final.
 */
function routeMissing(error: unknown): error is NodeApiError {
	if (!(error instanceof NodeApiError)) return false;
	if (error.httpCode !== '404' && error.httpCode !== '405') return false;
	return (
		(error.errorResponse as { apiErrorKind?: unknown } | undefined)?.apiErrorKind === undefined
	);
}

/**
 * Any endpoint with the full response (status and headers), whatever it answers. For an operation the spec
 * shows in two forms (api-notes R1–R4): the documented primary first; on 404 or 405 only (nothing can have
 * happened), the other form once; the form that answered is remembered for this credential, so later calls go
 * straight to it. Both missing: the primary's error, saying the other form was tried too.
 */
export async function requestFull(
	this: TratoContext,
	...[endpoint, params, options = {}]: CallArgs<EndpointName>
): Promise<Incoming> {
	const row: Endpoint = ENDPOINTS[endpoint];
	const sendTo = async (route: Route) =>
		await send.call(this, {
			...options,
			method: route.method,
			target: 'api',
			address: fillPath(route.path, params as Record<string, string>),
			retry: row.retry,
			file: row.answer === 'file',
		});
	if (!row.alternative) return await sendTo(row);

	const known = (await recallFor(this, endpoint)) as Form | undefined;
	const forms: Record<Form, Route> = { primary: row, alternative: row.alternative };
	const first = await settle(sendTo(forms[known ?? 'primary']));
	if (first.response) {
		if (!known) await learnFor(this, endpoint, 'primary');
		return first.response;
	}
	if (known || !routeMissing(first.error)) throw first.error;
	const second = await settle(sendTo(forms.alternative));
	if (second.response || !routeMissing(second.error)) await learnFor(this, endpoint, 'alternative');
	if (second.response) return second.response;
	if (routeMissing(second.error)) {
		const other = `${row.alternative.method} ${fillPath(row.alternative.path, params as Record<string, string>)}`;
		first.error.description =
			`${first.error.description ?? ''} The other form the API description shows (${other}) answered HTTP ${second.error.httpCode} too.`.trim();
		throw first.error;
	}
	throw second.error;
}

/** A request's response, or the error it failed with (errors of the pipeline are NodeApiError / NodeOperationError). */
async function settle(
	pending: Promise<Incoming>,
): Promise<{ response: Incoming; error?: undefined } | { response?: undefined; error: Error }> {
	try {
		return { response: await pending };
	} catch (error) {
		return { error: error as Error };
	}
}

/**
 * Calls an endpoint of the catalogue that answers a JSON object, by name:
 * `request.call(this, 'contractStatus', { contractId }, { itemIndex })`.
 */
export async function request(
	this: TratoContext,
	...args: CallArgs<Answering<'object'>>
): Promise<IDataObject> {
	const { body } = await requestFull.call(this, ...args);
	return body !== null && typeof body === 'object'
		? (body as IDataObject)
		: { response: body as string };
}

/** Calls an endpoint that answers a JSON array (templates, spectators). */
export async function requestList(
	this: TratoContext,
	...args: CallArgs<Answering<'array'>>
): Promise<IDataObject[]> {
	const { body } = await requestFull.call(this, ...args);
	const [endpoint, , options] = args;
	return unwrapList(this, body, ENDPOINTS[endpoint].plural ?? 'records', options?.itemIndex);
}

/** Calls an endpoint that answers a file (the package zip): its bytes and headers. */
export async function requestFile(
	this: TratoContext,
	...args: CallArgs<Answering<'file'>>
): Promise<FileAnswer> {
	const response = await requestFull.call(this, ...args);
	return { data: response.body as Buffer, headers: response.headers };
}
