import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { deliveryFactId, EVENTS_FROM_STATUS } from '../helpers/facts';
import { statusLabel } from '../helpers/status';
import { request } from '../transport';
import { readContract, type KnownReads } from './contractReads';
import { WEBHOOK_EVENTS } from './events';
import type { Delivery } from './payload';
import { isRepeat, keepRemembered } from './repeats';
import { ADD_EVENT_TO_URL, NO_EVENT, start } from './respond';
import type { WebhookSettings } from './settings';
import { countUnresolved } from './unresolved';

/**
 * A delivery that names no event, sent to a URL that names none (api-notes W12): the events the contract's status
 * shows (EVENTS_FROM_STATUS) among those the user chose. A status is a state, not an event, so it is asked only
 * whether each chosen event has happened to the contract; each one that has is started once per contract and event:
 * its eventId comes from the contract (its id, the event, the `signedAt` of its status), not from the delivery, so
 * every delivery that finds the contract in that state (a `signed`, the `signed-all`, a milestone, a resend) gets
 * the same one, and the trigger's memory of accepted eventIds collapses them.
 */

/** The chosen events a status could show; none means the status cannot tell this delivery's event. */
export function eventsAStatusCanShow(chosen: string[]): string[] {
	return EVENTS_FROM_STATUS.map((row) => row.event).filter((event) => chosen.includes(event));
}

/** The panel names of events, for messages: "Signed by All Participants or Contract Finalized". */
export function eventNames(events: string[]): string {
	return events.map((v) => WEBHOOK_EVENTS.find((e) => e.value === v)?.name ?? v).join(' or ');
}

/** The chosen events the status shows, in the order they happen. */
export function eventsShownBy(chosen: string[], status: IDataObject): string[] {
	const value = String(status.status ?? '');
	return EVENTS_FROM_STATUS.filter(
		(row) => chosen.includes(row.event) && row.statuses.includes(value),
	).map((row) => row.event);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function iso(time: string): string {
	const ms = Date.parse(time);
	return Number.isNaN(ms) ? time : new Date(ms).toISOString();
}

/**
 * The delivery as one of the events its contract's status shows, and its item: `eventResolvedFrom`
 * `'contractStatus'`, the status read (as Include Contract Status adds it), `occurredAt` from the status's
 * `signedAt` for signed-all, from the delivery's `finalizedAt` for document-finalized, else the time of receipt.
 */
export function resolvedDelivery(
	delivery: Delivery,
	base: IDataObject,
	event: string,
	status: IDataObject,
): { delivery: Delivery; item: INodeExecutionData } {
	const verified = base.verified === true;
	const signedAt = text(status.signedAt);
	const payload = (base.payload ?? {}) as IDataObject;
	const time = event === 'signed-all' ? signedAt : text(payload.finalizedAt);
	const eventId = `${verified ? '' : 'unverified:'}${String(delivery.contractId)}:${event}:status:${signedAt || '-'}`;
	const resolved: Delivery = {
		...delivery,
		event,
		occurredAt: time === '' ? String(base.receivedAt) : iso(time),
		eventId,
		factId: deliveryFactId({ ...delivery, event, eventId }, verified),
	};
	const item: INodeExecutionData = {
		json: {
			...base,
			...resolved,
			eventResolvedFrom: 'contractStatus',
			status: status.status ?? null,
			statusLabel: statusLabel(status.status),
			contractStatus: status,
		},
	};
	return { delivery: resolved, item };
}

/**
 * Answers TRATO (200, saying what happens next; never what was read: the answer is the same for any contract),
 * then reads the contract's status and starts the chosen events it shows, each once per contract and event (the
 * memory of Ignore Repeated Deliveries, whether that option is on or not; not on the Test URL), through the same
 * filters and reads as any delivery. A status that shows none of them, or that cannot be read: a warning and a
 * count (unresolved.ts), nothing started.
 */
export async function resolveFromStatus(
	ctx: IWebhookFunctions,
	settings: WebhookSettings,
	delivery: Delivery,
	item: INodeExecutionData,
	testUrl: boolean,
): Promise<IWebhookResponseData> {
	const shown = eventsAStatusCanShow(settings.events);
	ctx
		.getResponseObject()
		.status(200)
		.json({
			message: `The delivery ${NO_EVENT}: if its contract's status shows ${shown.join(' or ')}, that starts the workflow, once per contract. To start on every event, ${ADD_EVENT_TO_URL}.`,
		});
	const unresolved = (reason: string): IWebhookResponseData => {
		countUnresolved(ctx, {
			receivedAt: String(item.json.receivedAt),
			contractId: delivery.contractId,
			reason: `it ${NO_EVENT}, and ${reason}`,
		});
		return { noWebhookResponse: true };
	};
	let status: IDataObject;
	try {
		status = await request.call(ctx, 'contractStatus', { contractId: String(delivery.contractId) });
	} catch (error) {
		return unresolved(`its contract's status could not be read: ${(error as Error).message}`);
	}
	const events = eventsShownBy(settings.events, status);
	if (events.length === 0) {
		return unresolved(
			`its contract's status, ${statusLabel(status.status)}, shows none of the chosen events a status can show (${eventNames(shown)})`,
		);
	}
	const items: INodeExecutionData[] = [];
	const known: KnownReads = { status };
	try {
		for (const event of events) {
			const resolved = resolvedDelivery(delivery, item.json, event, status);
			if (!testUrl && isRepeat(ctx, resolved.delivery.eventId)) {
				ctx.logger.debug(`TRATO delivery ${resolved.delivery.eventId} was started before`);
				continue;
			}
			const dropped = await readContract(ctx, settings, resolved.delivery, resolved.item, known);
			if (dropped === undefined) items.push(resolved.item);
			else ctx.logger.debug(`TRATO delivery ${resolved.delivery.eventId} filtered out: ${dropped}`);
		}
	} finally {
		if (!testUrl) keepRemembered(ctx);
	}
	return items.length
		? { noWebhookResponse: true, ...start(ctx, items) }
		: { noWebhookResponse: true };
}
