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
// npm run check:trato -- [--env staging|production|custom] [--base-url <url>] [--write [--yes]]
//                        [--webhook-listen [host:]port [--webhook-wait <s>] [--webhook-count <n>]] [--out <file>]
// The conformance check against a real TRATO account (CONTRIBUTING.md "Checking a real TRATO account"): what TRATO
// answers at every point docs/api-notes.md leaves open, as a table and as a profile the sandbox loads. Credentials
// from TRATO_API_KEY or TRATO_EMAIL + TRATO_PASSWORD, else asked (the password and key without echo). Never prints
// a secret, never sends a notification.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { scrub } from './trato-check/client';
import { type CheckOptions, type Environment, renderReport, runCheck } from './trato-check/run';

export const HELP = `TRATO conformance check (read-only unless --write)

Usage: npm run check:trato -- [options]

Credentials: TRATO_API_KEY, or TRATO_EMAIL and TRATO_PASSWORD (both may be given); when none is set and the
terminal is interactive, they are asked for (the key and the password without echo). Never on the command line.

  --env <name>           staging (default), production or custom (env TRATO_ENV)
  --base-url <url>       the API's address for custom, e.g. a local sandbox (env TRATO_BASE_URL)
  --write                also create one contract from a one-page PDF with notification "none" (TRATO sends
                         nothing; its participant is at example.com), write and read back a custom property of
                         200 characters, and cancel it right after; its ID is printed at once, and Ctrl-C
                         cancels it before the check ends
  --yes                  confirm --write on production without being asked
  --participant-email <e>
                         the --write contract's participant (default n8n-nodes-trato-check@example.com;
                         env TRATO_CHECK_EMAIL)
  --webhook-listen <[host:]port>
                         receive webhook deliveries here (expose it, set it in the TRATO profile, press the
                         profile's test button); default host 127.0.0.1; a body over 64 KiB is refused
  --webhook-wait <s>     how long to listen (default 120)
  --webhook-count <n>    stop listening after n deliveries
  --out <file>           the profile to write (default trato-profile-<env>.json); npm run sandbox -- --profile <file>
  --help                 this text

Exit codes: 0 the check ran (differences are reported, not errors), 1 it could not run, 2 bad usage,
130 / 143 stopped by SIGINT (Ctrl-C) / SIGTERM (the --write contract cancelled first).
`;

export interface CliInput {
	options: CheckOptions;
	out: string;
	yes: boolean;
	help: boolean;
}

/** The command line and environment as check options (credentials may still be missing: asked later). */
export function readCommandLine(argv: string[], env: NodeJS.ProcessEnv): CliInput {
	const { values } = parseArgs({
		args: argv,
		options: {
			env: { type: 'string' },
			'base-url': { type: 'string' },
			write: { type: 'boolean' },
			yes: { type: 'boolean' },
			'participant-email': { type: 'string' },
			'webhook-listen': { type: 'string' },
			'webhook-wait': { type: 'string' },
			'webhook-count': { type: 'string' },
			out: { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
		strict: true,
	});
	const environment = (values.env ?? env.TRATO_ENV ?? 'staging').trim().toLowerCase();
	if (!['staging', 'production', 'custom'].includes(environment))
		throw new Error(`--env must be staging, production or custom, got "${environment}"`);
	const whole = (name: string, value: string | undefined, fallback?: number) => {
		if (value === undefined) return fallback;
		if (!/^\d+$/.test(value)) throw new Error(`${name} needs a whole number, got "${value}"`);
		return Number(value);
	};
	let webhook: CheckOptions['webhook'];
	if (values['webhook-listen'] !== undefined) {
		const at = values['webhook-listen'];
		const colon = at.lastIndexOf(':');
		webhook = {
			host: colon > 0 ? at.slice(0, colon) : undefined,
			port: whole('--webhook-listen', colon >= 0 ? at.slice(colon + 1) : at) ?? 0,
			waitMs: (whole('--webhook-wait', values['webhook-wait'], 120) ?? 120) * 1000,
			count: whole('--webhook-count', values['webhook-count']),
		};
	}
	const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
	return {
		options: {
			environment: environment as Environment,
			baseUrl: blank(values['base-url'] ?? env.TRATO_BASE_URL),
			apiKey: blank(env.TRATO_API_KEY),
			email: blank(env.TRATO_EMAIL),
			password: env.TRATO_PASSWORD || undefined,
			write: Boolean(values.write),
			participantEmail: blank(values['participant-email'] ?? env.TRATO_CHECK_EMAIL),
			webhook,
		},
		out: values.out ?? `trato-profile-${environment}.json`,
		yes: Boolean(values.yes),
		help: Boolean(values.help),
	};
}

/** Reads one line from the terminal; `hidden`: nothing is echoed (a key, a password). */
function ask(question: string, hidden: boolean): Promise<string> {
	return new Promise((resolve) => {
		const stdin = process.stdin;
		process.stderr.write(question);
		let answer = '';
		const raw = hidden && typeof stdin.setRawMode === 'function';
		if (raw) stdin.setRawMode(true);
		stdin.resume();
		stdin.setEncoding('utf8');
		const onData = (chunk: string) => {
			for (const char of chunk) {
				if (char === '\u0003') {
					process.stderr.write('\n');
					process.exit(130);
				}
				if (char === '\r' || char === '\n') {
					stdin.off('data', onData);
					if (raw) stdin.setRawMode(false);
					stdin.pause();
					process.stderr.write('\n');
					resolve(answer);
					return;
				}
				if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
				else answer += char;
			}
		};
		stdin.on('data', onData);
	});
}

async function main(): Promise<void> {
	let input: CliInput;
	try {
		input = readCommandLine(process.argv.slice(2), process.env);
	} catch (error) {
		process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
		process.exit(2);
	}
	if (input.help) {
		process.stdout.write(HELP);
		return;
	}
	const { options } = input;
	const interactive = Boolean(process.stdin.isTTY);
	if (!options.apiKey && !(options.email && options.password)) {
		if (!interactive) {
			process.stderr.write(
				`No credential: set TRATO_API_KEY, or TRATO_EMAIL and TRATO_PASSWORD.\n\n${HELP}`,
			);
			process.exit(2);
		}
		options.apiKey =
			(await ask('TRATO API key (empty: use e-mail and password): ', true)).trim() || undefined;
		if (!options.apiKey) {
			options.email = options.email ?? (await ask('E-mail: ', false)).trim();
			options.password = await ask('Password: ', true);
		}
	}
	if (options.write && options.environment === 'production' && !input.yes) {
		const sure = interactive
			? (
					await ask(
						'--write on Production creates and cancels one contract. Type "yes" to go on: ',
						false,
					)
				).trim()
			: '';
		if (sure !== 'yes') {
			process.stderr.write(
				'--write on production needs --yes (or typing "yes"): nothing was sent.\n',
			);
			process.exit(2);
		}
	}
	options.log = (line) => process.stderr.write(`${line}\n`);
	options.exitOnSignal = (code) => process.exit(code);
	if (options.webhook)
		options.webhook.onListening = (url) => {
			process.stderr.write(
				`Set this receiver's public address (e.g. a tunnel to ${url}) for the events in your TRATO profile, then press its test button.\n`,
			);
		};
	try {
		const report = await runCheck(options);
		writeFileSync(input.out, `${JSON.stringify(report, null, '\t')}\n`);
		process.stdout.write(
			`${renderReport(report)}\n\nProfile written to ${input.out} (npm run sandbox -- --profile ${input.out}).\n`,
		);
	} catch (error) {
		const secrets = [options.apiKey ?? '', options.password ?? ''];
		process.stderr.write(`The check could not run: ${scrub((error as Error).message, secrets)}\n`);
		process.exit(1);
	}
}

if (require.main === module) void main();
