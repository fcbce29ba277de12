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
 * A real n8n for the end-to-end tests, `npm run dev` and `npm run screenshot`: installed by n8n-install.js into a
 * cache folder outside the repository, given its own user folder, with this pack loaded the way n8n loads an installed
 * community package (`<user folder>/.n8n/nodes/node_modules/n8n-nodes-trato`, holding package.json + dist/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
	cpSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const installer = require('./n8n-install.js') as {
	install(major: string): N8nInstall;
	N8N_1: string;
	N8N_2: string;
	CACHE: string;
};

export const REPO = resolve(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-trato';
export const NODE_TYPE = `${PACKAGE_NAME}.trato`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.tratoTrigger`;
export const CACHE = installer.CACHE;
export const N8N_VERSIONS = { '1': installer.N8N_1, '2': installer.N8N_2 } as const;
export type N8nMajor = keyof typeof N8N_VERSIONS;

/** The n8n majors a test run asks for ("1,2", "2"…; an environment variable's value), in that order. */
export function n8nMajors(value = '1,2'): N8nMajor[] {
	return value
		.split(',')
		.map((m) => m.trim())
		.filter((m): m is N8nMajor => m in N8N_VERSIONS);
}

/** The lines of a JSON-lines file (the sandbox's request log), parsed. */
export function readJsonLines<T>(file: string): T[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as T);
}

/** Where example workflows read their sample files from (the only folder their file nodes may read). */
export const EXAMPLE_FILES = join(REPO, 'examples', 'files');

export interface N8nInstall {
	version: string;
	dir: string;
	/** n8n's bin script, run with `node`. */
	bin: string;
	/** The node binary n8n runs on (node 24 for n8n 2.x). */
	node: string;
	env: { PATH_PREFIX?: string; N8N_EXPRESSION_ENGINE?: string };
}

/** Installs (first time) the pinned n8n of a major version; reused from the cache afterwards. */
export function installN8n(major: N8nMajor): N8nInstall {
	return installer.install(major);
}

/**
 * The same install in a child process, so this process keeps serving (a sandbox, running tests) meanwhile.
 * Its progress goes to stderr; resolves with what the installer prints.
 */
export function installN8nAsync(major: N8nMajor): Promise<N8nInstall> {
	return new Promise((res, rej) => {
		const child = spawn(process.execPath, [join(__dirname, 'n8n-install.js'), major], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let stdout = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.on('error', rej);
		child.on('close', (code) => {
			const line = stdout.trim().split('\n').at(-1) ?? '';
			if (code === 0 && line.startsWith('{')) res(JSON.parse(line) as N8nInstall);
			else
				rej(
					new Error(
						`installing n8n ${N8N_VERSIONS[major]} failed (exit ${code}); its output is above`,
					),
				);
		});
	});
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
	return new Promise((res, rej) => {
		const server = createServer();
		server.once('error', rej);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => res(port));
		});
	});
}

/**
 * Puts the pack (package.json + dist/) where n8n looks for installed community packages. `copy` takes a snapshot
 * (tests); `link` symlinks package.json and dist/ so a rebuild is picked up when n8n restarts (dev).
 */
export function installPack(
	userFolder: string,
	mode: 'copy' | 'link',
	packRoot = process.env.TRATO_PACK_DIR || REPO,
): string {
	const dist = join(packRoot, 'dist');
	for (const file of ['Trato.node.js', 'TratoTrigger.node.js', 'TratoWebhookTrigger.node.js']) {
		if (!existsSync(join(dist, 'nodes', 'Trato', file))) {
			throw new Error(
				`${join(dist, 'nodes', 'Trato', file)} is missing: run "npm run build" first.`,
			);
		}
	}
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	if (mode === 'copy') {
		cpSync(join(packRoot, 'package.json'), join(target, 'package.json'));
		cpSync(dist, join(target, 'dist'), { recursive: true });
	} else {
		symlinkSync(join(packRoot, 'package.json'), join(target, 'package.json'));
		symlinkSync(dist, join(target, 'dist'), 'dir');
	}
	// What `npm install` in n8n's nodes folder would leave: a manifest naming the package.
	const manifest = join(userFolder, '.n8n', 'nodes', 'package.json');
	const version = (
		JSON.parse(readFileSync(join(packRoot, 'package.json'), 'utf8')) as { version: string }
	).version;
	writeFileSync(
		manifest,
		JSON.stringify(
			{ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: version } },
			null,
			2,
		),
	);
	return target;
}

export interface N8nEnvOptions {
	port?: number;
	brokerPort?: number;
	extra?: Record<string, string>;
}

/** The environment n8n runs with: its own user folder, no outgoing calls, the pack's example files readable. */
export function n8nEnv(
	install: N8nInstall,
	userFolder: string,
	options: N8nEnvOptions = {},
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env };
	// n8n must not see the variables npm sets for this repository's own scripts.
	for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
	if (install.env.PATH_PREFIX) env.PATH = `${install.env.PATH_PREFIX}${delimiter}${env.PATH ?? ''}`;
	Object.assign(env, {
		N8N_USER_FOLDER: userFolder,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_RESTRICT_FILE_ACCESS_TO: EXAMPLE_FILES,
		N8N_RUNNERS_ENABLED: 'true',
		DB_SQLITE_POOL_SIZE: '2',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		...install.env,
	});
	delete env.PATH_PREFIX;
	delete env.N8N_CUSTOM_EXTENSIONS;
	if (options.port) env.N8N_PORT = String(options.port);
	if (options.brokerPort) env.N8N_RUNNERS_BROKER_PORT = String(options.brokerPort);
	Object.assign(env, options.extra ?? {});
	return env;
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs an n8n CLI command asynchronously (the sandbox may live in this very process and must keep answering). */
export async function n8nCli(
	install: N8nInstall,
	env: NodeJS.ProcessEnv,
	args: string[],
	options: { timeoutMs?: number; cwd?: string } = {},
): Promise<CliResult> {
	// Each CLI run starts a task-runner broker: give it its own free port.
	const runEnv = { ...env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
	return await new Promise((res, rej) => {
		const child = spawn(install.node, [install.bin, ...args], {
			env: runEnv,
			cwd: options.cwd ?? REPO,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const timer = setTimeout(() => {
			killTree(child, 'SIGKILL');
			rej(
				new Error(
					`n8n ${args.join(' ')} did not finish within ${options.timeoutMs} ms\n${stdout}\n${stderr}`,
				),
			);
		}, options.timeoutMs ?? 180_000);
		child.on('error', (error) => {
			clearTimeout(timer);
			rej(error);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			// The command is done; end any helper (task runner) it left behind.
			killTree(child, 'SIGKILL');
			res({ code, stdout, stderr });
		});
	});
}

function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

export interface CredentialSpec {
	id: string;
	name: string;
	/** Default 'custom' (with baseUrl): the sandbox or a proxy. */
	environment?: 'production' | 'staging' | 'custom';
	baseUrl?: string;
	apiKey?: string;
	accessToken?: string;
	/** E-mail and Password when given. */
	email?: string;
	password?: string;
	/** The Webhook Secret of TRATO's profile (the instant trigger's deliveries are verified with it). */
	webhookSecret?: string;
}

/** The data of a tratoApi credential as the editor would save it. */
export function credentialData(spec: Omit<CredentialSpec, 'id' | 'name'>): Record<string, string> {
	return {
		environment: spec.environment ?? 'custom',
		baseUrl: spec.baseUrl ?? '',
		authentication: spec.email
			? 'emailPassword'
			: spec.accessToken && !spec.apiKey
				? 'accessToken'
				: 'apiKey',
		apiKey: spec.apiKey ?? '',
		accessToken: spec.accessToken ?? '',
		email: spec.email ?? '',
		password: spec.password ?? '',
		...(spec.webhookSecret ? { webhookSecret: spec.webhookSecret } : {}),
	};
}

/** A credential as `n8n import:credentials` takes it: plain data (n8n encrypts it on import). */
export interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** A tratoApi credential to import (test-support/n8n/running.ts `importAll`). */
export function tratoCredential(spec: CredentialSpec): StoredCredential {
	return { id: spec.id, name: spec.name, type: 'tratoApi', data: credentialData(spec) };
}

export async function cliOk(
	install: N8nInstall,
	env: NodeJS.ProcessEnv,
	args: string[],
): Promise<CliResult> {
	const result = await n8nCli(install, env, args);
	if (result.code !== 0) {
		throw new Error(
			`n8n ${args.join(' ')} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result;
}

export interface RunOutput {
	/** 0 when the execution succeeded. */
	code: number | null;
	/** The execution (IRun) as n8n stored it. */
	run?: {
		data: {
			resultData: {
				error?: {
					message: string;
					description?: string;
					node?: { name: string };
					name?: string;
				} & Record<string, unknown>;
				lastNodeExecuted?: string;
				runData: Record<
					string,
					Array<{ data?: { main: Array<Array<RunItem> | null> }; error?: unknown }>
				>;
			};
		};
		status?: string;
	};
	stdout: string;
	stderr: string;
}

export interface RunItem {
	json: Record<string, any>;
	binary?: Record<
		string,
		{ data?: string; id?: string; mimeType: string; fileName?: string; fileSize?: string }
	>;
}

/** The items a node output in a finished execution (first run, first output). */
export function nodeOutput(run: RunOutput['run'], nodeName: string): RunItem[] {
	const runs = run?.data.resultData.runData[nodeName];
	if (!runs?.length) throw new Error(`Node "${nodeName}" did not run`);
	return runs[0].data?.main[0] ?? [];
}

export interface RunningN8n {
	url: string;
	/** The editor's port (`n8n start`), or the health-check port of a worker. */
	port: number;
	logFile: string;
	child: ChildProcess;
	stop(): Promise<void>;
	/** Ends the process group at once (SIGKILL), as a crash would. */
	kill(): Promise<void>;
}

/**
 * `n8n start` (or `n8n worker`, with `command: ['worker', ...]`) on a free (or given) port, resolved once it
 * answers (the editor, or a worker's health check); logs go to a file.
 */
export async function startN8n(
	install: N8nInstall,
	env: NodeJS.ProcessEnv,
	options: {
		port?: number;
		logFile: string;
		timeoutMs?: number;
		inheritOutput?: boolean;
		command?: string[];
	},
): Promise<RunningN8n> {
	const port = options.port ?? (await freePort());
	const command = options.command ?? ['start'];
	const worker = command[0] === 'worker';
	const runEnv = {
		...env,
		...(worker
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				}
			: { N8N_PORT: String(port) }),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	};
	mkdirSync(dirname(options.logFile), { recursive: true });
	const log = createWriteStream(options.logFile, { flags: 'a' });
	const child = spawn(install.node, [install.bin, ...command], {
		env: runEnv,
		cwd: REPO,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
	if (options.inheritOutput) {
		child.stdout?.pipe(process.stdout);
		child.stderr?.pipe(process.stderr);
	}
	let exited = false;
	const exit = new Promise<void>((res) =>
		child.on('exit', () => {
			exited = true;
			res();
		}),
	);
	const url = `http://localhost:${port}`;
	const stop = async () => {
		if (exited) return;
		killTree(child, 'SIGTERM');
		const timer = setTimeout(() => killTree(child, 'SIGKILL'), 20_000);
		await exit;
		clearTimeout(timer);
		killTree(child, 'SIGKILL'); // helpers (task runner) of the group
		log.end();
	};
	const kill = async () => {
		if (exited) return;
		killTree(child, 'SIGKILL');
		await exit;
		log.end();
	};
	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	while (Date.now() < deadline) {
		if (exited) {
			throw new Error(
				`n8n ${command[0]} exited early; see ${options.logFile}:\n${tail(options.logFile)}`,
			);
		}
		try {
			const response = await fetch(`http://127.0.0.1:${port}/healthz/readiness`);
			if (response.ok) {
				const settings = worker || (await fetch(`http://127.0.0.1:${port}/rest/settings`)).ok;
				if (settings) return { url, port, logFile: options.logFile, child, stop, kill };
			}
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	await stop();
	throw new Error(
		`n8n ${command[0]} did not become ready on port ${port}; see ${options.logFile}:\n${tail(options.logFile)}`,
	);
}

function tail(file: string, lines = 40): string {
	try {
		return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
	} catch {
		return '';
	}
}

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEV_OWNER: Owner = {
	email: 'owner@example.com',
	password: 'Trato-dev-2026',
	firstName: 'Dev',
	lastName: 'Owner',
};

/** A tiny REST client for the editor's internal API with the owner's session cookie. */
export class N8nRest {
	private cookie = '';

	constructor(readonly url: string) {}

	async request<T = any>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url.replace('localhost', '127.0.0.1')}/rest${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				...(this.cookie ? { cookie: this.cookie } : {}),
				'browser-id': 'trato-e2e',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) {
			const auth = /n8n-auth=[^;]+/.exec(setCookie);
			if (auth) this.cookie = auth[0];
		}
		const text = await response.text();
		if (!response.ok)
			throw new Error(`${method} /rest${path} → HTTP ${response.status}: ${text.slice(0, 500)}`);
		const parsed = text ? JSON.parse(text) : {};
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
	}

	get authCookie(): string {
		return this.cookie;
	}

	/** Creates a credential (n8n encrypts its data); returns its id and name. */
	async createCredential(
		name: string,
		data: Record<string, unknown>,
		type = 'tratoApi',
	): Promise<{ id: string; name: string }> {
		return await this.request<{ id: string; name: string }>('POST', '/credentials', {
			name,
			type,
			data,
		});
	}

	/** Creates an inactive workflow (execution order v1 unless its settings say otherwise); returns its id. */
	async createWorkflow(workflow: {
		name: string;
		nodes: unknown[];
		connections?: Record<string, unknown>;
		settings?: Record<string, unknown>;
	}): Promise<string> {
		const created = await this.request<{ id: string }>('POST', '/workflows', {
			...workflow,
			connections: workflow.connections ?? {},
			settings: { executionOrder: 'v1', ...workflow.settings },
			active: false,
		});
		return created.id;
	}

	/** Sets up the owner account on a fresh n8n, or logs in when it already exists. */
	async ownerLogin(owner: Owner): Promise<void> {
		const settings = await this.request<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>(
			'GET',
			'/settings',
		);
		if (settings.userManagement?.showSetupOnFirstLoad) {
			await this.request('POST', '/owner/setup', owner);
		} else {
			try {
				await this.request('POST', '/login', {
					emailOrLdapLoginId: owner.email,
					password: owner.password,
				});
			} catch {
				await this.request('POST', '/login', { email: owner.email, password: owner.password });
			}
		}
	}
}
