import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { unresolvedSinceLastItem } from './unresolved';

/** How the answers say that a delivery names no event (api-notes W12). */
export const NO_EVENT = 'names no event (none in its body, no ?event= in its URL)';

/** What the answers tell a user whose deliveries name no event (kept short: a TRATO log may cut long answers). */
export const ADD_EVENT_TO_URL = "add ?event=<event> to each event's URL in your TRATO profile";

/** Answers the request now, with a JSON message; nothing is started unless workflow data follows. */
export function answer(
	ctx: IWebhookFunctions,
	status: number,
	message: string,
): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/**
 * The items that start the workflow; the first one carries the deliveries that started nothing because their event
 * could not be told, since the previous item reported them (`unresolvedDeliveries`, unresolved.ts).
 */
export function start(ctx: IWebhookFunctions, items: INodeExecutionData[]): IWebhookResponseData {
	const unresolved = unresolvedSinceLastItem(ctx);
	if (unresolved) items[0].json.unresolvedDeliveries = unresolved;
	return { workflowData: [items] };
}
