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
// E-mail and password login as TRATO documents it (trato-notes "Authentication"): `/api/authentication/token` with
// the account's e-mail and password, POST JSON (what a production client sends) or the portal's GET with a query
// string; the answer `{success, jwt, ttl, error}`; JWTs that expire after `ttl` seconds of the sandbox clock and
// can be ended early (revoked). Control: GET/POST /sandbox/sessions (no password, no token in its answers).
import jwt from 'jsonwebtoken';

import { safeEqual } from './auth';
import type { Reply } from './http';
import { ApiError, badRequest, isPlainObject, randomToken } from './util';

/** The sandbox account (docs/sandbox.md): what "E-mail and Password" logs in with, unless started with others. */
export const SANDBOX_ACCOUNT = { email: 'demo@trato-sandbox.test', password: 'Sandbox-Pass-2026' };
/** The portal's sample answers ttl 300: a token lives five minutes. */
const DEFAULT_TOKEN_TTL_SECONDS = 300;

/** Answers of the token endpoint. Only the first text is TRATO's (H); the other two are ours (api-notes A7). */
export const TOKEN_ERRORS = {
	emailRequired: 'Account email is required in order to process this request.',
	passwordRequired: 'Account password is required in order to process this request.',
	refused: 'The email or password is incorrect.',
} as const;

interface SessionOptions {
	email?: string;
	password?: string;
	ttlSeconds?: number;
}

export interface SessionStats {
	email: string;
	ttlSeconds: number;
	logins: { succeeded: number; refused: number };
	tokens: { issued: number; revoked: number; requests: number };
}

/** A token the sandbox issued, for in-process tests (never over HTTP). */
export interface IssuedToken {
	jwt: string;
	issuedAt: string;
	expiresAt: string;
	/** API requests authenticated with it. */
	uses: number;
	revoked: boolean;
}

function checkTtl(value: unknown): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 86_400) {
		throw badRequest('ttlSeconds must be a whole number of seconds from 1 to 86400');
	}
	return value;
}

const envelope = (statusCode: number, error: string): Reply => ({
	status: statusCode,
	json: { success: false, statusCode, error },
});

export class Sessions {
	readonly email: string;
	private readonly password: string;
	private readonly initialTtl: number;
	ttlSeconds: number;
	private readonly issued = new Map<string, IssuedToken>();
	private logins = { succeeded: 0, refused: 0 };

	constructor(
		options: SessionOptions,
		private readonly deps: { jwtSecret: string; now: () => Date },
	) {
		this.email = options.email ?? SANDBOX_ACCOUNT.email;
		this.password = options.password ?? SANDBOX_ACCOUNT.password;
		this.initialTtl = checkTtl(options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
		this.ttlSeconds = this.initialTtl;
	}

	/** Answers a login; the password is compared in constant time and never written anywhere. */
	login(email: unknown, password: unknown): Reply {
		if (typeof email !== 'string' || email.trim() === '') {
			return envelope(400, TOKEN_ERRORS.emailRequired);
		}
		if (typeof password !== 'string' || password === '') {
			return envelope(400, TOKEN_ERRORS.passwordRequired);
		}
		const known = email.trim().toLowerCase() === this.email.toLowerCase();
		if (!safeEqual(password, this.password) || !known) {
			this.logins.refused++;
			return envelope(401, TOKEN_ERRORS.refused);
		}
		this.logins.succeeded++;
		const sid = randomToken(12);
		const issued = this.deps.now().getTime() / 1000;
		const iat = Math.floor(issued);
		// JWT times are whole seconds: rounded up, so that a token lives at least `ttl` seconds, as announced
		const exp = Math.ceil(issued + this.ttlSeconds);
		const token = jwt.sign({ sub: this.email, sid, iat, exp }, this.deps.jwtSecret, {
			algorithm: 'HS256',
		});
		this.issued.set(sid, {
			jwt: token,
			issuedAt: new Date(iat * 1000).toISOString(),
			expiresAt: new Date(exp * 1000).toISOString(),
			uses: 0,
			revoked: false,
		});
		return { status: 200, json: { success: true, jwt: token, ttl: this.ttlSeconds, error: '' } };
	}

	/** Called for every verified API JWT: counts a login token's use, refuses a revoked one. */
	checkJwt(claims: unknown): void {
		const sid = isPlainObject(claims) ? claims.sid : undefined;
		if (typeof sid !== 'string') return;
		const token = this.issued.get(sid);
		if (!token) return;
		if (token.revoked) throw new ApiError(401, 'The session has ended; log in again');
		token.uses++;
	}

	setTtl(seconds: unknown): number {
		this.ttlSeconds = checkTtl(seconds);
		return this.ttlSeconds;
	}

	/** Ends every session issued so far: their tokens are refused (401) from now on. */
	revokeAll(): number {
		let count = 0;
		for (const token of this.issued.values()) {
			if (!token.revoked) count++;
			token.revoked = true;
		}
		return count;
	}

	/** Tokens issued so far, oldest first (in-process tests only). */
	tokens(): IssuedToken[] {
		return [...this.issued.values()].map((t) => ({ ...t }));
	}

	stats(): SessionStats {
		const tokens = [...this.issued.values()];
		return {
			email: this.email,
			ttlSeconds: this.ttlSeconds,
			logins: { ...this.logins },
			tokens: {
				issued: tokens.length,
				revoked: tokens.filter((t) => t.revoked).length,
				requests: tokens.reduce((sum, t) => sum + t.uses, 0),
			},
		};
	}

	/** Back to the start: the initial ttl, no session, no counts. */
	reset(): void {
		this.ttlSeconds = this.initialTtl;
		this.issued.clear();
		this.logins = { succeeded: 0, refused: 0 };
	}
}
