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
// npm run sandbox -- --port <n> --api-key <key> --request-log <file> [--data-file <path>] [--upload-port <n>]
//                    [--file-protection] [--seed <N>] [--latency <ms>] [--host <addr>] [--variant <name[=value]>]…
//                    [--webhook-secret <s>]
import { HELP, parseArgs } from './cliArgs';
import { startSandbox } from './index';

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
		'TRATO sandbox (unofficial local stand-in) is running',
		`  Base URL:    ${sb.baseUrl}`,
		`  Upload URL:  ${sb.uploadUrl}`,
		`  API key:     ${sb.apiKey}`,
		`  JWT (24 h):  ${sb.jwt}`,
		`  Account:     ${sb.account.email} / ${sb.account.password}  (E-mail and Password; tokens live ${sb.sessions.ttlSeconds} s)`,
		`  Webhook secret: ${sb.control.webhooks.settings().secret}  (webhook URLs: POST ${sb.baseUrl}/sandbox/webhooks)`,
		`  Contracts:   ${sb.control.contractCount()}${options.dataFile ? ` (data file ${options.dataFile})` : ''}`,
		options.requestLog ? `  Request log: ${options.requestLog}` : '',
		options.fileProtection ? '  File protection: on' : '',
		sb.control.variants().length ? `  Variants:    ${sb.control.variants().join(', ')}` : '',
		'',
		'Try:',
		`  curl -H "apikey: ${sb.apiKey}" ${sb.baseUrl}/api/authentication`,
		`  curl -H "Authorization: Bearer ${sb.jwt}" "${sb.baseUrl}/api/list/contracts?perPage=5"`,
		`  curl -H "apikey: ${sb.apiKey}" ${sb.baseUrl}/api/list/templates`,
		`  curl -H "Content-Type: application/json" -d '{"email":"${sb.account.email}","password":"…"}' ${sb.baseUrl}/api/authentication/token`,
		`  curl ${sb.baseUrl}/sandbox/health        (control API: no auth, local use only)`,
		'',
		'Press Ctrl+C to stop.',
	];
	// before the banner: whoever reads "Press Ctrl+C to stop." may send the signal at once
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
	process.stdout.write(`${lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n')}\n`);
}

main().catch((error) => {
	process.stderr.write(`Sandbox failed to start: ${(error as Error).message}\n`);
	process.exit(1);
});
