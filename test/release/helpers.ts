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
 * Helpers of the release tests: the repository root, its package.json, running a command and a build of dist/.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export interface PackageJson {
	name: string;
	version: string;
	[key: string]: any;
}

export function readPackageJson(dir = ROOT): PackageJson {
	return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

export interface RunResult {
	status: number | null;
	stdout: string;
	stderr: string;
	/** stdout and stderr together, for messages that may go to either. */
	output: string;
}

export function run(cmd: string, args: string[], options: SpawnSyncOptions = {}): RunResult {
	const result = spawnSync(cmd, args, {
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		...options,
	});
	if (result.error) throw result.error;
	const stdout = String(result.stdout ?? '');
	const stderr = String(result.stderr ?? '');
	return { status: result.status, stdout, stderr, output: `${stdout}\n${stderr}` };
}

/**
 * The environment of this process without what a CI runner or a parent `npm run` sets: CI markers (GitHub
 * Actions, OIDC token request), npm_* config variables, provenance switches. Tests add back what they test.
 */
export function laptopEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (
			/^(npm_|GITHUB_|ACTIONS_|RUNNER_|CI$|CONTINUOUS_INTEGRATION$|BUILD_|GITLAB|SIGSTORE_)/i.test(
				key,
			)
		)
			continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

/**
 * dist/ as `npm run build` makes it. A fresh clone has none (`npm ci && npm test`): build it once; an existing
 * dist/ is used as it is, because that is what `npm pack` would ship right now.
 */
export function ensureBuilt(): void {
	const pkg = readPackageJson();
	const entries: string[] = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	if (entries.every((file) => existsSync(join(ROOT, file)))) return;
	const result = run('npm', ['run', 'build'], { cwd: ROOT, env: laptopEnv() });
	if (result.status !== 0) throw new Error(`npm run build failed:\n${result.output}`);
}
