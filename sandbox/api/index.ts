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

// The API as a table: one module per resource of nodes/Trato/actions/ (the same names), each a list of routes with
// their parsers beside them. A new endpoint is a route in `api/<resource>.ts`; a new resource is a module and its
// row here (docs/architecture.md "How to add an operation").
import type { Core } from '../core';
import type { Router } from '../http';
import type { Sessions } from '../sessions';
import { registerAuthentication } from './authentication';
import type { ApiRoute } from './common';
import * as confidentialAttachment from './confidentialAttachment';
import * as contract from './contract';
import * as customProperty from './customProperty';
import * as participant from './participant';
import * as signingLink from './signingLink';
import * as spectator from './spectator';
import * as template from './template';
import * as variable from './variable';

/** The routes of each resource; registered in this order (the first route matching a path answers it). */
export const API_RESOURCES = {
	confidentialAttachment: confidentialAttachment.routes,
	contract: contract.routes,
	customProperty: customProperty.routes,
	participant: participant.routes,
	signingLink: signingLink.routes,
	spectator: spectator.routes,
	template: template.routes,
	variable: variable.routes,
} satisfies Record<string, readonly ApiRoute[]>;

/** Every API route: authentication (spec Part 5), then the resources' routes, all behind the credential check. */
export function registerApi(router: Router, core: Core, sessions: Sessions): void {
	registerAuthentication(router, sessions, () => core.variants);
	for (const routes of Object.values(API_RESOURCES)) {
		for (const { methods, pattern, handle, multipart } of routes) {
			router.add({
				methods,
				pattern,
				auth: true,
				handler: (ctx) => handle(ctx, core),
				...(multipart ? { multipart } : {}),
			});
		}
	}
}
