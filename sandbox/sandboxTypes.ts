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
// The public face of a running sandbox: its options, its control API and the handle `startSandbox` returns.
import type { Sessions } from './sessions';
import type {
	ContractState,
	ContractStatus,
	CreateContractInput,
	Credits,
	DeliverOptions,
	FaultSpec,
	FaultState,
	RejectOptions,
	RequestHook,
	SandboxStats,
	SeedOptions,
	SeedResult,
	SignOptions,
	TemplateState,
} from './types';
import type { WebhookControl } from './webhookTypes';

export interface SandboxControl {
	/** Sign as one participant (participantId) or as every pending participant. */
	sign(contractId: string, options?: SignOptions): ContractState;
	reject(contractId: string, options?: RejectOptions): ContractState;
	/** NEGOTIATION → NEGOTIATED. */
	acceptNegotiation(contractId: string): ContractState;
	/** SENT_TO_SIGN or draft → EXPIRED. */
	expire(contractId: string): ContractState;
	/** RECEIVED_SIGNED/FINALIZED → SENT_TO_DOWNLOAD → SENT_SIGNED. */
	deliver(contractId: string, options?: DeliverOptions): ContractState;
	/** Any status (tests only); participant statuses are aligned with it. */
	setStatus(contractId: string, status: ContractStatus): ContractState;
	setCredits(credits: Partial<Credits>): Credits;
	getCredits(): Credits;
	addFault(fault: FaultSpec): string;
	addFaults(faults: FaultSpec[]): string[];
	listFaults(): FaultState[];
	clearFaults(): void;
	/** Global latency added to every API and upload request (not /sandbox/ routes). */
	setLatency(ms: number): void;
	getLatency(): number;
	setFileProtection(enabled: boolean): void;
	getFileProtection(): boolean;
	seed(count: number, options?: SeedOptions): SeedResult;
	/**
	 * Back to the start state: no contracts except the startup seed, initial credits, no faults, initial latency,
	 * the variant profiles the sandbox was started with.
	 */
	reset(): void;
	createContract(input?: CreateContractInput): ContractState;
	/** A deep copy of the raw stored state, or undefined. */
	getContract(contractId: string): ContractState | undefined;
	contractCount(): number;
	listTemplates(): TemplateState[];
	stats(): SandboxStats;
	resetStats(): void;
	/** Move the sandbox clock forward (or back with a negative value). */
	advanceClock(ms: number): Date;
	now(): Date;
	/** Write the data file now (no-op without dataFile). */
	flush(): Promise<void>;
	/** In-process only: install (or remove, with undefined) the request hook. `reset()` removes it. */
	setRequestHook(hook?: RequestHook): void;
	/**
	 * In-process only: 'day' makes the listing ignore the time part of dateStart/dateEnd (start/end of that UTC
	 * day), to test clients against an API that only reads dates; default 'ms' (api-notes S5). `reset()` restores 'ms'.
	 */
	setListDatePrecision(precision: 'ms' | 'day'): void;
	/**
	 * Replaces the active variant profiles (`name` or `name=value`, docs/sandbox.md "Variant profiles"); an unknown
	 * name or value throws (400 over HTTP) listing the known ones. Returns the active set. `reset()` restores the
	 * variants the sandbox was started with.
	 */
	setVariants(variants: string[]): string[];
	/** The active variant profiles, canonical (`name`, or `name=value` for a variant that takes a value). */
	variants(): string[];
	/** Webhook subscriptions, deliveries and forged deliveries (sandbox/webhooks.ts). `reset()` clears them. */
	webhooks: WebhookControl;
	/** Deletes a contract, as TRATO's web app can (it leaves every list; its id is then unknown). */
	deleteContract(contractId: string): void;
	/**
	 * Makes the sandbox's random choices (the order of ties with `unstable-ties`) repeatable from a seed, so a
	 * schedule can be replayed; undefined goes back to Math.random. `reset()` does too.
	 */
	seedRandom(seed?: number): void;
}

export interface SandboxOptions {
	/** API port; 0 = random. Default 4010. */
	port?: number;
	/** Upload origin port; 0 = random. Default port + 1, random when port is 0. */
	uploadPort?: number;
	host?: string;
	apiKey?: string;
	jwtSecret?: string;
	requestLog?: string;
	dataFile?: string;
	fileProtection?: boolean;
	latencyMs?: number;
	credits?: { shield1?: number; shield2?: number };
	/** Contracts to seed at start (when the data file did not already hold contracts). */
	seed?: number;
	now?: () => Date;
	/** Variant profiles active from the start (and after `control.reset()`), e.g. `['oldest-first', 'wrapped-lists=items']`. */
	variants?: string[];
	/** The account "E-mail and Password" logs in with (default SANDBOX_ACCOUNT, docs/sandbox.md). */
	account?: { email?: string; password?: string };
	/** Lifetime of login tokens in seconds (default 300, as TRATO's sample; shorten it for tests). */
	tokenTtlSeconds?: number;
	/** The account's webhook secret (sent in X-Trato-Secret). Default: a random one. */
	webhookSecret?: string;
	/**
	 * A conformance profile (the JSON `npm run check:trato` writes, parsed): its variants are active from the start
	 * (with `variants`), its token ttl applies unless `tokenTtlSeconds` is given (sandbox/profile.ts).
	 */
	profile?: unknown;
}

export interface Sandbox {
	baseUrl: string;
	uploadUrl: string;
	apiKey: string;
	jwt: string;
	signJwt(claims?: object, options?: { expiresInSeconds?: number }): string;
	/** The account of the token endpoint (E-mail and Password). */
	account: { email: string; password: string };
	/** Login sessions: ttl, revocation, counts (also over HTTP: GET/POST /sandbox/sessions). */
	sessions: Sessions;
	close(): Promise<void>;
	control: SandboxControl;
	/** Every route of the API origin (methods and pattern, `:name` parameters), control routes included. */
	routes(): Array<{ methods: string[]; pattern: string }>;
}
