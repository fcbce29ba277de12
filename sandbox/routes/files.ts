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

// File downloads: protected files on the API origin (`/uploads/<file_id>` with credentials, api-notes S10) and the
// upload origin's public `/<file_name>` (refused while file protection is on).
import type { Core } from '../core';
import type { Reply, Router } from '../http';
import { OBJECT_ID, notFound } from '../util';

function fileReply(core: Core, fileId: string, data: Buffer): Reply {
	const file = core.store.files.get(fileId)!;
	return {
		status: 200,
		body: data,
		contentType: file.contentType,
		headers: {
			'Content-Disposition': `inline; filename="${file.name}"`,
			'Cache-Control': 'no-store',
		},
	};
}

/** The protected file route of the API origin (api-notes S10, file protection on). */
export function registerProtectedFiles(router: Router, core: Core): void {
	router.add({
		methods: ['GET'],
		pattern: '/uploads/:fileId',
		auth: true,
		handler: async (ctx) => {
			const id = ctx.params.fileId;
			const file = OBJECT_ID.test(id) ? core.store.files.get(id) : undefined;
			if (!file) throw notFound(`File ${id} not found`);
			return fileReply(core, file.id, await core.files.fileBytes(file));
		},
	});
}

/** Routes of the upload origin: `/<file_name>` without auth (refused while file protection is on). */
export function registerUploads(router: Router, core: Core): void {
	router.add({
		methods: ['GET'],
		pattern: '/:fileName',
		auth: false,
		handler: async (ctx) => {
			const id = core.store.fileNames.get(ctx.params.fileName);
			const file = id ? core.store.files.get(id) : undefined;
			if (!file) throw notFound(`File ${ctx.params.fileName} not found`);
			if (core.fileProtection) {
				return {
					status: 403,
					json: {
						success: false,
						error:
							'File protection is enabled: fetch files from {base_url}/uploads/<file_id> with your API credentials',
					},
				};
			}
			return fileReply(core, file.id, await core.files.fileBytes(file));
		},
	});
}
