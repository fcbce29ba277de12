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
 * `npm run release` in a throw-away clone of the release files (package.json, package-lock.json, CHANGELOG.md)
 * with a bare repository as origin: the version bump, the dated CHANGELOG heading, the commit, the tag that
 * starts the publish workflow, the push, and every refusal leaving the repository as it was.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { publishProblems } from '../../scripts/release/guard-publish';
import { CHECKS, planRelease } from '../../scripts/release/release';
import { laptopEnv, readPackageJson, ROOT, run, TSX } from './helpers';

const GIT_ENV = {
	GIT_AUTHOR_NAME: 'Release Test',
	GIT_AUTHOR_EMAIL: 'release@example.com',
	GIT_COMMITTER_NAME: 'Release Test',
	GIT_COMMITTER_EMAIL: 'release@example.com',
	GIT_CONFIG_GLOBAL: '/dev/null',
	GIT_CONFIG_NOSYSTEM: '1',
};

let work: string;

function git(cwd: string, ...args: string[]): string {
	const result = run('git', args, { cwd, env: laptopEnv(GIT_ENV) });
	if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.output}`);
	return result.stdout.trim();
}

/** A repository holding the release files, pushed to a bare origin; `changelog` replaces CHANGELOG.md. */
function makeRepo(changelog?: string): { repo: string; origin: string } {
	const dir = mkdtempSync(join(work, 'case-'));
	const origin = join(dir, 'origin.git');
	const repo = join(dir, 'repo');
	git(dir, 'init', '-q', '--bare', '-b', 'main', origin);
	git(dir, 'init', '-q', '-b', 'main', repo);
	for (const file of ['package.json', 'package-lock.json', 'CHANGELOG.md', '.npmrc']) {
		cpSync(join(ROOT, file), join(repo, file));
	}
	if (changelog !== undefined) writeFileSync(join(repo, 'CHANGELOG.md'), changelog);
	git(repo, 'add', '.');
	git(repo, 'commit', '-q', '-m', 'Work');
	git(repo, 'remote', 'add', 'origin', origin);
	git(repo, 'push', '-q', 'origin', 'main');
	return { repo, origin };
}

function release(repo: string, ...args: string[]) {
	return run(TSX, [join(ROOT, 'scripts/release/release.ts'), '--skip-checks', ...args], {
		cwd: repo,
		env: laptopEnv(GIT_ENV),
	});
}

const CHANGELOG = `# Changelog

## 0.1.0 (unreleased)

- First version.
`;

beforeAll(() => {
	work = mkdtempSync(join(tmpdir(), 'trato-release-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run release', () => {
	it('runs only checks that are scripts of package.json, CI gates included', () => {
		const scripts = readPackageJson().scripts;
		expect(CHECKS.filter((check) => !scripts[check])).toEqual([]);
		expect(CHECKS).toEqual(expect.arrayContaining(['lint', 'lint:n8n', 'build', 'scan', 'test']));
		expect(scripts.release).toBe('tsx scripts/release/release.ts');
	});

	it("releases the CHANGELOG's unreleased version: bump, dated heading, commit, tag, push", () => {
		const { repo, origin } = makeRepo();
		const version = /^## (\S+) \(unreleased\)$/m.exec(
			readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'),
		)![1];

		const result = release(repo, '--date', '2026-12-01');
		expect(result.output).toContain(`pushed main and ${version}`);
		expect(result.status).toBe(0);

		expect(readPackageJson(repo).version).toBe(version);
		const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8'));
		expect([lock.version, lock.packages[''].version]).toEqual([version, version]);
		const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
		expect(changelog).toContain(`## ${version} (2026-12-01)`);
		expect(changelog).not.toContain('(unreleased)');

		expect(git(repo, 'log', '-1', '--format=%s')).toBe(`Release ${version}`);
		expect(git(repo, 'status', '--porcelain')).toBe('');
		expect(git(repo, 'cat-file', '-t', version)).toBe('tag'); // annotated
		const head = git(repo, 'rev-parse', 'HEAD');
		expect(git(origin, 'rev-parse', `${version}^{commit}`)).toBe(head);
		expect(git(origin, 'rev-parse', 'main')).toBe(head);

		// the publish job that this tag starts passes the prepublishOnly guard
		const env = {
			GITHUB_ACTIONS: 'true',
			GITHUB_REF_TYPE: 'tag',
			GITHUB_REF_NAME: version,
			ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.example/request',
			ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token',
		};
		expect(publishProblems(env, readPackageJson(repo) as any)).toEqual([]);
	}, 60_000);

	it('bumps patch/minor/major from the last release', () => {
		const { repo } = makeRepo(CHANGELOG);
		expect(release(repo, '--date', '2026-12-01').status).toBe(0);
		const next = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8').replace(
			'# Changelog\n',
			'# Changelog\n\n## 0.1.1 (unreleased)\n\n- A new operation.\n',
		);
		writeFileSync(join(repo, 'CHANGELOG.md'), next);
		git(repo, 'commit', '-q', '-am', 'A new operation');

		const result = release(repo, 'minor', '--date', '2026-12-02');
		expect(result.status).toBe(0);
		expect(readPackageJson(repo).version).toBe('0.2.0');
		const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
		expect(changelog).toMatch(
			/## 0\.2\.0 \(2026-12-02\)\n\n- A new operation\.\n\n## 0\.1\.0 \(2026-12-01\)/,
		);
		expect(git(repo, 'tag', '--list')).toBe('0.1.0\n0.2.0');
	}, 60_000);

	it.each([
		[
			'a dirty working tree',
			(repo: string) => writeFileSync(join(repo, 'CHANGELOG.md'), `${CHANGELOG}\n- More.\n`),
			'uncommitted changes',
		],
		[
			'another branch',
			(repo: string) => git(repo, 'checkout', '-q', '-b', 'feature'),
			'releases are made from main',
		],
		[
			'an existing tag',
			(repo: string) => git(repo, 'tag', '0.1.0'),
			'the tag 0.1.0 exists already',
		],
		[
			'origin ahead of main',
			(repo: string) => {
				git(repo, 'commit', '-q', '--allow-empty', '-m', 'pushed by someone else');
				git(repo, 'push', '-q', 'origin', 'main');
				git(repo, 'reset', '-q', '--hard', 'HEAD~1');
			},
			'origin/main has commits this main lacks',
		],
	])(
		'refuses %s and changes nothing',
		(_name, setup, message) => {
			const { repo } = makeRepo(CHANGELOG);
			setup(repo);
			const before = git(repo, 'rev-parse', 'HEAD');
			const tags = git(repo, 'tag', '--list');
			const result = release(repo);
			expect(result.stderr).toContain(message);
			expect(result.status).toBe(1);
			expect(git(repo, 'rev-parse', 'HEAD')).toBe(before);
			expect(git(repo, 'tag', '--list')).toBe(tags);
			expect(readPackageJson(repo).version).toBe(readPackageJson().version);
		},
		60_000,
	);
});

describe('the release plan (CHANGELOG.md → version)', () => {
	const released =
		'# Changelog\n\n## 0.2.0 (unreleased)\n\n- Next.\n\n## 0.1.0 (2026-12-01)\n\n- First.\n';

	it('refuses without an unreleased heading, or with one that lists no change', () => {
		expect(() =>
			planRelease('# Changelog\n\n## 0.1.0 (2026-12-01)\n\n- First.\n', '0.1.0', undefined, 'd'),
		).toThrow('no "## <version> (unreleased)" heading');
		expect(() =>
			planRelease(
				'# Changelog\n\n## 0.2.0 (unreleased)\n\n## 0.1.0 (2026-12-01)\n',
				'0.1.0',
				undefined,
				'd',
			),
		).toThrow('lists no change');
	});

	it('refuses a version that is not after the last release or is below package.json', () => {
		expect(() => planRelease(released, '0.1.0', '0.1.0', 'd')).toThrow(
			'not after the last release, 0.1.0',
		);
		expect(() => planRelease(released, '0.3.0', '0.2.5', 'd')).toThrow(
			'before the version in package.json',
		);
		expect(() => planRelease(released, '0.1.0', 'banana', 'd')).toThrow('not a version: banana');
		expect(() => planRelease(CHANGELOG, '0.1.0', 'patch', 'd')).toThrow('nothing released yet');
	});

	it('takes an exact version, patch, minor or major', () => {
		expect(planRelease(released, '0.1.0', undefined, '2026-12-02').version).toBe('0.2.0');
		expect(planRelease(released, '0.1.0', 'patch', 'd').version).toBe('0.1.1');
		expect(planRelease(released, '0.1.0', 'major', 'd').version).toBe('1.0.0');
		expect(planRelease(released, '0.1.0', '1.0.0-rc.1', 'd').version).toBe('1.0.0-rc.1');
		expect(planRelease(released, '0.1.0', 'minor', '2026-12-02').changelog).toContain(
			'## 0.2.0 (2026-12-02)\n\n- Next.',
		);
	});
});
