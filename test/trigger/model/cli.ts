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
 * The trigger's model check from the command line:
 *
 *   npm run test:model                          # 1,000 schedules (seeds 1-1000), as in npm test
 *   npm run test:model -- --schedules 20000     # the long run, for when the trigger changes
 *   npm run test:model -- --seed 4711           # replay one schedule and print its log
 *   npm run test:model -- --first-seed 50001 --schedules 5000 --workers 2
 *
 * Prints the schedules run, the failures (each with its seed and how to replay it) and the duration; exits 1 when a
 * schedule failed.
 */
import '../../../test-support/harness/tsx-resolve';
import '../../../test-support/harness/setup-env';

import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

import { describeFailure, runInWorkers, runRange, type RunResult } from './run';

function option(args: string[], name: string): number | undefined {
	const i = args.indexOf(`--${name}`);
	if (i < 0) return undefined;
	const value = Number(args[i + 1]);
	if (!Number.isInteger(value) || value < 0) {
		console.error(`--${name} needs a whole number, got ${JSON.stringify(args[i + 1])}`);
		process.exit(2);
	}
	return value;
}

// the n8n user folder setup-env made for this process
const userFolder = process.env.N8N_USER_FOLDER;
process.on('exit', () => {
	if (userFolder?.includes('trato-harness-')) rmSync(userFolder, { recursive: true, force: true });
});

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const seed = option(args, 'seed');
	const first = seed ?? option(args, 'first-seed') ?? 1;
	const count = seed !== undefined ? 1 : (option(args, 'schedules') ?? 1000);
	if (args.includes('--worker')) {
		const result = await runRange(first, count);
		process.send?.(result);
		return;
	}
	if (seed !== undefined) {
		const result = await runRange(seed, 1);
		const failure = result.failures[0];
		console.log(failure ? describeFailure(failure) : `seed ${seed}: passed`);
		process.exitCode = failure ? 1 : 0;
		return;
	}
	const workers = option(args, 'workers') ?? Math.min(availableParallelism(), count);
	console.log(`model check: ${count} schedules from seed ${first}, ${workers} worker(s)…`);
	const result: RunResult = await runInWorkers(first, count, workers);
	for (const f of result.failures.slice(0, 3)) console.log(`\n${describeFailure(f)}`);
	console.log(
		`\n${result.schedules} schedules (seeds ${first}-${first + count - 1}), ${result.polls} polls, ${result.failures.length} failed${result.failures.length ? ` (seeds ${result.failures.map((f) => f.seed).join(', ')})` : ''}, ${(result.ms / 1000).toFixed(1)} s`,
	);
	console.log(`coverage: ${JSON.stringify(result.coverage)}`);
	process.exitCode = result.failures.length ? 1 : 0;
}

void main().catch((error) => {
	console.error(error);
	process.exit(1);
});
