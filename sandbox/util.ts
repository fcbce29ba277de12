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
import { createHash, randomBytes } from 'node:crypto';

/** An error answered as `{success:false, error}` with an HTTP status. */
export class ApiError extends Error {
	constructor(
		public readonly status: number,
		message: string,
		public readonly extra: Record<string, unknown> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
	new ApiError(400, message, extra);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
	new ApiError(409, message, extra);

// ---------------------------------------------------------------------------------------------
// Identifiers

let idCounter = randomBytes(3).readUIntBE(0, 3);
let processPart = randomBytes(5).toString('hex');

/** Makes the ids that follow repeatable from a seed (replayable model-check schedules); undefined: random again. */
export function seedIds(seed: number | undefined): void {
	const next = seed === undefined ? undefined : mulberry32(seed ^ 0x5eed1d5);
	const bytes = (n: number) =>
		next ? Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256))) : randomBytes(n);
	// the counter starts low enough not to wrap (ties are ordered by id)
	idCounter = bytes(3).readUIntBE(0, 3) >>> 1;
	processPart = bytes(5).toString('hex');
}

/** Mongo ObjectId-like 24-hex identifier: 4-byte seconds, 5 random bytes, 3-byte counter. */
export function objectId(date: Date = new Date()): string {
	idCounter = (idCounter + 1) % 0xffffff;
	const seconds = Math.max(0, Math.floor(date.getTime() / 1000));
	return (
		seconds.toString(16).padStart(8, '0').slice(-8) +
		processPart +
		idCounter.toString(16).padStart(6, '0')
	);
}

export const OBJECT_ID = /^[0-9a-f]{24}$/;

export function randomToken(bytes = 24): string {
	return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(data: Buffer | string): string {
	return createHash('sha256').update(data).digest('hex');
}

/** Deterministic 24-hex id derived from a string (milestone ids). */
export function derivedId(input: string): string {
	return createHash('sha1').update(input).digest('hex').slice(0, 24);
}

// ---------------------------------------------------------------------------------------------
// Values

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flags: JSON booleans or the strings "true"/"false" (api-notes R6). */
export function parseFlag(value: unknown, field: string): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw badRequest(
		`Field '${field}' must be a boolean (true/false or "true"/"false"), got ${describeValue(value)}`,
	);
}

export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'string')
		return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
	if (typeof value === 'object') return 'an object';
	return `${typeof value} ${String(value)}`;
}

export function expectString(
	value: unknown,
	field: string,
	options: { allowEmpty?: boolean; max?: number } = {},
): string {
	if (typeof value !== 'string')
		throw badRequest(`Field '${field}' must be a string, got ${describeValue(value)}`);
	if (!options.allowEmpty && value.trim() === '')
		throw badRequest(`Field '${field}' must not be empty`);
	if (options.max !== undefined && value.length > options.max) {
		throw badRequest(
			`Field '${field}' is too long (${value.length} characters, at most ${options.max})`,
		);
	}
	return value;
}

export function expectEnum<const T extends string>(
	value: unknown,
	field: string,
	allowed: readonly T[],
): T {
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		throw badRequest(
			`Field '${field}' must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`,
		);
	}
	return value as T;
}

/** Refuse fields that the endpoint does not know (catches misspelled field names early). */
export function rejectUnknownFields(
	body: Record<string, unknown>,
	allowed: readonly string[],
	where: string,
): void {
	const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
	if (unknown.length > 0) {
		throw badRequest(
			`Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')} in ${where}; allowed: ${allowed.join(', ')}`,
		);
	}
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The shape of an e-mail address (name@domain.tld, no spaces), whatever its length. */
export function hasEmailShape(value: string): boolean {
	return EMAIL.test(value);
}
export function isValidEmail(value: string): boolean {
	return hasEmailShape(value) && value.length <= 254;
}

const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;
export function isValidPhone(value: string): boolean {
	return PHONE.test(value.trim());
}

/** YYYY-MM-DD that is a real calendar date. */
export function isValidYmd(value: string): boolean {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	if (!m) return false;
	const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
	return (
		d.getUTCFullYear() === Number(m[1]) &&
		d.getUTCMonth() === Number(m[2]) - 1 &&
		d.getUTCDate() === Number(m[3])
	);
}

const ISO_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Listing bounds (api-notes S5): ISO 8601 timestamp or YYYY-MM-DD; a bare date as the end bound means
 * the end of that day (UTC). Returns epoch ms or throws 400.
 */
export function parseDateBound(value: string, field: string, end: boolean): number {
	if (isValidYmd(value)) {
		const start = Date.parse(`${value}T00:00:00.000Z`);
		return end ? start + 86_400_000 - 1 : start;
	}
	if (ISO_TS.test(value)) {
		const ms = Date.parse(value);
		if (!Number.isNaN(ms)) return ms;
	}
	throw badRequest(
		`Query '${field}' must be an ISO 8601 timestamp or a YYYY-MM-DD date, got ${JSON.stringify(value)}`,
	);
}

export function parseIsoTimestamp(value: unknown, field: string): string {
	if (typeof value === 'string' && (ISO_TS.test(value) || isValidYmd(value))) {
		const ms = Date.parse(value);
		if (!Number.isNaN(ms)) return new Date(ms).toISOString();
	}
	throw badRequest(
		`Field '${field}' must be an ISO 8601 date or timestamp, got ${describeValue(value)}`,
	);
}

/**
 * Strict Base64 (api-notes R10): no data: URL prefix, standard alphabet, correct padding; line breaks tolerated.
 */
export function decodeBase64(value: unknown, field: string): Buffer {
	if (typeof value !== 'string')
		throw badRequest(`Field '${field}' must be a Base64 string, got ${describeValue(value)}`);
	if (/^\s*data:/i.test(value)) {
		throw badRequest(`Field '${field}' must be plain Base64 without a "data:" MIME-type prefix`);
	}
	const compact = value.replace(/[\r\n]/g, '');
	if (compact.length === 0) throw badRequest(`Field '${field}' is empty`);
	if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
		throw badRequest(`Field '${field}' is not valid Base64`);
	}
	return Buffer.from(compact, 'base64');
}

/** Image magic bytes: PNG, JPEG, GIF, WebP. */
export function isImage(buf: Buffer): boolean {
	if (
		buf.length >= 8 &&
		buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
	)
		return true;
	if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return true;
	if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return true;
	if (
		buf.length >= 12 &&
		buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
		buf.subarray(8, 12).toString('latin1') === 'WEBP'
	)
		return true;
	return false;
}

// ---------------------------------------------------------------------------------------------
// Deterministic PRNG (seeding)

export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Glob to RegExp: `*` any characters, `?` one character, everything else literal. */
export function globToRegExp(glob: string): RegExp {
	let src = '';
	for (const ch of glob) {
		if (ch === '*') src += '.*';
		else if (ch === '?') src += '.';
		else src += ch.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
	}
	return new RegExp(`^${src}$`);
}

export function safeFileName(name: string): string {
	const cleaned = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^A-Za-z0-9._-]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80);
	return cleaned || 'contract';
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
