import type { IDataObject } from 'n8n-workflow';

import { deliveryFactId } from '../helpers/facts';
import { idProblem } from '../helpers/validate';
import {
	EVENT_VALUES,
	TEST_DELIVERY_EXTERNAL_ID,
	TIME_FIELDS,
	UNSPECIFIED_EVENT,
	WEBHOOK_EVENTS,
} from './events';

/**
 * Reading a delivery's body: pure functions, no n8n context. TRATO's payload (trato-notes "Webhooks", M) carries
 * `contractid`, `name`, `event`, `externalId` and the event's time or milestone; spellings that vary are accepted.
 */

/** What the trigger adds to the payload: the same fields whatever spelling the delivery used. */
export interface Delivery {
	/**
	 * One of TRATO's events named by the body's `event`, else by the URL's `?event=`; else the name either gives (an
	 * event TRATO's catalogue does not have); else UNSPECIFIED_EVENT (api-notes W12).
	 */
	event: string;
	/** The body's `event` as sent, when it is not the item's event (a name TRATO's catalogue does not have). */
	bodyEvent?: string;
	/** Null only in TRATO's test delivery, which names no real contract. */
	contractId: string | null;
	externalId: string | null;
	name: string | null;
	/** The event's time as ISO timestamp (as sent when not parseable); the time of receipt when it carries none. */
	occurredAt: string;
	/** Same for every repeat of the same delivery, different for different events (api-notes W3, W13). */
	eventId: string;
	/**
	 * The fact this delivery reports, the same as the polling trigger's for the same fact (api-notes T16,
	 * helpers/facts.ts): `<contractId>:signed-all` or `<contractId>:document-finalized`; else the eventId.
	 */
	factId: string;
	/** TRATO's test delivery (`externalId` "TEST ID"): no real contract behind it (api-notes W14). */
	testDelivery: boolean;
	milestoneId?: string;
	participantId?: string;
}

const CONTRACT_ID_FIELDS = ['contractid', 'contractId', 'contractID', '_id'];
const EXTERNAL_ID_FIELDS = ['externalId', 'externalid', 'externalID', 'external_id'];
const MILESTONE_ID_FIELDS = ['milestoneId', 'milestoneid', 'milestoneID', 'milestone_id'];
const PARTICIPANT_ID_FIELDS = ['participantId', 'participantid', 'participantID', 'participant_id'];

/** Content types under which n8n hands over a parsed JSON body (`application/json`, `application/…+json`). */
function isJsonType(contentType: string): boolean {
	const type = contentType.split(';')[0].trim().toLowerCase();
	return type === 'application/json' || /^application\/[\w.+-]*\+json$/.test(type);
}

/** Form fields, which n8n parses into an object of texts (api-notes W15). */
function isFormType(contentType: string): boolean {
	return contentType.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * The body as an object: parsed by n8n from a JSON content type or from form fields, or JSON text (a delivery
 * sent as text/plain). XML and other bodies n8n turns into objects are not read: undefined.
 */
export function bodyObject(body: unknown, contentType: string): IDataObject | undefined {
	let value = body;
	if (
		typeof value === 'object' &&
		value !== null &&
		!isJsonType(contentType) &&
		!isFormType(contentType)
	)
		return undefined;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
	return value as IDataObject;
}

/** Deeper bodies are refused (400): TRATO's payload is flat, and n8n could not store a very deep one. */
export const MAX_BODY_DEPTH = 32;

/**
 * How deeply objects and arrays nest in a value (a flat object: 1), counted with a list instead of recursion so
 * that no body can exhaust the stack; counting stops once past `limit`.
 */
export function nestingDepth(value: unknown, limit: number): number {
	let deepest = 0;
	const pending: Array<[unknown, number]> = [[value, 1]];
	while (pending.length > 0) {
		const [current, depth] = pending.pop()!;
		if (current === null || typeof current !== 'object') continue;
		deepest = Math.max(deepest, depth);
		if (deepest > limit) return deepest;
		for (const child of Object.values(current as IDataObject)) pending.push([child, depth + 1]);
	}
	return deepest;
}

/** The first of the fields that holds a non-empty text or a number, as text. */
function firstText(body: IDataObject, fields: string[]): string | undefined {
	for (const field of fields) {
		const value = body[field];
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
		if (typeof value === 'string' && value.trim() !== '') return value.trim();
	}
	return undefined;
}

/** `SIGNED_ALL`, `Signed All`, `signedAll`, `signed-all` → `signed-all`. */
export function eventName(value: unknown): string {
	return typeof value === 'string'
		? value
				.trim()
				.replace(/([a-z0-9])([A-Z])/g, '$1-$2')
				.toLowerCase()
				.replace(/[\s_]+/g, '-')
		: '';
}

/** Whether a name (as `eventName` gives it) is one of the events of TRATO's catalogue. */
export const isCatalogueEvent = (event: string): boolean => EVENT_VALUES.includes(event);

/**
 * The delivery's event (api-notes W12): a catalogue event named by the body wins; else one named by the URL (the URL
 * of the slot it was sent to; a body naming something else, e.g. `contract.signed`, never overrides it); else the
 * name the body or the URL gives; else UNSPECIFIED_EVENT.
 */
function deliveryEvent(bodyValue: unknown, urlValue: unknown): string {
	const fromBody = eventName(bodyValue);
	const fromUrl = eventName(Array.isArray(urlValue) ? urlValue[0] : urlValue);
	if (isCatalogueEvent(fromBody)) return fromBody;
	if (isCatalogueEvent(fromUrl)) return fromUrl;
	return fromBody || fromUrl || UNSPECIFIED_EVENT;
}

/** JSON with object keys sorted, so that the same content always gives the same text. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.keys(value as IDataObject)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** FNV-1a over the text's UTF-16 code units, twice with different offsets: 16 hexadecimal characters. */
export function contentHash(text: string): string {
	const fnv = (offset: number) => {
		let hash = offset;
		for (let i = 0; i < text.length; i++) {
			hash ^= text.charCodeAt(i);
			hash = Math.imul(hash, 0x01000193) >>> 0;
		}
		return hash.toString(16).padStart(8, '0');
	};
	return fnv(0x811c9dc5) + fnv(0x050c5d1f);
}

function isoOrAsSent(time: string): string {
	const ms = Date.parse(time);
	return Number.isNaN(ms) ? time : new Date(ms).toISOString();
}

/** What a delivery is read with besides its body. */
export interface DeliveryContext {
	/** When it arrived (ISO timestamp). */
	receivedAt: string;
	/** The `event` query parameter of the URL it was sent to (the URL the user pasted into that event's slot). */
	urlEvent: unknown;
	/** Whether its X-Trato-Secret was checked against the credential's Webhook Secret. */
	verified: boolean;
}

/**
 * The normalised fields of a delivery, or the sentence saying why it is refused (answered with HTTP 400).
 * eventId = `<contractId>:<event>:` + whatever tells this event apart from others of the same contract, taken from
 * the delivery's content so that a repeat gets the same id: the milestone, the participant and the event's time
 * when the payload has them; otherwise a hash of the whole payload. An unverified delivery's eventId starts with
 * `unverified:` (W13), so it never equals a verified one's.
 */
export function readDelivery(body: IDataObject, context: DeliveryContext): Delivery | string {
	if (nestingDepth(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
		return `The body is nested more than ${MAX_BODY_DEPTH} levels deep; TRATO's payload is flat.`;
	}
	const externalId = firstText(body, EXTERNAL_ID_FIELDS) ?? null;
	const testDelivery = externalId?.toUpperCase() === TEST_DELIVERY_EXTERNAL_ID;
	let contractId: string | null = firstText(body, CONTRACT_ID_FIELDS) ?? null;
	const problem = contractId === null ? undefined : idProblem(contractId);
	if (testDelivery) {
		if (problem) contractId = null;
	} else if (contractId === null) {
		return `The delivery has no contract id (looked for ${CONTRACT_ID_FIELDS.join(', ')}).`;
	} else if (problem) return `The delivery's contract id ${problem.message}.`;

	const event = deliveryEvent(body.event, context.urlEvent);
	const known = WEBHOOK_EVENTS.find((e) => e.value === event);
	const timeFields = known ? (known.timeField ? [known.timeField] : []) : TIME_FIELDS;
	const time = firstText(body, timeFields);
	const milestoneId = firstText(body, MILESTONE_ID_FIELDS);
	const participantId = firstText(body, PARTICIPANT_ID_FIELDS);
	const parts = [milestoneId, participantId, time].filter((p): p is string => p !== undefined);
	const discriminator = parts.length ? parts.join(':') : `h${contentHash(canonicalJson(body))}`;

	const eventId = `${context.verified ? '' : 'unverified:'}${contractId ?? 'none'}:${event}:${discriminator}`;
	const delivery: Delivery = {
		event,
		contractId,
		externalId,
		name: typeof body.name === 'string' ? body.name : null,
		occurredAt: time === undefined ? context.receivedAt : isoOrAsSent(time),
		eventId,
		factId: deliveryFactId({ contractId, event, eventId, testDelivery }, context.verified),
		testDelivery,
	};
	if (typeof body.event === 'string' && body.event.trim() !== '' && eventName(body.event) !== event)
		delivery.bodyEvent = body.event;
	if (milestoneId !== undefined) delivery.milestoneId = milestoneId;
	if (participantId !== undefined) delivery.participantId = participantId;
	return delivery;
}
