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

// Authentication (spec Part 5): the credential check GET /api/authentication, and the token endpoint that logs in
// with E-mail and Password (trato-notes "Token login"; POST, and GET with the query as TRATO also answers).
import type { Ctx, Router } from '../http';
import type { Sessions } from '../sessions';
import { isPlainObject } from '../util';
import type { Variants } from '../variants';
import { ok } from './common';

/** `variants()`: the active profile, read on every login (login-success-string, refusal-200). */
export function registerAuthentication(
	router: Router,
	sessions: Sessions,
	variants: () => Variants,
): void {
	const body = (ctx: Ctx) => (isPlainObject(ctx.body) ? ctx.body : {});
	router.add({
		methods: ['GET'],
		pattern: '/api/authentication',
		auth: true,
		handler: (ctx) => ok({ success: true, authenticatedWith: ctx.auth }),
	});
	router.add({
		methods: ['POST'],
		pattern: '/api/authentication/token',
		auth: false,
		handler: (ctx) => variants().loginAnswer(sessions.login(body(ctx).email, body(ctx).password)),
	});
	router.add({
		methods: ['GET'],
		pattern: '/api/authentication/token',
		auth: false,
		handler: (ctx) =>
			variants().loginAnswer(
				sessions.login(ctx.query.get('email') ?? undefined, ctx.query.get('password') ?? undefined),
			),
	});
}
