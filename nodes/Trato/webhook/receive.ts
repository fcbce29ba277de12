import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport/credentials';
import { readContract, needsReads } from './contractReads';
import { UNSPECIFIED_EVENT } from './events';
import { externalIdMismatch } from './filters';
import { bodyObject, readDelivery, type Delivery } from './payload';
import { isRepeat, keepRemembered } from './repeats';
import { resumeWaits } from './resume';
import { providedSecret, secretsMatch } from './secret';
import { readSettings, type WebhookSettings } from './settings';

/**
 * One delivery, decided before any execution starts (api-notes W1–W18):
 * 1. the secret (when the credential has one): missing or different → 401;
 * 2. the body: not a JSON object or form fields, too deep, or no contract id → 400;
 * 3. TRATO's test delivery: started (marked `testDelivery`) only on the Test URL or when asked; else 200;
 * 4. the event (body, else the URL's `?event=`): not chosen → 200 (so that TRATO does not send it again);
 * 5. the external ID filters, then Ignore Repeated Deliveries → 200, nothing started;
 * 6. accepted: one item, answered 200 with an empty body by n8n ("On Received"); or, when something must be read
 *    from TRATO (status, filters that need a read, signed documents), answered by the node first, so that the
 *    answer never waits for the API, and started unless a filter drops it.
 * With Resume Waiting Workflows (production URL), every delivery that passed steps 1–3 is answered by the node first
 * (with the same status and message), then the runs waiting for its contract are resumed when TRATO says it is
 * final, then steps 4–6 decide whether the workflow starts.
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
	if (body === undefined) return answer(this, 400, 'The body is not a JSON object or form fields.');
	const delivery = readDelivery(body, {
		receivedAt,
		urlEvent: (this.getQueryData() as IDataObject).event,
		verified: secret !== '',
	});
	if (typeof delivery === 'string') return answer(this, 400, delivery);
	const settings = readSettings(this);
	if (typeof settings === 'string') return answer(this, 500, settings);

	const item: INodeExecutionData = {
		json: { ...delivery, receivedAt, verified: secret !== '', payload: body } as IDataObject,
	};
	// The Test URL (the editor listening for a test event) runs in n8n's 'manual' mode
	const testUrl = this.getMode() === 'manual';
	if (delivery.testDelivery) {
		if (testUrl || settings.startOnTestDelivery) return { workflowData: [[item]] };
		return answer(
			this,
			200,
			`TRATO's test delivery (external ID "TEST ID") was received; it names no real contract, so no workflow was started. Turn on the option Start on Test Deliveries to start one.`,
		);
	}
	const refusal = notStarted(settings, delivery);
	// Resume Waiting Workflows acts on every delivery of the production URL, whatever starts
	const resumes = settings.resumeWaiting && !testUrl;
	if (refusal && !resumes) return answer(this, 200, `${refusal}; no workflow was started.`);
	const remembers = settings.ignoreRepeats && !testUrl;
	const repeated =
		refusal === undefined && remembers && isRepeat(this, delivery.eventId)
			? `Delivery ${delivery.eventId} was received before (Ignore Repeated Deliveries); no workflow was started.`
			: undefined;
	if (repeated && !resumes) return answer(this, 200, repeated);
	const reads = needsReads(settings, delivery);
	if (!reads && !resumes) return { workflowData: [[item]] };

	// TRATO is answered now; what needs TRATO (resume calls, status, filters, documents) comes after
	const skipped = refusal ? `${refusal}; no workflow was started.` : repeated;
	if (skipped) this.getResponseObject().status(200).json({ message: skipped });
	else this.getResponseObject().status(200).end();
	try {
		if (resumes) await resumeWaits(this, delivery, item);
		if (skipped) return { noWebhookResponse: true };
		if (!reads) return { noWebhookResponse: true, workflowData: [[item]] };
		const dropped = await readContract(this, settings, delivery, item);
		if (dropped === undefined) return { noWebhookResponse: true, workflowData: [[item]] };
		this.logger.debug(`TRATO delivery ${delivery.eventId} filtered out: ${dropped}`);
		return { noWebhookResponse: true };
	} finally {
		if (remembers) keepRemembered(this);
	}
}

/** Why a delivery starts nothing, from what it carries (its event, its external ID); undefined when it may start. */
function notStarted(settings: WebhookSettings, delivery: Delivery): string | undefined {
	if (delivery.event === UNSPECIFIED_EVENT) {
		if (!settings.startWithoutEvent)
			return 'The delivery names no event (no "event" field, and no ?event= in the URL it was sent to; add ?event=<event> to the URL in each event\'s slot of your TRATO profile, or turn on Start on Deliveries Without Event)';
	} else if (!settings.events.includes(delivery.event)) {
		return `Event "${delivery.event}" is not chosen in this trigger`;
	}
	if (delivery.externalId !== null) {
		const mismatch = externalIdMismatch(settings.filters, delivery.externalId);
		if (mismatch) return `The delivery is filtered out: ${mismatch}`;
	}
	return undefined;
}

/** Answers the request now, with a JSON message; nothing is started unless workflow data follows. */
function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}
