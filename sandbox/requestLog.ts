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
// JSON-lines request log (format fixed; other tools read it).
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';

export interface MultipartSummary {
	name: string;
	filename: string | null;
	contentType: string;
	size: number;
}

interface LogEntry {
	ts: string;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
	status: number;
}

const MAX_STRING = 512;
const KEEP = 64;

/** Strings longer than 512 characters become their first 64 characters + "…[N chars]". */
function truncateStrings(value: unknown): unknown {
	if (typeof value === 'string')
		return value.length > MAX_STRING ? `${value.slice(0, KEEP)}…[${value.length} chars]` : value;
	if (Array.isArray(value)) return value.map(truncateStrings);
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value)) out[k] = truncateStrings(v);
		return out;
	}
	return value;
}

export function redactHeaders(
	headers: IncomingHttpHeaders,
): Record<string, string | string[] | undefined> {
	const out: Record<string, string | string[] | undefined> = {};
	for (const [name, value] of Object.entries(headers)) {
		const key = name.toLowerCase();
		if (key === 'authorization') {
			const v = Array.isArray(value) ? value.join(', ') : (value ?? '');
			const scheme = /^(\S+)\s+\S/.exec(v);
			out[key] =
				v === ''
					? ''
					: scheme
						? `${/^bearer$/i.test(scheme[1]) ? 'Bearer' : scheme[1]} <redacted>`
						: '<redacted>';
		} else if (SECRET_HEADERS.includes(key) || SECRET_NAME.test(key)) {
			const v = Array.isArray(value) ? value.join(', ') : (value ?? '');
			out[key] = v === '' ? '' : '<redacted>';
		} else {
			out[key] = value;
		}
	}
	return out;
}

export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const [k, v] of params) {
		const prev = out[k];
		if (prev === undefined) out[k] = v;
		else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
	}
	return out;
}

/** Headers whose value is never written (beside `authorization` and secret names): cookies. */
const SECRET_HEADERS = ['cookie', 'set-cookie', 'proxy-authorization'];

/**
 * Names whose value is never written, as a header, in a JSON body, a query string or a form: passwords, keys,
 * tokens, secrets, under any prefix (`x-api-key`, `accessToken`, `webhookSecret`, `x-trato-secret`, `client_secret`).
 */
const SECRET_NAME = /(password|passwd|secret|api[-_]?key|jwt|token)$/i;
const SECRET_NAMES = 'password|passwd|secret|api[-_]?key|jwt|token';

/**
 * A secret-named value (the token endpoint's password in the body or the portal's query string, an `apikey` or
 * `jwt` in a query string) is never written: "<redacted>" instead.
 */
function redactSecrets<T>(value: T): T {
	if (Array.isArray(value)) return value.map(redactSecrets) as T;
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value)) {
			out[k] =
				SECRET_NAME.test(k) && (typeof v === 'string' || Array.isArray(v))
					? '<redacted>'
					: redactSecrets(v);
		}
		return out as T;
	}
	return value;
}

/**
 * A body that is not JSON (a form, broken JSON, plain text) is written as text, with the values of secret names
 * replaced: `password=…` in a form or a query-like text, `"password": "…"` in JSON that did not parse.
 */
function redactText(text: string): string {
	return text
		.replace(
			new RegExp(`((?:^|[&?\\s;,])[\\w.-]*(?:${SECRET_NAMES})=)[^&\\s;,]*`, 'gi'),
			'$1<redacted>',
		)
		.replace(
			new RegExp(`("[\\w.-]*(?:${SECRET_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"?`, 'gi'),
			'$1"<redacted>"',
		);
}

/** An address's query (`?signature=…` of a resume URL, a presigned link's) and what follows `/sign/` (a signing link's token). */
const URL_QUERY = /(\bhttps?:\/\/[^\s"'<>?#]+)\?[^\s"'<>#]*/gi;
const SIGN_PATH = /(\/sign\/)[^\s"'<>?#&]+/g;

/**
 * A text without the capabilities a link carries (issue 40): an address's query becomes `?<redacted>`, a signing
 * path `/sign/<redacted>` (a waiting run's resume URL stored as a custom property, a signing link sent to be
 * renewed, the signing page's own path, a `Referer`).
 */
export function redactLinks(text: string): string {
	return text.replace(URL_QUERY, '$1?<redacted>').replace(SIGN_PATH, '$1<redacted>');
}

/** Every text inside a value, through redactLinks. */
function redactLinksIn<T>(value: T): T {
	if (typeof value === 'string') return redactLinks(value) as T;
	if (Array.isArray(value)) return value.map(redactLinksIn) as T;
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value)) out[k] = redactLinksIn(v);
		return out as T;
	}
	return value;
}

/** The body as written: secrets replaced (JSON by name, text by pattern), links redacted, long strings shortened. */
function loggedBody(body: unknown): unknown {
	return truncateStrings(
		redactLinksIn(typeof body === 'string' ? redactText(body) : redactSecrets(body)),
	);
}

export class RequestLog {
	constructor(readonly file: string) {
		mkdirSync(dirname(file), { recursive: true });
	}

	write(entry: LogEntry): void {
		appendFileSync(
			this.file,
			`${JSON.stringify({
				...entry,
				path: redactLinks(entry.path),
				query: redactLinksIn(redactSecrets(entry.query)),
				headers: redactLinksIn(entry.headers),
				body: loggedBody(entry.body),
			})}\n`,
		);
	}
}
