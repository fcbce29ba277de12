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
// Authentication of API requests (spec Part 5): an API key in `apikey` or an HS256 JWT in `Authorization: Bearer`.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import jwt from 'jsonwebtoken';
import { ApiError } from './util';

export interface AuthConfig {
	apiKey: string;
	jwtSecret: string;
	now: () => Date;
	/** Called with the claims of every valid JWT; may refuse it (throw), e.g. a session that was ended. */
	checkJwt?: (claims: unknown) => void;
}

/** Compares two secrets in constant time. */
export function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(req: IncomingMessage, cfg: AuthConfig): { mode: 'apikey' | 'jwt' } {
	const apikey = req.headers['apikey'];
	const authorization = req.headers['authorization'];
	if (apikey === undefined && authorization === undefined) {
		throw new ApiError(
			401,
			'Missing credentials: send the header "Authorization: Bearer <JWT>" or "apikey: <API key>"',
		);
	}
	let mode: 'apikey' | 'jwt' | undefined;
	if (authorization !== undefined) {
		const value = authorization.trim();
		if (value === '') throw new ApiError(401, 'The Authorization header is empty');
		const m = /^Bearer\s+(\S+)$/i.exec(value);
		if (!m) throw new ApiError(401, 'The Authorization header must be "Bearer <JWT>"');
		let claims: unknown;
		try {
			claims = jwt.verify(m[1], cfg.jwtSecret, {
				algorithms: ['HS256'],
				clockTimestamp: Math.floor(cfg.now().getTime() / 1000),
			});
		} catch (error) {
			if (error instanceof jwt.TokenExpiredError)
				throw new ApiError(401, `The JWT expired at ${error.expiredAt.toISOString()}`);
			if (error instanceof jwt.NotBeforeError)
				throw new ApiError(401, 'The JWT is not valid yet (nbf)');
			const message = (error as Error).message;
			if (/signature/i.test(message)) throw new ApiError(401, 'The JWT signature is invalid');
			if (/algorithm/i.test(message)) throw new ApiError(401, 'The JWT must be signed with HS256');
			throw new ApiError(401, `The JWT is malformed (${message})`);
		}
		cfg.checkJwt?.(claims);
		mode = 'jwt';
	}
	if (apikey !== undefined) {
		const value = Array.isArray(apikey) ? apikey.join(',') : apikey;
		if (value.trim() === '') throw new ApiError(401, 'The apikey header is empty');
		if (!safeEqual(value.trim(), cfg.apiKey)) throw new ApiError(401, 'Invalid API key');
		mode = 'apikey';
	}
	return { mode: mode ?? 'jwt' };
}
