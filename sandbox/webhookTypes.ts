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
// The webhook control API's vocabulary: events, settings, delivery records (no imports: a leaf).
export const WEBHOOK_EVENTS = [
	'signed',
	'signed-all',
	'document-finalized',
	'document-removed',
	'milestone-completed',
	'all-milestones-completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How the payload names the contract id (TRATO's documented spelling is `contractid`). */
export const CONTRACT_ID_FIELDS = ['contractid', 'contractId', '_id'] as const;

export interface WebhookSettings {
	/** The account's webhook secret, sent in X-Trato-Secret with every delivery. */
	secret: string;
	/** The URL entered for each event; an event without one sends nothing. */
	urls: Partial<Record<WebhookEvent, string>>;
	/** Attempts per delivery, the first included (1 = never retried). */
	maxAttempts: number;
	/** Waits before the 2nd, 3rd, … attempt; the last one repeats. */
	retryDelaysMs: number[];
	/** An attempt without an answer after this long counts as failed. */
	timeoutMs: number;
	contractIdField: (typeof CONTRACT_ID_FIELDS)[number];
}

export interface WebhookSettingsInput extends Partial<Omit<WebhookSettings, 'urls'>> {
	/** Per event: a URL, or null / '' to remove it. Merged into the current ones. */
	urls?: Partial<Record<string, string | null>>;
	/** Shortcut: this URL for `events` (every event when omitted). */
	url?: string;
	events?: string[];
}

export interface DeliveryAttempt {
	at: string;
	/** HTTP status, or null when no answer came (refused, timed out). */
	status: number | null;
	ms: number;
	error?: string;
	/** The start of the answer's body. */
	answer?: string;
}

export interface DeliveryRecord {
	id: string;
	event: string;
	contractId?: string;
	url: string;
	payload: unknown;
	state: 'pending' | 'delivered' | 'failed';
	attempts: DeliveryAttempt[];
	/** Sent by `forge` (once, never retried). */
	forged?: boolean;
	/** TRATO's test delivery (`sendTest`; once, never retried). */
	test?: boolean;
}

export interface ForgeInput {
	/** Default: the URL subscribed for `event`. */
	url?: string;
	event?: string;
	/** Builds the payload TRATO would send for this contract and event (unless `payload` or `body` is given). */
	contractId?: string;
	payload?: unknown;
	/** The raw body, sent as is (e.g. text that is not JSON). */
	body?: string;
	contentType?: string;
	/** undefined: the account secret; null: no X-Trato-Secret header; a string: that value. */
	secret?: string | null;
}

export interface TestDeliveryInput {
	/** The event whose test button is pressed (default `signed`): its URL, and its time or milestone field. */
	event?: string;
	/** Default: the URL subscribed for `event`. */
	url?: string;
	/** As in ForgeInput. */
	secret?: string | null;
}

export interface ForgeResult {
	status: number | null;
	body: string;
	ms: number;
	error?: string;
}

/** The webhooks part of the control API (`sb.control.webhooks`, HTTP under /sandbox/webhooks). */
export interface WebhookControl {
	settings(): WebhookSettings;
	configure(input: WebhookSettingsInput): WebhookSettings;
	/** Removes every URL. */
	unsubscribe(): WebhookSettings;
	deliveries(): DeliveryRecord[];
	clearDeliveries(): void;
	/** Sends one delivery as told, once, and answers what the receiver answered. */
	forge(input: ForgeInput): Promise<ForgeResult>;
	/** Sends TRATO's test delivery (`externalId` "TEST ID", no real contract), once. */
	sendTest(input?: TestDeliveryInput): Promise<ForgeResult>;
	/** Resolves when no delivery is pending (attempts and waits for retries included). */
	idle(): Promise<void>;
}
