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
// Template route (spec 4.26): the account's templates, filtered by name and creation date.
import { TEMPLATES } from '../templates';
import { parseDateBound } from '../util';
import { ok, route, type ApiRoute } from './common';

export const routes: readonly ApiRoute[] = [
	// 4.26
	route(['GET'], '/api/list/templates', (ctx, core) => {
		const name = ctx.query.get('name')?.trim().toLowerCase();
		const start = ctx.query.get('dateStart');
		const end = ctx.query.get('dateEnd');
		const v = core.variants;
		const b = {
			fromMs: start ? parseDateBound(start, 'dateStart', false) : -Infinity,
			toMs: end ? parseDateBound(end, 'dateEnd', true) : Infinity,
		};
		v.strictBounds(b);
		const matches = TEMPLATES.filter(
			(t) =>
				(!name || t.name.toLowerCase().includes(name)) &&
				Date.parse(t.createdAt) >= b.fromMs &&
				Date.parse(t.createdAt) <= b.toMs,
		);
		// a bare array of {createdAt, name, templateId} with 24-hex string ids, as TRATO answers (trato-notes)
		return ok(
			matches
				.slice()
				.sort((a, c) => c.createdAt.localeCompare(a.createdAt))
				.map((t) => ({ createdAt: v.time(t.createdAt), name: t.name, templateId: t.templateId })),
		);
	}),
];
