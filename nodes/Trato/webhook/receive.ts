import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { statusLabel } from '../helpers/status';
import { request } from '../transport';
import { CREDENTIAL_TYPE } from '../transport/credentials';
import { bodyObject, eventName, readDelivery } from './payload';
import { providedSecret, secretsMatch } from './secret';

/**
 * One delivery, decided before any execution starts (api-notes W1–W6):
 * 1. the secret (when the credential has one): missing or different → 401;
 * 2. the body: not a JSON object, or no contract id or event name → 400;
 * 3. the event: not one of those chosen → 200 (so that TRATO does not send it again), nothing started;
 * 4. accepted: one item, answered 200 with an empty body: by n8n (response mode "On Received"), or, with Include
 *    Contract Status, by the node before it reads the status, so that the answer never waits for the API.
 */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const receivedAt = new Date().toISOString();
	let secret: string;
	try {
		const credentials = await this.getCredentials(CREDENTIAL_TYPE);
		secret = String(credentials.webhookSecret ?? '').trim();
	} catch {
		return answer(
			this,
			500,
			'The trigger cannot read its TRATO credential; choose one in the node.',
		);
	}
	if (secret !== '') {
		const provided = providedSecret(this.getHeaderData());
		if (provided === undefined) return answer(this, 401, 'The X-Trato-Secret header is missing.');
		if (!secretsMatch(secret, provided)) {
			return answer(this, 401, 'The X-Trato-Secret header does not match the Webhook Secret.');
		}
	}

	const body = bodyObject(this.getBodyData(), String(this.getHeaderData()['content-type'] ?? ''));
	if (body === undefined) return answer(this, 400, 'The body is not a JSON object.');
	const delivery = readDelivery(body, receivedAt);
	if (typeof delivery === 'string') return answer(this, 400, delivery);

	// A list as the editor saves it; an expression may give one name or several separated by commas
	const chosen = this.getNodeParameter('events', []) as string[] | string;
	const events = (Array.isArray(chosen) ? chosen : String(chosen).split(',')).map(eventName);
	if (!events.includes(delivery.event)) {
		return answer(
			this,
			200,
			`Event "${delivery.event}" is not chosen in this trigger; no workflow was started.`,
		);
	}

	const json: IDataObject = {
		...delivery,
		receivedAt,
		verified: secret !== '',
		payload: body,
	};
	if (!(this.getNodeParameter('options.includeStatus', false) as boolean)) {
		return { workflowData: [[{ json }]] };
	}
	this.getResponseObject().status(200).end();
	await addStatus(this, json);
	return { noWebhookResponse: true, workflowData: [[{ json }]] };
}

/** Answers the request now, with a JSON message; nothing is started unless workflow data follows. */
function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** The contract's current status (spec 4.3) on the item; a failure is put on the item, the event is kept. */
async function addStatus(ctx: IWebhookFunctions, json: IDataObject): Promise<void> {
	try {
		const record = await request.call(ctx, 'contractStatus', {
			contractId: String(json.contractId),
		});
		json.status = record.status ?? null;
		json.statusLabel = statusLabel(record.status);
		json.contractStatus = record;
	} catch (error) {
		json.statusError = (error as Error).message;
	}
}
