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

// The participant's signing page, GET /sign/<contract id>/<token> as TRATO's web app has it (and /sign/<token>, the
// short-sign-links form; no auth: the token is the credential). Signatures are simulated with the control API.
import type { Core } from '../core';
import type { Reply, Router } from '../http';
import { SIGNED_ALL } from '../lifecycle';

function escapeHtml(s: string): string {
	return s.replace(
		/[&<>"']/g,
		(ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
	);
}

export function registerSigningPage(router: Router, core: Core): void {
	for (const pattern of ['/sign/:contractId/:token', '/sign/:token'])
		router.add({
			methods: ['GET'],
			pattern,
			auth: false,
			handler: (ctx) => page(core, ctx.params.contractId, ctx.params.token),
		});
}

function page(core: Core, contractId: string | undefined, token: string): Reply {
	const ref = core.signingLinkRef(contractId, token);
	const c = ref && core.store.contracts.get(ref.contractId);
	const p = c?.participants.find((x) => x._id === ref?.participantId);
	if (!c || !p) {
		return {
			status: 404,
			contentType: 'text/html; charset=utf-8',
			body: '<!doctype html><title>Link not valid</title><h1>This signing link is not valid</h1><p>It may have been renewed.</p>',
		};
	}
	const state =
		p.status === 'SIGNED'
			? `You signed on ${p.signedAt}.`
			: SIGNED_ALL.includes(c.status)
				? 'The contract is signed.'
				: `Contract status: ${c.status || 'draft'}.`;
	return {
		status: 200,
		contentType: 'text/html; charset=utf-8',
		body: `<!doctype html><meta charset="utf-8"><title>Sign: ${escapeHtml(c.name)}</title><h1>${escapeHtml(c.name || 'Contract')}</h1><p>Participant: ${escapeHtml(p.name)} (${escapeHtml(p.label)}) &lt;${escapeHtml(p.email)}&gt;</p><p>${escapeHtml(state)}</p><p>Sandbox signing page: signatures are simulated with the control API (POST /sandbox/contracts/${c._id}/sign).</p>`,
	};
}
