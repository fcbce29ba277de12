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
 * `prepublishOnly`: refuses `npm publish` anywhere but the publish workflow (.github/workflows/publish.yml) on a
 * version tag. n8n verifies only community packages published from CI with an npm provenance statement, which
 * npm can sign only inside a CI job that can mint an OIDC token (GitHub Actions with `id-token: write`).
 *
 * npm runs this script only when lifecycle scripts run and only for a folder: this repository's .npmrc sets
 * ignore-scripts=true (for installs), and the publish workflow publishes the tarball its build job made, so its
 * publish job runs this file itself (`node scripts/release/guard-publish.ts` in the unpacked tarball, Node.js 24,
 * no dependency). Elsewhere, `publishConfig.provenance` makes npm itself refuse to publish (no CI provider to sign
 * the statement). RELEASING.md describes both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PackageInfo {
	name: string;
	version: string;
	publishConfig?: { provenance?: boolean };
}

/** What stands between this environment and a publish n8n can verify; empty when the publish may go ahead. */
export function publishProblems(env: NodeJS.ProcessEnv, pkg: PackageInfo): string[] {
	const problems: string[] = [];
	if (env.GITHUB_ACTIONS !== 'true') {
		problems.push('this is not a GitHub Actions job (GITHUB_ACTIONS is not "true")');
	} else {
		if (!env.ACTIONS_ID_TOKEN_REQUEST_URL || !env.ACTIONS_ID_TOKEN_REQUEST_TOKEN) {
			problems.push(
				'the job cannot request an OIDC token: it needs "permissions: id-token: write" (npm signs the provenance statement with it)',
			);
		}
		if (env.GITHUB_REF_TYPE !== 'tag') {
			problems.push(
				`the job was not started by a version tag (GITHUB_REF_TYPE is "${env.GITHUB_REF_TYPE ?? ''}")`,
			);
		} else if (env.GITHUB_REF_NAME !== pkg.version) {
			problems.push(
				`the tag "${env.GITHUB_REF_NAME}" is not the version in package.json ("${pkg.version}")`,
			);
		}
	}
	const provenance =
		pkg.publishConfig?.provenance === true ||
		env.npm_config_provenance === 'true' ||
		env.NPM_CONFIG_PROVENANCE === 'true';
	if (!provenance) {
		problems.push(
			'provenance is off (set "publishConfig": { "provenance": true } or NPM_CONFIG_PROVENANCE=true)',
		);
	}
	return problems;
}

export function main(env: NodeJS.ProcessEnv, cwd: string): number {
	const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as PackageInfo;
	const problems = publishProblems(env, pkg);
	if (!problems.length) {
		console.log(
			`prepublishOnly: publishing ${pkg.name}@${pkg.version} from its tag, with provenance`,
		);
		return 0;
	}
	console.error(
		[
			`prepublishOnly: refusing to publish ${pkg.name}@${pkg.version}:`,
			...problems.map((problem) => `  - ${problem}`),
			'n8n verifies only packages published from CI with an npm provenance statement. To release: run',
			'`npm run release` on main; it tags the version and the publish workflow publishes it (RELEASING.md).',
		].join('\n'),
	);
	return 1;
}

// Run as a program: by tsx (prepublishOnly), or by plain Node.js 24 in the publish job, which runs this TypeScript
// without any package (type stripping) as an ES module, where `require.main` does not exist. Not when imported.
if (/guard-publish\.ts$/.test(process.argv[1] ?? ''))
	process.exit(main(process.env, process.cwd()));
