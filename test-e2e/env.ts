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
 * community package, the sandbox credential and the example workflows imported with the n8n CLI (one import of
 * each), and that n8n running (`n8n start`) for the whole suite (test-support/n8n/running.ts).
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
	credentialData,
	installN8n,
	installPack,
	n8nEnv,
	readJsonLines,
	type N8nInstall,
	type N8nMajor,
	type RunOutput,
} from '../test-support/n8n/n8n';
import {
	SharedN8n,
	importAll,
	type StoredCredential,
	type StoredWorkflow,
} from '../test-support/n8n/running';

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
	/** The n8n the suite shares (`n8n start`, the owner signed in), running from setup to close. */
	n8n: SharedN8n;
	requests(): LoggedRequest[];
	/** Saves a workflow in the running n8n (REST API); `execute`, `activate` and `n8n.id` take its own id. */
	importWorkflow(workflow: StoredWorkflow): Promise<void>;
	/** Runs a stored workflow from its manual trigger and waits for the end (REST API, as "Execute workflow"). */
	execute(id: string): Promise<RunOutput>;
	/** Activates (1.x) or publishes (2.x) a stored workflow through the REST API. */
	activate(id: string): Promise<void>;
	close(): Promise<void>;
}

/** What a suite adds to the one import before n8n starts (the examples and the TRATO credential are always in). */
export interface E2eSetup {
	credentials?: (sb: Sandbox) => StoredCredential[];
	workflows?: (sb: Sandbox) => StoredWorkflow[];
	/** More settings for n8n (e.g. the AI Agent's). */
	extraEnv?: Record<string, string>;
}

/** The TRATO credential the examples name, for the sandbox (API key, Environment "Custom URL"). */
export function sandboxCredential(sb: Sandbox): StoredCredential {
	return {
		id: CREDENTIAL_ID,
		name: CREDENTIAL_NAME,
		type: 'tratoApi',
		data: credentialData({ environment: 'custom', baseUrl: sb.baseUrl, apiKey: sb.apiKey }),
	};
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

/**
 * Starts one suite's environment for an n8n major: the sandbox, a fresh user folder with the pack installed, ONE
 * import of every credential and workflow known before start (the examples, the sandbox credential, `setup`'s),
 * and one `n8n start` the suite's cases share until `close()`.
 */
export async function startE2eEnv(
	major: N8nMajor,
	installing?: Promise<N8nInstall>,
	setup: E2eSetup = {},
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
	const env = n8nEnv(install, userFolder, {
		extra: {
			// 2.x applies activations through an outbox polled every 15 s by default
			N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
			EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
			// what n8n logs about credentials and requests is in its log (the E-mail and Password case searches it)
			N8N_LOG_LEVEL: 'debug',
			...setup.extraEnv,
		},
	});
	let n8n: SharedN8n;
	try {
		installPack(userFolder, 'copy');
		const examples = readdirSync(EXAMPLES)
			.filter((n) => n.endsWith('.json'))
			.map((name) => readWorkflow(join(EXAMPLES, name)));
		await importAll(install, env, dir, {
			credentials: [sandboxCredential(sb), ...(setup.credentials?.(sb) ?? [])],
			workflows: [...examples, ...(setup.workflows?.(sb) ?? [])],
		});
		n8n = await SharedN8n.start(install, env, join(dir, 'n8n.log'));
	} catch (error) {
		// nothing may keep the test process alive after a failed setup
		await sb.close();
		if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	process.stderr.write(
		`[e2e] n8n ${install.version} running in ${Math.round((Date.now() - started) / 1000)} s (waited for install ${Math.round(installMs / 1000)} s), user folder ${userFolder}\n`,
	);
	return {
		major,
		install,
		sb,
		dir,
		userFolder,
		env,
		logFile,
		n8n,
		requests: () => readJsonLines<LoggedRequest>(logFile),
		async importWorkflow(workflow) {
			await n8n.save(workflow);
		},
		execute: (id) => n8n.execute(id),
		activate: (id) => n8n.activate(id),
		async close() {
			await n8n.stop();
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
		`the execution failed (${out.stderr}): ${error ? `${error.message} — ${error.description ?? ''}` : ''}`,
	);
	return out.run;
}
