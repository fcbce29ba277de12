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
 * Postgres and Redis from Debian's packages for the queue-mode tests and benchmark: installed with apt-get when
 * missing, each started on a free loopback port with a throw-away data directory, stopped (and the directory
 * removed) at the end. Postgres refuses to run as root, so it runs as the `postgres` user the package creates.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { freePort } from './n8n';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const debian = require('./debian.js') as {
	ensurePackages(names: string[], log?: (message: string) => void): void;
	postgresBin(): string | undefined;
	redisBin(): string | undefined;
};

function log(message: string): void {
	process.stderr.write(`[services] ${message}\n`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServiceBinaries {
	/** Postgres bin folder (postgres, initdb, psql, pg_isready). */
	pg: string;
	redis: string;
}

/** Finds Postgres and Redis, installing Debian's `postgresql` and `redis-server` packages when one is missing. */
export function ensureServiceBinaries(): ServiceBinaries {
	debian.ensurePackages(['postgresql', 'redis-server'], log);
	const pg = debian.postgresBin();
	const redis = debian.redisBin();
	if (!pg || !redis) throw new Error('Postgres or Redis is still missing after apt-get install');
	return { pg, redis };
}

/** Processes started here, ended (process group) if this process exits without stopping them. */
const started = new Set<ChildProcess>();
process.on('exit', () => {
	for (const child of started) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

function startDaemon(
	cmd: string,
	args: string[],
	name: string,
): { child: ChildProcess; output: () => string } {
	const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	let output = '';
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-20_000);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	child.on('exit', () => started.delete(child));
	started.add(child);
	log(`${name} started (pid ${child.pid})`);
	return { child, output: () => output };
}

async function stopDaemon(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((r) => child.once('exit', () => r()));
	killGroup(child, signal);
	const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
	await exited;
	clearTimeout(timer);
}

export interface RunningService {
	port: number;
	stop(): Promise<void>;
}

export interface RunningPostgres extends RunningService {
	user: string;
	/** Creates a database (owned by `user`). */
	createDatabase(name: string): Promise<void>;
	/** Runs one SQL statement with psql and returns its unaligned, tuples-only output. */
	query(database: string, sql: string): Promise<string>;
}

const PG_USER = 'n8n';

/**
 * Postgres in `<dir>/pg` (made and owned by the postgres user; `dir` must be traversable by it), on a free port,
 * loopback only, trust authentication for the local user `n8n`, no fsync (a throw-away database).
 */
export async function startPostgres(bin: ServiceBinaries, dir: string): Promise<RunningPostgres> {
	const data = join(dir, 'pg');
	mkdirSync(data, { recursive: true });
	chmodSync(dir, 0o711);
	const { uid, gid } = pgUser();
	chownSync(data, uid, gid);
	chmodSync(data, 0o700);
	execFileSync(
		'runuser',
		[
			'-u',
			'postgres',
			'--',
			join(bin.pg, 'initdb'),
			'-D',
			data,
			'-U',
			PG_USER,
			'-A',
			'trust',
			'-E',
			'UTF8',
			'--locale=C',
			'--no-sync',
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] },
	);
	const port = await freePort();
	const settings = {
		listen_addresses: '127.0.0.1',
		unix_socket_directories: data,
		fsync: 'off',
		synchronous_commit: 'off',
		full_page_writes: 'off',
		max_connections: '200',
		shared_buffers: '128MB',
	};
	const args = ['-D', data, '-p', String(port)];
	for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);
	const pg = startDaemon(
		'runuser',
		['-u', 'postgres', '--', join(bin.pg, 'postgres'), ...args],
		`postgres :${port}`,
	);
	const psql = (database: string, sql: string) =>
		new Promise<string>((res, rej) => {
			const child = spawn(
				join(bin.pg, 'psql'),
				[
					'-h',
					'127.0.0.1',
					'-p',
					String(port),
					'-U',
					PG_USER,
					'-d',
					database,
					'-XAtq',
					'-v',
					'ON_ERROR_STOP=1',
					'-c',
					sql,
				],
				{ stdio: ['ignore', 'pipe', 'pipe'] },
			);
			let out = '';
			let err = '';
			child.stdout.on('data', (d: Buffer) => (out += d.toString()));
			child.stderr.on('data', (d: Buffer) => (err += d.toString()));
			child.on('error', rej);
			child.on('close', (code) =>
				code === 0 ? res(out.trim()) : rej(new Error(`psql: ${err.trim()}`)),
			);
		});
	const deadline = Date.now() + 60_000;
	for (;;) {
		if (pg.child.exitCode !== null) throw new Error(`postgres exited early:\n${pg.output()}`);
		try {
			await psql('postgres', 'SELECT 1');
			break;
		} catch (error) {
			if (Date.now() > deadline) {
				await stopDaemon(pg.child, 'SIGKILL');
				throw new Error(
					`postgres did not start within 60 s: ${(error as Error).message}\n${pg.output()}`,
				);
			}
			await sleep(250);
		}
	}
	return {
		port,
		user: PG_USER,
		createDatabase: async (name) => {
			await psql('postgres', `CREATE DATABASE "${name}" OWNER "${PG_USER}"`);
		},
		query: psql,
		stop: async () => {
			await stopDaemon(pg.child, 'SIGINT'); // fast shutdown
			rmSync(data, { recursive: true, force: true });
		},
	};
}

function pgUser(): { uid: number; gid: number } {
	const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
	const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
	return { uid, gid };
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((res) => {
		const socket = connect(port, '127.0.0.1');
		let answer = '';
		socket.setTimeout(2000, () => {
			socket.destroy();
			res(false);
		});
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			answer += d.toString();
			if (answer.includes('\r\n')) {
				socket.end();
				res(answer.startsWith('+PONG'));
			}
		});
		socket.on('error', () => res(false));
	});
}

/** Redis on a free loopback port, no persistence, working directory `<dir>/redis`. */
export async function startRedis(bin: ServiceBinaries, dir: string): Promise<RunningService> {
	const data = join(dir, 'redis');
	mkdirSync(data, { recursive: true });
	const port = await freePort();
	const redis = startDaemon(
		bin.redis,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			data,
			'--daemonize',
			'no',
		],
		`redis :${port}`,
	);
	const deadline = Date.now() + 30_000;
	while (!(await redisPing(port))) {
		if (redis.child.exitCode !== null)
			throw new Error(`redis-server exited early:\n${redis.output()}`);
		if (Date.now() > deadline) {
			await stopDaemon(redis.child, 'SIGKILL');
			throw new Error(`redis-server did not answer within 30 s:\n${redis.output()}`);
		}
		await sleep(200);
	}
	return {
		port,
		stop: async () => {
			await stopDaemon(redis.child, 'SIGTERM');
			rmSync(data, { recursive: true, force: true });
		},
	};
}
