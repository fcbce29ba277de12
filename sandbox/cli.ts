/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
// npm run sandbox -- --port <n> --api-key <key> --request-log <file> [--data-file <path>] [--upload-port <n>]
//                    [--file-protection] [--seed <N>] [--latency <ms>] [--host <addr>]
import { startSandbox } from './index';
import type { SandboxOptions } from './types';

const HELP = `Contract e-signature sandbox

Usage: npm run sandbox -- [options]

  --port <n>           API port (0 = random; default 4010; env ESIGN_SANDBOX_PORT)
  --upload-port <n>    upload origin port (default port + 1; random when port is 0)
  --host <addr>        listen address (default 127.0.0.1)
  --api-key <key>      API key (default: random, printed; env ESIGN_SANDBOX_API_KEY)
  --request-log <file> append one JSON line per request (env ESIGN_SANDBOX_REQUEST_LOG)
  --data-file <path>   keep state across restarts in this JSON file (env ESIGN_SANDBOX_DATA_FILE)
  --file-protection    serve files from {base}/uploads/<id> with auth instead of the upload origin
  --seed <N>           seed N contracts at start (when the data file holds none)
  --latency <ms>       add this latency to every API and upload request
  --help               this text
`;

function parseArgs(argv: string[]): SandboxOptions & { help?: boolean } {
	const out: SandboxOptions & { help?: boolean } = {};
	const num = (name: string, v: string | undefined): number => {
		if (v === undefined || !/^\d+$/.test(v))
			throw new Error(`${name} needs a non-negative integer, got ${v ?? 'nothing'}`);
		return Number(v);
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const [flag, inline] = arg.includes('=')
			? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
			: [arg, undefined];
		const value = (): string | undefined => inline ?? argv[++i];
		switch (flag) {
			case '--port':
				out.port = num(flag, value());
				break;
			case '--upload-port':
				out.uploadPort = num(flag, value());
				break;
			case '--host':
				out.host = value();
				break;
			case '--api-key':
				out.apiKey = value();
				break;
			case '--request-log':
				out.requestLog = value();
				break;
			case '--data-file':
				out.dataFile = value();
				break;
			case '--file-protection':
				out.fileProtection = true;
				break;
			case '--seed':
				out.seed = num(flag, value());
				break;
			case '--latency':
				out.latencyMs = num(flag, value());
				break;
			case '--help':
			case '-h':
				out.help = true;
				break;
			default:
				throw new Error(`Unknown option ${arg} (see --help)`);
		}
	}
	const env = process.env;
	if (out.port === undefined && env.ESIGN_SANDBOX_PORT)
		out.port = num('ESIGN_SANDBOX_PORT', env.ESIGN_SANDBOX_PORT);
	out.apiKey ??= env.ESIGN_SANDBOX_API_KEY || undefined;
	out.requestLog ??= env.ESIGN_SANDBOX_REQUEST_LOG || undefined;
	out.dataFile ??= env.ESIGN_SANDBOX_DATA_FILE || undefined;
	return out;
}

async function main(): Promise<void> {
	let options: ReturnType<typeof parseArgs>;
	try {
		options = parseArgs(process.argv.slice(2));
	} catch (error) {
		process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
		process.exit(2);
	}
	if (options.help) {
		process.stdout.write(HELP);
		return;
	}
	const { help: _help, ...sandboxOptions } = options;
	const sb = await startSandbox(sandboxOptions);
	const lines = [
		'Contract e-signature sandbox is running',
		`  Base URL:    ${sb.baseUrl}`,
		`  Upload URL:  ${sb.uploadUrl}`,
		`  API key:     ${sb.apiKey}`,
		`  JWT (24 h):  ${sb.jwt}`,
		`  Contracts:   ${sb.control.contractCount()}${options.dataFile ? ` (data file ${options.dataFile})` : ''}`,
		options.requestLog ? `  Request log: ${options.requestLog}` : '',
		options.fileProtection ? '  File protection: on' : '',
		'',
		'Try:',
		`  curl -H "apikey: ${sb.apiKey}" ${sb.baseUrl}/api/authentication`,
		`  curl -H "Authorization: Bearer ${sb.jwt}" "${sb.baseUrl}/api/list/contracts?perPage=5"`,
		`  curl -H "apikey: ${sb.apiKey}" ${sb.baseUrl}/api/list/templates`,
		`  curl ${sb.baseUrl}/sandbox/health        (control API: no auth, local use only)`,
		'',
		'Press Ctrl+C to stop.',
	];
	process.stdout.write(`${lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n')}\n`);

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping the sandbox…\n`);
		sb.close().then(
			() => {
				process.stdout.write('Sandbox stopped.\n');
				process.exit(0);
			},
			(error) => {
				process.stderr.write(`Error while stopping: ${(error as Error).message}\n`);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
	process.stderr.write(`Sandbox failed to start: ${(error as Error).message}\n`);
	process.exit(1);
});
