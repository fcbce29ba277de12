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
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import axios from 'axios';

const ROOT = resolve(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function startCli(
	args: string[],
	env: Record<string, string> = {},
): { child: ChildProcess; output: () => string; ready: Promise<string> } {
	const child = spawn(process.execPath, [TSX, 'sandbox/cli.ts', ...args], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	const ready = new Promise<string>((resolveReady, reject) => {
		const onData = (chunk: Buffer) => {
			out += chunk.toString();
			if (out.includes('Press Ctrl+C to stop.')) resolveReady(out);
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.on('exit', (code) => reject(new Error(`CLI exited early (${code}): ${out}`)));
	});
	return { child, output: () => out, ready };
}

const field = (out: string, label: string) =>
	new RegExp(`${label}:\\s+(\\S+)`).exec(out)?.[1] ?? '';

function exitOf(child: ChildProcess): Promise<number | null> {
	return new Promise((resolveExit) => {
		if (child.exitCode !== null) resolveExit(child.exitCode);
		else child.once('exit', (code) => resolveExit(code));
	});
}

describe('sandbox CLI', () => {
	let dir: string;
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), 'trato-cli-'));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('starts, prints URLs, key, JWT and curl lines, serves both auth modes, and stops on SIGTERM', async () => {
		const log = join(dir, 'cli.jsonl');
		const data = join(dir, 'cli-data.json');
		const cli = startCli([
			'--port',
			'0',
			'--api-key',
			'cli-key',
			'--request-log',
			log,
			'--data-file',
			data,
			'--seed',
			'5',
		]);
		try {
			const out = await cli.ready;
			const base = field(out, 'Base URL');
			const upload = field(out, 'Upload URL');
			const token = field(out, 'JWT \\(24 h\\)');
			expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(upload).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(upload).not.toBe(base);
			expect(field(out, 'API key')).toBe('cli-key');
			expect(out).toContain(`curl -H "apikey: cli-key" ${base}/api/authentication`);
			const byKey = await axios.get(`${base}/api/authentication`, {
				headers: { apikey: 'cli-key' },
			});
			expect(byKey.data).toEqual({ success: true, authenticatedWith: 'apikey' });
			const byJwt = await axios.get(`${base}/api/list/contracts`, {
				headers: { Authorization: `Bearer ${token}` },
			});
			expect(byJwt.headers['x-total-documents']).toBe('5');
			const refused = await axios.get(`${base}/api/authentication`, { validateStatus: () => true });
			expect(refused.status).toBe(401);
			cli.child.kill('SIGTERM');
			expect(await exitOf(cli.child)).toBe(0);
			expect(cli.output()).toContain('Sandbox stopped.');
			expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(3);
			expect(existsSync(data)).toBe(true);
			expect(JSON.parse(readFileSync(data, 'utf8')).contracts).toHaveLength(5);
		} finally {
			if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
		}
	});

	it('takes the API key from TRATO_SANDBOX_API_KEY and refuses unknown options', async () => {
		const cli = startCli(['--port', '0'], {
			TRATO_SANDBOX_API_KEY: 'env-key',
			TRATO_SANDBOX_WEBHOOK_SECRET: 'env-webhook-secret',
		});
		try {
			const out = await cli.ready;
			expect(field(out, 'API key')).toBe('env-key');
			expect(field(out, 'Webhook secret')).toBe('env-webhook-secret');
			cli.child.kill('SIGINT');
			expect(await exitOf(cli.child)).toBe(0);
		} finally {
			if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
		}
		const bad = spawn(process.execPath, [TSX, 'sandbox/cli.ts', '--colour', 'red'], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let err = '';
		bad.stderr.on('data', (c: Buffer) => (err += c.toString()));
		expect(await exitOf(bad)).toBe(2);
		expect(err).toContain('Unknown option --colour');
	});

	it('starts with --variant (repeatable, name=value) and prints them; an unknown variant exits 2', async () => {
		const cli = startCli(
			['--port', '0', '--variant', 'wrapped-lists=items', '--variant=oldest-first'],
			{ TRATO_SANDBOX_VARIANTS: 'unordered' },
		);
		try {
			const out = await cli.ready;
			expect(out).toContain('Variants:    wrapped-lists=items, oldest-first');
			const base = field(out, 'Base URL');
			const health = await axios.get(`${base}/sandbox/health`);
			expect(health.data.variants).toEqual(['wrapped-lists=items', 'oldest-first']);
			const list = await axios.get(`${base}/api/list/contracts`, {
				headers: { apikey: field(out, 'API key') },
			});
			expect(list.data).toEqual({ items: [] });
			cli.child.kill('SIGTERM');
			expect(await exitOf(cli.child)).toBe(0);
		} finally {
			if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
		}
		const bad = spawn(process.execPath, [TSX, 'sandbox/cli.ts', '--variant', 'newest-last'], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let err = '';
		bad.stderr.on('data', (c: Buffer) => (err += c.toString()));
		expect(await exitOf(bad)).toBe(2);
		expect(err).toContain("Unknown variant 'newest-last'; known: cancel-post-only");
	});
});
