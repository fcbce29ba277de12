import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport/credentials';
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
 * One delivery, decided before any execution starts (api-notes W1–W19):
 * 1. the secret (when the credential has one): missing or different → 401;
 * 2. the body: not a JSON object or form fields, too deep, or no contract id → 400;
 * 3. TRATO's test delivery: started (marked `testDelivery`) on the Test URL; on the production URL only with Start
 *    on Test Deliveries, and then through the checks below, as a delivery of no real contract (nothing read);
 * 4. the event (a catalogue event of the body, else of the URL's `?event=`): not chosen → 200 (so that TRATO does
 *    not send it again); an unknown one, or none where no chosen event can be told from a status → 200, a warning
 *    and a count (unresolved.ts); none, where one can → answered 200, then the contract's status tells (step 7);
 * 5. the external ID filters, then Ignore Repeated Deliveries → 200, nothing started;
 * 6. accepted: one item, answered 200 with an empty body by n8n ("On Received"); or, when something must be read
 *    from TRATO (status, filters that need a read, signed documents), answered by the node first, so that the
 *    answer never waits for the API, and started unless a filter drops it;
 * 7. (no event, step 4) the items of the chosen events the status shows, once per contract and event (resolve.ts).
 * With Resume Waiting Workflows (production URL, a real contract), every delivery that passed steps 1–3 is answered
 * by the node first (with the same status and message), then the runs waiting for its contract are resumed when
 * TRATO says it is final (resume.ts), then steps 4–7 decide whether the workflow starts.
 */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return await decide(this);
	} finally {
		keepTally(this);
	}
}

async function decide(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const receivedAt = new Date().toISOString();
	let secret: string;
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		secret = String(credentials.webhookSecret ?? '').trim();
	} catch {
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
	// The Test URL (the editor listening for a test event) runs in n8n's 'manual' mode
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
	const check = notStarted(settings, delivery);
	if (check?.unresolved) {
		countUnresolved(ctx, { receivedAt, contractId: delivery.contractId, reason: check.unresolved });
	}
	// Resume Waiting Workflows acts on every delivery of a real contract on the production URL, whatever starts
	const resumes = settings.resumeWaiting && !testUrl && !delivery.testDelivery;
	if (check?.fromStatus) {
		const result = await resolveFromStatus(ctx, settings, delivery, item, testUrl);
		if (resumes) await resumeWaits(ctx, delivery, result.workflowData?.[0]?.[0] ?? item);
		return result;
	}
	const remembers = settings.ignoreRepeats && !testUrl;
	const skipped = check?.refusal
		? `${check.refusal}; no workflow was started.`
		: remembers && isRepeat(ctx, delivery.eventId)
			? `Delivery ${delivery.eventId} was received before (Ignore Repeated Deliveries); no workflow was started.`
			: undefined;
	if (skipped && !resumes) return answer(ctx, 200, skipped);
	// TRATO's test delivery names no real contract: nothing is read for it
	const reads = !delivery.testDelivery && needsReads(settings, delivery);
	if (!reads && !resumes) return start(ctx, [item]);

	// TRATO is answered now; what needs TRATO (resume calls, status, filters, documents) comes after
	if (skipped) answer(ctx, 200, skipped);
	else ctx.getResponseObject().status(200).end();
	try {
		if (resumes) await resumeWaits(ctx, delivery, item);
		if (skipped) return { noWebhookResponse: true };
		if (!reads) return { noWebhookResponse: true, ...start(ctx, [item]) };
		const dropped = await readContract(ctx, settings, delivery, item);
		if (dropped === undefined) return { noWebhookResponse: true, ...start(ctx, [item]) };
		ctx.logger.debug(`TRATO delivery ${delivery.eventId} filtered out: ${dropped}`);
		return { noWebhookResponse: true };
	} finally {
		if (remembers) keepRemembered(ctx);
	}
}

interface Check {
	/** Why nothing starts (answered 200 with it). */
	refusal?: string;
	/** Why the event cannot be told: a warning and a count besides the refusal. */
	unresolved?: string;
	/** No event named: the contract's status tells (answered 200 first). */
	fromStatus?: true;
}

/** Why a delivery starts nothing, from what it carries (its event, its external ID); undefined when it may start. */
function notStarted(settings: WebhookSettings, delivery: Delivery): Check | undefined {
	const testDelivery = delivery.testDelivery;
	if (delivery.event === UNSPECIFIED_EVENT) {
		if (!settings.startWithoutEvent) {
			if (testDelivery) {
				return {
					refusal: `TRATO's test delivery ${NO_EVENT} and no real contract whose status could tell it; ${ADD_EVENT_TO_URL}`,
				};
			}
			if (eventsAStatusCanShow(settings.events).length === 0) {
				const reason = `it ${NO_EVENT} and no status tells the chosen events`;
				return {
					refusal: `The delivery ${NO_EVENT} and no status tells the chosen events; ${ADD_EVENT_TO_URL} (or turn on Start on Deliveries Without Event)`,
					unresolved: reason,
				};
			}
		}
	} else if (!isCatalogueEvent(delivery.event)) {
		return {
			refusal: `Event "${delivery.event}" is not one of TRATO's events and the URL names none; ${ADD_EVENT_TO_URL}`,
			unresolved: `its event "${delivery.event}" is not one of TRATO's events and its URL names none`,
		};
	} else if (!settings.events.includes(delivery.event)) {
		return { refusal: `Event "${delivery.event}" is not chosen in this trigger` };
	}
	if (delivery.externalId !== null) {
		const mismatch = externalIdMismatch(settings.filters, delivery.externalId);
		if (mismatch) return { refusal: `The delivery is filtered out: ${mismatch}` };
	}
	if (testDelivery && filtersNeedRead(settings.filters, delivery)) {
		return {
			refusal:
				"TRATO's test delivery names no real contract, so it cannot match the Template or Participant Email filter",
		};
	}
	if (delivery.event === UNSPECIFIED_EVENT && !settings.startWithoutEvent) {
		return { fromStatus: true };
	}
	return undefined;
}
