import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { WEBHOOK_EVENTS } from './events';

const properties: INodeProperties[] = [
	{
		displayName:
			'In your TRATO profile, paste the Production URL shown above into the webhook field of each event you choose below (TRATO takes one URL per event; this one URL serves them all), then activate (publish) this workflow. The Test URL works only while the editor listens for a test event.',
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			'Deliveries are verified only when the TRATO credential has a Webhook Secret (the one your TRATO profile shows). Without it, deliveries are not verified: anyone who knows this URL can start the workflow, and each item says "verified": false.',
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
		// Every event (a test keeps this list equal to WEBHOOK_EVENTS).
		default: [
			'all-milestones-completed',
			'document-finalized',
			'document-removed',
			'milestone-completed',
			'signed',
			'signed-all',
		],
		description:
			'The events that start the workflow. Other deliveries are answered 200 and start nothing.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Contract Status',
				name: 'includeStatus',
				type: 'boolean',
				default: false,
				description:
					"Whether to read the contract's current status from TRATO (one API request per delivery, made after TRATO has been answered) and add it as status, statusLabel and contractStatus",
			},
		],
	},
];

/**
 * The node's description for its version, apart from the identity fields n8n's community lint wants in the node
 * class itself. No webhookMethods: TRATO has no API to register a webhook (the user pastes the URL into their
 * profile), so there is nothing to create, check or delete on activation (api-notes W1).
 */
export const versionDescription = {
	version: 1,
	description:
		'Starts the workflow the moment TRATO sends a webhook (signed, finalized, removed, milestones). Paste its URL into your TRATO profile.',
	defaults: { name: 'TRATO Instant Trigger' },
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'tratoApi', required: true }],
	webhooks: [
		{
			name: 'default',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			// An accepted delivery gets 200 with an empty body (without this, n8n answers the text "firstEntryJson")
			responseData: 'noData',
			path: 'webhook',
		},
	],
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
