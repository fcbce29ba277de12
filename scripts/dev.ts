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
 * `npm run dev`: the whole thing in one command. Builds the pack, starts the sandbox (seeded), installs n8n the first
 * time, and starts n8n with the pack loaded as an installed community package (linked to this repository's dist/, so
 * `npm run build` + restarting n8n picks up changes), a ready credential and the example workflows imported.
 * With the sandbox, example 5 (the instant trigger) is active and the sandbox posts `signed-all` to its production
 * URL, as a TRATO profile would; its e-mails go to a local SMTP server and are printed here.
 * Ctrl-C stops everything it started.
 *
 *   npm run dev                                   n8n 1.x (node 20) against the sandbox
 *   npm run dev -- --n8n 2                        n8n 2.x (node 24, installed from the npm registry)
 *   npm run dev -- --port 5679 --sandbox-port 4020 --seed 200 --no-build --fresh --verbose
 *   TRATO_ENVIRONMENT=staging TRATO_API_KEY=... npm run dev     a real TRATO account, no sandbox
 *     (or --environment production|staging, --base-url for a proxy, --api-key, --email + --password,
 *     --access-token; TRATO_BASE_URL, TRATO_EMAIL, TRATO_PASSWORD, TRATO_ACCESS_TOKEN)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startSandbox, type Sandbox } from '../sandbox';
import { smtpCredential, startSmtpSink, type SmtpSink } from '../test-support/n8n/smtp';
import { activateWorkflow, importAll, type StoredWorkflow } from '../test-support/n8n/running';
import {
	CACHE,
	DEV_OWNER,
	N8N_VERSIONS,
	N8nRest,
	REPO,
	freePort,
	installN8n,
	installPack,
	n8nEnv,
	startN8n,
	tratoCredential,
	type CredentialSpec,
	type N8nMajor,
	type RunningN8n,
} from '../test-support/n8n/n8n';

const USAGE = `Usage: npm run dev -- [options]
  --n8n <1|2>            n8n major version (default 1: n8n ${N8N_VERSIONS['1']} on this node; 2: n8n ${N8N_VERSIONS['2']} on node 24)
  --port <n>             n8n port (default 5678, or a free one when taken)
  --sandbox-port <n>     sandbox API port (default 4010, or a free one when taken); upload origin = port + 1
  --seed <n>             contracts seeded into a new sandbox (default 40)
  --environment <name>   use a real TRATO account instead of the sandbox: production or staging
                         (env TRATO_ENVIRONMENT)
  --base-url <url>       or a proxy in front of TRATO (Environment "Custom URL"; env TRATO_BASE_URL)
  --api-key <key>        its API key (env TRATO_API_KEY)
  --email <e-mail>       or its e-mail and password (env TRATO_EMAIL)
  --password <password>  (env TRATO_PASSWORD)
  --access-token <jwt>   or an access token (expires after 5 minutes; env TRATO_ACCESS_TOKEN)
  --webhook-secret <s>   its profile's webhook secret, for the instant trigger (env TRATO_WEBHOOK_SECRET)
  --no-build             do not run "npm run build" first
  --fresh                start from an empty n8n user folder and sandbox data
  --verbose              show n8n's log in this terminal (it always goes to a file too)
  --help`;

const SANDBOX_API_KEY = 'sk_sandbox_dev_key';
const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_dev_secret';
/** The example whose instant trigger the sandbox delivers to, and the event it listens for. */
const INSTANT_EXAMPLE = '5-instant-signed-all-email-pdf.json';
const CREDENTIAL_ID = 'tratoCredential1';
const CREDENTIAL_NAME = 'TRATO account';
const PASSWORD_CREDENTIAL_ID = 'tratoCredential2';
const PASSWORD_CREDENTIAL_NAME = 'TRATO account (e-mail and password)';

function say(message: string) {
	process.stdout.write(`[dev] ${message}\n`);
}

async function portOr(preferred: number): Promise<number> {
	const { createServer } = await import('node:net');
	return await new Promise((res) => {
		const server = createServer();
		server.once('error', () => void freePort().then(res));
		server.listen(preferred, '127.0.0.1', () => server.close(() => res(preferred)));
	});
}

async function main() {
	const { values } = parseArgs({
		options: {
			n8n: { type: 'string', default: process.env.TRATO_N8N || '1' },
			port: { type: 'string' },
			'sandbox-port': { type: 'string' },
			seed: { type: 'string', default: '40' },
			environment: { type: 'string', default: process.env.TRATO_ENVIRONMENT },
			'base-url': { type: 'string', default: process.env.TRATO_BASE_URL },
			'api-key': { type: 'string', default: process.env.TRATO_API_KEY },
			email: { type: 'string', default: process.env.TRATO_EMAIL },
			password: { type: 'string', default: process.env.TRATO_PASSWORD },
			'access-token': { type: 'string', default: process.env.TRATO_ACCESS_TOKEN },
			'webhook-secret': { type: 'string', default: process.env.TRATO_WEBHOOK_SECRET },
			'no-build': { type: 'boolean', default: false },
			fresh: { type: 'boolean', default: false },
			verbose: { type: 'boolean', default: false },
			help: { type: 'boolean', default: false },
		},
	});
	if (values.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const major = values.n8n as N8nMajor;
	if (!(major in N8N_VERSIONS)) throw new Error(`--n8n must be 1 or 2, not "${values.n8n}"`);
	const environment = values['base-url'] ? 'custom' : values.environment;
	if (environment && !['production', 'staging', 'custom'].includes(environment)) {
		throw new Error(`--environment must be production or staging, not "${environment}"`);
	}
	const real = environment as 'production' | 'staging' | 'custom' | undefined;
	const login = values.email && values.password;
	if (real && !values['api-key'] && !login && !values['access-token']) {
		throw new Error(
			'A real account needs --api-key (TRATO_API_KEY), --email and --password (TRATO_EMAIL, TRATO_PASSWORD) or --access-token (TRATO_ACCESS_TOKEN).',
		);
	}

	if (!values['no-build']) {
		say('building the pack (npm run build)…');
		const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO, stdio: 'inherit' });
		if (build.status !== 0)
			throw new Error('"npm run build" failed; fix the errors above, or start with --no-build.');
	}

	const started = Date.now();
	if (!existsSync(join(CACHE, `n8n-${N8N_VERSIONS[major]}`, '.complete'))) {
		say(`installing n8n ${N8N_VERSIONS[major]} into ${CACHE} (first time only, about 4 minutes)…`);
	}
	const install = installN8n(major);
	const devDir = join(CACHE, `dev-n8n${major}`);
	const userFolder = join(devDir, 'n8n');
	if (values.fresh) rmSync(devDir, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });

	let sb: Sandbox | undefined;
	let n8n: RunningN8n | undefined;
	let smtp: SmtpSink | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('stopping…');
		await n8n?.stop();
		await sb?.close();
		await smtp?.close();
		say(sb ? 'stopped n8n and the sandbox.' : 'stopped n8n.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		let credential: CredentialSpec;
		let passwordCredential: CredentialSpec | undefined;
		if (real) {
			credential = {
				id: CREDENTIAL_ID,
				name: CREDENTIAL_NAME,
				environment: real,
				baseUrl: values['base-url'],
				apiKey: values['api-key'],
				accessToken: values['access-token'],
				...(values['api-key'] || !login ? {} : { email: values.email, password: values.password }),
				webhookSecret: values['webhook-secret'],
			};
		} else {
			const port = await portOr(Number(values['sandbox-port'] ?? 4010));
			sb = await startSandbox({
				port,
				uploadPort: await portOr(port + 1),
				apiKey: SANDBOX_API_KEY,
				seed: Number(values.seed),
				dataFile: join(devDir, 'sandbox.json'),
				webhookSecret: SANDBOX_WEBHOOK_SECRET,
			});
			credential = {
				id: CREDENTIAL_ID,
				name: CREDENTIAL_NAME,
				environment: 'custom',
				baseUrl: sb.baseUrl,
				apiKey: sb.apiKey,
				webhookSecret: SANDBOX_WEBHOOK_SECRET,
			};
			passwordCredential = {
				id: PASSWORD_CREDENTIAL_ID,
				name: PASSWORD_CREDENTIAL_NAME,
				environment: 'custom',
				baseUrl: sb.baseUrl,
				email: sb.account.email,
				password: sb.account.password,
			};
		}

		installPack(userFolder, 'link');
		const env = n8nEnv(install, userFolder, {
			// Keep module resolution on the link's path, so the pack uses n8n's own n8n-workflow like an installed package.
			extra: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --preserve-symlinks`.trim() },
		});
		// Example 5 e-mails the signed PDF: to a local SMTP server whose messages are printed here.
		smtp = await startSmtpSink(await portOr(2525));
		smtp.onMessage = (mail) =>
			say(
				`e-mail to ${mail.to.join(', ')}: "${mail.subject}"${mail.attachments.map((a) => ` + ${a.filename} (${Math.round(a.content.length / 1024)} kB)`).join('')}`,
			);
		// One import of the credentials and of the examples that are new or changed since the last start.
		const examples = changedExamples(devDir);
		await importAll(install, env, devDir, {
			credentials: [credential, passwordCredential]
				.filter((c): c is CredentialSpec => c !== undefined)
				.map(tratoCredential)
				.concat(smtpCredential(smtp)),
			workflows: examples.map((e) => e.workflow),
		});
		examples.forEach((e) => e.commit());
		const imported = examples.map((e) => e.name);
		if (imported.length) say(`imported ${imported.length} example workflow(s)`);
		const instant = readWorkflowFile(join(REPO, 'examples', INSTANT_EXAMPLE));

		const logFile = join(devDir, 'n8n.log');
		say(`starting n8n ${install.version}… (log: ${logFile})`);
		n8n = await startN8n(install, env, {
			port: await portOr(Number(values.port ?? 5678)),
			logFile,
			inheritOutput: values.verbose,
		});
		n8n.child.on('exit', (code) => {
			if (!stopping) {
				say(`n8n exited (code ${code}); see ${logFile}`);
				void stop(1);
			}
		});
		const rest = new N8nRest(n8n.url);
		await rest.ownerLogin(DEV_OWNER);
		// the instant trigger's example is switched on when it is (re)imported; later, as the user left it
		if (sb && imported.includes(INSTANT_EXAMPLE))
			await activateWorkflow(rest, instant.id).catch((error: Error) =>
				say(`could not activate ${instant.id}: ${error.message}`),
			);
		// What a TRATO profile holds: the URL entered for signed-all (example 5 listens for it), with the event at its
		// end as the trigger's panel says (the sandbox's deliveries name no event), and the secret.
		const instantUrl = `${n8n.url.replace('localhost', '127.0.0.1')}/webhook/${instant.webhookId}/webhook?event=signed-all`;
		sb?.control.webhooks.configure({ urls: { 'signed-all': instantUrl } });

		const lines = [
			'',
			`  n8n ${install.version} is running (ready in ${Math.round((Date.now() - started) / 1000)} s)`,
			`  Editor:      ${n8n.url}`,
			`  Login:       ${DEV_OWNER.email} / ${DEV_OWNER.password}`,
			`  Examples:    ${n8n.url}/workflow/tratoExample0001  (…0002, …0003, …0004, …0005)`,
			`  Credential:  "${CREDENTIAL_NAME}" → ${credential.baseUrl ?? credential.environment}`,
		];
		if (sb) {
			lines.push(
				`               "${PASSWORD_CREDENTIAL_NAME}" → the same, logging in as ${sb.account.email}`,
				`  Sandbox:     ${sb.baseUrl}  (files ${sb.uploadUrl}, API key ${sb.apiKey})`,
				`  Account:     ${sb.account.email} / ${sb.account.password}  (Email and Password; tokens live ${sb.sessions.ttlSeconds} s)`,
				`  Sign a contract as its participants:  curl -X POST ${sb.baseUrl}/sandbox/contracts/<contractId>/sign`,
				`  Instant trigger: the sandbox posts signed-all to ${instantUrl} (example 5, active if you did not switch it off;`,
				`               secret ${SANDBOX_WEBHOOK_SECRET}); its e-mails go to the SMTP server on ${smtp.host}:${smtp.port} and are printed here.`,
				`               Deliveries: curl ${sb.baseUrl}/sandbox/webhooks/deliveries; the profile's test button: curl -X POST ${sb.baseUrl}/sandbox/webhooks/test -H 'content-type: application/json' -d '{"event":"signed-all"}'`,
				`  Sandbox data is kept in ${join(devDir, 'sandbox.json')} (--fresh starts over)`,
			);
		} else {
			lines.push(
				"  Real account: contracts you send are real; the examples' template ID is the sandbox's, pick your own.",
				`  Instant trigger: paste ${instantUrl.replace('127.0.0.1', 'localhost')} into your TRATO profile (signed-all) only if TRATO can reach this machine.`,
			);
		}
		lines.push(
			`  Pack:        ${REPO}/dist linked; after "npm run build", restart (Ctrl-C, npm run dev) to reload`,
			'  Ctrl-C stops everything.',
			'',
		);
		process.stdout.write(`${lines.join('\n')}\n`);
	} catch (error) {
		process.stderr.write(`[dev] ${(error as Error).message}\n`);
		await stop(1);
	}
}

function readWorkflowFile(file: string): { id: string; webhookId?: string } {
	const workflow = JSON.parse(readFileSync(file, 'utf8')) as {
		id: string;
		nodes: Array<{ type: string; webhookId?: string }>;
	};
	const trigger = workflow.nodes.find((n) => n.type === 'n8n-nodes-trato.tratoWebhookTrigger');
	return { id: workflow.id, webhookId: trigger?.webhookId };
}

/**
 * The examples that are new or changed since the last start (kept edits to unchanged ones survive): each with its
 * workflow and `commit()`, which records it as imported.
 */
function changedExamples(
	devDir: string,
): Array<{ name: string; workflow: StoredWorkflow; commit(): void }> {
	const stateFile = join(devDir, 'imported-examples.json');
	const state: Record<string, string> = existsSync(stateFile)
		? JSON.parse(readFileSync(stateFile, 'utf8'))
		: {};
	const examples = join(REPO, 'examples');
	return readdirSync(examples)
		.filter((n) => n.endsWith('.json'))
		.sort()
		.flatMap((name) => {
			const text = readFileSync(join(examples, name), 'utf8');
			const hash = createHash('sha256').update(text).digest('hex');
			if (state[name] === hash) return [];
			return [
				{
					name,
					workflow: JSON.parse(text) as StoredWorkflow,
					commit() {
						state[name] = hash;
						writeFileSync(stateFile, JSON.stringify(state, null, 2));
					},
				},
			];
		});
}

main().catch((error) => {
	process.stderr.write(`[dev] ${(error as Error).message}\n`);
	process.exit(1);
});
