/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * The GitHub workflows cannot run here, so their content is checked: valid YAML (no duplicate keys, no
 * warnings), the triggers and permissions n8n's release path needs, and every command a step runs is a script
 * of package.json, a binary of a devDependency, or an npm built-in. CI runs what .ci/run runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseDocument } from 'yaml';

import { readPackageJson, ROOT } from './helpers';

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
		} else if (!['ci', 'publish', 'config'].includes(first)) {
			problems.push(`${line}: unexpected npm command "${first}"`);
		}
	}
	return problems;
}

/** The npm/npx commands .ci/run runs. */
function ciRunCommands(): string[] {
	return readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => /^(npm|npx) /.test(line));
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

	it('runs every command of .ci/run (build, lint, n8n-node lint, scan, test, end-to-end)', () => {
		const run = ciRunCommands();
		expect(run).toEqual(
			expect.arrayContaining([
				'npm run build',
				'npm run lint',
				'npx n8n-node lint',
				'npm run scan',
				'npm test',
			]),
		);
		expect(commands(workflow)).toEqual(expect.arrayContaining(run));
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

describe('.github/workflows/publish.yml', () => {
	const workflow = loadWorkflow('publish.yml');
	const job = workflow.jobs.publish;
	const lines = commands(workflow);

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

	it('may request an OIDC token (npm provenance, trusted publishing) and nothing more', () => {
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		expect(workflow.permissions).toEqual({ contents: 'read' });
	});

	it('installs, lints, builds, tests and scans before it publishes', () => {
		const order = [
			'npm ci',
			'npm run lint',
			'npx n8n-node lint',
			'npm run build',
			'npm test',
			'npm run scan',
		];
		const publish = lines.findIndex((line) => line.startsWith('npm publish'));
		expect(publish).toBeGreaterThan(-1);
		const positions = order.map((command) => lines.findIndex((line) => line.startsWith(command)));
		expect(positions.every((position) => position > -1 && position < publish)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	});

	it('publishes with provenance, public access and the prepublishOnly guard running', () => {
		const publish = lines.find((line) => line.startsWith('npm publish'))!;
		expect(publish).toContain('--provenance');
		expect(publish).toContain('--access public');
		// the repository's .npmrc sets ignore-scripts=true; without this npm would skip prepublishOnly
		expect(publish).toContain('--ignore-scripts=false');
		expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^ignore-scripts=true$/m);
		expect(readPackageJson().scripts.prepublishOnly).toBe('tsx scripts/release/guard-publish.ts');
		const step = job.steps.find((s) => s.run?.includes('npm publish'))!;
		expect(step.env?.NPM_CONFIG_PROVENANCE).toBe('true');
	});

	it('logs in with trusted publishing, or with the NPM_TOKEN secret when it is set', () => {
		const step = job.steps.find((s) => s.run?.includes('npm publish'))!;
		expect(step.env?.NPM_TOKEN).toBe('${{ secrets.NPM_TOKEN }}');
		expect(step.run).toMatch(
			/if \[ -n "\$NPM_TOKEN" \]; then npm config set \/\/registry\.npmjs\.org\/:_authToken "\$NPM_TOKEN"; fi/,
		);
	});

	it('calls only scripts and binaries that exist, with pinned action versions', () => {
		expect(lines.flatMap(checkCommand)).toEqual([]);
		const uses = Object.values(workflow.jobs)
			.flatMap((j) => j.steps)
			.map((s) => s.uses)
			.filter(Boolean);
		expect(uses.filter((u) => !/@v\d+$/.test(u!))).toEqual([]);
	});
});
