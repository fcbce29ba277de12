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
 * User-Agent in the sandbox request logs that every node test environment writes into the run's folder, helpers/env.ts)
 * must include every operation of spec Part 4 in the endpoint catalogue. Runs last (helpers/sequencer.js) and first
 * waits until every other test file of the run has finished (helpers/ledger.js counts them); then every log must
 * be closed (a test file that started a sandbox and never closed it did not finish: its log proves nothing).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ENDPOINTS } from '../nodes/Trato/transport';
import type { LoggedRequest } from './helpers/env';

/** Spec Part 4 from the endpoint catalogue: section, method and path pattern of each operation. */
const PART4: Array<[string, string, string]> = (
	Object.entries(ENDPOINTS) as Array<[string, { section: string; method: string; path: string }]>
)
	.filter(([, e]) => e.section.startsWith('4.'))
	.map(([name, e]) => [`${e.section} ${name}`, e.method, e.path.replace(/\{\w+\}/g, '[^/]+')]);

const WAIT_MS = 10 * 60_000;

/** Waits until every test file of this run but this one has finished (passed, failed or crashed). */
async function otherFilesFinished(runDir: string): Promise<void> {
	const total = join(runDir, 'ledger.total');
	if (!existsSync(total))
		throw new Error(
			'No run ledger: run the suite with jest.config.js, whose reporters keep it (npm test).',
		);
	const others = Number(readFileSync(total, 'utf8')) - 1;
	const deadline = Date.now() + WAIT_MS;
	for (;;) {
		const finished = new Set(
			readFileSync(join(runDir, 'ledger.finished'), 'utf8').split('\n').filter(Boolean),
		);
		finished.delete(__filename);
		if (finished.size >= others) return;
		if (Date.now() > deadline)
			throw new Error(
				`${others - finished.size} test files did not finish in ${WAIT_MS / 60_000} minutes`,
			);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

test(
	`the requests the node sent during the suite cover every one of the ${PART4.length} operations of spec Part 4`,
	async () => {
		const runDir = process.env.TRATO_TEST_RUN_DIR;
		if (!runDir || !existsSync(runDir))
			throw new Error('Run the whole suite (npm test): this test reads its logs.');
		await otherFilesFinished(runDir);
		const entries = readdirSync(runDir);
		const logs = entries.filter((e) => e.endsWith('.jsonl'));
		// a log without its .done: the test file started a sandbox and never closed it
		expect(logs.filter((log) => !entries.includes(`${log}.done`))).toEqual([]);
		const sent = new Set<string>();
		for (const log of logs) {
			for (const line of readFileSync(join(runDir, log), 'utf8').split('\n')) {
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
	},
	WAIT_MS + 60_000,
);

test('the catalogue numbers spec Part 4 without a gap: 4.1 to its last section, each with an operation', () => {
	const sections = [...new Set(PART4.map(([section]) => Number(section.split(' ')[0].slice(2))))];
	const last = Math.max(...sections);
	expect(sections.sort((a, b) => a - b)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
});
