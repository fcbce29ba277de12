import type { IDataObject } from 'n8n-workflow';

import { idProblem } from '../helpers/validate';
import { TIME_FIELDS, WEBHOOK_EVENTS } from './events';

/**
 * Reading a delivery's body: pure functions, no n8n context. TRATO's payload (trato-notes "Webhooks", M) carries
 * `contractid`, `name`, `event`, `externalId` and the event's time or milestone; spellings that vary are accepted.
 */

/** What the trigger adds to the payload: the same fields whatever spelling the delivery used. */
export interface Delivery {
	event: string;
	contractId: string;
	externalId: string | null;
	name: string | null;
	/** The event's time as ISO timestamp (as sent when not parseable); the time of receipt when it carries none. */
	occurredAt: string;
	/** Same for every repeat of the same delivery, different for different events (api-notes W3). */
	eventId: string;
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

/**
 * The body as a JSON object: parsed by n8n from a JSON content type, or JSON text (a delivery sent as
 * text/plain). Form fields, XML and other bodies n8n turns into objects are not JSON: undefined.
 */
export function bodyObject(body: unknown, contentType: string): IDataObject | undefined {
	let value = body;
	if (typeof value === 'object' && value !== null && !isJsonType(contentType)) return undefined;
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

/** The first of the fields that holds a non-empty text or a number, as text. */
function firstText(body: IDataObject, fields: string[]): string | undefined {
	for (const field of fields) {
		const value = body[field];
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
		if (typeof value === 'string' && value.trim() !== '') return value.trim();
	}
	return undefined;
}

/** `SIGNED_ALL`, `Signed All`, `signed-all` → `signed-all`. */
export function eventName(value: unknown): string {
	return typeof value === 'string'
		? value
				.trim()
				.toLowerCase()
				.replace(/[\s_]+/g, '-')
		: '';
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

/**
 * The normalised fields of a delivery, or the sentence saying why it is refused (answered with HTTP 400).
 * eventId = `<contractId>:<event>` + whatever tells this event apart from others of the same contract, taken from
 * the delivery's content so that a repeat gets the same id: the milestone, the participant and the event's time
 * when the payload has them; otherwise a hash of the whole payload.
 */
export function readDelivery(body: IDataObject, receivedAt: string): Delivery | string {
	const contractId = firstText(body, CONTRACT_ID_FIELDS);
	if (contractId === undefined) {
		return `The delivery has no contract id (looked for ${CONTRACT_ID_FIELDS.join(', ')}).`;
	}
	const problem = idProblem(contractId);
	if (problem) return `The delivery's contract id ${problem.message}.`;
	const event = eventName(body.event);
	if (event === '') return 'The delivery has no event name (field "event").';

	const known = WEBHOOK_EVENTS.find((e) => e.value === event);
	const timeFields = known ? (known.timeField ? [known.timeField] : []) : TIME_FIELDS;
	const time = firstText(body, timeFields);
	const milestoneId = firstText(body, MILESTONE_ID_FIELDS);
	const participantId = firstText(body, PARTICIPANT_ID_FIELDS);
	const parts = [milestoneId, participantId, time].filter((p): p is string => p !== undefined);
	const discriminator = parts.length ? parts.join(':') : `h${contentHash(canonicalJson(body))}`;

	const delivery: Delivery = {
		event,
		contractId,
		externalId: firstText(body, EXTERNAL_ID_FIELDS) ?? null,
		name: typeof body.name === 'string' ? body.name : null,
		occurredAt: time === undefined ? receivedAt : isoOrAsSent(time),
		eventId: `${contractId}:${event}:${discriminator}`,
	};
	if (milestoneId !== undefined) delivery.milestoneId = milestoneId;
	if (participantId !== undefined) delivery.participantId = participantId;
	return delivery;
}
