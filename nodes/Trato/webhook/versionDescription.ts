import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { maxFileSizeOption } from '../descriptions/common';
import { triggerFileFieldOptions } from '../descriptions/signedFiles';
import { templateFilter } from '../descriptions/listFilters';
import { EVENT_VALUES, WEBHOOK_EVENTS } from './events';

/** The events after which the signed documents exist, by their panel names: "Contract Finalized and Signed by …". */
const documentEvents = WEBHOOK_EVENTS.filter((e) => e.signedDocuments)
	.map((e) => e.name)
	.join(' and ');

const properties: INodeProperties[] = [
	{
		displayName:
			"In your TRATO profile, paste the Production URL shown above into the webhook field of each event you choose below, with that event at its end, e.g. …/webhook?event=signed-all (TRATO takes one URL per event, and its deliveries may not name the event: without it, only Signed by All Participants and Contract Finalized can be told, from the contract's status), then activate (publish) this workflow. The Test URL works only while the editor listens for a test event.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			'Deliveries are verified only when the TRATO credential has a Webhook Secret (the one your TRATO profile shows). Without it, deliveries are not verified: anyone who knows this URL can start the workflow, and make the trigger read the contract they name from TRATO with this credential when an option or filter reads (status, signed documents); each item says "verified": false.',
		name: 'verificationNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: WEBHOOK_EVENTS.map(({ name, value, description }) => ({ name, value, description })),
		// Every event. n8n stores no parameter left at its default: a new event in the table joins this default, so
		// saved workflows that kept "every event" get it too (docs/architecture.md → How to add a webhook event).
		default: [...EVENT_VALUES],
		description:
			"The events that start the workflow: the \"event\" of the delivery when it is one of TRATO's, else the ?event= of the URL it was sent to. A delivery that names neither starts Signed by All Participants or Contract Finalized, once per contract, when the contract's status shows it. Other deliveries are answered 200 and start nothing; those whose event cannot be told with a warning in n8n's log.",
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			'Start only for the contracts that match (all filters set). Other deliveries are answered 200 and start nothing.',
		options: [
			{
				displayName: 'External ID',
				name: 'externalId',
				type: 'string',
				default: '',
				description:
					"Only contracts whose external ID is exactly this (read from the delivery, or from the contract's status when the delivery has none)",
			},
			{
				displayName: 'External ID Starts With',
				name: 'externalIdPrefix',
				type: 'string',
				default: '',
				placeholder: 'e.g. CRM-',
				description: 'Only contracts whose external ID starts with this text',
			},
			{
				displayName: 'Participant Email',
				name: 'emailParticipant',
				type: 'string',
				placeholder: 'e.g. name@example.com',
				default: '',
				description:
					"Only contracts with a participant who has this email address. Checked with two API requests per delivery (the contract's status, then the contract list), after TRATO has been answered.",
			},
			{
				...templateFilter,
				description:
					"Only contracts created from this template. Checked with two API requests per delivery (the contract's status, then the contract list), after TRATO has been answered.",
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Download Signed PDF',
				name: 'downloadSignedPdf',
				type: 'boolean',
				default: false,
				description: `Whether to attach the signed PDF, and the NOM-151 certificate when the contract has one, as binary data to ${documentEvents} events (read after TRATO has been answered). It also adds the signed documents record as documents.`,
			},
			{
				displayName: 'Ignore Repeated Deliveries',
				name: 'ignoreRepeats',
				type: 'boolean',
				default: false,
				description:
					'Whether a delivery whose eventId was accepted before (TRATO sending it again) starts nothing. The last 1,000 eventIds are remembered in the workflow, across restarts; not while the editor listens for a test event.',
			},
			{
				displayName: 'Include Contract Status',
				name: 'includeStatus',
				type: 'boolean',
				default: false,
				description:
					"Whether to read the contract's current status from TRATO (one API request per delivery, made after TRATO has been answered) and add it as status, statusLabel and contractStatus",
			},
			{
				...maxFileSizeOption,
				description:
					'Largest file the trigger downloads, in megabytes (used with Download Signed PDF only). A larger one is not downloaded: the workflow still starts, with the reason in documentsError.',
			},
			...triggerFileFieldOptions,
			{
				displayName: 'Resume Waiting Workflows',
				name: 'resumeWaiting',
				type: 'boolean',
				default: false,
				description:
					"Whether to resume the runs of this n8n that wait at Contract → Wait for Signatures: for every delivery (whatever its event and the filters, not on the Test URL) the contract's status is read from TRATO after answering, and when it is final (signed by everyone, cancelled, rejected, expired) the resume URL the run stored on the contract is called, then removed; waitingRuns is added to the item. TRATO sends no event for a cancellation, a rejection or an expiry: add a TRATO Polling Trigger for those.",
			},
			{
				displayName: 'Start on Deliveries Without Event',
				name: 'startWithoutEvent',
				type: 'boolean',
				default: false,
				description:
					'Whether a delivery that names no event (no "event" field and no ?event= in its URL) starts the workflow, with event "unspecified", instead of starting only the events its contract\'s status shows; turn on Include Contract Status to see what state the contract is in',
			},
			{
				displayName: 'Start on Test Deliveries',
				name: 'startOnTestDelivery',
				type: 'boolean',
				default: false,
				description:
					'Whether TRATO\'s test delivery (the test button of your profile, external ID "TEST ID") starts the active workflow, marked testDelivery: true, when its event is chosen and it passes the filters and Ignore Repeated Deliveries (it names no real contract: nothing is read for it, and a Template or Participant Email filter drops it). It always starts while the editor listens for a test event.',
			},
		],
	},
];

/**
 * The node's subtitle: "Instant: every event" when every event of the table is chosen, else the chosen events'
 * display names (an unknown value as it is).
 */
export const webhookSubtitle = `={{ "Instant: " + ($parameter["events"].length === ${WEBHOOK_EVENTS.length} ? "every event" : $parameter["events"].map((e) => (${JSON.stringify(
	Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e.value, e.name])),
)})[e] || e).join(", ")) }}`;

/**
 * The node's description for its version, apart from the identity fields n8n's community lint wants in the node
 * class itself and its `webhooks` (in the class, where n8n's lint sees them and the exception is stated).
 */
export const versionDescription = {
	version: 1,
	description:
		'Starts the workflow the moment TRATO sends a webhook (signed, finalized, removed, milestones). Paste its URL into your TRATO profile.',
	defaults: { name: 'TRATO Instant Webhook Trigger' },
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'tratoApi', required: true }],
	triggerPanel: {
		header: '',
		executionsHelp: {
			inactive:
				'<b>While building your workflow</b>, click "Listen for test event" and let TRATO send to the Test URL (in the sandbox: sign a contract). <br /><br /><b>To run it automatically</b>, paste the Production URL into your TRATO profile for the chosen events and activate (publish) the workflow; every delivery then starts an execution.',
			active:
				'<b>While building your workflow</b>, click "Listen for test event" and let TRATO send to the Test URL. <br /><br /><b>Your workflow is active</b>: every delivery TRATO sends to the Production URL starts an execution, listed under Executions.',
		},
		activationHint:
			"Once you've finished building your workflow, paste the Production URL into your TRATO profile and activate (publish) the workflow.",
	},
	properties,
} satisfies Partial<INodeTypeDescription>;
