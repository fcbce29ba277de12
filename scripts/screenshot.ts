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
 * `npm run screenshot`: regenerates the pictures in docs/ from the editor tests' screenshots (DOC_PICTURES): the
 * README picture (docs/screenshot.png: example 1 run in the editor, its "Create and send from template" panel) and the instant
 * trigger's panel (docs/screenshot-instant-trigger.png). Runs the tests of `npm run test:ui` that take them on one
 * n8n version, then copies test-ui/artifacts/n8n-<major>/<artifact>.png. A picture over 200 kB is reduced to 256
 * colours when ImageMagick's `convert` is installed (the README loads them on npm and GitHub).
 *
 * Needs a built pack (npm run build); installs Debian's chromium when missing.
 *   npm run screenshot -- [--n8n 2|1] [--reuse]
 *   --reuse: copy the pictures of the last `npm run test:ui` run instead of running the tests.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { N8N_VERSIONS, REPO, type N8nMajor } from '../test-support/n8n/n8n';
import { ARTIFACTS, DOC_PICTURES } from '../test-support/n8n/screenshots';

const SIZE_BUDGET = 200_000;

function say(message: string) {
	process.stdout.write(`[screenshot] ${message}\n`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Smaller when it is over the budget and ImageMagick is there: 256 colours, no metadata (the text stays sharp). */
function compress(file: string) {
	if (statSync(file).size <= SIZE_BUDGET) return;
	const run = spawnSync('convert', [file, '-strip', '-colors', '256', `PNG8:${file}`], {
		stdio: 'inherit',
	});
	if (run.error || run.status !== 0)
		say(`${file} is over ${SIZE_BUDGET / 1000} kB and ImageMagick's convert is not available`);
}

function main() {
	const { values } = parseArgs({
		options: {
			n8n: { type: 'string', default: '2' },
			reuse: { type: 'boolean', default: false },
		},
	});
	const major = values.n8n as N8nMajor;
	if (!(major in N8N_VERSIONS)) throw new Error(`--n8n must be 1 or 2, not "${values.n8n}"`);
	const pictures = DOC_PICTURES.map((p) => ({
		...p,
		from: join(ARTIFACTS, `n8n-${major}`, `${p.artifact}.png`),
	}));
	if (!values.reuse || pictures.some((p) => !existsSync(p.from))) {
		say(
			`running ${pictures.map((p) => `"${p.test}"`).join(', ')} of test-ui on n8n ${N8N_VERSIONS[major]}`,
		);
		const run = spawnSync(
			process.execPath,
			[
				'--import',
				'tsx',
				'--test',
				'--test-reporter=spec',
				`--test-name-pattern=${pictures.map((p) => escape(p.test)).join('|')}`,
				join('test-ui', 'ui.test.ts'),
			],
			{
				cwd: REPO,
				stdio: 'inherit',
				env: { ...process.env, UI_N8N: major, TRATO_UI_SCREENSHOTS: '1' },
			},
		);
		if (run.status !== 0) throw new Error(`the tests failed (exit ${run.status})`);
	}
	for (const picture of pictures) {
		if (!existsSync(picture.from)) throw new Error(`${picture.from} was not made`);
		const out = resolve(REPO, picture.out);
		mkdirSync(dirname(out), { recursive: true });
		copyFileSync(picture.from, out);
		compress(out);
		say(`copied ${picture.from} to ${out} (${Math.round(statSync(out).size / 1000)} kB)`);
	}
}

try {
	main();
} catch (error) {
	process.stderr.write(`[screenshot] ${(error as Error).message}\n`);
	process.exit(1);
}
