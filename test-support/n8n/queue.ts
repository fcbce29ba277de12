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
 * n8n in queue mode on this machine, for `npm run test:queue` and `npm run bench:queue`: Postgres and Redis from
 * Debian's packages (services.ts), one n8n main (`n8n start`, EXECUTIONS_MODE=queue) and N workers (`n8n worker`),
 * each with its own user folder holding the pack as users install it (`.n8n/nodes/node_modules/…`), all sharing one
 * database, one Redis and one encryption key. Workflows and the credential are created through the main's REST
 * API (never `import:workflow` into a running instance). The same variables are in examples/queue-mode/.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { activateWorkflow, type ExecutionSummary } from './running';

import {
	DEV_OWNER,
	N8nRest,
	NODE_TYPE,
	credentialData,
	installPack,
	n8nEnv,
	startN8n,
	type N8nInstall,
	type N8nMajor,
	type RunningN8n,
} from './n8n';
import {
	ensureServiceBinaries,
	startPostgres,
	startRedis,
	type RunningPostgres,
	type RunningService,
} from './services';

export interface Services {
	pg: RunningPostgres;
	redis: RunningService;
	stop(): Promise<void>;
}

/** Postgres and Redis (installed with apt-get when missing) under `dir`. */
export async function startServices(dir: string): Promise<Services> {
	const bin = ensureServiceBinaries();
	mkdirSync(dir, { recursive: true });
	const pg = await startPostgres(bin, dir);
	let redis: RunningService;
	try {
		redis = await startRedis(bin, dir);
	} catch (error) {
		await pg.stop();
		throw error;
	}
	return {
		pg,
		redis,
		async stop() {
			await Promise.all([redis.stop(), pg.stop()]);
		},
	};
}

/** The binary data mode n8n documents for queue mode: the database on 2.x; on 1.x, in memory (`default`). */
export function queueBinaryMode(major: N8nMajor): string {
	return major === '2' ? 'database' : 'default';
}

export interface QueueClusterOptions {
	major: N8nMajor;
	install: N8nInstall;
	services: Services;
	/** Folder for the user folders and logs of this cluster. */
	dir: string;
	/** Database (created here) and Redis key prefix of this cluster. */
	name: string;
	workers: number;
	/** `n8n worker --concurrency` (n8n's default: 10). */
	workerConcurrency?: number;
	/** Variables for every instance (e.g. N8N_DEFAULT_BINARY_DATA_MODE). */
	env?: Record<string, string>;
}

export interface StartedExecution {
	executionId: string;
	/** 1-based worker number. */
	worker: number;
	/** Line number in that worker's log (order of starts within one worker). */
	line: number;
}

/** A main and N workers sharing one Postgres database, one Redis and one encryption key. */
export class QueueCluster {
	main?: RunningN8n;
	readonly workers: Array<RunningN8n | undefined> = [];
	rest!: N8nRest;
	private readonly encryptionKey = randomBytes(24).toString('hex');
	private mainStarts = 0;
	private readonly workerStarts: number[] = [];

	constructor(readonly options: QueueClusterOptions) {}

	get database(): string {
		return this.options.name;
	}

	/** The environment of one instance ('main' or 'worker1', 'worker2', …), each with its own user folder. */
	env(instance: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
		const { install, services, name } = this.options;
		const userFolder = join(this.options.dir, instance);
		return n8nEnv(install, userFolder, {
			extra: {
				EXECUTIONS_MODE: 'queue',
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(services.pg.port),
				DB_POSTGRESDB_DATABASE: name,
				DB_POSTGRESDB_USER: services.pg.user,
				DB_POSTGRESDB_PASSWORD: '',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(services.redis.port),
				QUEUE_BULL_PREFIX: `bull-${name}`,
				// clusters sharing one Redis (the benchmark runs two) keep their caches and pub/sub channels apart
				N8N_REDIS_KEY_PREFIX: `n8n-${name}`,
				N8N_CACHE_REDIS_KEY_PREFIX: `cache-${name}`,
				N8N_ENCRYPTION_KEY: this.encryptionKey,
				N8N_LOG_LEVEL: 'info',
				N8N_DEFAULT_BINARY_DATA_MODE: queueBinaryMode(this.options.major),
				// as n8n's queue-mode docs ask: every instance names the main's URL for webhooks, so that a URL a worker
				// makes (a waiting run's resume URL, `$execution.resumeUrl`) points where webhooks are served
				...(instance !== 'main' && this.main ? { WEBHOOK_URL: `${this.main.url}/` } : {}),
				...this.options.env,
				...extra,
			},
		});
	}

	/** Database, user folders with the pack, the main, then the workers; the owner account is set up. */
	async start(): Promise<void> {
		await this.options.services.pg.createDatabase(this.database);
		await this.startMain();
		await Promise.all(
			Array.from({ length: this.options.workers }, (_, i) => this.startWorker(i + 1)),
		);
	}

	private userFolder(instance: string): string {
		const folder = join(this.options.dir, instance);
		mkdirSync(folder, { recursive: true });
		installPack(folder, 'copy');
		return folder;
	}

	logFile(instance: string): string {
		return join(this.options.dir, 'logs', `${instance}.log`);
	}

	async startMain(extra: Record<string, string> = {}): Promise<RunningN8n> {
		if (this.mainStarts++ === 0) this.userFolder('main');
		this.main = await startN8n(this.options.install, this.env('main', extra), {
			logFile: this.logFile('main'),
			timeoutMs: 240_000,
			// a restarted main keeps its address, as a deployment's does: the workers' WEBHOOK_URL (and every resume
			// URL a waiting run stored) names it
			port: this.mainPort,
		});
		this.mainPort = Number(new URL(this.main.url).port);
		this.rest = new N8nRest(this.main.url);
		await this.rest.ownerLogin(DEV_OWNER);
		return this.main;
	}

	/** The main's port, kept across restarts. */
	private mainPort: number | undefined;

	async stopMain(): Promise<void> {
		await this.main?.stop();
		this.main = undefined;
	}

	/** Starts worker `n` (1-based); its log is appended to across restarts. */
	async startWorker(n: number, extra: Record<string, string> = {}): Promise<RunningN8n> {
		if (!this.workerStarts[n]) this.userFolder(`worker${n}`);
		this.workerStarts[n] = (this.workerStarts[n] ?? 0) + 1;
		const concurrency = this.options.workerConcurrency;
		const worker = await startN8n(this.options.install, this.env(`worker${n}`, extra), {
			logFile: this.logFile(`worker${n}`),
			timeoutMs: 240_000,
			command: ['worker', ...(concurrency ? [`--concurrency=${concurrency}`] : [])],
		});
		this.workers[n - 1] = worker;
		return worker;
	}

	async stopWorker(n: number): Promise<void> {
		await this.workers[n - 1]?.stop();
		this.workers[n - 1] = undefined;
	}

	/** SIGKILL to worker `n` and its task runner, as a crash or an OOM kill would. */
	async killWorker(n: number): Promise<void> {
		await this.workers[n - 1]?.kill();
		this.workers[n - 1] = undefined;
	}

	/** Stops every n8n process of the cluster (not the services). */
	async stop(): Promise<void> {
		await Promise.all(this.workers.map((_, i) => this.stopWorker(i + 1)));
		await this.stopMain();
	}

	/** Every "Worker started execution <id>" line of the workers' logs, in log order. */
	startedExecutions(): StartedExecution[] {
		const out: StartedExecution[] = [];
		for (let n = 1; n <= this.options.workers; n++) {
			let text = '';
			try {
				text = readFileSync(this.logFile(`worker${n}`), 'utf8');
			} catch {
				continue;
			}
			text.split('\n').forEach((line, index) => {
				const match = /Worker started execution (\d+) \(job/.exec(line);
				if (match) out.push({ executionId: match[1], worker: n, line: index });
			});
		}
		return out;
	}

	/** The 1-based workers that started each execution (an execution started twice lists two). */
	workersByExecution(): Map<string, number[]> {
		const map = new Map<string, number[]>();
		for (const s of this.startedExecutions()) {
			map.set(s.executionId, [...(map.get(s.executionId) ?? []), s.worker]);
		}
		return map;
	}

	mainLog(): string {
		try {
			return readFileSync(this.logFile('main'), 'utf8');
		} catch {
			return '';
		}
	}

	/** Creates the tratoApi credential through the REST API (n8n encrypts it); returns its id. */
	async createCredential(spec: { name: string; baseUrl: string; apiKey: string }): Promise<string> {
		const created = await this.rest.createCredential(
			spec.name,
			credentialData({ baseUrl: spec.baseUrl, apiKey: spec.apiKey }),
		);
		return created.id;
	}

	/** Creates a workflow through the REST API and activates (1.x) / publishes (2.x) it; returns its id. */
	async createActiveWorkflow(workflow: WorkflowSpec): Promise<string> {
		const id = await this.rest.createWorkflow(workflow);
		await this.activate(id);
		return id;
	}

	async activate(id: string): Promise<void> {
		await activateWorkflow(this.rest, id);
	}

	async deactivate(id: string): Promise<void> {
		await this.rest.request('POST', `/workflows/${id}/deactivate`, {});
	}

	/** Executions of a workflow as the execution list shows them (newest first). */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const list = await this.rest.request<{ results: ExecutionSummary[] }>(
			'GET',
			`/executions?filter=${filter}&limit=100`,
		);
		return list.results.filter((x) => x.workflowId === workflowId);
	}

	/** The workflow's static data as stored in Postgres (`workflow_entity."staticData"`). */
	async staticData(workflowId: string): Promise<Record<string, unknown> | null> {
		const text = await this.options.services.pg.query(
			this.database,
			`SELECT "staticData" FROM workflow_entity WHERE id = '${workflowId.replace(/'/g, "''")}'`,
		);
		return text ? (JSON.parse(text) as Record<string, unknown>) : null;
	}
}

export interface WorkflowSpec {
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

/** The nodes of the workflows used in queue mode: a chain `a → b → c` and small node builders. */
export function chain(name: string, nodes: Array<Record<string, unknown>>): WorkflowSpec {
	const connections: Record<string, unknown> = {};
	nodes.forEach((node, i) => {
		node.position = [i * 220, 300];
		node.id ??= randomUUID();
		const next = nodes[i + 1];
		if (next)
			connections[node.name as string] = {
				main: [[{ node: next.name, type: 'main', index: 0 }]],
			};
	});
	return { name, nodes, connections };
}

export function webhookNode(
	path: string,
	responseMode: 'responseNode' | 'lastNode' | 'onReceived',
	options: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path, responseMode, options },
	};
}

export function respondNode(responseBody: string): Record<string, unknown> {
	return {
		name: 'Respond',
		type: 'n8n-nodes-base.respondToWebhook',
		typeVersion: 1,
		parameters: { respondWith: 'json', responseBody, options: {} },
	};
}

/** A TRATO action node with the given parameters and credential. */
export function tratoNode(
	name: string,
	credentialId: string,
	parameters: Record<string, unknown>,
): Record<string, unknown> {
	return {
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		parameters: { options: {}, ...parameters },
		credentials: { tratoApi: { id: credentialId, name: 'TRATO account' } },
	};
}

/** `{ __rl: true, mode: 'id', value }` — a resource locator by ID. */
export function byId(value: string): Record<string, unknown> {
	return { __rl: true, mode: 'id', value };
}
