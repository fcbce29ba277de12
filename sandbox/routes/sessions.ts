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

// The login sessions over HTTP: GET /sandbox/sessions (counts, ttl), POST to change the ttl or end every session.
import type { Router } from '../http';
import type { Sessions } from '../sessions';
import { badRequest, isPlainObject } from '../util';

export function registerSessionRoutes(router: Router, sessions: Sessions): void {
	router.add({
		methods: ['GET'],
		pattern: '/sandbox/sessions',
		auth: false,
		handler: () => ({ status: 200, json: sessions.stats() }),
	});
	router.add({
		methods: ['POST'],
		pattern: '/sandbox/sessions',
		auth: false,
		handler: (ctx) => {
			const b = isPlainObject(ctx.body) ? ctx.body : {};
			if (b.ttlSeconds !== undefined) sessions.setTtl(b.ttlSeconds);
			if (b.revoke !== undefined && typeof b.revoke !== 'boolean')
				throw badRequest('revoke must be true or false');
			const revoked = b.revoke === true ? sessions.revokeAll() : 0;
			return { status: 200, json: { ...sessions.stats(), revokedNow: revoked } };
		},
	});
}
