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
// TRATO's webhooks, as its profile has them (trato-notes "Webhooks"): one URL per event, one account secret sent
// in X-Trato-Secret, a JSON POST for every state change that causes an event (any of WEBHOOK_EVENTS), retried on a non-2xx
// answer (how often is a setting here: TRATO's own policy is not public), the profile's test delivery, and forged
// deliveries for tests. The payload names no `event` (what a production receiver reads, api-notes W12); the
// catalog's shape with `event` is the variant webhook-event-field, form fields instead of JSON webhook-form.
import type { Core } from './core';
import { SIGNED_ALL } from './lifecycle';
import type { ContractState } from './types';
import { badRequest, isPlainObject } from './util';
import {
	WEBHOOK_EVENTS,
	type DeliveryAttempt,
	type DeliveryRecord,
	type ForgeInput,
	type ForgeResult,
	type TestDeliveryInput,
	type WebhookControl,
	type WebhookEvent,
	type WebhookSettings,
	type WebhookSettingsInput,
} from './webhookTypes';
import { checkEvent, checkUrl, defaults, mergeSettings } from './webhookSettings';

/** What a contract looked like the last time: what its next change is compared with. */
interface Snapshot {
	status: string;
	signed: Set<string>;
	milestones: Map<string, boolean>;
}

const MAX_RECORDS = 1000;

/** The contract id of the test delivery: an id no contract has. */
const TEST_CONTRACT_ID = '000000000000000000000000';

export class Webhooks implements WebhookControl {
	private current: WebhookSettings;
	private readonly snapshots = new Map<string, Snapshot>();
	private records: DeliveryRecord[] = [];
	private queue: Array<() => Promise<void>> = [];
	private pumping: Promise<void> | undefined;
	private readonly timers = new Set<NodeJS.Timeout>();
	private waiting = 0;
	private sequence = 0;
	private closed = false;

	constructor(
		private readonly core: Core,
		private readonly initialSecret: string,
	) {
		this.current = defaults(initialSecret);
	}

	// ----- state changes (core.observer) --------------------------------------------------------

	private subscribed(): boolean {
		return Object.keys(this.current.urls).length > 0;
	}

	private snapshot(c: ContractState): Snapshot {
		return {
			status: c.status,
			signed: new Set(c.participants.filter((p) => p.status === 'SIGNED').map((p) => p._id)),
			milestones: new Map(this.core.milestones(c).map((m) => [m._id, m.completed])),
		};
	}

	/** A contract is looked up: remember how it is, unless already known (only while something is subscribed). */
	seen(c: ContractState): void {
		if (this.subscribed() && !this.snapshots.has(c._id))
			this.snapshots.set(c._id, this.snapshot(c));
	}

	/** A contract changed: the events between its last snapshot and now, in the order they happened. */
	changed(c: ContractState): void {
		if (!this.subscribed()) return;
		const before = this.snapshots.get(c._id);
		const now = this.snapshot(c);
		this.snapshots.set(c._id, now);
		if (!before) return;
		const events: Array<[WebhookEvent, Record<string, unknown>]> = [];
		for (const p of c.participants) {
			if (now.signed.has(p._id) && !before.signed.has(p._id))
				events.push(['signed', { signedAt: p.signedAt ?? this.core.nowIso() }]);
		}
		const entered = (statuses: readonly string[]) =>
			statuses.includes(now.status) && !statuses.includes(before.status);
		if (entered(SIGNED_ALL))
			events.push(['signed-all', { signedAt: c.signedAt || this.core.nowIso() }]);
		if (entered(['FINALIZED']))
			events.push(['document-finalized', { finalizedAt: c.finalizedAt ?? this.core.nowIso() }]);
		// TRATO's catalogue: "contract deleted" (api-notes W7); cancelling too only in the earlier reading (variant)
		if (entered(['CANCELED']) && this.core.variants.has('webhook-removed-on-cancel'))
			events.push(['document-removed', { deletedAt: c.canceledAt ?? this.core.nowIso() }]);
		for (const [id, completed] of now.milestones) {
			if (completed && before.milestones.get(id) === false)
				events.push(['milestone-completed', { milestoneId: id }]);
		}
		const all = (m: Map<string, boolean>) => m.size > 0 && [...m.values()].every(Boolean);
		if (all(now.milestones) && !all(before.milestones))
			events.push(['all-milestones-completed', {}]);
		for (const [event, extra] of events) this.enqueue(c, event, extra);
	}

	/** A contract is about to be deleted (as in TRATO's web app): `document-removed`, when its time. */
	removed(c: ContractState): void {
		if (!this.subscribed()) return;
		this.snapshots.delete(c._id);
		this.enqueue(c, 'document-removed', { deletedAt: this.core.nowIso() });
	}

	private payload(c: ContractState, event: string, extra: Record<string, unknown>) {
		return {
			[this.current.contractIdField]: c._id,
			name: c.name,
			...(this.core.variants.has('webhook-event-field') ? { event } : {}),
			externalId: c.externalId ?? '',
			...extra,
		};
	}

	/** The body as the active variants send it: JSON, or form fields (webhook-form). */
	private encode(payload: Record<string, unknown>): { body: string; contentType: string } {
		if (!this.core.variants.has('webhook-form'))
			return { body: JSON.stringify(payload), contentType: 'application/json' };
		const fields = Object.entries(payload).map(([key, value]): [string, string] => [
			key,
			String(value ?? ''),
		]);
		return {
			body: new URLSearchParams(fields).toString(),
			contentType: 'application/x-www-form-urlencoded',
		};
	}

	private record(entry: Omit<DeliveryRecord, 'id' | 'attempts' | 'state'>): DeliveryRecord {
		const record: DeliveryRecord = {
			id: `d${++this.sequence}`,
			state: 'pending',
			attempts: [],
			...entry,
		};
		this.records.push(record);
		if (this.records.length > MAX_RECORDS)
			this.records.splice(0, this.records.length - MAX_RECORDS);
		return record;
	}

	private enqueue(c: ContractState, event: WebhookEvent, extra: Record<string, unknown>): void {
		const url = this.current.urls[event];
		if (!url || this.closed) return;
		const record = this.record({
			event,
			contractId: c._id,
			url,
			payload: this.payload(c, event, extra),
		});
		const secret = this.current.secret;
		// First attempts go out one at a time, in the order the events happened; retries wait on their own.
		this.queue.push(async () => await this.attempt(record, secret));
		this.pumping ??= this.pump();
	}

	private async pump(): Promise<void> {
		while (this.queue.length) await this.queue.shift()!();
		this.pumping = undefined;
	}

	private async attempt(record: DeliveryRecord, secret: string): Promise<void> {
		const { body, contentType } = this.encode(record.payload as Record<string, unknown>);
		const result = await this.post(record.url, body, contentType, secret);
		record.attempts.push(result.attempt);
		const ok =
			result.attempt.status !== null && result.attempt.status >= 200 && result.attempt.status < 300;
		if (ok) {
			record.state = 'delivered';
			return;
		}
		if (record.attempts.length >= this.current.maxAttempts || this.closed) {
			record.state = 'failed';
			return;
		}
		const delays = this.current.retryDelaysMs;
		const wait = delays[Math.min(record.attempts.length - 1, delays.length - 1)] ?? 0;
		this.waiting++;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			void this.attempt(record, secret).finally(() => this.waiting--);
		}, wait);
		this.timers.add(timer);
	}

	private async post(
		url: string,
		body: string,
		contentType: string,
		secret: string | null,
	): Promise<{ attempt: DeliveryAttempt; text: string }> {
		const at = new Date().toISOString();
		const started = Date.now();
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: {
					'content-type': contentType,
					'user-agent': 'TRATO-Webhooks (n8n-nodes-trato sandbox)',
					...(secret === null ? {} : { 'x-trato-secret': secret }),
				},
				body,
				signal: AbortSignal.timeout(this.current.timeoutMs),
			});
			const text = await response.text();
			return {
				attempt: {
					at,
					status: response.status,
					ms: Date.now() - started,
					answer: text.slice(0, 300),
				},
				text,
			};
		} catch (error) {
			const cause = (error as { cause?: { code?: string } }).cause?.code;
			return {
				attempt: {
					at,
					status: null,
					ms: Date.now() - started,
					error: cause ?? (error as Error).name ?? 'error',
				},
				text: '',
			};
		}
	}

	// ----- control ------------------------------------------------------------------------------

	settings(): WebhookSettings {
		return structuredClone(this.current);
	}

	configure(input: WebhookSettingsInput): WebhookSettings {
		const next = mergeSettings(this.current, input);
		this.current = next;
		if (!this.subscribed()) this.snapshots.clear();
		return this.settings();
	}

	unsubscribe(): WebhookSettings {
		return this.configure({
			urls: Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, null])),
		});
	}

	deliveries(): DeliveryRecord[] {
		return structuredClone(this.records);
	}

	clearDeliveries(): void {
		this.records = [];
	}

	async forge(input: ForgeInput): Promise<ForgeResult> {
		if (!isPlainObject(input as unknown)) throw badRequest('The forged delivery must be an object');
		const event = input.event ?? 'signed';
		const url = this.urlFor(input.url, event);
		let sent: { body: string; contentType: string };
		let payload: unknown;
		if (input.body !== undefined) {
			if (typeof input.body !== 'string') throw badRequest('body must be a string (sent as is)');
			sent = { body: input.body, contentType: input.contentType ?? 'application/json' };
			payload = input.body;
		} else {
			if (input.payload !== undefined) payload = input.payload;
			else if (input.contractId !== undefined) {
				const c = this.core.contract(String(input.contractId));
				payload = this.payload(c, event, this.extra(event, this.core.milestones(c)[0]?._id));
			} else throw badRequest('Give payload, body or contractId');
			const form = input.contentType === 'application/x-www-form-urlencoded';
			// a payload built here goes out as the variants send deliveries; one given, as JSON unless told
			sent =
				form || (input.payload === undefined && input.contentType === undefined)
					? this.encode(payload as Record<string, unknown>)
					: { body: JSON.stringify(payload), contentType: input.contentType ?? 'application/json' };
			if (form) sent.contentType = input.contentType!;
		}
		return await this.sendOnce({ event, url, payload, forged: true }, sent, input.secret);
	}

	/**
	 * The profile's test button (trato-notes "What TRATO answers", H-): one delivery to the URL of `event` with
	 * `externalId` "TEST ID" and a contract id that names no contract, sent once.
	 */
	async sendTest(input: TestDeliveryInput = {}): Promise<ForgeResult> {
		if (!isPlainObject(input as unknown)) throw badRequest('The test delivery must be an object');
		const event = checkEvent(input.event ?? 'signed');
		const url = this.urlFor(input.url, event);
		const payload = {
			[this.current.contractIdField]: TEST_CONTRACT_ID,
			name: 'Test',
			...(this.core.variants.has('webhook-event-field') ? { event } : {}),
			externalId: 'TEST ID',
			...this.extra(event, 'test-milestone'),
		};
		return await this.sendOnce(
			{ event, url, payload, test: true },
			this.encode(payload),
			input.secret,
		);
	}

	private urlFor(url: string | undefined, event: string): string {
		const found = url !== undefined ? checkUrl(url, 'url') : this.current.urls[checkEvent(event)];
		if (!found) throw badRequest(`No URL is subscribed for "${event}"; give url`);
		return found;
	}

	/** The event's own field: its time, or the milestone. */
	private extra(event: string, milestoneId: string | undefined): Record<string, unknown> {
		const time = this.core.nowIso();
		const fields: Record<string, Record<string, unknown>> = {
			signed: { signedAt: time },
			'signed-all': { signedAt: time },
			'document-finalized': { finalizedAt: time },
			'document-removed': { deletedAt: time },
			'milestone-completed': { milestoneId },
		};
		return fields[event] ?? {};
	}

	/** One attempt, recorded, never retried; answers what the receiver answered. */
	private async sendOnce(
		entry: Omit<DeliveryRecord, 'id' | 'attempts' | 'state'>,
		sent: { body: string; contentType: string },
		secretInput: string | null | undefined,
	): Promise<ForgeResult> {
		if (secretInput !== undefined && secretInput !== null && typeof secretInput !== 'string')
			throw badRequest('secret must be a string or null');
		const secret = secretInput === undefined ? this.current.secret : secretInput;
		const record = this.record(entry);
		const { attempt, text } = await this.post(entry.url, sent.body, sent.contentType, secret);
		record.attempts.push(attempt);
		record.state =
			attempt.status !== null && attempt.status >= 200 && attempt.status < 300
				? 'delivered'
				: 'failed';
		return {
			status: attempt.status,
			body: text.slice(0, 2000),
			ms: attempt.ms,
			error: attempt.error,
		};
	}

	async idle(): Promise<void> {
		while (this.pumping || this.waiting > 0) {
			await (this.pumping ?? new Promise((r) => setTimeout(r, 20)));
		}
	}

	/** Back to the start: no URL, the initial secret and retry settings, no record. */
	reset(): void {
		this.current = defaults(this.initialSecret);
		this.snapshots.clear();
		this.records = [];
	}

	/** Stops retrying (the sandbox closes). */
	close(): void {
		this.closed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.waiting = 0;
		this.queue = [];
	}
}
