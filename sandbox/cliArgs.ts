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
// Command-line options of the sandbox CLI (sandbox/cli.ts), kept apart so tests can parse without starting it.
import { readFileSync } from 'node:fs';
import { readProfile } from './profile';
import type { SandboxOptions } from './sandboxTypes';
import { SANDBOX_ACCOUNT } from './sessions';
import { Variants, knownVariants } from './variants';

export const HELP = `TRATO sandbox (unofficial local stand-in)

Usage: npm run sandbox -- [options]

  --port <n>           API port (0 = random; default 4010; env TRATO_SANDBOX_PORT)
  --upload-port <n>    upload origin port (default port + 1; random when port is 0)
  --host <addr>        listen address (default 127.0.0.1)
  --api-key <key>      API key (default: random, printed; env TRATO_SANDBOX_API_KEY)
  --account-email <e>  e-mail of the account for E-mail and Password login
                       (default ${SANDBOX_ACCOUNT.email}; env TRATO_SANDBOX_ACCOUNT_EMAIL)
  --account-password <p>
                       its password (default ${SANDBOX_ACCOUNT.password}; env TRATO_SANDBOX_ACCOUNT_PASSWORD)
  --token-ttl <s>      lifetime of login tokens in seconds (default 300; env TRATO_SANDBOX_TOKEN_TTL)
  --request-log <file> append one JSON line per request (env TRATO_SANDBOX_REQUEST_LOG)
  --data-file <path>   keep state across restarts in this JSON file (env TRATO_SANDBOX_DATA_FILE)
  --file-protection    serve files from {base}/uploads/<id> with auth instead of the upload origin
  --seed <N>           seed N contracts at start (when the data file holds none)
  --latency <ms>       add this latency to every API and upload request
  --webhook-secret <s> the account's webhook secret, sent in X-Trato-Secret (default: random, printed;
                       env TRATO_SANDBOX_WEBHOOK_SECRET; URLs are set with POST /sandbox/webhooks)
  --variant <name[=value]>
                       answer as a variant profile does (repeatable; env TRATO_SANDBOX_VARIANTS,
                       comma-separated; docs/sandbox.md "Variant profiles"), one of:
${knownVariants()
	.map((v) => `                         ${v}`)
	.join('\n')}
  --profile <file>     answer as the TRATO account a conformance check observed: the JSON file
                       npm run check:trato writes (its variants, its token ttl; env TRATO_SANDBOX_PROFILE)
  --help               this text
`;

/** A profile file, parsed and checked (readProfile), or an Error naming the file and what is wrong. */
function readProfileFile(file: string): unknown {
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(file, 'utf8'));
	} catch (error) {
		throw new Error(`--profile ${file}: ${(error as Error).message}`);
	}
	try {
		readProfile(parsed);
	} catch (error) {
		throw new Error(`--profile ${file}: ${(error as Error).message}`);
	}
	return parsed;
}

/** Options from the command line, then the TRATO_SANDBOX_* environment for what the line did not set. */
export function parseArgs(
	argv: string[],
	env: NodeJS.ProcessEnv = process.env,
): SandboxOptions & { help?: boolean } {
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
			case '--account-email':
				out.account = { ...out.account, email: value() };
				break;
			case '--account-password':
				out.account = { ...out.account, password: value() };
				break;
			case '--token-ttl':
				out.tokenTtlSeconds = num(flag, value());
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
			case '--webhook-secret':
				out.webhookSecret = value();
				if (!out.webhookSecret) throw new Error('--webhook-secret needs a value');
				break;
			case '--variant': {
				const v = value();
				if (!v) throw new Error('--variant needs a name (or name=value)');
				out.variants = [...(out.variants ?? []), v];
				break;
			}
			case '--profile': {
				const file = value();
				if (!file) throw new Error('--profile needs a file (the JSON npm run check:trato writes)');
				out.profile = readProfileFile(file);
				break;
			}
			case '--help':
			case '-h':
				out.help = true;
				break;
			default:
				throw new Error(`Unknown option ${arg} (see --help)`);
		}
	}
	if (out.port === undefined && env.TRATO_SANDBOX_PORT)
		out.port = num('TRATO_SANDBOX_PORT', env.TRATO_SANDBOX_PORT);
	out.apiKey ??= env.TRATO_SANDBOX_API_KEY || undefined;
	const account = {
		email: out.account?.email ?? (env.TRATO_SANDBOX_ACCOUNT_EMAIL || undefined),
		password: out.account?.password ?? (env.TRATO_SANDBOX_ACCOUNT_PASSWORD || undefined),
	};
	if (account.email !== undefined || account.password !== undefined) out.account = account;
	if (out.tokenTtlSeconds === undefined && env.TRATO_SANDBOX_TOKEN_TTL)
		out.tokenTtlSeconds = num('TRATO_SANDBOX_TOKEN_TTL', env.TRATO_SANDBOX_TOKEN_TTL);
	if (out.tokenTtlSeconds !== undefined && out.tokenTtlSeconds < 1)
		throw new Error('--token-ttl needs at least 1 second');
	out.requestLog ??= env.TRATO_SANDBOX_REQUEST_LOG || undefined;
	out.dataFile ??= env.TRATO_SANDBOX_DATA_FILE || undefined;
	out.webhookSecret ??= env.TRATO_SANDBOX_WEBHOOK_SECRET || undefined;
	if (out.profile === undefined && env.TRATO_SANDBOX_PROFILE)
		out.profile = readProfileFile(env.TRATO_SANDBOX_PROFILE);
	out.variants ??= env.TRATO_SANDBOX_VARIANTS?.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
	if (out.variants) Variants.parse(out.variants); // refuse an unknown name before starting
	return out;
}
