import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { DOCX_MIME } from '../helpers/binary';
import { fileNameFromDisposition } from '../helpers/files';
import { USER_AGENT } from '../helpers/version';
import { buildApiError } from './errors';
import { redactUrl } from './redact';

export const CREDENTIAL_TYPE = 'contractEsignApi';

/** Every context our code calls the API from: the action node, its list searches and the trigger. */
export type EsignContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * Retry and timeout policy. Exported as one object so tests (and only tests) can inject a clock and a sleep
 * instead of waiting for real; shipped code never changes it.
 */
export const transportSettings = {
	maxAttempts: 4,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	retryAfterCapMs: 60_000,
	requestTimeoutMs: 60_000,
	fileTimeoutMs: 300_000,
	maxRedirects: 5,
	sleep: (ms: number): Promise<void> => sleep(ms),
	random: (): number => Math.random(),
	now: (): number => Date.now(),
};

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

export interface ApiRequestOptions {
	body?: IDataObject | IDataObject[] | Buffer;
	qs?: IDataObject;
	headers?: Record<string, string>;
	/** Item the request is made for; put on errors. */
	itemIndex?: number;
	/** Safe to repeat? Defaults to true for GET only. POSTs are never retried. */
	idempotent?: boolean;
	/** Operation-specific explanation added to an error's description. */
	hint?: string;
	timeout?: number;
	/** Binary response (file download through the API, e.g. the package zip). */
	binary?: boolean;
}

export interface ApiResponse<T> {
	body: T;
	headers: Record<string, string>;
	statusCode: number;
}

interface ResolvedCredentials {
	baseUrl: string;
	origin: string;
	secrets: string[];
	raw: ICredentialDataDecryptedObject;
}

const credentialCache = new WeakMap<object, Promise<ResolvedCredentials>>();

function normaliseBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** Reads the credential once per node execution (n8n decrypts it on every call otherwise). */
export async function getCredentials(this: EsignContext): Promise<ResolvedCredentials> {
	let cached = credentialCache.get(this);
	if (!cached) {
		cached = (async () => {
			const raw = await this.getCredentials(CREDENTIAL_TYPE);
			assertSecretPresent(this, raw);
			const baseUrl = normaliseBaseUrl(raw.baseUrl);
			let origin: string;
			try {
				const parsed = new URL(baseUrl);
				if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
					throw new Error('protocol');
				origin = parsed.origin;
			} catch {
				throw new NodeOperationError(
					this.getNode(),
					`The credential's Base URL "${redactUrl(baseUrl)}" is not a valid http(s) address`,
					{
						description:
							'Open the Contract E-Sign credential and enter an address such as https://api.example.com.',
					},
				);
			}
			const secrets = [raw.apiKey, raw.accessToken]
				.filter((s): s is string => typeof s === 'string')
				.map((s) => s.trim().replace(/^bearer\s+/i, ''))
				.filter((s) => s.length > 0);
			return { baseUrl, origin, secrets, raw };
		})();
		credentialCache.set(this, cached);
		cached.catch(() => credentialCache.delete(this));
	}
	return await cached;
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (headers && typeof headers === 'object') {
		for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
			out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
		}
	}
	return out;
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

/** Capped exponential backoff with full jitter. */
export function backoffDelay(attempt: number): number {
	const ceiling = Math.min(
		transportSettings.maxDelayMs,
		transportSettings.baseDelayMs * 2 ** (attempt - 1),
	);
	return Math.round(ceiling / 2 + (transportSettings.random() * ceiling) / 2);
}

function bodyFromBuffer(body: unknown): unknown {
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) {
		const text = Buffer.from(body as Buffer).toString('utf8');
		try {
			return JSON.parse(text);
		} catch {
			return text.slice(0, 500);
		}
	}
	return body;
}

const ERROR_CODE = /\b(E[A-Z][A-Z_]{2,}|ERR_[A-Z_]+)\b/;

/**
 * What went wrong when no HTTP response arrived. n8n wraps the network error in a NodeApiError (whose `cause`
 * may be lost), so the code is looked for in every text the error carries.
 */
function networkErrorCode(error: unknown): string {
	const err = (error ?? {}) as {
		code?: unknown;
		cause?: { code?: unknown; message?: unknown };
		message?: unknown;
		messages?: unknown;
		description?: unknown;
	};
	const texts = [
		err.code,
		err.cause?.code,
		err.cause?.message,
		...(Array.isArray(err.messages) ? err.messages : []),
		err.message,
		err.description,
	].filter((t): t is string => typeof t === 'string');
	for (const text of texts) {
		const match = ERROR_CODE.exec(text);
		if (match) return match[1];
	}
	if (texts.some((t) => /timeout/i.test(t))) return 'ETIMEDOUT';
	return 'NETWORK';
}

/** Refuses an incomplete credential before any request (n8n would otherwise report it as a network error). */
function assertSecretPresent(ctx: EsignContext, raw: ICredentialDataDecryptedObject): void {
	const useToken = raw.authentication === 'accessToken';
	const secret = String((useToken ? raw.accessToken : raw.apiKey) ?? '')
		.trim()
		.replace(/^bearer\s*/i, '');
	if (!secret) {
		throw new NodeOperationError(
			ctx.getNode(),
			useToken
				? 'The Contract E-Sign credential has no access token. Open the credential and paste the JWT, or switch Authentication to API Key.'
				: 'The Contract E-Sign credential has no API key. Open the credential and paste the API key, or switch Authentication to Access Token (JWT).',
		);
	}
}

/**
 * The one way our code talks to the API: authentication from the credential, exactly one auth header, a
 * User-Agent, a timeout, retries for requests that are safe to repeat, redirects followed only within the
 * API's origin, and failures turned into NodeApiErrors that carry the API's own text and no secret.
 */
export async function apiRequestFull<T = unknown>(
	this: EsignContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
	const credentials = await getCredentials.call(this);
	const idempotent =
		method === 'POST' || method === 'PUT' ? false : (options.idempotent ?? method === 'GET');
	const node = this.getNode();
	let url = `${credentials.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
	let redirects = 0;

	for (let attempt = 1; ; attempt++) {
		const request: IHttpRequestOptions = {
			method,
			url,
			qs: options.qs,
			body: options.body,
			headers: {
				'User-Agent': USER_AGENT,
				Accept: options.binary ? '*/*' : 'application/json',
				...(options.headers ?? {}),
			},
			json: !options.binary && !Buffer.isBuffer(options.body),
			timeout:
				options.timeout ??
				(options.binary ? transportSettings.fileTimeoutMs : transportSettings.requestTimeoutMs),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		};
		if (options.binary) request.encoding = 'arraybuffer';

		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				request,
				{
					credentialsDecrypted: {
						id: '',
						name: '',
						type: CREDENTIAL_TYPE,
						data: credentials.raw,
					},
				},
			)) as IN8nHttpFullResponse;
		} catch (error) {
			if (idempotent && attempt < transportSettings.maxAttempts) {
				await transportSettings.sleep(backoffDelay(attempt));
				continue;
			}
			throw buildApiError(node, {
				code: networkErrorCode(error),
				method,
				path: new URL(url).pathname,
				secrets: credentials.secrets,
				itemIndex: options.itemIndex,
				hint: options.hint,
				attempts: attempt,
			});
		}

		const status = response.statusCode;
		const headers = lowerCaseHeaders(response.headers);

		if (status >= 300 && status < 400 && headers.location) {
			const target = new URL(headers.location, url);
			if (target.origin !== credentials.origin) {
				throw new NodeOperationError(
					node,
					`The API redirected to another address (${target.origin}); the node does not send your credentials there`,
					{
						itemIndex: options.itemIndex,
						description:
							"Check the credential's Base URL: use the address the service redirects to if you trust it.",
					},
				);
			}
			if (++redirects > transportSettings.maxRedirects) {
				throw new NodeOperationError(node, 'The API redirected too many times', {
					itemIndex: options.itemIndex,
				});
			}
			url = target.toString();
			attempt--;
			continue;
		}

		if (RETRY_STATUSES.has(status) && idempotent && attempt < transportSettings.maxAttempts) {
			const wait =
				parseRetryAfter(headers['retry-after'], transportSettings.now()) ?? backoffDelay(attempt);
			await transportSettings.sleep(wait);
			continue;
		}

		const body = options.binary && status >= 400 ? bodyFromBuffer(response.body) : response.body;
		const apiRefused =
			!options.binary &&
			body !== null &&
			typeof body === 'object' &&
			(body as IDataObject).success === false;
		if (status >= 400 || apiRefused) {
			throw buildApiError(node, {
				status,
				body,
				method,
				path: new URL(url).pathname,
				secrets: credentials.secrets,
				itemIndex: options.itemIndex,
				hint: options.hint,
				attempts: attempt,
			});
		}
		return { body: body as T, headers, statusCode: status };
	}
}

/** apiRequestFull, body only: the JSON object the endpoint answers. */
export async function apiRequest(
	this: EsignContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<IDataObject> {
	const response = await apiRequestFull.call(this, method, path, options);
	const body = response.body;
	return body !== null && typeof body === 'object'
		? (body as IDataObject)
		: { response: body as string };
}

/** For endpoints that answer a JSON array (spectators, templates). */
export async function apiRequestArray(
	this: EsignContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<IDataObject[]> {
	const response = await apiRequestFull.call(this, method, path, options);
	return Array.isArray(response.body) ? (response.body as IDataObject[]) : [];
}

export const MAX_PER_PAGE = 200;

export interface PageInfo {
	totalPages?: number;
	totalDocuments?: number;
}

export function readPageInfo(headers: Record<string, string>): PageInfo {
	const num = (value: string | undefined) => {
		if (value === undefined || value.trim() === '') return undefined;
		const parsed = Number(value);
		return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
	};
	return {
		totalPages: num(headers['x-total-pages']),
		totalDocuments: num(headers['x-total-documents']),
	};
}

/**
 * Reads a paged list endpoint (page/perPage, X-Total-Pages) until the last page or until `limit` items.
 * Used by Get Many operations and list searches.
 */
export async function apiRequestAllItems<T = IDataObject>(
	this: EsignContext,
	path: string,
	qs: IDataObject = {},
	options: { limit?: number; itemIndex?: number; perPage?: number } = {},
): Promise<T[]> {
	const { limit } = options;
	const perPage = Math.min(MAX_PER_PAGE, options.perPage ?? MAX_PER_PAGE, limit ?? MAX_PER_PAGE);
	const items: T[] = [];
	for (let page = 1; ; page++) {
		const response = await apiRequestFull.call(this, 'GET', path, {
			qs: { ...qs, page, perPage },
			itemIndex: options.itemIndex,
		});
		const pageItems = Array.isArray(response.body) ? (response.body as T[]) : [];
		items.push(...pageItems);
		if (limit !== undefined && items.length >= limit) return items.slice(0, limit);
		const { totalPages } = readPageInfo(response.headers);
		if (pageItems.length === 0) break;
		if (totalPages !== undefined ? page >= totalPages : pageItems.length < perPage) break;
	}
	return items;
}

const EXTENSION_MIME: Record<string, string> = {
	pdf: 'application/pdf',
	webm: 'video/webm',
	zip: 'application/zip',
	docx: DOCX_MIME,
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	json: 'application/json',
	xml: 'application/xml',
};

export function mimeTypeFromFileName(fileName: string): string | undefined {
	const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
	return EXTENSION_MIME[ext];
}

export interface DownloadOptions {
	itemIndex?: number;
	/** File name when the response names none. */
	fileName?: string;
	mimeType?: string;
}

/**
 * Downloads a file URL returned by the API (signed PDF, certificate, video, {base_url}/uploads/<id>) as n8n
 * binary data. Credentials go only to the credential's Base URL origin; any other origin (the upload URL,
 * a storage bucket, a redirect target) is fetched without them.
 */
export async function downloadFile(
	this: IExecuteFunctions | IPollFunctions,
	fileUrl: string,
	options: DownloadOptions = {},
): Promise<IBinaryData> {
	const credentials = await getCredentials.call(this);
	const node = this.getNode();
	let url: URL;
	try {
		url = new URL(fileUrl, `${credentials.baseUrl}/`);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
	} catch {
		throw new NodeOperationError(
			node,
			`The file address "${redactUrl(String(fileUrl))}" is not a valid http(s) URL`,
			{
				itemIndex: options.itemIndex,
			},
		);
	}

	for (let attempt = 1, redirects = 0; ; attempt++) {
		const sameOrigin = url.origin === credentials.origin;
		const request: IHttpRequestOptions = {
			method: 'GET',
			url: url.toString(),
			headers: { 'User-Agent': USER_AGENT, Accept: '*/*' },
			encoding: 'arraybuffer',
			timeout: transportSettings.fileTimeoutMs,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		};
		let response: IN8nHttpFullResponse;
		try {
			response = (
				sameOrigin
					? await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request, {
							credentialsDecrypted: {
								id: '',
								name: '',
								type: CREDENTIAL_TYPE,
								data: credentials.raw,
							},
						})
					: await this.helpers.httpRequest(request)
			) as IN8nHttpFullResponse;
		} catch (error) {
			if (attempt < transportSettings.maxAttempts) {
				await transportSettings.sleep(backoffDelay(attempt));
				continue;
			}
			throw buildApiError(node, {
				code: networkErrorCode(error),
				method: 'GET',
				path: redactUrl(url.toString()),
				secrets: credentials.secrets,
				itemIndex: options.itemIndex,
				attempts: attempt,
				fileHost: url.origin,
			});
		}
		const headers = lowerCaseHeaders(response.headers);
		const status = response.statusCode;
		if (status >= 300 && status < 400 && headers.location) {
			if (++redirects > transportSettings.maxRedirects) {
				throw new NodeOperationError(node, 'The file address redirected too many times', {
					itemIndex: options.itemIndex,
				});
			}
			url = new URL(headers.location, url);
			attempt--;
			continue;
		}
		if (RETRY_STATUSES.has(status) && attempt < transportSettings.maxAttempts) {
			await transportSettings.sleep(
				parseRetryAfter(headers['retry-after'], transportSettings.now()) ?? backoffDelay(attempt),
			);
			continue;
		}
		if (status >= 400) {
			throw buildApiError(node, {
				status,
				body: bodyFromBuffer(response.body),
				method: 'GET',
				path: redactUrl(url.toString()),
				secrets: credentials.secrets,
				itemIndex: options.itemIndex,
				attempts: attempt,
				hint: `Downloading ${redactUrl(url.toString())} failed.`,
			});
		}
		const data = Buffer.from(response.body as Buffer);
		const fileName =
			fileNameFromDisposition(headers['content-disposition']) ??
			options.fileName ??
			(decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'file');
		const contentType = headers['content-type']?.split(';')[0].trim();
		const mimeType =
			options.mimeType ??
			(contentType && contentType !== 'application/octet-stream' ? contentType : undefined) ??
			mimeTypeFromFileName(fileName) ??
			'application/octet-stream';
		return await this.helpers.prepareBinaryData(data, fileName, mimeType);
	}
}
