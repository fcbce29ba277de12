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
 * One end-to-end environment: a sandbox started for the test (random ports, request log), a real n8n of one major
 * version (installed into the cache on first use), a fresh user folder with this pack copied in as an installed
 * community package, the sandbox credential and the example workflows imported with the n8n CLI.
 */
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import assert from 'node:assert/strict';

import { startSandbox, type Sandbox } from '../sandbox';
import {
	REPO,
	executeWorkflow,
	importCredential,
	importWorkflow,
	installN8n,
	installPack,
	n8nEnv,
	readJsonLines,
	type N8nInstall,
	type N8nMajor,
	type RunOutput,
} from '../test-support/n8n/n8n';

export const EXAMPLES = join(REPO, 'examples');
export const CREDENTIAL_ID = 'tratoCredential1';
export const CREDENTIAL_NAME = 'TRATO account';

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, string>;
	body: any;
	status: number;
}

export interface Workflow {
	id: string;
	name: string;
	active?: boolean;
	nodes: Array<{
		name: string;
		type: string;
		parameters: Record<string, any>;
		[key: string]: unknown;
	}>;
	connections: Record<string, any>;
	[key: string]: unknown;
}

export interface E2eEnv {
	major: N8nMajor;
	install: N8nInstall;
	sb: Sandbox;
	dir: string;
	userFolder: string;
	env: NodeJS.ProcessEnv;
	logFile: string;
	requests(): LoggedRequest[];
	/** Imports a workflow object (written to a file first) with the n8n CLI. */
	importWorkflow(workflow: Workflow): Promise<void>;
	execute(id: string): Promise<RunOutput>;
	close(): Promise<void>;
}

/** Example workflow files, by their leading number. */
export function exampleFile(number: number): string {
	const file = readdirSync(EXAMPLES).find(
		(name) => name.startsWith(`${number}-`) && name.endsWith('.json'),
	);
	if (!file) throw new Error(`examples/${number}-*.json is missing`);
	return join(EXAMPLES, file);
}

export function readWorkflow(file: string): Workflow {
	return JSON.parse(readFileSync(file, 'utf8')) as Workflow;
}

/** Warns when dist/ is older than a source file (the e2e tests what was built, like CI after npm run build). */
function warnIfStale() {
	const built = join(REPO, 'dist', 'nodes', 'Trato', 'Trato.node.js');
	if (process.env.TRATO_PACK_DIR || !existsSync(built)) return;
	const builtAt = statSync(built).mtimeMs;
	const newer = (dir: string): string | undefined => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) {
				const found = newer(path);
				if (found) return found;
			} else if (entry.name.endsWith('.ts') && statSync(path).mtimeMs > builtAt) return path;
		}
		return undefined;
	};
	const source = newer(join(REPO, 'nodes')) ?? newer(join(REPO, 'credentials'));
	if (source)
		process.stderr.write(
			`[e2e] warning: ${source} is newer than dist/; run "npm run build" to test it\n`,
		);
}

export async function startE2eEnv(
	major: N8nMajor,
	installing?: Promise<N8nInstall>,
): Promise<E2eEnv> {
	const started = Date.now();
	warnIfStale();
	const install = installing ? await installing : installN8n(major);
	const installMs = Date.now() - started;
	const dir = mkdtempSync(join(tmpdir(), `trato-e2e-n8n${major}-`));
	const userFolder = join(dir, 'n8n');
	mkdirSync(userFolder);
	const logFile = join(dir, 'sandbox-requests.jsonl');
	writeFileSync(logFile, '');
	const sb = await startSandbox({ port: 0, requestLog: logFile });
	const env = n8nEnv(install, userFolder);
	try {
		installPack(userFolder, 'copy');
		await importCredential(install, env, dir, {
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
			environment: 'custom',
			baseUrl: sb.baseUrl,
			apiKey: sb.apiKey,
		});
		for (const name of readdirSync(EXAMPLES).filter((n) => n.endsWith('.json'))) {
			await importWorkflow(install, env, join(EXAMPLES, name));
		}
	} catch (error) {
		// nothing may keep the test process alive after a failed setup
		await sb.close();
		if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	process.stderr.write(
		`[e2e] n8n ${install.version} ready in ${Math.round((Date.now() - started) / 1000)} s (waited for install ${Math.round(installMs / 1000)} s), user folder ${userFolder}\n`,
	);
	return {
		major,
		install,
		sb,
		dir,
		userFolder,
		env,
		logFile,
		requests: () => readJsonLines<LoggedRequest>(logFile),
		async importWorkflow(workflow) {
			const file = join(dir, `${workflow.id}.json`);
			writeFileSync(file, JSON.stringify(workflow, null, 2));
			await importWorkflow(install, env, file);
		},
		execute: (id) => executeWorkflow(install, env, id),
		async close() {
			await sb.close();
			if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** The requests the node sent (the API origin, not the control routes). */
export function apiRequests(requests: LoggedRequest[]): LoggedRequest[] {
	return requests.filter((r) => r.path.startsWith('/api/'));
}

/** Fails with n8n's own words when the execution did not succeed. */
export function assertSucceeded(out: RunOutput): NonNullable<RunOutput['run']> {
	const error = out.run?.data.resultData.error;
	assert.ok(
		out.code === 0 && out.run && !error,
		`n8n execute failed (exit ${out.code}): ${error ? `${error.message} — ${error.description ?? ''}` : ''}\n${out.stdout.slice(-3000)}\n${out.stderr.slice(-3000)}`,
	);
	return out.run;
}
