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
 * One n8n that a whole suite shares: everything the suite knows before n8n starts is imported with one
 * `n8n import:credentials` and one `n8n import:workflow --separate` (two starts of n8n's command line, whatever the
 * count), then one `n8n start` serves every case: workflows made during a case are saved, activated and run through
 * n8n's REST API (the editor's own calls: Save, Publish/Activate, Execute workflow), and executions are read back
 * from it. A case that needs n8n started with other settings restarts it on the same user folder and port.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import {
	DEV_OWNER,
	N8nRest,
	cliOk,
	startN8n,
	type N8nInstall,
	type RunItem,
	type RunOutput,
	type RunningN8n,
	type StoredCredential,
} from './n8n';

export type { StoredCredential } from './n8n';

/** A workflow as n8n stores and exports it. */
export interface StoredWorkflow {
	id: string;
	name: string;
	nodes: Array<Record<string, any>>;
	connections: Record<string, any>;
	settings?: Record<string, unknown>;
	active?: boolean;
}

/**
 * Imports credentials and workflows before `n8n start`: one `n8n import:credentials` for all credentials and one
 * `n8n import:workflow --separate` for all workflows (each keeps its id). The credentials' file is removed at once.
 */
export async function importAll(
	install: N8nInstall,
	env: NodeJS.ProcessEnv,
	dir: string,
	{
		credentials = [],
		workflows = [],
	}: { credentials?: StoredCredential[]; workflows?: StoredWorkflow[] },
): Promise<void> {
	if (credentials.length) {
		const file = join(dir, 'credentials-import.json');
		writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
		try {
			await cliOk(install, env, ['import:credentials', `--input=${file}`]);
		} finally {
			rmSync(file, { force: true });
		}
	}
	if (workflows.length) {
		const folder = join(dir, 'workflows-import');
		rmSync(folder, { recursive: true, force: true });
		mkdirSync(folder);
		workflows.forEach((workflow, n) =>
			writeFileSync(join(folder, `${n}-${workflow.id}.json`), JSON.stringify(workflow, null, 2)),
		);
		await cliOk(install, env, ['import:workflow', '--separate', `--input=${folder}`]);
	}
}

/**
 * Activates (n8n 1.x) or publishes (2.x) a stored workflow through the REST API, as the editor's toggle does: the
 * workflow's current version is the one that goes live.
 */
export async function activateWorkflow(rest: N8nRest, id: string): Promise<void> {
	const current = await rest.request<{ versionId: string }>('GET', `/workflows/${id}`);
	await rest.request('POST', `/workflows/${id}/activate`, { versionId: current.versionId });
}

/** An execution as n8n's execution list gives it. */
export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	finished?: boolean;
	retryOf?: string | null;
	startedAt?: string;
	stoppedAt?: string;
}

const FINISHED = (status: string) => !['new', 'running', 'waiting', 'unknown'].includes(status);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The n8n a suite shares, with its REST session (the owner's) and the ids n8n gave the workflows saved through it. */
export class SharedN8n {
	rest: N8nRest;
	private readonly storedIds = new Map<string, string>();
	private flatted?: { parse(text: string): any };

	private constructor(
		readonly install: N8nInstall,
		private env: NodeJS.ProcessEnv,
		public n8n: RunningN8n,
		private readonly firstLogFile: string,
	) {
		this.rest = new N8nRest(n8n.url);
	}

	/** `n8n start` with the suite's environment; the owner signs in. */
	static async start(
		install: N8nInstall,
		env: NodeJS.ProcessEnv,
		logFile: string,
	): Promise<SharedN8n> {
		const n8n = await startN8n(install, env, { logFile });
		const shared = new SharedN8n(install, env, n8n, logFile);
		await shared.rest.ownerLogin(DEV_OWNER);
		return shared;
	}

	get url(): string {
		return this.n8n.url;
	}

	/** The log of the n8n running now. */
	get logFile(): string {
		return this.n8n.logFile;
	}

	/**
	 * Stops n8n and starts it again on the same user folder and port, with `extra` settings added to the suite's
	 * (until the next restart); active workflows come back as n8n brings them back after any restart.
	 */
	async restart(extra: Record<string, string> = {}, logFile = this.firstLogFile): Promise<void> {
		const port = this.n8n.port;
		await this.n8n.stop();
		this.n8n = await startN8n(this.install, { ...this.env, ...extra }, { logFile, port });
		this.rest = new N8nRest(this.n8n.url);
		await this.rest.ownerLogin(DEV_OWNER);
	}

	async stop(): Promise<void> {
		await this.n8n.stop();
	}

	/** The id n8n stores a workflow under: its own id for imported ones, n8n's new id for ones saved here. */
	id(workflowId: string): string {
		return this.storedIds.get(workflowId) ?? workflowId;
	}

	/** Saves a workflow as the editor does (n8n gives it a new id, remembered under the workflow's own id). */
	async save(workflow: StoredWorkflow): Promise<string> {
		const { id, active: _active, ...rest } = workflow;
		const stored = await this.rest.createWorkflow(rest);
		this.storedIds.set(id, stored);
		return stored;
	}

	/** Activates (n8n 1.x) or publishes (2.x) a stored workflow through the REST API, as the editor's toggle does. */
	async activate(workflowId: string): Promise<void> {
		await activateWorkflow(this.rest, this.id(workflowId));
	}

	async deactivate(workflowId: string): Promise<void> {
		await this.rest.request('POST', `/workflows/${this.id(workflowId)}/deactivate`);
	}

	/**
	 * Starts a stored workflow from its manual trigger as the editor's "Execute workflow" does and returns the
	 * execution's id at once, without waiting for it to end (a run that waits, e.g. at Wait for Signatures).
	 */
	async start(workflowId: string): Promise<string> {
		const id = this.id(workflowId);
		const workflow = await this.rest.request<StoredWorkflow>('GET', `/workflows/${id}`);
		const start = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
		if (!start) throw new Error(`workflow ${workflowId} has no manual trigger to run it from`);
		const started = await this.rest.request<{ executionId?: string; waitingForWebhook?: boolean }>(
			'POST',
			`/workflows/${id}/run`,
			{ workflowData: workflow, triggerToStartFrom: { name: start.name } },
		);
		if (!started.executionId)
			throw new Error(`n8n did not start workflow ${workflowId}: ${JSON.stringify(started)}`);
		return started.executionId;
	}

	/**
	 * Runs a stored workflow from its manual trigger as the editor's "Execute workflow" does, waits for the
	 * execution to finish and returns it in the shape `n8n execute --rawOutput` printed (`code` 0 on success).
	 */
	async execute(workflowId: string, timeoutMs = 180_000): Promise<RunOutput> {
		const executionId = await this.start(workflowId);
		const execution = await this.finished(executionId, timeoutMs);
		const data = this.parse(execution.data);
		return {
			code: execution.status === 'success' && !data.resultData.error ? 0 : 1,
			run: { data, status: execution.status },
			stdout: '',
			stderr: `execution ${executionId}: ${execution.status}`,
		};
	}

	/**
	 * Waits until an execution has one of `statuses` (`FINISHED` treats 'waiting' as not finished: use this to see a
	 * run wait); returns its status and its data, parsed.
	 */
	async executionIn(
		executionId: string,
		statuses: string[],
		timeoutMs = 180_000,
	): Promise<{ status: string; mode: string; data: any }> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.rest.request<{ status: string; data: string; mode: string }>(
				'GET',
				`/executions/${executionId}`,
			);
			if (execution && statuses.includes(execution.status) && execution.data)
				return { status: execution.status, mode: execution.mode, data: this.parse(execution.data) };
			if (Date.now() > deadline)
				throw new Error(
					`execution ${executionId} is ${execution?.status}, not ${statuses.join(' or ')}`,
				);
			await sleep(250);
		}
	}

	/** Waits for one execution to finish; returns it as the REST API gives it (`data` still flatted). */
	async finished(
		executionId: string,
		timeoutMs = 180_000,
	): Promise<{ status: string; data: string; mode: string }> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.rest.request<{ status: string; data: string; mode: string }>(
				'GET',
				`/executions/${executionId}`,
			);
			if (execution && FINISHED(execution.status) && execution.data) return execution;
			if (Date.now() > deadline)
				throw new Error(`execution ${executionId} did not finish: ${execution?.status}`);
			await sleep(250);
		}
	}

	/** The executions of a workflow, newest first. */
	async executionsOf(workflowId: string): Promise<ExecutionSummary[]> {
		const id = this.id(workflowId);
		const filter = encodeURIComponent(JSON.stringify({ workflowId: id }));
		const list = await this.rest.request<{ results: ExecutionSummary[] }>(
			'GET',
			`/executions?filter=${filter}&limit=100`,
		);
		return list.results.filter((x) => x.workflowId === id);
	}

	/** Waits until a workflow has `count` finished executions (and none running); returns them. */
	async finishedExecutions(
		workflowId: string,
		count: number,
		timeoutMs = 120_000,
	): Promise<ExecutionSummary[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const list = await this.executionsOf(workflowId);
			const done = list.filter((x) => FINISHED(x.status));
			if (done.length >= count && done.length === list.length) return done;
			if (Date.now() > deadline)
				throw new Error(
					`expected ${count} finished executions of ${workflowId}, have ${JSON.stringify(list)}`,
				);
			await sleep(500);
		}
	}

	/** The items a node output in a stored execution (first run, first output), JSON and binary. */
	async nodeItems(executionId: string, nodeName: string): Promise<RunItem[]> {
		const execution = await this.rest.request<{ data: string }>(
			'GET',
			`/executions/${executionId}`,
		);
		const runs = this.parse(execution.data).resultData.runData[nodeName] as
			| Array<{ data?: { main: Array<RunItem[] | null> } }>
			| undefined;
		if (!runs?.length)
			throw new Error(`Node "${nodeName}" did not run in execution ${executionId}`);
		return runs[0].data?.main[0] ?? [];
	}

	/** Execution data as n8n stores it (flatted), read with n8n's own copy of flatted. */
	parse(text: string): any {
		this.flatted ??= createRequire(join(this.install.dir, 'node_modules', 'n8n', 'package.json'))(
			'flatted',
		) as { parse(text: string): any };
		return this.flatted.parse(text);
	}
}
