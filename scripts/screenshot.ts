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
 * `npm run screenshot`: regenerates the README picture (docs/screenshot.png) from the editor tests' screenshots.
 * Runs the one test of `npm run test:ui` that takes it (example 1 run in the editor, its "Send for signature"
 * panel) on one n8n version, then copies test-ui/artifacts/n8n-<major>/example-1-send-for-signature.png.
 *
 * Needs a built pack (npm run build); installs Debian's chromium when missing.
 *   npm run screenshot -- [--n8n 2|1] [--out docs/screenshot.png] [--reuse]
 *   --reuse: copy the picture of the last `npm run test:ui` run instead of running the test.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { N8N_VERSIONS, REPO, type N8nMajor } from '../test-support/n8n/n8n';
import { ARTIFACTS, README_ARTIFACT, README_TEST } from '../test-support/n8n/screenshots';

function say(message: string) {
	process.stdout.write(`[screenshot] ${message}\n`);
}

function main() {
	const { values } = parseArgs({
		options: {
			n8n: { type: 'string', default: '2' },
			out: { type: 'string', default: 'docs/screenshot.png' },
			reuse: { type: 'boolean', default: false },
		},
	});
	const major = values.n8n as N8nMajor;
	if (!(major in N8N_VERSIONS)) throw new Error(`--n8n must be 1 or 2, not "${values.n8n}"`);
	const picture = join(ARTIFACTS, `n8n-${major}`, `${README_ARTIFACT}.png`);
	if (!values.reuse || !existsSync(picture)) {
		say(`running the "${README_TEST}" test of test-ui on n8n ${N8N_VERSIONS[major]}`);
		const run = spawnSync(
			process.execPath,
			[
				'--import',
				'tsx',
				'--test',
				'--test-reporter=spec',
				`--test-name-pattern=${README_TEST}`,
				join('test-ui', 'ui.test.ts'),
			],
			{ cwd: REPO, stdio: 'inherit', env: { ...process.env, UI_N8N: major } },
		);
		if (run.status !== 0) throw new Error(`the test failed (exit ${run.status})`);
	}
	if (!existsSync(picture)) throw new Error(`${picture} was not made`);
	const out = resolve(REPO, values.out!);
	mkdirSync(dirname(out), { recursive: true });
	copyFileSync(picture, out);
	say(`copied ${picture} to ${out}`);
}

try {
	main();
} catch (error) {
	process.stderr.write(`[screenshot] ${(error as Error).message}\n`);
	process.exit(1);
}
