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
 * `npm run release [-- <version|patch|minor|major>] [-- --skip-checks] [-- --no-push] [-- --date YYYY-MM-DD]`
 *
 * Makes a release the way n8n's starter does (`n8n-node release`, minus release-it and GitHub releases): on a
 * clean main, runs the checks, sets the version in package.json and package-lock.json, dates the CHANGELOG's
 * "## <version> (unreleased)" heading, commits "Release <version>", tags <version> and pushes main and the tag.
 * The tag starts .github/workflows/publish.yml, which publishes to npm with provenance (RELEASING.md).
 *
 * The version is the one in the CHANGELOG's unreleased heading, or the argument: an exact version, or
 * patch/minor/major after the last released version in the CHANGELOG.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** What runs before anything is changed: the same gates as CI, so a tag is not pushed only to fail there. */
export const CHECKS = ['lint', 'lint:n8n', 'build', 'scan', 'test'] as const;

const VERSION = /^(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$/;
const UNRELEASED = /^## (\S+) \(unreleased\)$/m;
const RELEASED = /^## (\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?) \(\d{4}-\d{2}-\d{2}\)$/m;

class ReleaseError extends Error {}

export function compareVersions(a: string, b: string): number {
	const [pa, pb] = [VERSION.exec(a), VERSION.exec(b)];
	if (!pa || !pb) throw new ReleaseError(`not a version: ${pa ? b : a}`);
	for (let i = 1; i <= 3; i++) {
		const diff = Number(pa[i]) - Number(pb[i]);
		if (diff) return diff;
	}
	if (pa[4] === pb[4]) return 0;
	if (!pa[4]) return 1; // 1.0.0 is after 1.0.0-rc.1
	if (!pb[4]) return -1;
	return pa[4] < pb[4] ? -1 : 1;
}

export function bump(version: string, part: 'patch' | 'minor' | 'major'): string {
	const match = VERSION.exec(version);
	if (!match) throw new ReleaseError(`not a version: ${version}`);
	const [major, minor, patch] = [1, 2, 3].map((i) => Number(match[i]));
	if (part === 'major') return `${major + 1}.0.0`;
	if (part === 'minor') return `${major}.${minor + 1}.0`;
	return `${major}.${minor}.${patch + 1}`;
}

/** The version to release and the CHANGELOG with its unreleased heading dated. */
export function planRelease(
	changelog: string,
	packageVersion: string,
	requested: string | undefined,
	date: string,
): { version: string; changelog: string } {
	const unreleased = UNRELEASED.exec(changelog);
	if (!unreleased) {
		throw new ReleaseError(
			'CHANGELOG.md has no "## <version> (unreleased)" heading: write the user-visible changes under one first',
		);
	}
	const body = changelog.slice(unreleased.index + unreleased[0].length).split(/^## /m)[0];
	if (!/^- /m.test(body)) {
		throw new ReleaseError(`CHANGELOG.md: "${unreleased[0]}" lists no change ("- ..." lines)`);
	}
	const lastReleased = RELEASED.exec(changelog)?.[1];
	let version = unreleased[1];
	if (requested === 'patch' || requested === 'minor' || requested === 'major') {
		if (!lastReleased) {
			throw new ReleaseError(
				`nothing released yet to bump from: give the version, e.g. npm run release -- ${version}`,
			);
		}
		version = bump(lastReleased, requested);
	} else if (requested) {
		version = requested;
	}
	if (!VERSION.test(version)) throw new ReleaseError(`not a version: ${version}`);
	if (lastReleased && compareVersions(version, lastReleased) <= 0) {
		throw new ReleaseError(`${version} is not after the last release, ${lastReleased}`);
	}
	if (compareVersions(version, packageVersion) < 0) {
		throw new ReleaseError(`${version} is before the version in package.json, ${packageVersion}`);
	}
	const heading = `## ${version} (${date})`;
	return { version, changelog: changelog.replace(UNRELEASED, heading) };
}

function git(cwd: string, args: string[]): { ok: boolean; out: string } {
	const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
	return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function mustGit(cwd: string, args: string[]): string {
	const result = git(cwd, args);
	if (!result.ok) throw new ReleaseError(`git ${args.join(' ')} failed:\n${result.out}`);
	return result.out;
}

function runStep(cwd: string, cmd: string, args: string[]): void {
	console.log(`release: ${cmd} ${args.join(' ')}`);
	const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
	if (result.status !== 0)
		throw new ReleaseError(`${cmd} ${args.join(' ')} failed; nothing was changed`);
}

export function main(argv: string[], cwd: string): number {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			'skip-checks': { type: 'boolean', default: false },
			'no-push': { type: 'boolean', default: false },
			date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
		},
	});
	try {
		const branch = mustGit(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']);
		if (branch !== 'main')
			throw new ReleaseError(`releases are made from main (this is ${branch})`);
		if (mustGit(cwd, ['status', '--porcelain'])) {
			throw new ReleaseError(
				'the working tree has uncommitted changes: commit or stash them first',
			);
		}
		const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
		const plan = planRelease(
			readFileSync(join(cwd, 'CHANGELOG.md'), 'utf8'),
			pkg.version,
			positionals[0],
			values.date as string,
		);
		if (git(cwd, ['rev-parse', '-q', '--verify', `refs/tags/${plan.version}`]).ok) {
			throw new ReleaseError(`the tag ${plan.version} exists already`);
		}

		const origin = git(cwd, ['remote', 'get-url', 'origin']);
		const push = origin.ok && !values['no-push'];
		if (push) {
			mustGit(cwd, ['fetch', 'origin', 'main']);
			if (!git(cwd, ['merge-base', '--is-ancestor', 'FETCH_HEAD', 'HEAD']).ok) {
				throw new ReleaseError('origin/main has commits this main lacks: pull first');
			}
		}

		if (!values['skip-checks']) for (const check of CHECKS) runStep(cwd, 'npm', ['run', check]);

		runStep(cwd, 'npm', ['version', plan.version, '--no-git-tag-version', '--allow-same-version']);
		writeFileSync(join(cwd, 'CHANGELOG.md'), plan.changelog);
		mustGit(cwd, ['add', 'package.json', 'package-lock.json', 'CHANGELOG.md']);
		mustGit(cwd, ['commit', '-m', `Release ${plan.version}`]);
		mustGit(cwd, ['tag', '-a', plan.version, '-m', `Release ${plan.version}`]);
		console.log(`release: committed and tagged ${plan.version}`);

		if (!push) {
			console.log(
				`release: not pushed; publish with: git push --atomic origin main ${plan.version}`,
			);
			return 0;
		}
		mustGit(cwd, ['push', '--atomic', 'origin', 'main', plan.version]);
		console.log(
			`release: pushed main and ${plan.version} to ${origin.out}; the publish workflow publishes it to npm`,
		);
		return 0;
	} catch (error) {
		if (!(error instanceof ReleaseError)) throw error;
		console.error(`release: ${error.message}`);
		return 1;
	}
}

if (require.main === module) process.exit(main(process.argv.slice(2), process.cwd()));
