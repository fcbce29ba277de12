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
// The control API (/sandbox/*) has no authentication: it is for tests, scripts and a developer's curl on this
// machine, never for a web page the developer happens to visit while `npm run dev` runs (it could read the webhook
// secret, mint JWTs, re-point webhooks). Its answers carry no CORS headers (http.ts), and this guard refuses what
// only a browser sends on another site's behalf.
import type { IncomingHttpHeaders } from 'node:http';

import { ApiError } from './util';

/** A Host header that names this machine by address (an IP literal or localhost): no DNS name to rebind. */
function hostIsAnAddress(host: string | undefined): boolean {
	if (!host) return true;
	const name = host.replace(/:\d+$/, '').toLowerCase();
	return (
		name === 'localhost' ||
		name.endsWith('.localhost') ||
		/^\d{1,3}(\.\d{1,3}){3}$/.test(name) ||
		/^\[[0-9a-f:.]+\]$/.test(name)
	);
}

/**
 * Why a request to the control API is refused, or undefined:
 * - 403 when a browser sends it for another origin (`Origin` that is not this sandbox, `Sec-Fetch-Site` cross-site
 *   or same-site), or reaches the sandbox through a DNS name (a rebound name of a web page);
 * - 415 when it has a body that is not declared JSON (a page's form or text/plain POST needs no CORS preflight;
 *   a JSON one does, and gets no permission).
 * Requests without a body and without those headers (curl, tests, scripts) pass.
 */
export function controlRefusal(
	headers: IncomingHttpHeaders,
	hasBody: boolean,
): ApiError | undefined {
	const origin = headers.origin;
	const site = headers['sec-fetch-site'];
	if (
		(origin !== undefined && origin !== `http://${headers.host}`) ||
		(site !== undefined && site !== 'same-origin' && site !== 'none') ||
		!hostIsAnAddress(headers.host)
	) {
		return new ApiError(
			403,
			'The control API answers only this machine (curl, tests, scripts), not a web page or a DNS name; call it at http://127.0.0.1:<port>/sandbox/…',
		);
	}
	if (hasBody && !/^application\/json\s*(;|$)/i.test(String(headers['content-type'] ?? ''))) {
		return new ApiError(
			415,
			'The control API takes JSON bodies only (Content-Type: application/json)',
		);
	}
	return undefined;
}
