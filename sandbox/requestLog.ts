/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
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
		} else if (key === 'apikey') {
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

/** A text `password` (the token endpoint's body or query string) is never written: "<redacted>" instead. */
function redactPasswords<T>(value: T): T {
	if (Array.isArray(value)) return value.map(redactPasswords) as T;
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value)) {
			out[k] =
				k.toLowerCase() === 'password' && (typeof v === 'string' || Array.isArray(v))
					? '<redacted>'
					: redactPasswords(v);
		}
		return out as T;
	}
	return value;
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
				query: redactPasswords(entry.query),
				body: truncateStrings(redactPasswords(entry.body)),
			})}\n`,
		);
	}
}
