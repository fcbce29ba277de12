import { SIGNED_BY_EVERYONE } from './status';

/**
 * `factId`: one key per fact about a contract, the same in the items of both triggers (api-notes T16), so that a
 * workflow fed by the instant and the polling trigger can drop the second report of one fact (n8n's Remove
 * Duplicates across executions) and never a different fact. The shape is `<contractId>:<fact>`:
 *
 * - the instant trigger's `signed-all` and `document-finalized` are what a status shows (every participant signed;
 *   finalized), so the polling trigger names a status reached after the last of them it shows: `signed-all` for
 *   `RECEIVED_SIGNED`, `SENT_TO_DOWNLOAD` and `SENT_SIGNED` (whichever TRATO shows), `document-finalized` for
 *   `FINALIZED`;
 * - every other status reached is named as it is (`DRAFT` for an empty one), a new contract `CREATED`: facts only
 *   the polling trigger reports;
 * - the instant trigger's other events (one participant signed, a milestone, a removal, a delivery naming no event)
 *   leave no status of their own: their factId is their eventId, a fact only the instant trigger reports;
 * - a delivery not verified by the Webhook Secret gets `unverified:` in front (as its eventId), so a forged one can
 *   never make a workflow drop the polling trigger's report of a real fact.
 */

/**
 * The instant trigger's events a contract's status shows to have happened, in the order they happen, with the
 * statuses that show them (api-notes T16, W8, W12): every participant signed (each status signed by everyone, a
 * finalized contract too), finalized. The other events (`signed` by one participant, milestones, removal) leave no
 * status of their own. A delivery that names no event, on a URL that names none, starts those of them the user chose
 * and the status shows (webhook/resolve.ts).
 */
export const EVENTS_FROM_STATUS: ReadonlyArray<{ event: string; statuses: readonly string[] }> = [
	{ event: 'signed-all', statuses: SIGNED_BY_EVERYONE },
	{ event: 'document-finalized', statuses: ['FINALIZED'] },
];

/**
 * Whether the instant trigger's event is one a status shows (`signed-all`, `document-finalized`): the contract is
 * final then (signed by everyone, or finalized).
 */
export function isStatusEvent(event: string): boolean {
	return EVENTS_FROM_STATUS.some((row) => row.event === event);
}

/** The fact of a new contract (the polling trigger's `created` event). */
export const CREATED_FACT = 'CREATED';

/**
 * What a contract reached by entering a status: the last event the status shows (`signed-all`, or
 * `document-finalized` for `FINALIZED`), or the status itself.
 */
export function factOfStatus(status: string): string {
	const shown = EVENTS_FROM_STATUS.filter((row) => row.statuses.includes(status)).pop();
	if (shown) return shown.event;
	return status === '' ? 'DRAFT' : status;
}

/** The polling trigger's factId: the contract and the fact of its new status, or of its creation. */
export function pollFactId(contractId: string, status: string, created: boolean): string {
	return `${contractId}:${created ? CREATED_FACT : factOfStatus(status)}`;
}

/** What the instant trigger's factId is read from: the delivery as the item shows it. */
export interface DeliveryFact {
	contractId: string | null;
	event: string;
	eventId: string;
	testDelivery: boolean;
}

/**
 * The instant trigger's factId: `<contractId>:<event>` for an event a status shows (`unverified:` in front when
 * the delivery was not verified), else the delivery's own eventId. TRATO's test delivery names no real contract:
 * its eventId.
 */
export function deliveryFactId(delivery: DeliveryFact, verified: boolean): string {
	const { contractId, event } = delivery;
	if (contractId === null || delivery.testDelivery) return delivery.eventId;
	if (!isStatusEvent(event)) return delivery.eventId;
	return `${verified ? '' : 'unverified:'}${contractId}:${event}`;
}
