/**
 * The webhook events TRATO sends (trato-notes "Webhooks"), one row each: the name in the payload's `event` field,
 * the panel's name and description, the payload field that carries the event's own time, and whether the signed
 * documents exist after it. The Events options and default, the subtitle's "every event", the item `occurredAt` and
 * Download Signed PDF all read this table; to add an event, see docs/architecture.md → How to add a webhook event.
 */
export interface WebhookEvent {
	value: string;
	name: string;
	description: string;
	/** The payload field holding when it happened (TRATO's spelling); none for milestone events. */
	timeField?: string;
	/** The signed documents exist after this event: Download Signed PDF fetches them for it. */
	signedDocuments?: true;
}

export const WEBHOOK_EVENTS: WebhookEvent[] = [
	{
		value: 'all-milestones-completed',
		name: 'All Milestones Completed',
		description: "Every milestone of the contract is completed (event 'all-milestones-completed')",
	},
	{
		value: 'document-finalized',
		name: 'Contract Finalized',
		description: "The contract was finalized (event 'document-finalized')",
		timeField: 'finalizedAt',
		signedDocuments: true,
	},
	{
		value: 'document-removed',
		name: 'Contract Removed',
		description: "The contract was deleted (event 'document-removed')",
		timeField: 'deletedAt',
	},
	{
		value: 'milestone-completed',
		name: 'Milestone Completed',
		description: "One milestone of the contract was completed (event 'milestone-completed')",
	},
	{
		value: 'signed',
		name: 'Participant Signed',
		description: "One participant signed; one delivery per participant (event 'signed')",
		timeField: 'signedAt',
	},
	{
		value: 'signed-all',
		name: 'Signed by All Participants',
		description: "The last participant signed (event 'signed-all')",
		timeField: 'signedAt',
		signedDocuments: true,
	},
];

export const EVENT_VALUES = WEBHOOK_EVENTS.map((e) => e.value);

/** Time fields TRATO's events use, tried in this order for an event that names none (an unknown event). */
export const TIME_FIELDS = ['signedAt', 'finalizedAt', 'deletedAt', 'completedAt'];

/**
 * The item `event` of a delivery whose body and URL name no event (api-notes W12): started only when the user
 * asks (Start on Deliveries Without Event), never as one of the table's events.
 */
export const UNSPECIFIED_EVENT = 'unspecified';

/** The external ID of TRATO's test delivery, the profile's test button (trato-notes "What TRATO answers", H-). */
export const TEST_DELIVERY_EXTERNAL_ID = 'TEST ID';

/** The events after which the signed documents exist: Download Signed PDF fetches them for these only. */
export const DOCUMENT_EVENTS = WEBHOOK_EVENTS.filter((e) => e.signedDocuments).map((e) => e.value);
