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
 * The node covers the whole API: during the suite, the requests the node itself sent (recognised by its
 * User-Agent in every test file's sandbox request log) must include every operation of spec Part 4.
 * Runs last (test/helpers/sequencer.js) and waits for the other node test files to finish.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { ENDPOINTS } from '../nodes/Trato/transport';
import type { LoggedRequest } from './helpers/env';

/** Spec Part 4 from the endpoint catalogue: section, method and path pattern of each of the 33 operations. */
const PART4: Array<[string, string, string]> = (
	Object.entries(ENDPOINTS) as Array<[string, { section: string; method: string; path: string }]>
)
	.filter(([, e]) => e.section.startsWith('4.'))
	.map(([name, e]) => [`${e.section} ${name}`, e.method, e.path.replace(/\{\w+\}/g, '[^/]+')]);

const TEST_ROOT = __dirname;

/** Test files that run the node against a sandbox (they call startEnv). */
function nodeTestFiles(dir = TEST_ROOT): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) out.push(...nodeTestFiles(path));
		else if (
			entry.name.endsWith('.test.ts') &&
			path !== __filename &&
			readFileSync(path, 'utf8').includes('startEnv(')
		) {
			out.push(path);
		}
	}
	return out;
}

async function waitForLogs(runDir: string, files: string[]): Promise<string[]> {
	const deadline = Date.now() + 10 * 60_000;
	for (;;) {
		const entries = readdirSync(runDir);
		const missing = files.filter((file) => {
			const stem = file
				.split('/')
				.pop()!
				.replace(/\.test\.ts$/, '');
			return !entries.some((e) => e.startsWith(`${stem}.`) && e.endsWith('.jsonl.done'));
		});
		if (missing.length === 0)
			return entries.filter((e) => e.endsWith('.jsonl')).map((e) => join(runDir, e));
		if (Date.now() > deadline) {
			throw new Error(
				`These test files did not finish: ${missing.map((f) => relative(TEST_ROOT, f)).join(', ')}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

test(
	'the requests the node sent during the suite cover every operation of spec Part 4',
	async () => {
		const runDir = process.env.TRATO_TEST_RUN_DIR;
		if (!runDir || !existsSync(runDir))
			throw new Error('Run the whole suite (npm test): this test reads its logs.');
		const logs = await waitForLogs(runDir, nodeTestFiles());
		const sent = new Set<string>();
		for (const log of logs) {
			for (const line of readFileSync(log, 'utf8').split('\n')) {
				if (!line.trim()) continue;
				const request = JSON.parse(line) as LoggedRequest;
				if (!(request.headers['user-agent'] ?? '').startsWith('n8n-nodes-trato/')) continue;
				sent.add(`${request.method} ${request.path}`);
			}
		}
		const missing = PART4.filter(
			([, method, template]) =>
				![...sent].some((s) => new RegExp(`^${method} ${template}$`).test(s)),
		).map(
			([section, method, template]) =>
				`${section} ${method} ${template.replace(/\[\^\/\]\+/g, '{id}')}`,
		);
		expect(missing).toEqual([]);
		expect(PART4).toHaveLength(33);
	},
	11 * 60_000,
);
