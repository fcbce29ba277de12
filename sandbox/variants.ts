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
// Variant profiles: the answers we did NOT pick where the spec is open, switchable per sandbox (docs/sandbox.md
// "Variant profiles"). With no variant active every helper here returns exactly what the sandbox always answered.
import type { Reply } from './http';
import {
	PARTICIPANT_STATUSES,
	type ContractState,
	type CustomPropertyState,
	type ParticipantStatus,
} from './types';
import { badRequest, mulberry32 } from './util';

/** Every variant; a variant with `values` takes `name=value` (the first value is the default). */
export const VARIANTS = {
	'cancel-post-only': {},
	'documents-post-only': {},
	'variables-configuration-path': {},
	'participant-update-attachments-path': {},
	'sign-links-in-body': {},
	'wrapped-lists': { values: ['data', 'items', 'results', 'docs', 'plural'] },
	'property-id-field': { values: ['id', 'propertyId', 'propertyID', 'none'] },
	'property-value-max': { values: ['100', '50', '255'] },
	'participant-statuses': { values: ['other', 'earlier'] },
	'integer-completed': {},
	'create-v2-error-field': { values: ['code', 'name', 'message', 'errors'] },
	'create-v2-draft': {},
	'create-v2-contractid': {},
	'finalize-success-only': {},
	'short-sign-links': {},
	'oldest-first': {},
	unordered: {},
	'exclusive-bounds': {},
	'second-precision': {},
	'unstable-ties': {},
	'date-only-bounds': {},
	'page-cap': { values: ['50', '1', '2', '3', '4', '5', '6', '10', '100'] },
	'webhook-event-field': {},
	'webhook-form': {},
	'webhook-removed-on-cancel': {},
	'list-ignores-page': {},
	'no-total-headers': {},
	'refusal-200': {},
	'login-success-string': {},
	'participant-without-id': {},
	'list-without-external-id': {},
	'property-id-lowercase': {},
	'template-filter-ignored': {},
} as const satisfies Record<string, { values?: readonly string[] }>;

type VariantName = keyof typeof VARIANTS;

/** Pairs that contradict each other (one order cannot be both; one identifier field cannot have two names). */
const CONFLICTS: ReadonlyArray<[VariantName, VariantName]> = [
	['oldest-first', 'unordered'],
	['property-id-field', 'property-id-lowercase'],
];

/** A method a variant takes away from a route (the router then answers 405, or 404 when none is left). */
const REMOVED_ROUTES: ReadonlyArray<{ variant: VariantName; method: string; pattern: string }> = [
	{ variant: 'cancel-post-only', method: 'DELETE', pattern: '/api/contract/cancel/:contractId' },
	{ variant: 'documents-post-only', method: 'GET', pattern: '/api/contract/documents/:contractId' },
	{
		variant: 'variables-configuration-path',
		method: 'POST',
		pattern: '/api/contract/variables/:contractId/:participantId',
	},
	{
		variant: 'participant-update-attachments-path',
		method: 'POST',
		pattern: '/api/contract/participant/:contractId/:participantId',
	},
];

/**
 * Participant statuses as answered, position by position with the stored PARTICIPANT_STATUSES (not sent, waiting,
 * signed, rejected). Default: TRATO's values where known (trato-notes "What TRATO answers": RECEIVED_TO_SIGN,
 * SENT_SIGNED), ours for the two states the notes do not show (api-notes P8). `participant-statuses=other`: names
 * no one uses (a service that decided otherwise); `=earlier`: what this sandbox answered before TRATO's were known.
 */
export const PARTICIPANT_STATUS_NAMES = {
	default: ['PENDING', 'RECEIVED_TO_SIGN', 'SENT_SIGNED', 'REJECTED'],
	other: ['WAITING', 'NOTIFIED', 'COMPLETED', 'DECLINED'],
	earlier: ['PENDING', 'SENT', 'SIGNED', 'REJECTED'],
} as const;

const isKnown = (name: string): name is VariantName => Object.hasOwn(VARIANTS, name);
const valuesOf = (name: VariantName): readonly string[] | undefined =>
	(VARIANTS[name] as { values?: readonly string[] }).values;

/** The known variants as shown in error messages and by GET /sandbox/variants. */
export function knownVariants(): string[] {
	return (Object.keys(VARIANTS) as VariantName[]).map((name) => {
		const values = valuesOf(name);
		return values ? `${name}[=${values.join('|')}]` : name;
	});
}

/** 32-bit FNV-1a: an order unrelated to createdAt, the same on every request. */
function fnv1a(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

/** The random source of tie shuffles: Math.random, or a seeded one (seedListRandom) for replayable runs. */
let listRandom: () => number = Math.random;

export function seedListRandom(seed: number | undefined): void {
	listRandom = seed === undefined ? Math.random : mulberry32(seed);
}

/** Contracts sharing a createdAt swap places among the positions they hold; everything else stays put. */
function shuffleTies(list: ContractState[]): ContractState[] {
	const groups = new Map<number, number[]>();
	list.forEach((c, i) => {
		const positions = groups.get(c.createdAtMs);
		if (positions) positions.push(i);
		else groups.set(c.createdAtMs, [i]);
	});
	const out = list.slice();
	for (const positions of groups.values()) {
		if (positions.length < 2) continue;
		const members = positions.map((i) => list[i]);
		for (let i = members.length - 1; i > 0; i--) {
			const j = Math.floor(listRandom() * (i + 1));
			[members[i], members[j]] = [members[j], members[i]];
		}
		positions.forEach((at, k) => (out[at] = members[k]));
	}
	return out;
}

/** The active set of variants (immutable; setVariants replaces it). */
export class Variants {
	private constructor(private readonly active: ReadonlyMap<VariantName, string>) {}

	static readonly none = new Variants(new Map());

	/** `['oldest-first', 'wrapped-lists=items', …]`; throws a 400 ApiError naming the known variants. */
	static parse(list: unknown): Variants {
		if (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))
			throw badRequest('variants must be an array of strings (name or name=value)');
		const active = new Map<VariantName, string>();
		for (const raw of list as string[]) {
			const entry = raw.trim();
			if (entry === '') continue;
			const eq = entry.indexOf('=');
			const name = eq < 0 ? entry : entry.slice(0, eq);
			if (!isKnown(name))
				throw badRequest(`Unknown variant '${name}'; known: ${knownVariants().join(', ')}`);
			const values = valuesOf(name);
			let value = eq < 0 ? '' : entry.slice(eq + 1);
			if (!values && eq >= 0) throw badRequest(`Variant '${name}' takes no value (got '${value}')`);
			if (values) {
				value ||= values[0];
				if (!values.includes(value))
					throw badRequest(
						`Variant '${name}' does not take the value '${value}'; allowed: ${values.join(', ')}`,
					);
			}
			const previous = active.get(name);
			if (previous !== undefined && previous !== value)
				throw badRequest(`Variant '${name}' is given twice with different values`);
			active.set(name, value);
		}
		for (const [a, b] of CONFLICTS) {
			if (active.has(a) && active.has(b))
				throw badRequest(`Variants '${a}' and '${b}' contradict each other; choose one`);
		}
		return new Variants(active);
	}

	/** Canonical list, in the order of VARIANTS: `name`, or `name=value` for a variant with values. */
	list(): string[] {
		return (Object.keys(VARIANTS) as VariantName[])
			.filter((name) => this.active.has(name))
			.map((name) => (valuesOf(name) ? `${name}=${this.active.get(name)}` : name));
	}

	has(name: VariantName): boolean {
		return this.active.has(name);
	}

	value(name: VariantName): string | undefined {
		return this.active.get(name);
	}

	// -------------------------------------------------------------------------------------------
	// Routes (1–4)

	/** Whether a variant takes `method` away from the route `pattern`. */
	removes(method: string, pattern: string): boolean {
		return REMOVED_ROUTES.some(
			(r) => r.method === method && r.pattern === pattern && this.active.has(r.variant),
		);
	}

	// -------------------------------------------------------------------------------------------
	// Response shapes (6, 7, 10, 11, 15)

	/** A list answer: the bare array, or `{<key>: array}` with wrapped-lists (templates are always bare, trato-notes). */
	listBody(kind: 'contracts' | 'spectators', items: unknown[]): unknown {
		const key = this.active.get('wrapped-lists');
		if (key === undefined) return items;
		return { [key === 'plural' ? kind : key]: items };
	}

	/** A createdAt as shown: without fractional seconds with second-precision. */
	time(iso: string): string {
		return this.active.has('second-precision') ? iso.replace(/\.\d+Z$/, 'Z') : iso;
	}

	/** A custom property's value as stored: its first N characters with property-value-max=N. */
	propertyValue(value: string): string {
		const max = this.active.get('property-value-max');
		return max === undefined ? value : value.slice(0, Number(max));
	}

	/** A listed custom property: its id as `_id`, or as property-id-field / property-id-lowercase name it. */
	property(p: CustomPropertyState): Record<string, string> {
		if (this.active.has('property-id-lowercase'))
			return { propertyid: p._id, name: p.name, value: p.value };
		const field = this.active.get('property-id-field');
		if (field === undefined) return { _id: p._id, name: p.name, value: p.value };
		if (field === 'none') return { name: p.name, value: p.value };
		return { [field]: p._id, name: p.name, value: p.value };
	}

	milestones<T extends { completed: boolean }>(
		list: T[],
	): Array<Omit<T, 'completed'> & { completed: boolean | number }> {
		if (!this.active.has('integer-completed')) return list;
		return list.map((m) => ({ ...m, completed: m.completed ? 1 : 0 }));
	}

	/**
	 * A Create V2 error (Part 7 name and a sentence) reshaped by create-v2-error-field; undefined by default (TRATO's
	 * envelope `{success:false, statusCode, error:"<Name>"}`, sandbox/http.ts).
	 */
	createV2Error(status: number, name: string, message: string): Reply | undefined {
		const key = this.active.get('create-v2-error-field');
		if (key === undefined) return undefined;
		const generic = 'Validation failed';
		const base = { success: false, statusCode: status };
		const answered = this.refusalStatus(status);
		if (key === 'errors')
			return {
				status: answered,
				json: { ...base, error: generic, errors: [{ code: name, message }] },
			};
		if (key === 'message')
			return { status: answered, json: { ...base, error: generic, message: name } };
		return { status: answered, json: { ...base, [key]: name, message } };
	}

	// -------------------------------------------------------------------------------------------
	// Participant statuses (8)

	/** The participant status names the active profile answers (PARTICIPANT_STATUS_NAMES). */
	private participantNames(): readonly string[] {
		const set = this.active.get('participant-statuses') as 'other' | 'earlier' | undefined;
		return PARTICIPANT_STATUS_NAMES[set ?? 'default'];
	}

	participantStatus(status: ParticipantStatus): string {
		return this.participantNames()[PARTICIPANT_STATUSES.indexOf(status)];
	}

	/**
	 * The `statusParticipant` filter as a stored status; null = matches nothing: TRATO's names or the earlier ones
	 * when the profile answers others (a word the service does not store matches nothing, trato-notes "What TRATO
	 * answers"); anything else 400.
	 */
	participantStatusFilter(value: string): ParticipantStatus | null {
		const names = this.participantNames();
		const i = names.indexOf(value);
		if (i >= 0) return PARTICIPANT_STATUSES[i];
		const { default: trato, earlier } = PARTICIPANT_STATUS_NAMES;
		if ([...trato, ...earlier].some((name) => name === value)) return null;
		throw badRequest(
			`Query 'statusParticipant' must be one of ${names.join(', ')}, got ${JSON.stringify(value)}`,
		);
	}

	/** A status given to the control API: the stored names, the default (TRATO's) names and the active ones. */
	controlParticipantStatus(value: unknown): ParticipantStatus | undefined {
		for (const names of [
			PARTICIPANT_STATUSES,
			PARTICIPANT_STATUS_NAMES.default,
			this.participantNames(),
		]) {
			const i = (names as readonly unknown[]).indexOf(value);
			if (i >= 0) return PARTICIPANT_STATUSES[i];
		}
		return undefined;
	}

	/** A control answer (raw state copy) with participant statuses as the active profile names them. */
	contractView(c: ContractState): ContractState {
		for (const p of c.participants)
			p.status = this.participantStatus(p.status) as ParticipantStatus;
		return c;
	}

	// -------------------------------------------------------------------------------------------
	// Paging, refusals, login, participant ids (issue 34: what a conformance check may find)

	/** The page the contract list answers: page 1 whatever was asked with list-ignores-page. */
	listPage(page: number): number {
		return this.active.has('list-ignores-page') ? 1 : page;
	}

	/** Whether contract list items carry the contract's `externalId` (none with list-without-external-id). */
	listsExternalId(): boolean {
		return !this.active.has('list-without-external-id');
	}

	/** Whether the contract list applies its `templateId` query (not with template-filter-ignored). */
	filtersTemplate(): boolean {
		return !this.active.has('template-filter-ignored');
	}

	/** X-Total-Pages and X-Total-Documents of a list answer; none with no-total-headers. */
	listHeaders(total: number, perPage: number): Record<string, number> {
		if (this.active.has('no-total-headers')) return {};
		return { 'X-Total-Pages': Math.ceil(total / perPage), 'X-Total-Documents': total };
	}

	/** The HTTP status of a refusal (the body keeps its `statusCode`): 200 with refusal-200. */
	refusalStatus(status: number): number {
		return this.active.has('refusal-200') && status >= 400 ? 200 : status;
	}

	/** A login answer: `success` as the text "true"/"false" with login-success-string; refusals as refusalStatus. */
	loginAnswer(reply: Reply): Reply {
		const json = reply.json as Record<string, unknown>;
		const success = this.active.has('login-success-string') ? String(json.success) : json.success;
		return { ...reply, status: this.refusalStatus(reply.status), json: { ...json, success } };
	}

	/** A participant record (4.7) without its `participantid` with participant-without-id. */
	participantRecord<T extends { participantid: string }>(record: T): Omit<T, 'participantid'> {
		if (!this.active.has('participant-without-id')) return record;
		const { participantid: _id, ...rest } = record;
		return rest;
	}

	// -------------------------------------------------------------------------------------------
	// Listing bounds (14, 17) and order (12, 13, 16)

	/** Whether the contract listing reads only the date part of its bounds (date-only-bounds or precision 'day'). */
	dayBounds(precision: 'ms' | 'day'): boolean {
		return precision === 'day' || this.active.has('date-only-bounds');
	}

	/** Inclusive millisecond bounds, narrowed in place by exclusive-bounds to `> dateStart`, `< dateEnd`. */
	strictBounds(b: { fromMs?: number; toMs?: number }): void {
		if (!this.active.has('exclusive-bounds')) return;
		if (b.fromMs !== undefined) b.fromMs += 1;
		if (b.toMs !== undefined) b.toMs -= 1;
	}

	/** Reorders the listing's matches (newest first) as the order variants say. */
	order(newestFirst: ContractState[]): ContractState[] {
		let out = newestFirst;
		if (this.active.has('oldest-first')) out = newestFirst.slice().reverse();
		else if (this.active.has('unordered')) {
			const key = new Map(newestFirst.map((c) => [c, fnv1a(c._id)]));
			out = newestFirst
				.slice()
				.sort((a, b) => key.get(a)! - key.get(b)! || (a._id < b._id ? -1 : 1));
		}
		return this.active.has('unstable-ties') ? shuffleTies(out) : out;
	}

	reorders(): boolean {
		return ['oldest-first', 'unordered', 'unstable-ties'].some((n) =>
			this.active.has(n as VariantName),
		);
	}
}
