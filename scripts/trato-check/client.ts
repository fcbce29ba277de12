/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
// The conformance check's HTTP client: plain requests (the facts are what TRATO answers, before any reading the node
// does), to the environment's origin only, no redirect followed, and only the requests the check may send (reads,
// the login, and with --write one contract created without notification, a custom property on it, and its cancel:
// a client made without `write` refuses those three, whatever calls it). Never a reminder, a send, a signing-link
// renewal or anything else that e-mails someone.
import axios, { type AxiosInstance } from 'axios';

/** TRATO's API hosts (trato-notes "Hosts"; the credential's Environment shows the same, test/scripts checks it). */
export const TRATO_HOSTS = {
	production: 'https://enterprise.api.trato.io',
	staging: 'https://enterprise-stage.api.trato.io',
} as const;

export interface Answer {
	/** HTTP status; 0 when no answer came. */
	status: number;
	headers: Record<string, string>;
	body: unknown;
	/** Why no answer came (network error code). */
	error?: string;
}

/**
 * The only requests the check sends: [method, path pattern, whether it writes]. Everything else is refused before it
 * leaves, and so is a writing one by a client made without `write` (--write).
 */
const ALLOWED: ReadonlyArray<[string, RegExp, 'read' | 'write']> = [
	['GET', /^\/api\/authentication$/, 'read'],
	['POST', /^\/api\/authentication\/token$/, 'read'],
	['GET', /^\/api\/list\/(contracts|templates)$/, 'read'],
	['GET', /^\/api\/contract\/(status|variables|milestones|documents)\/[^/]+$/, 'read'],
	['GET', /^\/api\/contract\/participant\/[^/]+\/[^/]+$/, 'read'],
	['GET', /^\/api\/contracts\/[^/]+\/customproperties$/, 'read'],
	['GET', /^\/api\/n8n-nodes-trato-conformance-check$/, 'read'],
	['POST', /^\/api\/v2\/create\/contract$/, 'write'],
	['POST', /^\/api\/contracts\/[^/]+\/customproperties$/, 'write'],
	['DELETE', /^\/api\/contract\/cancel\/[^/]+$/, 'write'],
	['POST', /^\/api\/contract\/cancel\/[^/]+$/, 'write'],
];

/** A request the check never sends (e.g. GET /api/contract/pending e-mails every pending participant). */
export class RefusedRequest extends Error {}

export class Client {
	private readonly http: AxiosInstance;

	/** Whether this client may send the writing requests (--write); read-only otherwise. */
	readonly write: boolean;

	constructor(
		readonly baseUrl: string,
		private headers: Record<string, string> = {},
		/** Every request sent, "METHOD path status" (no query, no body), shared by the clients made with `as`. */
		readonly sent: string[] = [],
		options: { write?: boolean; timeoutMs?: number } = {},
	) {
		this.write = options.write === true;
		this.http = axios.create({
			baseURL: baseUrl,
			timeout: options.timeoutMs ?? 30_000,
			maxRedirects: 0,
			validateStatus: () => true,
			headers: { Accept: 'application/json', 'User-Agent': 'n8n-nodes-trato conformance check' },
		});
	}

	/** The same origin with other credentials (or none), allowed to write as this one is. */
	as(headers: Record<string, string>): Client {
		return new Client(this.baseUrl, headers, this.sent, { write: this.write });
	}

	setHeaders(headers: Record<string, string>): void {
		this.headers = headers;
	}

	async send(
		method: 'GET' | 'POST' | 'DELETE',
		path: string,
		options: { query?: Record<string, string | number>; body?: unknown } = {},
	): Promise<Answer> {
		const allowed = ALLOWED.find(([m, pattern]) => m === method && pattern.test(path));
		if (!allowed) throw new RefusedRequest(`The conformance check never sends ${method} ${path}`);
		if (allowed[2] === 'write' && !this.write)
			throw new RefusedRequest(
				`The conformance check sends ${method} ${path} only with --write (this run is read-only)`,
			);
		try {
			const res = await this.http.request({
				method,
				url: path,
				params: options.query,
				data: options.body,
				headers: this.headers,
			});
			this.sent.push(`${method} ${path} ${res.status}`);
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(res.headers ?? {}))
				if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
			return { status: res.status, headers, body: res.data };
		} catch (error) {
			const code = (error as { code?: string }).code ?? 'NETWORK';
			this.sent.push(`${method} ${path} ${code}`);
			return { status: 0, headers: {}, body: undefined, error: code };
		}
	}
}

const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\b/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{6,}/gi;
const URL_QUERY = /(https?:\/\/[^\s"'?#]+)\?[^\s"'#]*/gi;
const ASSIGNMENT =
	/\b(apikey|api_key|api-key|token|access_token|signature|sig|jwt|password)=([^&\s"']+)/gi;

/**
 * A text without secrets: the given ones (the key, the password, tokens, signing links), and anything that looks
 * like a JWT, a bearer token, a URL's query or a `secret=` assignment (the same rules as the node's redact.ts).
 */
export function scrub(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets)
		if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
	return out
		.replace(JWT, '[redacted JWT]')
		.replace(BEARER, '$1 [redacted]')
		.replace(URL_QUERY, '$1?[redacted]')
		.replace(ASSIGNMENT, '$1=[redacted]');
}

/** A plain object, or undefined. */
export function record(value: unknown): Record<string, unknown> | undefined {
	return value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: undefined;
}

/** How a value is written, for a report: `true`, `"true"`, `1`, absent… */
export function shown(value: unknown): string {
	if (value === undefined) return 'absent';
	if (typeof value === 'string')
		return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}…` : value);
	return JSON.stringify(value) ?? String(value);
}

/** An answer in a few words: status, and TRATO's envelope when there is one. */
export function briefly(answer: Answer): string {
	if (answer.status === 0) return `no answer (${answer.error})`;
	const body = record(answer.body);
	if (!body) return `HTTP ${answer.status}${Array.isArray(answer.body) ? ', an array' : ''}`;
	const parts = [`HTTP ${answer.status}`];
	if ('success' in body) parts.push(`success ${shown(body.success)}`);
	if ('statusCode' in body) parts.push(`statusCode ${shown(body.statusCode)}`);
	const text = typeof body.error === 'string' && body.error ? body.error : body.message;
	if (typeof text === 'string' && text) parts.push(shown(text));
	return parts.join(', ');
}

/** A refusal in TRATO's envelope answered with HTTP 200 (the refusal-200 variant). */
export function refusedWith200(answer: Answer): boolean {
	const success = record(answer.body)?.success;
	return answer.status === 200 && (success === false || success === 'false');
}
