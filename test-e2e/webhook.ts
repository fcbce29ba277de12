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
/**
 * Helpers of the instant trigger's end-to-end test: workflows with the instant trigger, the production URL n8n
 * serves and the sandbox's delivery slots for it (executions are read through test-support/n8n/running.ts).
 */
import { PACKAGE_NAME } from '../test-support/n8n/n8n';
import type { Workflow } from './env';

export const INSTANT_TRIGGER_TYPE = `${PACKAGE_NAME}.tratoWebhookTrigger`;
export const INSTANT_NODE = 'TRATO Instant Trigger';
export const ALL_EVENTS = [
	'signed',
	'signed-all',
	'document-finalized',
	'document-removed',
	'milestone-completed',
	'all-milestones-completed',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A workflow "instant trigger → No Op" listening for the given events (with more parameters when given). */
export function instantWorkflow(
	id: string,
	name: string,
	events: string[],
	webhookId: string,
	credentialId: string,
	more: Record<string, unknown> = {},
): Workflow {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-trigger`,
				name: INSTANT_NODE,
				type: INSTANT_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events, options: {}, ...more },
				credentials: { tratoApi: { id: credentialId, name: 'TRATO account (webhook secret)' } },
			},
			{
				id: `${id}-done`,
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: {
			[INSTANT_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
		},
	};
}

/** The production URL n8n serves for a webhook node (`<base>/webhook/<webhookId>/<path>`). */
export function productionUrl(n8nUrl: string, webhookId: string): string {
	return `${n8nUrl.replace('localhost', '127.0.0.1')}/webhook/${webhookId}/webhook`;
}

/** The URL to enter in an event's slot of the TRATO profile: with `?event=<event>`, as the trigger's panel says. */
export function eventUrl(url: string, event: string): string {
	return `${url}?event=${encodeURIComponent(event)}`;
}

/** The sandbox's `urls` setting: every event's slot with the trigger's URL for that event. */
export function eventUrls(url: string, events = ALL_EVENTS): Record<string, string> {
	return Object.fromEntries(events.map((event) => [event, eventUrl(url, event)]));
}

/** Waits until n8n serves the URL (anything but 404: an empty POST is refused by the node itself). */
export async function waitRegistered(url: string, timeoutMs = 120_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const response = await fetch(url, { method: 'POST' }).catch(() => undefined);
		if (response && response.status !== 404) return;
		if (Date.now() > deadline) throw new Error(`n8n did not register ${url}`);
		await sleep(500);
	}
}
