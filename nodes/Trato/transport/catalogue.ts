import type { IHttpRequestMethods } from 'n8n-workflow';

/**
 * Every endpoint of the e-signature API (spec Part 4, plus the authentication check of Part 5), declared once,
 * as data. Operations, pickers and the trigger name an endpoint and give its path parameters; the request
 * pipeline (pipeline.ts) fills and encodes the path, and decides retries from `retry`.
 */

/**
 * May the pipeline repeat the request after a temporary failure (429, 502, 503, 504, no answer)?
 * - `safe`: a read, or a delete of an addressed record (repeating it leaves the same end state);
 * - `never`: it may have had an effect (a record created, a state changed, an e-mail sent), so a repeat could
 *   do it twice or turn a success into a refusal.
 */
export type RetryPolicy = 'safe' | 'never';

/** What the endpoint answers: a JSON object, a JSON array, or a file (binary). */
export type Answer = 'object' | 'array' | 'file';

export interface Endpoint {
	method: IHttpRequestMethods;
	/** Path template; `{name}` is a path parameter, filled and URL-encoded by the pipeline. */
	path: string;
	/** Where the spec describes it. */
	section: string;
	retry: RetryPolicy;
	answer: Answer;
	/** The other form the spec also shows for the same operation (api-notes R1–R4). */
	alternative?: { method: IHttpRequestMethods; path: string };
	/** Array answers: the records' plural, a key the list may be wrapped in. */
	plural?: string;
}

const endpoint = <P extends string, A extends Answer = 'object'>(
	method: IHttpRequestMethods,
	path: P,
	section: string,
	retry: RetryPolicy,
	answer: A = 'object' as A,
	alternative?: Endpoint['alternative'],
	plural?: string,
) => ({ method, path, section, retry, answer, alternative, plural });

export const ENDPOINTS = {
	authentication: endpoint('GET', '/api/authentication', '5', 'safe'),
	/**
	 * E-mail and Password login (trato-notes "Authentication"): only the credential's login calls it (login.ts), with
	 * the JSON body a production client sends. A POST, but a login changes nothing at TRATO: repeated after a
	 * temporary failure like a read, never after a refusal (api-notes H3). The portal's GET with the password in the
	 * query string is listed as the other form TRATO shows; the node never sends it (a password in a URL ends up in
	 * logs).
	 */
	authenticationToken: endpoint('POST', '/api/authentication/token', '5', 'safe', 'object', {
		method: 'GET',
		path: '/api/authentication/token',
	}),
	contractCreate: endpoint('POST', '/api/create/contract', '4.1', 'never'),
	contractCreateV2: endpoint('POST', '/api/v2/create/contract', '4.2', 'never'),
	contractStatus: endpoint('GET', '/api/contract/status/{contractId}', '4.3', 'safe'),
	contractConfigure: endpoint('POST', '/api/contract/configuration/{contractId}', '4.4', 'never'),
	variablesGet: endpoint('GET', '/api/contract/variables/{contractId}', '4.5', 'safe'),
	variablesSet: endpoint(
		'POST',
		'/api/contract/variables/{contractId}/{participantId}',
		'4.6',
		'never',
		'object',
		{ method: 'POST', path: '/api/contract/configuration/{contractId}/{participantId}' },
	),
	participantGet: endpoint(
		'GET',
		'/api/contract/participant/{contractId}/{participantId}',
		'4.7',
		'safe',
	),
	participantUpdate: endpoint(
		'POST',
		'/api/contract/participant/{contractId}/{participantId}',
		'4.8',
		'never',
		'object',
		{ method: 'POST', path: '/api/contract/attachments/{contractId}/{participantId}' },
	),
	participantAttachmentAdd: endpoint(
		'POST',
		'/api/contract/attachments/{contractId}/{participantId}',
		'4.9',
		'never',
	),
	contractSend: endpoint('POST', '/api/contract/send/{contractId}', '4.10', 'never'),
	contractDocuments: endpoint(
		'GET',
		'/api/contract/documents/{contractId}',
		'4.11',
		'safe',
		'object',
		{ method: 'POST', path: '/api/contract/documents/{contractId}' },
	),
	confidentialAttachmentAdd: endpoint(
		'POST',
		'/api/contracts/{contractId}/confidential-attachments',
		'4.12',
		'never',
	),
	confidentialAttachmentDelete: endpoint(
		'DELETE',
		'/api/contracts/{contractId}/confidential-attachments/{attachmentId}',
		'4.13',
		'safe',
	),
	contractList: endpoint(
		'GET',
		'/api/list/contracts',
		'4.14',
		'safe',
		'array',
		undefined,
		'contracts',
	),
	// A GET that e-mails the pending participants: never repeated automatically (api-notes R12).
	contractRemind: endpoint('GET', '/api/contract/pending/{contractId}', '4.15', 'never'),
	contractArchive: endpoint('POST', '/api/contract/archive/{contractId}', '4.16', 'never'),
	contractCancel: endpoint(
		'DELETE',
		'/api/contract/cancel/{contractId}',
		'4.17',
		'never',
		'object',
		{ method: 'POST', path: '/api/contract/cancel/{contractId}' },
	),
	contractFinalize: endpoint('POST', '/api/contract/finalize/{contractId}', '4.18', 'never'),
	nom151Validate: endpoint('POST', '/api/contracts/{contractId}/validate/nom151', '4.19', 'never'),
	customPropertyCreate: endpoint(
		'POST',
		'/api/contracts/{contractId}/customproperties',
		'4.20',
		'never',
	),
	customPropertyList: endpoint(
		'GET',
		'/api/contracts/{contractId}/customproperties',
		'4.20',
		'safe',
	),
	customPropertyUpdate: endpoint(
		'PUT',
		'/api/contracts/{contractId}/{propertyId}/customproperties',
		'4.20',
		'never',
	),
	customPropertyDelete: endpoint(
		'DELETE',
		'/api/contracts/{contractId}/{propertyId}/customproperties',
		'4.20',
		'safe',
	),
	spectatorList: endpoint(
		'GET',
		'/api/contracts/{contractId}/spectators',
		'4.21',
		'safe',
		'array',
		undefined,
		'spectators',
	),
	spectatorCreate: endpoint('POST', '/api/contracts/{contractId}/spectators', '4.21', 'never'),
	spectatorUpdate: endpoint(
		'PUT',
		'/api/contracts/{contractId}/spectators/{spectatorId}',
		'4.21',
		'never',
	),
	spectatorDelete: endpoint(
		'DELETE',
		'/api/contracts/{contractId}/spectators/{spectatorId}',
		'4.21',
		'safe',
	),
	signingLinkRenew: endpoint('POST', '/api/sign-url/renew', '4.22', 'never'),
	participantChangeEmail: endpoint(
		'POST',
		'/api/contracts/{contractId}/participants/{participantId}/change-email',
		'4.23',
		'never',
	),
	contractPackage: endpoint('POST', '/api/contracts/{contractId}/package', '4.24', 'never', 'file'),
	shield2Stamp: endpoint(
		'POST',
		'/api/contracts/{contractId}/stamp-shield2-certificate',
		'4.25',
		'never',
	),
	templateList: endpoint(
		'GET',
		'/api/list/templates',
		'4.26',
		'safe',
		'array',
		undefined,
		'templates',
	),
	milestoneList: endpoint('GET', '/api/contract/milestones/{contractId}', '4.27', 'safe'),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** The `{name}` parameters of a path template, as a type. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
	? Name | ParamNames<Rest>
	: never;

/** The path parameters an endpoint needs, e.g. `{ contractId: string }`. */
export type PathParams<E extends EndpointName> = Record<
	ParamNames<(typeof ENDPOINTS)[E]['path']>,
	string
>;
