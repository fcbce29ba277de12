/* eslint
	@n8n/community-nodes/no-restricted-globals: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/** Imported first by the `test-e2e/ci/*-n8n1` and `test-ui/ci/*-n8n1` files: the suites imported after it run on n8n 1.x only. */
process.env.E2E_N8N = '1';
process.env.UI_N8N = '1';
