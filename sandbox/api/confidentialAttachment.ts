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
// Confidential attachment routes (spec 4.12, 4.13): add one to a contract, delete one.
import { OBJECT_ID, badRequest, notFound } from '../util';
import { addAttachment, ok, requireObject, route, type ApiRoute } from './common';

export const routes: readonly ApiRoute[] = [
	// 4.12 / 4.13
	route(['POST'], '/api/contracts/:contractId/confidential-attachments', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		return addAttachment(core, c, undefined, requireObject(ctx, 'Add confidential attachment'));
	}),
	route(
		['DELETE'],
		'/api/contracts/:contractId/confidential-attachments/:attachmentId',
		(ctx, core) => {
			const c = core.contract(ctx.params.contractId);
			const id = ctx.params.attachmentId;
			if (!OBJECT_ID.test(id))
				throw badRequest(`Invalid attachment id '${id}': expected 24 hexadecimal characters`);
			const i = c.confidentialAttachments.findIndex((a) => a._id === id);
			if (i < 0) throw notFound(`Confidential attachment ${id} not found in contract ${c._id}`);
			const [removed] = c.confidentialAttachments.splice(i, 1);
			core.event(c, 'confidential-attachment-deleted', removed.name);
			core.touch(c);
			return ok();
		},
	),
];
