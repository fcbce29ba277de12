import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport';
import { readContract, needsReads } from './contractReads';
import { UNSPECIFIED_EVENT } from './events';
import { externalIdMismatch, filtersNeedRead } from './filters';
import { bodyObject, isCatalogueEvent, readDelivery, type Delivery } from './payload';
import { isRepeat, keepRemembered } from './repeats';
import { eventsAStatusCanShow, resolveFromStatus } from './resolve';
import { ADD_EVENT_TO_URL, NO_EVENT, answer, start } from './respond';
import { resumeWaits } from './resume';
import { secretsMatch } from '../helpers/secrets';
import { providedSecret } from './secret';
import { readSettings, type WebhookSettings } from './settings';
import { countUnresolved, keepTally } from './unresolved';

/**
 * One delivery, judged in this order before any execution starts (api-notes W1–W19):
 * 1. the secret (when the credential has one): missing or different → 401;
 * 2. the body: not a JSON object or form fields, too deep, or no contract id → 400 (settings that cannot work → 500);
 * 3. TRATO's test delivery: started (marked `testDelivery`) on the Test URL; on the production URL only with Start
 *    on Test Deliveries, and then through the checks below, as a delivery of no real contract (nothing read);
 * 4. the event (a catalogue event of the body, else of the URL's `?event=`), the external ID filters, then Ignore
 *    Repeated Deliveries: not chosen, filtered out or a repeat → 200, nothing started (so that TRATO does not send
 *    it again); an unknown event, or none where no chosen event can be told from a status → 200, a warning and a
 *    count (unresolved.ts); none, where one can → answered 200, then the contract's status tells which chosen events
 *    start, once per contract and event, through the reads of step 6 (resolve.ts), and then step 5;
 * 5. Resume Waiting Workflows (production URL, a real contract), for a delivery that passed steps 1–3 whether it
 *    starts or not: answered by the node first (the status and message it would have had), then the runs waiting
 *    for its contract resumed when TRATO says it is final (resume.ts);
 * 6. what must be read from TRATO (status, filters that need a read, signed documents): answered by the node first,
 *    so that the answer never waits for the API; a filter may drop the delivery;
 * 7. the item starts: answered 200 with an empty body, by n8n ("On Received") when nothing was answered before.
 */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return await readRequest(this);
	} finally {
		keepTally(this);
	}
}

/** The credential's Webhook Secret ('' for none); undefined when the credential cannot be read. */
async function webhookSecret(ctx: IWebhookFunctions): Promise<string | undefined> {
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		return String(credentials.webhookSecret ?? '').trim();
	} catch {
		return undefined;
	}
}

/** Steps 1 and 2: a request refused (401, 400, 500), or the delivery it carries judged (steps 3–7). */
async function readRequest(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const receivedAt = new Date().toISOString();

	// 1. the secret
	const secret = await webhookSecret(ctx);
	if (secret === undefined) {
		return answer(
			ctx,
			500,
			'The trigger cannot read its TRATO credential; choose one in the node.',
		);
	}
	if (secret !== '') {
		const provided = providedSecret(ctx.getHeaderData());
		if (provided === undefined) return answer(ctx, 401, 'The X-Trato-Secret header is missing.');
		if (!secretsMatch(secret, provided)) {
			return answer(ctx, 401, 'The X-Trato-Secret header does not match the Webhook Secret.');
		}
	}

	// 2. the body, and settings that can work
	const body = bodyObject(ctx.getBodyData(), String(ctx.getHeaderData()['content-type'] ?? ''));
	if (body === undefined) return answer(ctx, 400, 'The body is not a JSON object or form fields.');
	const delivery = readDelivery(body, {
		receivedAt,
		urlEvent: (ctx.getQueryData() as IDataObject).event,
		verified: secret !== '',
	});
	if (typeof delivery === 'string') return answer(ctx, 400, delivery);
	const settings = readSettings(ctx);
	if (typeof settings === 'string') return answer(ctx, 500, settings);
	const item: INodeExecutionData = {
		json: { ...delivery, receivedAt, verified: secret !== '', payload: body } as IDataObject,
	};
	return judge(ctx, settings, delivery, item);
}

/** Steps 3–7: a delivery read from a request TRATO may send (answered 200 whatever becomes of it). */
async function judge(
	ctx: IWebhookFunctions,
	settings: WebhookSettings,
	delivery: Delivery,
	item: INodeExecutionData,
): Promise<IWebhookResponseData> {
	// 3. TRATO's test delivery; the Test URL (the editor listening for a test event) runs in n8n's 'manual' mode
	const testUrl = ctx.getMode() === 'manual';
	if (delivery.testDelivery) {
		if (testUrl) return start(ctx, [item]);
		if (!settings.startOnTestDelivery) {
			return answer(
				ctx,
				200,
				`TRATO's test delivery (external ID "TEST ID") was received; it names no real contract, so no workflow was started. Turn on the option Start on Test Deliveries to start one.`,
			);
		}
	}
	// Resume Waiting Workflows (step 5) acts on every delivery of a real contract on the production URL
	const resumes = settings.resumeWaiting && !testUrl && !delivery.testDelivery;

	// 4. the event, the external ID filters, a repeat
	const refused = refusal(settings, delivery);
	if (refused?.unresolved) {
		const receivedAt = String(item.json.receivedAt);
		countUnresolved(ctx, {
			receivedAt,
			contractId: delivery.contractId,
			reason: refused.unresolved,
		});
	}
	if (!refused && delivery.event === UNSPECIFIED_EVENT && !settings.startWithoutEvent) {
		// no event named: answered, then the contract's status tells which chosen events start (resolve.ts); step 5 last
		const result = await resolveFromStatus(ctx, settings, delivery, item, testUrl);
		if (resumes) await resumeWaits(ctx, delivery, result.workflowData?.[0]?.[0] ?? item);
		return result;
	}
	const remembers = settings.ignoreRepeats && !testUrl;
	const skipped = refused
		? `${refused.message}; no workflow was started.`
		: remembers && isRepeat(ctx, delivery.eventId)
			? `Delivery ${delivery.eventId} was received before (Ignore Repeated Deliveries); no workflow was started.`
			: undefined;
	// TRATO's test delivery names no real contract: nothing is read for it
	const reads = skipped === undefined && !delivery.testDelivery && needsReads(settings, delivery);
	if (!resumes && !reads) {
		// nothing needs TRATO: answered now, by n8n when the item starts (step 7)
		return skipped === undefined ? start(ctx, [item]) : answer(ctx, 200, skipped);
	}

	// TRATO is answered now; what needs TRATO (resume calls, status, filters, documents) comes after
	if (skipped === undefined) ctx.getResponseObject().status(200).end();
	else answer(ctx, 200, skipped);
	try {
		// 5. the runs waiting for the contract
		if (resumes) await resumeWaits(ctx, delivery, item);
		if (skipped !== undefined) return { noWebhookResponse: true };
		// 6. the reads: a filter that needs one may drop the delivery
		const dropped = reads ? await readContract(ctx, settings, delivery, item) : undefined;
		if (dropped !== undefined) {
			ctx.logger.debug(`TRATO delivery ${delivery.eventId} filtered out: ${dropped}`);
			return { noWebhookResponse: true };
		}
		// 7. the item starts
		return { noWebhookResponse: true, ...start(ctx, [item]) };
	} finally {
		if (remembers) keepRemembered(ctx);
	}
}

/** Why a delivery starts nothing (answered 200 with it). */
interface Refusal {
	message: string;
	/** Why the event cannot be told: a warning and a count besides the answer. */
	unresolved?: string;
}

/**
 * Why a delivery starts nothing, from what it carries (its event, then its external ID); undefined when it may
 * start (or, naming no event, when its contract's status may tell one).
 */
function refusal(settings: WebhookSettings, delivery: Delivery): Refusal | undefined {
	const testDelivery = delivery.testDelivery;
	if (delivery.event === UNSPECIFIED_EVENT) {
		if (!settings.startWithoutEvent) {
			if (testDelivery) {
				return {
					message: `TRATO's test delivery ${NO_EVENT} and no real contract whose status could tell it; ${ADD_EVENT_TO_URL}`,
				};
			}
			if (eventsAStatusCanShow(settings.events).length === 0) {
				return {
					message: `The delivery ${NO_EVENT} and no status tells the chosen events; ${ADD_EVENT_TO_URL} (or turn on Start on Deliveries Without Event)`,
					unresolved: `it ${NO_EVENT} and no status tells the chosen events`,
				};
			}
		}
	} else if (!isCatalogueEvent(delivery.event)) {
		return {
			message: `Event "${delivery.event}" is not one of TRATO's events and the URL names none; ${ADD_EVENT_TO_URL}`,
			unresolved: `its event "${delivery.event}" is not one of TRATO's events and its URL names none`,
		};
	} else if (!settings.events.includes(delivery.event)) {
		return { message: `Event "${delivery.event}" is not chosen in this trigger` };
	}
	if (delivery.externalId !== null) {
		const mismatch = externalIdMismatch(settings.filters, delivery.externalId);
		if (mismatch) return { message: `The delivery is filtered out: ${mismatch}` };
	}
	if (testDelivery && filtersNeedRead(settings.filters, delivery)) {
		return {
			message:
				"TRATO's test delivery names no real contract, so it cannot match the Template or Participant Email filter",
		};
	}
	return undefined;
}
