import { createHash } from 'node:crypto';

import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/**
 * Ignore Repeated Deliveries (api-notes W17): the eventIds of recent accepted deliveries, kept in the node's static
 * data as 16-hex-character SHA-256 prefixes, oldest first, at most MAX_REMEMBERED (about 19 bytes each in the
 * stored JSON: 19 kB when full).
 *
 * n8n (1.123 and 2.41 alike, LiveWebhooks.executeWebhook) loads the static data from the database for every
 * delivery and saves it, whole, once webhook() has returned — also when no execution starts. Two deliveries handled
 * at the same time each save their own copy, so the later save would forget the other's id: this process therefore
 * also keeps what it remembered (per workflow and node), and every save writes the union.
 */
export const MAX_REMEMBERED = 1000;

/** Workflows × trigger nodes whose memory this process keeps a copy of (the oldest copy is dropped first). */
const MAX_SCOPES = 200;

const memory = new Map<string, string[]>();

function fingerprint(eventId: string): string {
	return createHash('sha256').update(eventId, 'utf8').digest('hex').slice(0, 16);
}

function scope(ctx: IWebhookFunctions): string {
	return `${String(ctx.getWorkflow().id)}\n${ctx.getNode().name}`;
}

function saved(data: IDataObject): string[] {
	const list = data.seen;
	return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** `first`, then what `second` adds, the newest MAX_REMEMBERED kept. */
function union(first: string[], second: string[]): string[] {
	const known = new Set(first);
	return [...first, ...second.filter((x) => !known.has(x))].slice(-MAX_REMEMBERED);
}

/**
 * Whether this delivery was accepted before; if not, it is remembered from now on (in the static data n8n saves
 * and in this process's copy).
 */
export function isRepeat(ctx: IWebhookFunctions, eventId: string): boolean {
	const data = ctx.getWorkflowStaticData('node');
	const key = fingerprint(eventId);
	const local = memory.get(scope(ctx)) ?? [];
	const stored = saved(data);
	if (stored.includes(key) || local.includes(key)) return true;
	const next = union(local, [key]);
	memory.delete(scope(ctx));
	memory.set(scope(ctx), next);
	if (memory.size > MAX_SCOPES) memory.delete(memory.keys().next().value as string);
	data.seen = union(stored, next);
	return false;
}

/**
 * Just before webhook() returns (and n8n saves the static data): adds what this process remembered meanwhile,
 * e.g. a delivery accepted while this one was reading from TRATO.
 */
export function keepRemembered(ctx: IWebhookFunctions): void {
	const data = ctx.getWorkflowStaticData('node');
	data.seen = union(saved(data), memory.get(scope(ctx)) ?? []);
}
