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
// Signing link route (spec 4.22): a new link for a participant who has not signed, the old one dead.
import { expectString, rejectUnknownFields } from '../util';
import { ok, requireObject, route, type ApiRoute } from './common';

export const routes: readonly ApiRoute[] = [
	// 4.22
	route(['POST'], '/api/sign-url/renew', (ctx, core) => {
		const body = requireObject(ctx, 'Renew signing link');
		rejectUnknownFields(body, ['url'], 'renew signing link');
		return ok({ success: true, url: core.renewSignUrl(expectString(body.url, 'url')) });
	}),
];
