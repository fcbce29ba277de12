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
// The read-only probes of the conformance check: the credential, refusals, the login, the contract list, and the
// records of a few contracts. Each reports findings (facts.ts); none changes anything at TRATO.
import { VARIANTS } from '../../sandbox/variants';
import { type Answer, briefly, type Client, record, refusedWith200, shown } from './client';
import type { Finding } from './facts';

export interface ProbeContext {
	/** The credential's client. */
	api: Client;
	/** The same origin without a credential. */
	anonymous: Client;
	findings: Finding[];
	/** Why a fact was not asked (when no finding says more). */
	notRun: Record<string, string>;
	log(line: string): void;
}

export const found = (
	ctx: ProbeContext,
	id: string,
	verdict: Finding['verdict'],
	observed: string,
	variants?: string[],
): void => {
	ctx.findings.push({ id, verdict, observed, ...(variants?.length ? { variants } : {}) });
};

/** A refusal: as expected with `status` and a text that `text` accepts; with HTTP 200, the refusal-200 variant. */
function refusal(
	ctx: ProbeContext,
	id: string,
	answer: Answer,
	status: number,
	text?: (t: string) => boolean,
): void {
	const body = record(answer.body);
	const said = String(body?.error || body?.message || '');
	const textOk = !text || text(said);
	if (answer.status === status && textOk) found(ctx, id, 'as expected', briefly(answer));
	else if (refusedWith200(answer) && textOk)
		found(ctx, id, 'differs', briefly(answer), ['refusal-200']);
	else found(ctx, id, 'differs', briefly(answer));
}

export const UNKNOWN_CONTRACT_ID = 'ffffffffffffffffffffffff';

/** The credential, refusals of a key and of ids, an unknown route. Throws when the credential is refused. */
export async function probeRefusals(ctx: ProbeContext): Promise<void> {
	const auth = await ctx.api.send('GET', '/api/authentication');
	const success = record(auth.body)?.success;
	if (auth.status === 200 && success === true)
		found(ctx, 'authentication', 'as expected', briefly(auth));
	else if (auth.status === 200 && success === 'true')
		found(ctx, 'authentication', 'differs', `${briefly(auth)} (the flag as text)`);
	else
		throw new Error(
			`TRATO did not accept the credential (GET /api/authentication: ${briefly(auth)}); nothing else was asked`,
		);

	const badKey = ctx.anonymous.as({ apikey: 'n8n-nodes-trato-check-not-a-key' });
	refusal(ctx, 'refused-key', await badKey.send('GET', '/api/authentication'), 401);
	refusal(
		ctx,
		'unknown-contract',
		await ctx.api.send('GET', `/api/contract/status/${UNKNOWN_CONTRACT_ID}`),
		404,
		(t) => /does not exist on the database or is not associated to your account/.test(t),
	);
	refusal(
		ctx,
		'malformed-contract-id',
		await ctx.api.send('GET', '/api/contract/status/n8n-check-not-an-id'),
		400,
		(t) => t === 'Contract ID is required in order to process this request.',
	);
	const route = await ctx.api.send('GET', '/api/n8n-nodes-trato-conformance-check');
	found(ctx, 'unknown-route', route.status === 404 ? 'as expected' : 'differs', briefly(route));
}

/** What the login answers without an e-mail and for an account that does not exist (no account is needed). */
export async function probeLoginRefusals(ctx: ProbeContext): Promise<void> {
	const token = '/api/authentication/token';
	refusal(
		ctx,
		'login-missing-email',
		await ctx.anonymous.send('POST', token, { body: {} }),
		400,
		(t) => t === 'Account email is required in order to process this request.',
	);
	const refused = await ctx.anonymous.send('POST', token, {
		body: {
			email: 'n8n-nodes-trato-check@example.invalid',
			password: 'n8n-nodes-trato-check-wrong',
		},
	});
	const text = String(record(refused.body)?.error ?? '');
	if (refused.status === 401 && text === 'The email or password is incorrect.')
		found(ctx, 'login-refused', 'as expected', briefly(refused));
	else if (refusedWith200(refused))
		found(ctx, 'login-refused', 'differs', briefly(refused), ['refusal-200']);
	else found(ctx, 'login-refused', 'differs', `${briefly(refused)} (the sandbox's text is ours)`);
}

/**
 * The login with the account's e-mail and password; returns the token (never reported) and its ttl. Throws when
 * TRATO refuses it.
 */
export async function probeLogin(
	ctx: ProbeContext,
	email: string,
	password: string,
): Promise<{ jwt: string; ttl?: number }> {
	const answer = await ctx.anonymous.send('POST', '/api/authentication/token', {
		body: { email, password },
	});
	const body = record(answer.body) ?? {};
	const jwt = typeof body.jwt === 'string' ? body.jwt : '';
	const success = body.success;
	if (answer.status !== 200 || !(success === true || success === 'true') || !jwt)
		throw new Error(`TRATO refused the login (${briefly(answer)}); nothing else was asked`);
	let exp = '';
	try {
		const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
		if (typeof claims.exp === 'number')
			exp = `, its exp ${claims.exp - Math.floor(Date.now() / 1000)} s ahead`;
	} catch {
		exp = ', not a readable JWT';
	}
	const ttl = typeof body.ttl === 'number' ? body.ttl : undefined;
	const observed = `HTTP 200, success ${shown(success)}, a jwt (${jwt.length} characters${exp}), ttl ${shown(body.ttl)}`;
	const variants = success === 'true' ? ['login-success-string'] : [];
	const verdict = success === true && ttl === 300 ? 'as expected' : 'differs';
	found(ctx, 'login-answer', verdict, observed, variants);
	return { jwt, ttl };
}

/** A contract as a list shows it. */
export interface Listed {
	id: string;
	createdAt: string;
	ms: number;
}

/** The array of a list answer and the key it was under (undefined: a bare array; null: no array). */
function listOf(body: unknown): { items: unknown[]; key?: string } | null {
	if (Array.isArray(body)) return { items: body };
	const fields = record(body);
	if (!fields) return null;
	const key = Object.keys(fields).find((k) => Array.isArray(fields[k]));
	return key === undefined ? null : { items: fields[key] as unknown[], key };
}

const idOf = (item: unknown): string => {
	const fields = record(item) ?? {};
	const id = fields._id ?? fields.contractid ?? fields.contractId ?? fields.id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
};

const FRACTION = /T\d\d:\d\d:\d\d[.,]\d/;
const DAY = 86_400_000;

/**
 * The contract list: shape, fields, external IDs, totals, paging, page sizes, order, createdAt, bounds. Returns page
 * 1. `withExternalId`: a contract known to have an external ID (the one --write made), which tells "none" apart.
 */
export async function probeList(ctx: ProbeContext, withExternalId?: string): Promise<Listed[]> {
	const list = (query: Record<string, string | number>) =>
		ctx.api.send('GET', '/api/list/contracts', { query });
	const first = await list({ page: 1, perPage: 50 });
	const shape = first.status === 200 ? listOf(first.body) : null;
	if (!shape) {
		found(ctx, 'list-shape', 'differs', briefly(first));
		for (const id of [
			'list-fields',
			'list-external-id',
			'list-totals',
			'list-paging',
			'list-order',
		])
			ctx.notRun[id] = 'the list gave no array';
		return [];
	}
	if (shape.key === undefined) found(ctx, 'list-shape', 'as expected', 'a bare JSON array');
	else {
		const wrapped = VARIANTS['wrapped-lists'].values as readonly string[];
		const value = shape.key === 'contracts' ? 'plural' : shape.key;
		found(
			ctx,
			'list-shape',
			'differs',
			`an object, the contracts under "${shape.key}"`,
			wrapped.includes(value) ? [`wrapped-lists=${value}`] : [],
		);
	}
	const itemsOf = (answer: Answer): unknown[] => listOf(answer.body)?.items ?? [];
	const items = shape.items;
	const listed: Listed[] = items
		.map((item) => {
			const createdAt = String(record(item)?.createdAt ?? '');
			return { id: idOf(item), createdAt, ms: Date.parse(createdAt) };
		})
		.filter((c) => c.id);

	const firstItem = record(items[0]);
	if (!firstItem) ctx.notRun['list-fields'] = 'the account lists no contract';
	else {
		const keys = Object.keys(firstItem);
		const has = ['_id', 'status', 'createdAt'].every((k) => keys.includes(k));
		found(ctx, 'list-fields', has ? 'as expected' : 'differs', `fields: ${keys.join(', ')}`);
	}
	probeExternalIds(ctx, items, withExternalId);

	const number = (value: string | undefined) =>
		value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
	const pages = number(first.headers['x-total-pages']);
	const total = number(first.headers['x-total-documents']);
	const named = `X-Total-Pages ${first.headers['x-total-pages'] ?? 'absent'}, X-Total-Documents ${first.headers['x-total-documents'] ?? 'absent'}`;
	if (pages !== undefined && total !== undefined) found(ctx, 'list-totals', 'as expected', named);
	else if (
		first.headers['x-total-pages'] === undefined &&
		first.headers['x-total-documents'] === undefined
	)
		found(ctx, 'list-totals', 'differs', named, ['no-total-headers']);
	else found(ctx, 'list-totals', 'differs', named);

	// paging: one contract per page, pages 1, 2 (and 3 when 2 repeats 1)
	const count = total ?? items.length;
	let ignoresPage = false;
	if (count < 2) ctx.notRun['list-paging'] = 'the account lists fewer than 2 contracts';
	else {
		const one = async (page: number) => idOf(itemsOf(await list({ page, perPage: 1 }))[0]);
		const [a, b] = [await one(1), await one(2)];
		ignoresPage = Boolean(a) && a === b && (count < 3 || (await one(3)) === a);
		if (ignoresPage)
			found(ctx, 'list-paging', 'differs', 'page 2 answered the contract of page 1', [
				'list-ignores-page',
			]);
		else if (!b) found(ctx, 'list-paging', 'differs', 'page 2 was empty');
		else found(ctx, 'list-paging', 'as expected', 'another contract');
	}

	const beyond = await list({
		page: total !== undefined ? Math.ceil(total / 200) + 5 : 10_000,
		perPage: 200,
	});
	const beyondItems = itemsOf(beyond);
	if (beyond.status === 200 && listOf(beyond.body) && beyondItems.length === 0)
		found(ctx, 'list-beyond-last', 'as expected', 'HTTP 200, an empty list');
	else if (
		beyond.status === 200 &&
		beyondItems.length > 0 &&
		idOf(beyondItems[0]) === listed[0]?.id
	)
		found(ctx, 'list-beyond-last', 'differs', 'the first page again', ['list-ignores-page']);
	else
		found(
			ctx,
			'list-beyond-last',
			'differs',
			`${briefly(beyond)}, ${beyondItems.length} contracts`,
		);

	const full = itemsOf(await list({ page: 1, perPage: 200 })).length;
	let capped = total !== undefined && full < Math.min(200, total);
	if (total === undefined && full > 0 && full < 200 && !ignoresPage) {
		const next = itemsOf(await list({ page: 2, perPage: 200 }));
		capped = next.length > 0;
	}
	if (capped) {
		const caps = (VARIANTS['page-cap'].values as readonly string[]).map(Number);
		const cap = Math.max(...caps.filter((c) => c <= full));
		const note = cap === full ? '' : ` (the sandbox's nearest: ${cap})`;
		found(ctx, 'list-page-size', 'differs', `${full} contracts per page, more on page 2${note}`, [
			`page-cap=${cap}`,
		]);
	} else found(ctx, 'list-page-size', 'as expected', `${full} contracts in one page`);

	// the default page size, within the page cap just seen
	const plain = itemsOf(await list({})).length;
	if (total !== undefined || plain >= 20 || items.length > plain) {
		const want = Math.min(20, total ?? Infinity, capped ? full : Infinity);
		const of = `${total !== undefined ? ` (of ${total})` : ''}${capped && full < 20 ? `, the page cap` : ''}`;
		found(
			ctx,
			'list-default-page-size',
			plain === want ? 'as expected' : 'differs',
			`${plain} contracts${of}`,
		);
	} else
		ctx.notRun['list-default-page-size'] = `the account lists ${plain} contracts (fewer than 21)`;

	const over = await list({ page: 1, perPage: 201 });
	if (over.status === 400) found(ctx, 'list-per-page-over-200', 'as expected', briefly(over));
	else if (refusedWith200(over))
		found(ctx, 'list-per-page-over-200', 'differs', briefly(over), ['refusal-200']);
	else
		found(
			ctx,
			'list-per-page-over-200',
			'differs',
			`${briefly(over)}, ${itemsOf(over).length} contracts`,
		);

	probeOrder(ctx, listed);
	await probeBounds(ctx, listed, list);
	return listed;
}

/**
 * Whether list items carry `externalId`: some do (as expected), none do, or unknown (no contracts). "None" is a
 * difference only when a listed contract is known to have one (the --write contract); else the account's contracts
 * may simply have none.
 */
function probeExternalIds(ctx: ProbeContext, items: unknown[], withExternalId?: string): void {
	const id = 'list-external-id';
	if (items.length === 0) {
		ctx.notRun[id] = 'unknown (no contracts)';
		return;
	}
	const of = `${items.length} listed contract${items.length === 1 ? '' : 's'}`;
	const carrying = items.filter((item) => {
		const value = record(item)?.externalId;
		return value !== undefined && value !== null && value !== '';
	}).length;
	if (carrying > 0) found(ctx, id, 'as expected', `some: ${carrying} of ${of} carry it`);
	else if (withExternalId && items.some((item) => idOf(item) === withExternalId))
		found(ctx, id, 'differs', `none of ${of}, not even the one --write made with an external ID`, [
			'list-without-external-id',
		]);
	else
		found(
			ctx,
			id,
			'not observed',
			`none of ${of} (they may have none: --write lists one that has)`,
		);
}

function probeOrder(ctx: ProbeContext, listed: Listed[]): void {
	const times = listed.map((c) => c.ms).filter((ms) => !Number.isNaN(ms));
	let up = 0;
	let down = 0;
	for (let i = 1; i < times.length; i++) {
		if (times[i] > times[i - 1]) up++;
		if (times[i] < times[i - 1]) down++;
	}
	if (up + down < 2)
		ctx.notRun['list-order'] = 'fewer than 3 contracts created at different instants';
	else if (up === 0) found(ctx, 'list-order', 'as expected', 'newest first');
	else if (down === 0) found(ctx, 'list-order', 'differs', 'oldest first', ['oldest-first']);
	else
		found(ctx, 'list-order', 'differs', `no order by createdAt (${up} steps up, ${down} down)`, [
			'unordered',
		]);

	const dated = listed.filter((c) => c.createdAt);
	if (dated.length === 0) ctx.notRun['created-at-precision'] = 'no listed contract has a createdAt';
	else if (dated.some((c) => FRACTION.test(c.createdAt)))
		found(
			ctx,
			'created-at-precision',
			'as expected',
			`e.g. ${dated.find((c) => FRACTION.test(c.createdAt))!.createdAt}`,
		);
	else
		found(ctx, 'created-at-precision', 'differs', `whole seconds, e.g. ${dated[0].createdAt}`, [
			'second-precision',
		]);
}

async function probeBounds(
	ctx: ProbeContext,
	listed: Listed[],
	list: (query: Record<string, string | number>) => Promise<Answer>,
): Promise<void> {
	const c = listed.find((x) => !Number.isNaN(x.ms));
	if (!c) {
		ctx.notRun['bounds-time-part'] = ctx.notRun['bounds-inclusive'] =
			'no listed contract to ask for';
		return;
	}
	const iso = (ms: number) => new Date(ms).toISOString();
	const holds = async (from: number, to: number) => {
		const answer = await list({ dateStart: iso(from), dateEnd: iso(to), perPage: 200 });
		const shape = answer.status === 200 ? listOf(answer.body) : null;
		return shape ? shape.items.some((item) => idOf(item) === c.id) : briefly(answer);
	};
	const day = Math.floor(c.ms / DAY) * DAY;
	const window: [number, number] =
		c.ms - day >= 2000 ? [day, c.ms - 1000] : [c.ms + 1000, day + DAY - 1];
	const outside = await holds(...window);
	const shownWindow = `${iso(window[0])} … ${iso(window[1])}`;
	let dayOnly = false;
	if (typeof outside === 'string')
		found(ctx, 'bounds-time-part', 'differs', `${shownWindow}: ${outside}`);
	else if (outside) {
		dayOnly = true;
		found(
			ctx,
			'bounds-time-part',
			'differs',
			`${shownWindow} lists the contract of ${c.createdAt}`,
			['date-only-bounds'],
		);
	} else found(ctx, 'bounds-time-part', 'as expected', `${shownWindow} leaves it out`);

	if (dayOnly) ctx.notRun['bounds-inclusive'] = 'the time part of the bounds is ignored';
	else if (!FRACTION.test(c.createdAt))
		ctx.notRun['bounds-inclusive'] = 'createdAt in whole seconds: the exact instant is not shown';
	else {
		const exact = await holds(c.ms, c.ms);
		if (typeof exact === 'string') found(ctx, 'bounds-inclusive', 'differs', exact);
		else if (exact)
			found(ctx, 'bounds-inclusive', 'as expected', `listed with both bounds ${c.createdAt}`);
		else
			found(ctx, 'bounds-inclusive', 'differs', `not listed with both bounds ${c.createdAt}`, [
				'exclusive-bounds',
			]);
	}
}

/** The template list's shape; returns the templates' ids. */
export async function probeTemplates(ctx: ProbeContext): Promise<string[]> {
	const answer = await ctx.api.send('GET', '/api/list/templates');
	if (answer.status !== 200 || !Array.isArray(answer.body)) {
		found(
			ctx,
			'templates',
			'differs',
			Array.isArray(answer.body) ? briefly(answer) : `${briefly(answer)}, not an array`,
		);
		return [];
	}
	const keys = Object.keys(record(answer.body[0]) ?? {});
	const has = ['createdAt', 'name', 'templateId'].every((k) => keys.includes(k));
	const observed = `${answer.body.length} templates${keys.length ? `, fields: ${keys.join(', ')}` : ''}`;
	found(ctx, 'templates', has || answer.body.length === 0 ? 'as expected' : 'differs', observed);
	return answer.body
		.map((t) => record(t)?.templateId)
		.filter((t): t is string => typeof t === 'string' && t !== '');
}

/** A template id no template has (24 hexadecimal characters, as TRATO's). */
export const UNKNOWN_TEMPLATE_ID = 'ffffffffffffffffffffffff';

/**
 * Whether the list's `templateId` filter filters: asked with an id no template has, every contract it lists is of
 * another template. Can't tell when the account lists no contract or that answer is refused; the count for the
 * account's first template is shown beside it.
 */
export async function probeTemplateFilter(ctx: ProbeContext, templateIds: string[]): Promise<void> {
	const id = 'list-template-filter';
	const list = (query: Record<string, string | number>) =>
		ctx.api.send('GET', '/api/list/contracts', { query: { page: 1, perPage: 200, ...query } });
	const count = (answer: Answer): number | undefined => {
		const total = answer.headers['x-total-documents'];
		if (answer.status !== 200 || !listOf(answer.body)) return undefined;
		return total !== undefined && /^\d+$/.test(total.trim())
			? Number(total)
			: (listOf(answer.body)?.items.length ?? 0);
	};
	const all = count(await list({}));
	if (!all) {
		ctx.notRun[id] = "can't tell: the account lists no contract";
		return;
	}
	const none = await list({ templateId: UNKNOWN_TEMPLATE_ID });
	const listed = count(none);
	let first = '';
	if (templateIds[0]) {
		const one = await list({ templateId: templateIds[0] });
		first = `; its first template: ${count(one) ?? briefly(one)}`;
	}
	if (listed === undefined)
		found(ctx, id, 'differs', `can't tell: answered ${briefly(none)}${first}`);
	else if (listed === 0)
		found(ctx, id, 'as expected', `no contract (of ${all} without it)${first}`);
	else
		found(
			ctx,
			id,
			'differs',
			`${listed} contracts (of ${all} without it), all of other templates${first}`,
			['template-filter-ignored'],
		);
}

const TRATO_STATUSES = ['PENDING', 'RECEIVED_TO_SIGN', 'SENT_SIGNED', 'REJECTED'];
const EARLIER = ['PENDING', 'SENT', 'SIGNED', 'REJECTED'];
const OTHER = ['WAITING', 'NOTIFIED', 'COMPLETED', 'DECLINED'];

/** The records of a few contracts (the one --write made first): status, participants, milestones, properties. */
export async function probeRecords(ctx: ProbeContext, contractIds: string[]): Promise<void> {
	const ids = contractIds.slice(0, 3);
	if (ids.length === 0) {
		for (const id of [
			'contract-status',
			'participant-id',
			'participant-statuses',
			'milestones',
			'custom-property-id',
			'documents-method',
		])
			ctx.notRun[id] = 'the account lists no contract (--write makes one)';
		return;
	}
	const status = await ctx.api.send('GET', `/api/contract/status/${ids[0]}`);
	const value = record(status.body)?.status;
	if (status.status === 200 && typeof value === 'string')
		found(ctx, 'contract-status', 'as expected', `status ${shown(value)}`);
	else
		found(
			ctx,
			'contract-status',
			'differs',
			`${briefly(status)}, keys: ${Object.keys(record(status.body) ?? {}).join(', ')}`,
		);

	const withoutId: string[] = [];
	const idKeys = new Set<string>();
	const statuses = new Set<string>();
	let read = 0;
	for (const contractId of ids) {
		const variables = await ctx.api.send('GET', `/api/contract/variables/${contractId}`);
		const participants = (record(variables.body)?.participants as unknown[] | undefined) ?? [];
		for (const p of participants.slice(0, 2)) {
			const fields = record(p) ?? {};
			const pid = fields.participantid ?? fields.participantId ?? fields._id;
			if (typeof pid !== 'string' || !pid) continue;
			const answer = await ctx.api.send('GET', `/api/contract/participant/${contractId}/${pid}`);
			const body = record(answer.body);
			if (answer.status !== 200 || !body) continue;
			read++;
			const key = ['participantid', 'participantId', '_id'].find(
				(k) => typeof body[k] === 'string',
			);
			if (key) idKeys.add(key);
			else withoutId.push(pid);
			const s = record(body.information)?.status;
			if (typeof s === 'string') statuses.add(s);
		}
		if (read >= 4) break;
	}
	if (read === 0) {
		ctx.notRun['participant-id'] = ctx.notRun['participant-statuses'] =
			'no participant could be read';
	} else {
		if (withoutId.length)
			found(ctx, 'participant-id', 'differs', `${withoutId.length} of ${read} records name no id`, [
				'participant-without-id',
			]);
		else found(ctx, 'participant-id', 'as expected', `as ${[...idKeys].join(', ')}`);
		const values = [...statuses];
		const within = (names: string[]) => values.length > 0 && values.every((v) => names.includes(v));
		const observed = values.length ? values.join(', ') : 'none';
		if (values.length === 0) ctx.notRun['participant-statuses'] = 'no information.status';
		else if (within(TRATO_STATUSES)) found(ctx, 'participant-statuses', 'as expected', observed);
		else if (within(EARLIER))
			found(ctx, 'participant-statuses', 'differs', observed, ['participant-statuses=earlier']);
		else if (within(OTHER))
			found(ctx, 'participant-statuses', 'differs', observed, ['participant-statuses=other']);
		else found(ctx, 'participant-statuses', 'differs', observed);
	}

	await probeMilestones(ctx, ids);
	await probeProperties(ctx, ids);
	const documents = await ctx.api.send('GET', `/api/contract/documents/${ids[0]}`);
	if (documents.status === 404 || documents.status === 405)
		found(ctx, 'documents-method', 'differs', briefly(documents), ['documents-post-only']);
	else found(ctx, 'documents-method', 'as expected', briefly(documents));
}

async function probeMilestones(ctx: ProbeContext, ids: string[]): Promise<void> {
	for (const contractId of ids) {
		const answer = await ctx.api.send('GET', `/api/contract/milestones/${contractId}`);
		const list = listOf(answer.body)?.items ?? [];
		const flags = list.map((m) => record(m)?.completed).filter((c) => c !== undefined);
		if (flags.length === 0) continue;
		const kinds = [...new Set(flags.map((c) => typeof c))];
		const observed = `completed as ${kinds.join(' and ')} (${flags.slice(0, 3).map(shown).join(', ')})`;
		if (kinds.length === 1 && kinds[0] === 'boolean')
			found(ctx, 'milestones', 'as expected', observed);
		else if (kinds.length === 1 && kinds[0] === 'number')
			found(ctx, 'milestones', 'differs', observed, ['integer-completed']);
		else found(ctx, 'milestones', 'differs', observed);
		return;
	}
	ctx.notRun.milestones = 'no milestone with "completed" on the contracts asked';
}

async function probeProperties(ctx: ProbeContext, ids: string[]): Promise<void> {
	for (const contractId of ids) {
		const answer = await ctx.api.send('GET', `/api/contracts/${contractId}/customproperties`);
		const first = record(listOf(answer.body)?.items[0]);
		if (!first) continue;
		// the spellings the sandbox answers: _id (default), those of property-id-field, propertyid (TRATO's lower case)
		const key = ['_id', 'id', 'propertyId', 'propertyID', 'propertyid'].find(
			(k) => first[k] !== undefined,
		);
		const observed = `${key ? `the id as ${key}` : 'no id'}; fields: ${Object.keys(first).join(', ')}`;
		if (key === '_id') found(ctx, 'custom-property-id', 'as expected', observed);
		else
			found(ctx, 'custom-property-id', 'differs', observed, [
				key === 'propertyid' ? 'property-id-lowercase' : `property-id-field=${key ?? 'none'}`,
			]);
		return;
	}
	ctx.notRun['custom-property-id'] = 'no custom property on the contracts asked (--write adds one)';
}
