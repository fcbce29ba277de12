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
 * Import FIRST in a benchmark process that loads n8n-core: gives n8n-core a throw-away user folder under
 * bench/out (removed at exit) before the test harness's own environment setup runs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import '../../test-support/harness/tsx-resolve';
import { OUT } from './common';

const folder = join(OUT, `trato-harness-${process.pid}`);
mkdirSync(folder, { recursive: true });
process.env.N8N_USER_FOLDER = folder;
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-require-imports
require('../../test-support/harness/setup-env');
