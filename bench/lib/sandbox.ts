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
 * The sandbox in its own process (so its CPU and memory never count as the measured client's), reached over
 * loopback, and a small client of its control API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { ROOT } from './common';

export interface SandboxProcess {
	baseUrl: string;
	uploadUrl: string;
	apiKey: string;
	pid: number;
	/** Calls the control API (`/sandbox/...`), returns the parsed JSON answer. */
	control<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
	/** Number of API requests by route key ("GET /api/list/contracts") since the last resetStats. */
	stats(): Promise<{
		requests: number;
		byRoute: Record<string, number>;
		byStatus: Record<string, number>;
	}>;
	resetStats(): Promise<void>;
	stop(): Promise<void>;
}

export interface SandboxProcessOptions {
	latencyMs?: number;
	/** Extra `node` flags for the sandbox process (e.g. a larger heap). */
	nodeFlags?: string[];
	/** A request log (JSON lines, sandbox/requestLog.ts): only where a group reads it, it costs every request time. */
	requestLog?: string;
}

const API_KEY = 'sk_bench_0123456789abcdef';

export async function startSandboxProcess(
	options: SandboxProcessOptions = {},
): Promise<SandboxProcess> {
	const args = [
		...(options.nodeFlags ?? []),
		'--import',
		'tsx',
		join(ROOT, 'sandbox', 'cli.ts'),
		'--port',
		'0',
		'--api-key',
		API_KEY,
		...(options.latencyMs ? ['--latency', String(options.latencyMs)] : []),
		...(options.requestLog ? ['--request-log', options.requestLog] : []),
	];
	const env = { ...process.env };
	delete env.TRATO_SANDBOX_REQUEST_LOG; // a request log would cost the sandbox time on every request
	delete env.TRATO_SANDBOX_DATA_FILE;
	delete env.TRATO_SANDBOX_PORT;
	const child: ChildProcess = spawn(process.execPath, args, {
		cwd: ROOT,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	child.stderr?.on('data', (d: Buffer) => {
		stderr += d.toString();
	});
	const urls = await new Promise<{ baseUrl: string; uploadUrl: string }>((resolve, reject) => {
		let out = '';
		const timer = setTimeout(
			() => reject(new Error(`sandbox did not start in 60 s: ${stderr}`)),
			60_000,
		);
		child.stdout?.on('data', (d: Buffer) => {
			out += d.toString();
			const base = /Base URL:\s+(\S+)/.exec(out);
			const upload = /Upload URL:\s+(\S+)/.exec(out);
			if (base && upload) {
				clearTimeout(timer);
				resolve({ baseUrl: base[1], uploadUrl: upload[1] });
			}
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`sandbox exited (${code}) before it started: ${stderr}`));
		});
	});
	child.stdout?.resume();
	// never leave a sandbox behind, whatever way this process ends
	const killOnExit = () => {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	};
	process.on('exit', killOnExit);
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			killOnExit();
			process.exit(signal === 'SIGINT' ? 130 : 143);
		});
	}

	const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
		const res = await fetch(`${urls.baseUrl}${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		if (!res.ok) throw new Error(`control ${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
		return (text ? JSON.parse(text) : {}) as T;
	};

	let stopped: Promise<void> | undefined;
	return {
		...urls,
		apiKey: API_KEY,
		pid: child.pid as number,
		control,
		stats: async () => await control('GET', '/sandbox/stats'),
		resetStats: async () => {
			await control('DELETE', '/sandbox/stats');
		},
		stop: () => {
			stopped ??= new Promise<void>((resolve) => {
				if (child.exitCode !== null || child.signalCode !== null) {
					resolve();
					return;
				}
				const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
				child.once('exit', () => {
					clearTimeout(timer);
					process.off('exit', killOnExit);
					resolve();
				});
				child.kill('SIGTERM');
			});
			return stopped;
		},
	};
}

/** Credentials of the node for a sandbox process (API key mode). */
export function credentialsFor(sb: SandboxProcess): {
	environment: 'custom';
	baseUrl: string;
	authentication: 'apiKey';
	apiKey: string;
} {
	return {
		environment: 'custom',
		baseUrl: sb.baseUrl,
		authentication: 'apiKey',
		apiKey: sb.apiKey,
	};
}
