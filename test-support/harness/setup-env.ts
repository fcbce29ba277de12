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
/**
 * Runs before each test file (jest `setupFiles`), before n8n-core is loaded: gives n8n-core its own user folder
 * (it writes an instance config there) and a binary-data folder, as an n8n installation would have.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.N8N_USER_FOLDER || !process.env.N8N_USER_FOLDER.includes('trato-harness-')) {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'trato-harness-'));
}
process.env.N8N_AVAILABLE_BINARY_DATA_MODES = 'default,filesystem';
process.env.N8N_BINARY_DATA_STORAGE_PATH = join(process.env.N8N_USER_FOLDER, 'binaryData');
process.env.N8N_ENCRYPTION_KEY ??= 'trato-harness-encryption-key';
process.env.N8N_RUNNERS_ENABLED ??= 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
process.env.N8N_EXPRESSION_ENGINE ??= 'legacy';
