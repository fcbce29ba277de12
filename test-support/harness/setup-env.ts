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
 * Runs before each test file (jest `setupFiles`), before n8n-core is loaded: gives n8n-core its own user folder
 * (it writes an instance config there) and a binary-data folder, as an n8n installation would have.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';

if (!process.env.N8N_USER_FOLDER || !process.env.N8N_USER_FOLDER.includes('trato-harness-')) {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'trato-harness-'));
}
process.env.N8N_AVAILABLE_BINARY_DATA_MODES = 'default,filesystem';
process.env.N8N_BINARY_DATA_STORAGE_PATH = join(process.env.N8N_USER_FOLDER, 'binaryData');
process.env.N8N_ENCRYPTION_KEY ??= 'trato-harness-encryption-key';
process.env.N8N_RUNNERS_ENABLED ??= 'false';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
process.env.N8N_EXPRESSION_ENGINE ??= 'legacy';

/**
 * n8n-workflow checks some parameter values with regular expressions run in a VM with a 250 ms limit
 * (`safeRegex`, n8n-workflow's safe-regex.js). On this 2-core machine, with jest's two workers beside the real-n8n
 * suites (.ci/run), a first run in a fresh VM context can take longer than that and fail a test with "Regular
 * expression execution timed out" although nothing is wrong with the pattern. The tests run them the same way, in a
 * VM, with a limit that only a runaway pattern reaches.
 */
const REGEX_LIMIT_MS = 10_000;
function installPatientRegexEngine(): void {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { setSafeRegexEngine } = require('n8n-workflow') as {
		setSafeRegexEngine?: (engine: Record<string, (...args: any[]) => any>) => void;
	};
	if (!setSafeRegexEngine) return; // an n8n-workflow without it has no such limit
	const context = vm.createContext({
		flags: '',
		input: '',
		pattern: '',
		replacement: '',
		result: undefined,
	});
	const script = (code: string) => new vm.Script(`result = ${code}`);
	const scripts = {
		exec: script('new RegExp(pattern, flags).exec(input)'),
		test: script('new RegExp(pattern, flags).test(input)'),
		replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: script('input.split(new RegExp(pattern, flags))'),
	};
	const run =
		(name: keyof typeof scripts, global = false) =>
		(pattern: string, input: string, flags?: string, replacement?: string) => {
			const f = flags ?? '';
			Object.assign(context, {
				pattern,
				input,
				flags: global && !f.includes('g') ? `${f}g` : f,
				replacement: replacement ?? '',
				result: undefined,
			});
			scripts[name].runInContext(context, { timeout: REGEX_LIMIT_MS });
			return context.result;
		};
	setSafeRegexEngine({
		exec: run('exec'),
		test: run('test'),
		replace: run('replace'),
		matchAll: run('matchAll', true),
		split: run('split'),
	});
}
installPatientRegexEngine();
