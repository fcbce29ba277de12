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
// TRATO's webhooks, as its profile has them (trato-notes "Webhooks"): one URL per event, one account secret sent
// in X-Trato-Secret, a JSON POST for every state change that causes one of the six events, retried on a non-2xx
// answer (how often is a setting here: TRATO's own policy is not public), and forged deliveries for tests.
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
		// Cancelling (DELETE /api/contract/cancel) is the API's only removal (api-notes W7).
		if (entered(['CANCELED']))
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

	private payload(c: ContractState, event: string, extra: Record<string, unknown>) {
		return {
			[this.current.contractIdField]: c._id,
			name: c.name,
			event,
			externalId: c.externalId ?? '',
			...extra,
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
		const result = await this.post(
			record.url,
			JSON.stringify(record.payload),
			'application/json',
			secret,
		);
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
		const url =
			input.url !== undefined ? checkUrl(input.url, 'url') : this.current.urls[checkEvent(event)];
		if (!url) throw badRequest(`No URL is subscribed for "${event}"; give url`);
		let body: string;
		let payload: unknown;
		if (input.body !== undefined) {
			if (typeof input.body !== 'string') throw badRequest('body must be a string (sent as is)');
			body = input.body;
			payload = input.body;
		} else {
			if (input.payload !== undefined) payload = input.payload;
			else if (input.contractId !== undefined) {
				const c = this.core.contract(String(input.contractId));
				const time = this.core.nowIso();
				const extra: Record<string, Record<string, unknown>> = {
					signed: { signedAt: time },
					'signed-all': { signedAt: time },
					'document-finalized': { finalizedAt: time },
					'document-removed': { deletedAt: time },
					'milestone-completed': { milestoneId: this.core.milestones(c)[0]?._id },
				};
				payload = this.payload(c, event, extra[event] ?? {});
			} else throw badRequest('Give payload, body or contractId');
			body = JSON.stringify(payload);
		}
		if (input.secret !== undefined && input.secret !== null && typeof input.secret !== 'string')
			throw badRequest('secret must be a string or null');
		const secret = input.secret === undefined ? this.current.secret : input.secret;
		const record = this.record({ event, url, payload, forged: true });
		const { attempt, text } = await this.post(
			url,
			body,
			input.contentType ?? 'application/json',
			secret,
		);
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
