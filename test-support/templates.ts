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
/** The sandbox's seeded templates (sandbox/templates.ts), as the tests and benchmarks name them. */
export const LEASE_TEMPLATE = '67878720c4e6a1f3b9d20a11';
export const NDA_TEMPLATE = '67c48788d5f7b2a4c0e31b22';
export const SERVICES_TEMPLATE = '68552694e6a8c3b5d1f42c33';
