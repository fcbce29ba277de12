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
 * Where the editor tests (`npm run test:ui`) keep their screenshots, and which ones `npm run screenshot` copies to
 * docs/: the README picture (docs/screenshot.png) and the instant trigger's panel.
 */
import { join } from 'node:path';

import { REPO } from './n8n';

/** Screenshots of every run, one folder per n8n major (CI artifacts; in .gitignore). */
export const ARTIFACTS = join(REPO, 'test-ui', 'artifacts');

/**
 * The README picture: the test that takes it, the example it runs, the node whose panel it shows, and its name
 * among the artifacts.
 */
export const README_TEST = 'README picture';
export const README_EXAMPLE = join(REPO, 'examples', '1-template-to-signing-links.json');
export const README_NODE = 'Create and send from template';
export const README_ARTIFACT = 'example-1-create-and-send';

/** The instant trigger's panel (its Test and Production URLs, the setup notice, the events): the test and its name. */
export const INSTANT_TEST = 'instant trigger: the panel shows its Test and Production URLs';
export const INSTANT_ARTIFACT = 'instant-trigger-panel';

/** The pictures `npm run screenshot` makes: the test that takes each, its artifact and where it goes in docs/. */
export const DOC_PICTURES = [
	{ test: README_TEST, artifact: README_ARTIFACT, out: 'docs/screenshot.png' },
	{ test: INSTANT_TEST, artifact: INSTANT_ARTIFACT, out: 'docs/screenshot-instant-trigger.png' },
] as const;
