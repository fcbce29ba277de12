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
 * A node test environment: a sandbox on a random loopback port with its request log on, credentials for the
 * three auth modes (Environment "Custom URL" with the sandbox's address), and a runner for the action node through
 * the n8n-core harness.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import axios, { type AxiosInstance } from 'axios';
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import {
	runNode,
	type CredentialInput,
	type HarnessCredentialsHelper,
	type RunNodeOptions,
	type RunNodeResult,
	type TestItem,
} from '../../test-support/harness';
import { LEASE_TEMPLATE } from '../../test-support/templates';

export interface LoggedRequest {
	ts: string;
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, string>;
	body: unknown;
	status: number;
}

/** The sandbox's seeded templates (sandbox/templates.ts). */
export {
	LEASE_TEMPLATE as LEASE,
	NDA_TEMPLATE as NDA,
	SERVICES_TEMPLATE as SERVICES,
} from '../../test-support/templates';

export const FIXTURES = join(__dirname, '..', 'fixtures');

export function fixture(name: string): Buffer {
	return readFileSync(join(FIXTURES, name));
}

export const PDF_MIME = 'application/pdf';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface NodeTestEnv {
	sb: Sandbox;
	/** API-key credential for the node. */
	creds: CredentialInput;
	/** JWT credential for the node. */
	jwtCreds: CredentialInput;
	/** E-mail and Password credential for the node (the sandbox account). */
	passwordCreds: CredentialInput;
	/** Direct API client (for setting up state and checking it), authenticated with the API key. */
	api: AxiosInstance;
	logFile: string;
	/** Every logged request so far. */
	requests(): LoggedRequest[];
	/** Requests made after a mark (use `mark()` before the step you check). */
	since(mark: number): LoggedRequest[];
	mark(): number;
	/** Requests sent by the node (its User-Agent), after a mark. */
	nodeRequests(mark?: number): LoggedRequest[];
	run(
		parameters: INodeParameters,
		items?: TestItem[],
		options?: {
			continueOnFail?: boolean;
			credentials?: CredentialInput;
			timezone?: string;
			/** The action node's saved type version (the newest when omitted). */
			typeVersion?: number;
			/** A credential store kept across runs (what n8n stores after a login). */
			credentialsHelper?: HarnessCredentialsHelper;
			/** Stops the execution as n8n does when this resolves. */
			stopWhen?: Promise<unknown>;
			/** The node's settings, e.g. Retry On Fail (`{ retryOnFail: true, maxTries: 2 }`). */
			settings?: RunNodeOptions['settings'];
		},
	): Promise<RunNodeResult>;
	close(): Promise<void>;
}

function runDir(): string {
	const dir = process.env.TRATO_TEST_RUN_DIR;
	if (dir && existsSync(dir)) return dir;
	return mkdtempSync(join(tmpdir(), 'trato-test-'));
}

/**
 * Starts the environment. Its request log goes to the run's folder (test/helpers/globalSetup.ts), named after the
 * test file, with a `.done` file beside it once closed: test/operation-coverage.test.ts reads them all. A test file
 * calls `useEnv`, a test that needs an environment of its own `withEnv`; `startEnv` itself is for the model check.
 */
export async function startEnv(
	testFile: string,
	options: SandboxOptions = {},
): Promise<NodeTestEnv> {
	const logFile = join(
		runDir(),
		`${basename(testFile).replace(/\.test\.ts$/, '')}.${process.pid}.${Date.now()}.jsonl`,
	);
	writeFileSync(logFile, '');
	const sb = await startSandbox({ port: 0, requestLog: logFile, ...options });
	const creds: CredentialInput = {
		environment: 'custom',
		baseUrl: sb.baseUrl,
		authentication: 'apiKey',
		apiKey: sb.apiKey,
	};
	const jwtCreds: CredentialInput = {
		environment: 'custom',
		baseUrl: sb.baseUrl,
		authentication: 'accessToken',
		accessToken: sb.jwt,
	};
	const passwordCreds: CredentialInput = {
		environment: 'custom',
		baseUrl: sb.baseUrl,
		authentication: 'emailPassword',
		email: sb.account.email,
		password: sb.account.password,
	};
	const api = axios.create({
		baseURL: sb.baseUrl,
		headers: { apikey: sb.apiKey },
		validateStatus: () => true,
	});
	const requests = (): LoggedRequest[] =>
		readFileSync(logFile, 'utf8')
			.split('\n')
			.filter((line) => line.trim())
			.map((line) => JSON.parse(line) as LoggedRequest);
	const env: NodeTestEnv = {
		sb,
		creds,
		jwtCreds,
		passwordCreds,
		api,
		logFile,
		requests,
		mark: () => requests().length,
		since: (mark) => requests().slice(mark),
		nodeRequests: (mark = 0) =>
			requests()
				.slice(mark)
				.filter((r) => (r.headers['user-agent'] ?? '').startsWith('n8n-nodes-trato/')),
		run: async (parameters, items, runOptions = {}) =>
			await runNode({
				parameters,
				items,
				credentials: runOptions.credentials ?? creds,
				continueOnFail: runOptions.continueOnFail,
				timezone: runOptions.timezone,
				typeVersion: runOptions.typeVersion,
				credentialsHelper: runOptions.credentialsHelper,
				stopWhen: runOptions.stopWhen,
				settings: runOptions.settings,
			}),
		close: async () => {
			await sb.close();
			writeFileSync(`${logFile}.done`, '');
		},
	};
	return env;
}

/**
 * The test file's environment in one call: started before the first test of the file (or of the `describe` it is
 * called in), closed after the last. The object it returns is that environment once started: use it in tests and
 * hooks (before the start it throws). Setup of the file's own goes in a `beforeAll` after this call (jest runs a
 * block's `beforeAll`s in order), e.g. `env.sb.control.setCredits(…)`.
 */
export function useEnv(testFile: string, options: SandboxOptions = {}): NodeTestEnv {
	let started: NodeTestEnv | undefined;
	beforeAll(async () => {
		started = await startEnv(testFile, options);
	});
	afterAll(async () => {
		await started?.close();
		started = undefined;
	});
	return new Proxy({} as NodeTestEnv, {
		get(_target, key) {
			if (started) return started[key as keyof NodeTestEnv];
			// not a promise, nor anything jest's matchers look for
			if (typeof key === 'symbol' || key === 'then') return undefined;
			throw new Error(
				`The environment of ${basename(testFile)} is used outside its tests: useEnv starts it in beforeAll and closes it in afterAll`,
			);
		},
	});
}

/**
 * An environment of the test's own (a sandbox started fresh, or with other variants than the file's): started,
 * handed to `run`, and closed when `run` ends, whether it passed or failed.
 */
export async function withEnv<T>(
	testFile: string,
	options: SandboxOptions,
	run: (env: NodeTestEnv) => Promise<T>,
): Promise<T> {
	const env = await startEnv(testFile, options);
	try {
		return await run(env);
	} finally {
		await env.close();
	}
}

/** A resource-locator value in ID mode, as n8n stores it. */
export function byId(value: string): { __rl: true; mode: 'id'; value: string } {
	return { __rl: true, mode: 'id', value };
}

/** A resource-locator value in list mode, as n8n stores it after picking from the list. */
export function fromList(value: string): { __rl: true; mode: 'list'; value: string } {
	return { __rl: true, mode: 'list', value };
}

/** Creates a contract from a seeded template directly through the API (test setup, not the node). */
export async function createTemplateContract(
	api: AxiosInstance,
	templateId: string,
): Promise<string> {
	const res = await api.post('/api/create/contract', {
		source: 'template',
		templateid: templateId,
	});
	if (res.status !== 200)
		throw new Error(`setup create failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.contractid as string;
}

/** Creates a contract from the PDF fixture directly through the API (test setup, not the node). */
export async function createPdfContract(api: AxiosInstance): Promise<string> {
	const res = await api.post('/api/create/contract', {
		source: 'document',
		templateid: LEASE_TEMPLATE,
		document: { type: 'pdf', data: fixture('lease.pdf').toString('base64') },
	});
	if (res.status !== 200)
		throw new Error(`setup create failed: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.contractid as string;
}

/** Reads the participants of a contract (test setup). */
export async function participantsOf(
	api: AxiosInstance,
	contractId: string,
): Promise<Array<{ participantid: string; name: string; label: string }>> {
	const res = await api.get(`/api/contract/variables/${contractId}`);
	return res.data.participants;
}

/**
 * Makes a contract ready to send: every participant gets a name and a distinct e-mail, the contract a name.
 * Returns the participant ids.
 */
export async function prepareForSending(api: AxiosInstance, contractId: string): Promise<string[]> {
	const participants = await participantsOf(api, contractId);
	let n = 0;
	for (const p of participants) {
		n++;
		const res = await api.post(`/api/contract/participant/${contractId}/${p.participantid}`, {
			name: `Signer ${n}`,
			email: `signer${n}.${contractId.slice(-6)}@example.com`,
			phone: '+525512345678',
			obligation: 'individual',
		});
		if (res.status !== 200)
			throw new Error(`setup participant failed: ${JSON.stringify(res.data)}`);
	}
	const conf = await api.post(`/api/contract/configuration/${contractId}`, {
		name: `Contract ${contractId.slice(-6)}`,
	});
	if (conf.status !== 200) throw new Error(`setup configure failed: ${JSON.stringify(conf.data)}`);
	return participants.map((p) => p.participantid);
}

/** Sends a contract (test setup). */
export async function sendContract(api: AxiosInstance, contractId: string): Promise<void> {
	const res = await api.post(`/api/contract/send/${contractId}`, {});
	if (res.status !== 200) throw new Error(`setup send failed: ${JSON.stringify(res.data)}`);
}

/**
 * TRATO's documents record for the contract (spec 4.11) names `url` as its signed contract, for the next `times`
 * requests (an injected answer: the file address can be any host, e.g. a hostile or broken storage host).
 */
export function pointDocumentsTo(
	env: NodeTestEnv,
	contractId: string,
	url: string,
	times = 1,
): void {
	env.sb.control.addFault({
		origin: 'api',
		path: `/api/contract/documents/${contractId}`,
		status: 200,
		times,
		body: {
			contractid: contractId,
			name: 'Lease',
			documents: { signed_contract: url },
			participants: [],
		},
	});
}

/** A contract from the PDF fixture, configured (e.g. `{stampNom: true}`), sent and signed by everyone (test setup). */
export async function signedPdfContract(
	env: Pick<NodeTestEnv, 'api' | 'sb'>,
	config: Record<string, unknown> = {},
): Promise<string> {
	const id = await createPdfContract(env.api);
	await prepareForSending(env.api, id);
	if (Object.keys(config).length) {
		const res = await env.api.post(`/api/contract/configuration/${id}`, config);
		if (res.status !== 200) throw new Error(`setup configure failed: ${JSON.stringify(res.data)}`);
	}
	await sendContract(env.api, id);
	env.sb.control.sign(id);
	return id;
}
