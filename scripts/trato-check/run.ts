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
// One run of the conformance check (`npm run check:trato`, scripts/checkTrato.ts): the probes in order, then the
// report as facts and as a profile the sandbox loads (`--profile`, `startSandbox({ profile })`).
import { PROFILE_KIND } from '../../sandbox/profile';
import { Client, scrub, TRATO_HOSTS } from './client';
import { type Fact, factsOf, renderTable, variantsOf } from './facts';
import { addProperty, cancelContract, createContract } from './lifecycle';
import {
	type ProbeContext,
	probeList,
	probeLogin,
	probeLoginRefusals,
	probeRecords,
	probeRefusals,
	probeTemplateFilter,
	probeTemplates,
} from './probes';
import { listen, webhookFindings } from './webhooks';

export type Environment = 'staging' | 'production' | 'custom';

export interface CheckOptions {
	environment: Environment;
	/** The API's address with Custom URL (the sandbox, a proxy). */
	baseUrl?: string;
	apiKey?: string;
	email?: string;
	password?: string;
	/** Create one contract (notification none) and cancel it. */
	write?: boolean;
	/** The participant's e-mail of the --write contract (default at example.com: no one receives it). */
	participantEmail?: string;
	/** Listen for webhook deliveries. */
	webhook?: {
		host?: string;
		port: number;
		waitMs: number;
		/** Stop waiting after this many deliveries. */
		count?: number;
		/** Called once the listener runs, with its address (tests send deliveries there). */
		onListening?: (url: string) => void | Promise<void>;
	};
	/** Progress lines (stderr in the CLI). */
	log?: (line: string) => void;
	/**
	 * The CLI's: SIGINT and SIGTERM while the --write contract may exist cancel it first (its id was printed as soon as
	 * it was made), then this ends the process (130 for SIGINT, 143 for SIGTERM).
	 */
	exitOnSignal?: (code: number) => void;
}

export interface CheckReport {
	kind: typeof PROFILE_KIND;
	version: 1;
	checkedAt: string;
	environment: Environment;
	origin: string;
	authentication: string[];
	write: boolean;
	/** What the sandbox reads: the variants of every difference, the login's ttl. */
	sandbox: { variants: string[]; tokenTtlSeconds?: number };
	facts: Fact[];
	/** Every request sent, "METHOD path status". */
	requests: string[];
	/** A contract --write made and could not cancel (cancel it in TRATO's web app). */
	notCancelled?: string;
}

const WEB_APPS = {
	production: 'https://enterprise.app.trato.io',
	staging: 'https://enterprise-stage.app.trato.io',
};

/** The API's address for the options; throws a sentence for a missing or unusable Custom URL. */
export function addressOf(options: Pick<CheckOptions, 'environment' | 'baseUrl'>): string {
	if (options.environment !== 'custom') return TRATO_HOSTS[options.environment];
	if (!options.baseUrl) throw new Error('Custom URL needs TRATO_BASE_URL (or --base-url)');
	let url: URL;
	try {
		url = new URL(options.baseUrl.trim());
	} catch {
		throw new Error(`TRATO_BASE_URL "${options.baseUrl}" is not an address`);
	}
	if (url.username || url.password)
		throw new Error('TRATO_BASE_URL must not hold a user name or password');
	return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '')}`;
}

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
	const log = options.log ?? (() => {});
	const base = addressOf(options);
	const { apiKey, email, password } = options;
	if (!apiKey && !(email && password))
		throw new Error('Give an API key, or an e-mail and a password');
	const anonymous = new Client(base, {}, [], { write: options.write });
	const ctx: ProbeContext = { api: anonymous, anonymous, findings: [], notRun: {}, log };
	const secrets = [apiKey ?? '', password ?? ''];
	const authentication: string[] = [];
	let ttl: number | undefined;

	if (email && password) {
		log('Logging in with the e-mail and password…');
		const login = await probeLogin(ctx, email, password);
		secrets.push(login.jwt);
		ttl = login.ttl;
		authentication.push('emailPassword');
		if (!apiKey) ctx.api = anonymous.as({ Authorization: `Bearer ${login.jwt}` });
	} else ctx.notRun['login-answer'] = 'no e-mail and password given';
	if (apiKey) {
		authentication.unshift('apiKey');
		ctx.api = anonymous.as({ apikey: apiKey });
	}

	log('Asking for refusals (a key TRATO never issued, unknown ids, the login without an account)…');
	await probeRefusals(ctx);
	await probeLoginRefusals(ctx);

	let created: Awaited<ReturnType<typeof createContract>>;
	let creating: Promise<unknown> | undefined;
	let notCancelled: string | undefined;
	// the contract is cancelled once, by the end of the run or by an interrupt, whichever comes first
	let cancelling: Promise<boolean> | undefined;
	const cancelOnce = (contractId: string) => (cancelling ??= cancelContract(ctx, contractId));
	let interrupted = false;
	const onSignal = (signal: NodeJS.Signals) => {
		if (interrupted) return;
		interrupted = true;
		void (async () => {
			log(`${signal}: stopping; the contract --write made is cancelled first…`);
			await creating?.catch(() => undefined);
			if (created) {
				const id = created.contractId;
				log(
					(await cancelOnce(id).catch(() => false))
						? `Contract ${id} cancelled.`
						: `The contract ${id} made by --write could not be cancelled: cancel it in TRATO's web app.`,
				);
			}
			options.exitOnSignal?.(signal === 'SIGINT' ? 130 : 143);
		})();
	};
	const guarded = Boolean(options.write && options.exitOnSignal);
	if (guarded) {
		process.on('SIGINT', onSignal);
		process.on('SIGTERM', onSignal);
	}
	try {
		if (options.write) {
			log('--write: creating one contract (notification none), to cancel it right after…');
			creating = createContract(ctx, {
				email: options.participantEmail ?? 'n8n-nodes-trato-check@example.com',
				webApp:
					options.environment === 'custom' ? new URL(base).origin : WEB_APPS[options.environment],
				now: new Date(),
			}).then((made) => (created = made));
			await creating;
			if (created) {
				log(
					`--write made the contract ${created.contractId}; it is cancelled at the end of the check, or when the check is interrupted (Ctrl-C). If neither happens, cancel it in TRATO's web app.`,
				);
				secrets.push(...created.links);
				await addProperty(ctx, created.contractId);
			} else ctx.notRun['custom-property-long-value'] = '--write made no contract';
		} else
			for (const id of [
				'create-v2-answer',
				'create-v2-sends',
				'sign-link-form',
				'custom-property-long-value',
				'cancel-method',
				'cancelled-status',
			])
				ctx.notRun[id] = 'only with --write';
		log('Reading the contract list and templates…');
		const listed = await probeList(ctx, created?.contractId);
		await probeTemplateFilter(ctx, await probeTemplates(ctx));
		log('Reading a few contracts’ records…');
		const ids = [...(created ? [created.contractId] : []), ...listed.map((c) => c.id)];
		await probeRecords(ctx, [...new Set(ids)]);
	} finally {
		if (created && !interrupted) {
			log('Cancelling the contract --write made…');
			if (!(await cancelOnce(created.contractId))) notCancelled = created.contractId;
		}
		if (guarded && !interrupted) {
			process.off('SIGINT', onSignal);
			process.off('SIGTERM', onSignal);
		}
		// interrupted: no report from a run cut short; the signal's handler ends the process once the contract is cancelled
		if (interrupted) await new Promise<never>(() => {});
	}

	if (options.webhook) {
		const { host = '127.0.0.1', port, waitMs, count } = options.webhook;
		const listener = await listen(host, port);
		try {
			log(
				`Listening for webhook deliveries at ${listener.url} for ${Math.round(waitMs / 1000)} s…`,
			);
			await options.webhook.onListening?.(listener.url);
			await listener.wait(waitMs, count);
		} finally {
			await listener.close();
		}
		webhookFindings(ctx, listener.received, waitMs);
	} else
		for (const id of [
			'webhook-encoding',
			'webhook-event-field',
			'webhook-event-names',
			'webhook-secret-header',
		])
			ctx.notRun[id] = 'only with --webhook-listen';

	const facts = factsOf(ctx.findings, ctx.notRun).map((fact) => ({
		...fact,
		observed: scrub(fact.observed, secrets),
	}));
	const variants = variantsOf(facts);
	const tokenTtlSeconds =
		ttl !== undefined && Number.isInteger(ttl) && ttl >= 1 && ttl <= 86_400 ? ttl : undefined;
	const report: CheckReport = {
		kind: PROFILE_KIND,
		version: 1,
		checkedAt: new Date().toISOString(),
		environment: options.environment,
		origin: new URL(base).origin,
		authentication,
		write: Boolean(options.write),
		sandbox: { variants, ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}) },
		facts,
		requests: anonymous.sent.map((line) => scrub(line, secrets)),
		...(notCancelled ? { notCancelled } : {}),
	};
	// belt and braces: nothing the report holds may carry a secret
	return JSON.parse(scrub(JSON.stringify(report), secrets)) as CheckReport;
}

/** The report for people: the table, the differences and the profile's variants. */
export function renderReport(report: CheckReport): string {
	const counts = (verdict: Fact['verdict']) =>
		report.facts.filter((f) => f.verdict === verdict).length;
	const lines = [
		`TRATO conformance check: ${report.origin} (${report.environment}), ${report.authentication.join(' and ')}${report.write ? ', --write' : ''}, ${report.checkedAt}`,
		'',
		renderTable(report.facts),
		'',
		`${counts('as expected')} as expected, ${counts('differs')} differ, ${counts('not observed')} not observed.`,
		report.sandbox.variants.length
			? `The sandbox answers the same with: ${report.sandbox.variants.join(', ')}`
			: 'The sandbox answers the same by default (no variant).',
	];
	if (report.notCancelled)
		lines.push(
			`The contract ${report.notCancelled} made by --write could not be cancelled: cancel it in TRATO's web app.`,
		);
	return lines.join('\n');
}
