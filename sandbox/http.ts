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
// HTTP plumbing: body parsing, routing, authentication, faults, latency, the request log and counters.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, type AuthConfig } from './auth';
import { controlRefusal } from './controlGuard';
import type { Faults } from './faults';
import type { RequestHook } from './types';
import { queryObject, redactHeaders, type RequestLog } from './requestLog';
import { parseMultipart, readBody, type MultipartPart } from './requestBody';
import { ApiError, badRequest, describeValue, isPlainObject, sleep } from './util';

export interface Ctx {
	req: IncomingMessage;
	origin: 'api' | 'upload';
	method: string;
	path: string;
	query: URLSearchParams;
	params: Record<string, string>;
	/** Parsed JSON body (undefined when the body was empty or multipart). */
	body: unknown;
	multipart?: MultipartPart[];
	auth?: 'apikey' | 'jwt';
}

export interface Reply {
	status: number;
	json?: unknown;
	body?: Buffer | string;
	contentType?: string;
	headers?: Record<string, string | number>;
	/** HEAD: headers only */
	headOnly?: boolean;
}

type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

/** The JSON object body of a request; none (or null) is an empty object, anything else a 400 (`where` opens it). */
export function objectBody(ctx: Ctx, where?: string): Record<string, unknown> {
	if (ctx.body === undefined || ctx.body === null) return {};
	if (!isPlainObject(ctx.body)) {
		const got = `the body must be a JSON object, got ${describeValue(ctx.body)}`;
		throw badRequest(where ? `${where}: ${got}` : `T${got.slice(1)}`);
	}
	return ctx.body;
}

export interface Route {
	methods: string[];
	pattern: string;
	auth: boolean;
	handler: Handler;
	/** Accept a multipart body (otherwise multipart → 400). */
	multipart?: boolean;
}

interface CompiledRoute extends Route {
	segments: string[];
}

export class Router {
	private routes: CompiledRoute[] = [];

	/** `removed(method, pattern)`: a method taken away from a route for now (variant profiles); `list()` keeps it. */
	constructor(private readonly removed?: (method: string, pattern: string) => boolean) {}

	add(route: Route): void {
		this.routes.push({ ...route, segments: route.pattern.split('/').filter(Boolean) });
	}

	list(): Array<{ methods: string[]; pattern: string }> {
		return this.routes.map((r) => ({ methods: [...r.methods], pattern: r.pattern }));
	}

	match(
		method: string,
		path: string,
	): { route: CompiledRoute; params: Record<string, string> } | { allowed: string[] } | undefined {
		const parts = path.split('/').filter(Boolean);
		const allowed = new Set<string>();
		for (const r of this.routes) {
			if (r.segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			let ok = true;
			for (let i = 0; i < parts.length && ok; i++) {
				const seg = r.segments[i];
				if (seg.startsWith(':')) {
					try {
						params[seg.slice(1)] = decodeURIComponent(parts[i]);
					} catch {
						params[seg.slice(1)] = parts[i];
					}
				} else if (seg !== parts[i]) ok = false;
			}
			if (!ok) continue;
			const methods = this.removed
				? r.methods.filter((m) => !this.removed!(m, r.pattern))
				: r.methods;
			if (methods.includes(method)) return { route: r, params };
			methods.forEach((m) => allowed.add(m));
		}
		return allowed.size ? { allowed: [...allowed] } : undefined;
	}
}

// ---------------------------------------------------------------------------------------------
// Request handling

interface ServerDeps {
	router: Router;
	origin: 'api' | 'upload';
	auth: AuthConfig;
	faults: Faults;
	log?: RequestLog;
	latency: () => number;
	stats: Stats;
	/** Called before every non-control request (automatic expiry). */
	beforeRequest?: () => void;
	/** The current in-process request hook, if any (called before latency and faults, never on control routes). */
	requestHook?: () => RequestHook | undefined;
	/** The HTTP status of a route's refusal (its body keeps `statusCode`): variant refusal-200. */
	refusalStatus?: (status: number) => number;
}

export class Stats {
	startedAt = new Date().toISOString();
	requests = 0;
	byRoute: Record<string, number> = {};
	byStatus: Record<string, number> = {};

	count(key: string, status: number): void {
		this.requests++;
		this.byRoute[key] = (this.byRoute[key] ?? 0) + 1;
		this.byStatus[String(status)] = (this.byStatus[String(status)] ?? 0) + 1;
	}

	reset(): void {
		this.startedAt = new Date().toISOString();
		this.requests = 0;
		this.byRoute = {};
		this.byStatus = {};
	}
}

const CORS = {
	'Access-Control-Allow-Origin': '*',
	'Access-Control-Expose-Headers':
		'X-Total-Pages, X-Total-Documents, Content-Disposition, Retry-After',
};

export function createRequestHandler(deps: ServerDeps) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		void handle(deps, req, res).catch((error) => {
			// last resort: never leave a request hanging
			console.error('[sandbox] unexpected failure', error);
			if (!res.headersSent) {
				res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
				res.end(
					JSON.stringify({ success: false, statusCode: 500, error: 'Internal sandbox error' }),
				);
			} else res.destroy();
		});
	};
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const url = new URL(req.url ?? '/', 'http://sandbox.local');
	const path = url.pathname;
	const query = url.searchParams;
	let logBody: unknown = null;
	let routeKey = `${method} (no route)`;
	// The control API: no CORS (a web page may not read or drive it), refusals in controlGuard.ts
	const control = deps.origin === 'api' && (path === '/sandbox' || path.startsWith('/sandbox/'));

	const finish = (reply: Reply): void => {
		const headers: Record<string, string | number> = {
			...(control ? {} : CORS),
			...(reply.headers ?? {}),
		};
		let payload: Buffer;
		if (reply.json !== undefined) {
			payload = Buffer.from(JSON.stringify(reply.json));
			headers['Content-Type'] = 'application/json; charset=utf-8';
		} else {
			payload =
				reply.body === undefined
					? Buffer.alloc(0)
					: Buffer.isBuffer(reply.body)
						? reply.body
						: Buffer.from(reply.body);
			if (reply.contentType) headers['Content-Type'] = reply.contentType;
		}
		headers['Content-Length'] = payload.length;
		deps.stats.count(routeKey, reply.status);
		writeLog(reply.status);
		res.writeHead(reply.status, headers);
		res.end(method === 'HEAD' || reply.headOnly ? undefined : payload);
	};
	const writeLog = (status: number): void => {
		deps.log?.write({
			ts: new Date().toISOString(),
			method,
			path,
			query: queryObject(query),
			headers: redactHeaders(req.headers),
			body: logBody,
			status,
		});
	};
	const fail = (error: unknown, routed = false): void => {
		if (error instanceof ApiError) {
			const status =
				routed && !control ? (deps.refusalStatus?.(error.status) ?? error.status) : error.status;
			finish({
				status,
				json: { success: false, statusCode: error.status, error: error.message, ...error.extra },
				headers:
					status === 401 ? { 'WWW-Authenticate': 'Bearer realm="trato-sandbox", apikey' } : {},
			});
		} else {
			console.error('[sandbox] bug while handling', method, path, error);
			finish({
				status: 500,
				json: {
					success: false,
					statusCode: 500,
					error: `Internal sandbox error: ${(error as Error)?.message ?? String(error)}`,
				},
			});
		}
	};

	// 1. body
	let raw: Buffer;
	try {
		raw = await readBody(req);
	} catch (error) {
		fail(error);
		return;
	}
	const contentType = String(req.headers['content-type'] ?? '');
	let multipart: MultipartPart[] | undefined;
	let body: unknown;
	let bodyError: ApiError | undefined;
	if (/^multipart\/form-data/i.test(contentType)) {
		try {
			multipart = await parseMultipart(req, raw);
			logBody = {
				multipart: multipart.map(({ name, filename, contentType: ct, size }) => ({
					name,
					filename,
					contentType: ct,
					size,
				})),
			};
		} catch (error) {
			bodyError = error as ApiError;
			logBody = raw.length ? raw.toString('utf8') : null;
		}
	} else if (raw.length > 0) {
		const text = raw.toString('utf8');
		try {
			body = JSON.parse(text);
			logBody = body;
		} catch (error) {
			logBody = text;
			bodyError = new ApiError(400, `Request body is not valid JSON (${(error as Error).message})`);
		}
	}

	if (control) {
		const refusal = controlRefusal(req.headers, raw.length > 0);
		if (refusal) {
			fail(refusal);
			return;
		}
	}

	// 2. request hook (tests), latency and faults (never on control routes, so faults can always be cleared)
	if (!control) {
		const hook = deps.requestHook?.();
		if (hook) {
			const hookQuery: Record<string, string> = {};
			query.forEach((value, name) => {
				hookQuery[name] = value;
			});
			try {
				await hook({ origin: deps.origin, method, path, query: hookQuery });
			} catch (error) {
				fail(error);
				return;
			}
		}
		const latency = deps.latency();
		if (latency > 0) await sleep(latency);
		const fault = deps.faults.take(deps.origin, method, path, query);
		if (fault) {
			if (fault.latencyMs) await sleep(fault.latencyMs);
			if (fault.drop || fault.status !== undefined) routeKey = `${method} (fault)`;
			if (fault.drop) {
				deps.stats.count(routeKey, 0);
				writeLog(0);
				req.socket.destroy();
				return;
			}
			if (fault.status !== undefined) {
				const headers: Record<string, string | number> = { ...(fault.headers ?? {}) };
				if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
				if (typeof fault.body === 'string') {
					finish({
						status: fault.status,
						body: fault.body,
						contentType: fault.contentType ?? 'text/plain; charset=utf-8',
						headers,
					});
				} else {
					finish({
						status: fault.status,
						json:
							fault.body === undefined
								? {
										success: false,
										statusCode: fault.status,
										error: `Injected fault: HTTP ${fault.status}`,
									}
								: fault.body,
						headers,
					});
				}
				return;
			}
		}
	}

	// 3. routing
	if (method === 'OPTIONS' && !control) {
		finish({
			status: 204,
			headers: {
				'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, HEAD, OPTIONS',
				'Access-Control-Allow-Headers': 'Authorization, apikey, Content-Type',
			},
		});
		return;
	}
	const match = deps.router.match(method === 'HEAD' ? 'GET' : method, path);
	if (!match) {
		fail(new ApiError(404, `No route for ${method} ${path}`));
		return;
	}
	if ('allowed' in match) {
		finish({
			status: 405,
			json: {
				success: false,
				statusCode: 405,
				error: `Method ${method} not allowed on ${path}; use ${match.allowed.join(' or ')}`,
			},
			headers: { Allow: match.allowed.join(', ') },
		});
		return;
	}
	routeKey = `${method} ${match.route.pattern}`;
	try {
		const ctx: Ctx = {
			req,
			origin: deps.origin,
			method,
			path,
			query,
			params: match.params,
			body,
			multipart,
		};
		if (match.route.auth) ctx.auth = authenticate(req, deps.auth).mode;
		if (bodyError) throw bodyError;
		if (multipart && !match.route.multipart)
			throw new ApiError(400, 'This endpoint expects a JSON body, not multipart/form-data');
		if (!control) deps.beforeRequest?.();
		finish(await match.route.handler(ctx));
	} catch (error) {
		fail(error, true);
	}
}
