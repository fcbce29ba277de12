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
import { Trato } from '../../nodes/Trato/Trato.node';
import { pagingSettings } from '../../nodes/Trato/transport/paging';
import { fromList, LEASE, NDA, useEnv } from '../helpers/env';

const env = useEnv(__filename);
const MAX_PAGES = pagingSettings.maxPages;

/** In a workflow whose time zone is UTC, so that the days of the fixtures are the filters' days. */
const getAll = (extra: Record<string, unknown> = {}) =>
	env.run({ resource: 'contract', operation: 'getAll', ...extra } as any, undefined, {
		timezone: 'UTC',
	});
const summary = (r: {
	method: string;
	path: string;
	query: Record<string, unknown>;
	status: number;
}) =>
	`${r.method} ${r.path}?page=${String(r.query.page)}&perPage=${String(r.query.perPage)} ${r.status}`;

describe('contract → getAll: paging', () => {
	let total: number;
	let everyId: string[];

	beforeAll(() => {
		env.sb.control.seed(450, { seed: 3 });
		total = env.sb.control.contractCount();
	});

	test('Return All reads every page (200 per request) and outputs one item per contract', async () => {
		const mark = env.mark();
		const result = await getAll({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(total).toBe(450);
		expect(result.items).toHaveLength(450);
		expect(env.nodeRequests(mark).map(summary)).toEqual([
			'GET /api/list/contracts?page=1&perPage=200 200',
			'GET /api/list/contracts?page=2&perPage=200 200',
			'GET /api/list/contracts?page=3&perPage=200 200',
		]);
		everyId = result.items.map((i) => String(i.json.contractId));
		expect(new Set(everyId).size).toBe(450);
		const first = result.items[0].json;
		expect(first).toEqual(
			expect.objectContaining({
				contractId: expect.any(String),
				name: expect.any(String),
				createdAt: expect.any(String),
				status: expect.any(String),
			}),
		);
		// the id of the list's `_id`
		expect(env.sb.control.getContract(String(first.contractId))?.name).toBe(first.name);
		// a readable label for every status, never the raw code (e.g. SENT_TO_SIGN)
		for (const { json } of result.items) expect(json.statusLabel).toMatch(/^[A-Z][a-z]/);
		expect(new Set(result.items.map((i) => i.json.status)).size).toBeGreaterThan(10);
		expect(result.items.find((i) => i.json.status === 'RECEIVED_SIGNED')?.json.statusLabel).toBe(
			'Signed',
		);
		// newest first, as the API lists them
		const created = result.items.map((i) => String(i.json.createdAt));
		expect([...created].sort().reverse()).toEqual(created);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Limit stops early: one small request for 5, two pages for 250', async () => {
		const mark = env.mark();
		const five = await getAll({ returnAll: false, limit: 5 });
		expect(five.items.map((i) => i.json.contractId)).toEqual(everyId.slice(0, 5));
		expect(env.nodeRequests(mark).map(summary)).toEqual([
			'GET /api/list/contracts?page=1&perPage=5 200',
		]);

		const mark2 = env.mark();
		const many = await getAll({ returnAll: false, limit: 250 });
		expect(many.items.map((i) => i.json.contractId)).toEqual(everyId.slice(0, 250));
		expect(env.nodeRequests(mark2).map(summary)).toEqual([
			'GET /api/list/contracts?page=1&perPage=200 200',
			'GET /api/list/contracts?page=2&perPage=200 200',
		]);
	});

	test('a failure on a later page fails the item instead of returning a partial list', async () => {
		env.sb.control.addFault({
			path: '/api/list/contracts',
			query: { page: '2' },
			status: 200,
			body: { success: false, error: 'Temporary failure' },
		});
		const result = await getAll({ returnAll: true });
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe('TRATO refused the request: Temporary failure');
		expect(result.items).toHaveLength(0);
	});
});

describe('contract → getAll: a list that ignores paging (issue 34, variants list-ignores-page, no-total-headers)', () => {
	beforeAll(() => {
		const missing = 401 - env.sb.control.contractCount();
		if (missing > 0) env.sb.control.seed(missing, { seed: 7 });
	});
	afterEach(() => env.sb.control.setVariants([]));
	const REPEATED =
		'TRATO answered page 2 with the same contracts as page 1: it seems to ignore paging';

	test.each([
		['without total headers (it never ended)', ['list-ignores-page', 'no-total-headers']],
		['with total headers (it output the first page three times)', ['list-ignores-page']],
	])(
		'Return All stops at the repeated page with an error saying so, %s',
		async (_, variants) => {
			env.sb.control.setVariants(variants);
			const mark = env.mark();
			const result = await getAll({ returnAll: true });
			expect((result.error as any)?.name).toBe('NodeApiError');
			expect(result.error?.message).toBe(REPEATED);
			expect((result.error as any).description).toMatch(/stopped.*Limit of 200 or less.*filters/);
			expect(result.items).toHaveLength(0);
			expect(env.nodeRequests(mark).map(summary)).toEqual([
				'GET /api/list/contracts?page=1&perPage=200 200',
				'GET /api/list/contracts?page=2&perPage=200 200',
			]);
		},
		20_000,
	);

	test('a Limit over one page stops there too (instead of repeating contracts); one page still works', async () => {
		env.sb.control.setVariants(['list-ignores-page']);
		const many = await getAll({ returnAll: false, limit: 300 });
		expect(many.error?.message).toBe(REPEATED);
		const one = await getAll({ returnAll: false, limit: 200 });
		expect(one.error).toBeUndefined();
		expect(new Set(one.items.map((i) => i.json.contractId)).size).toBe(200);
	});

	test('without total headers but with working pages, Return All reads to the first short page', async () => {
		env.sb.control.setVariants(['no-total-headers']);
		const mark = env.mark();
		const result = await getAll({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(new Set(result.items.map((i) => i.json.contractId)).size).toBe(
			env.sb.control.contractCount(),
		);
		expect(env.nodeRequests(mark)).toHaveLength(
			Math.floor(env.sb.control.contractCount() / 200) + 1,
		);
	});
});

describe('contract → getAll: filters', () => {
	const ids: Record<string, string> = {};

	beforeAll(() => {
		const c = env.sb.control;
		const a = c.createContract({
			createdAt: '2020-03-01T10:00:00.000Z',
			templateId: LEASE,
			status: 'SENT_TO_SIGN',
			participants: [
				{ name: 'Ana', email: 'ana.filter@example.com' },
				{
					name: 'Luis',
					email: 'luis.filter@example.com',
					variables: { tenant_name: 'Luis Pérez', monthly_rent: '12000' },
				},
			],
		});
		c.sign(a._id, { participantId: a.participants[0]._id });
		ids.a = a._id;
		ids.b = c.createContract({
			createdAt: '2020-03-05T10:00:00.000Z',
			templateId: NDA,
			status: 'SENT_TO_SIGN',
			participants: [
				{ name: 'Ana', email: 'ana.filter@example.com' },
				{ name: 'Marta', email: 'marta.filter@example.com' },
			],
		})._id;
		ids.c = c.createContract({
			createdAt: '2020-03-31T23:00:00.000Z',
			templateId: LEASE,
			status: 'CANCELED',
		})._id;
		ids.d = c.createContract({ createdAt: '2020-04-01T00:00:00.000Z', name: 'Draft in April' })._id;
	});

	const march = { dateStart: '2020-03-01', dateEnd: '2020-03-31' };

	test.each([
		[
			'a date range (plain end date = whole day)',
			march,
			['c', 'b', 'a'],
			{ dateStart: '2020-03-01T00:00:00.000Z', dateEnd: '2020-03-31T23:59:59.999Z' },
		],
		[
			'a timestamp range',
			{ dateStart: '2020-03-05T10:00:00Z', dateEnd: '2020-04-01T00:00:00Z' },
			['d', 'c', 'b'],
			{ dateStart: '2020-03-05T10:00:00.000Z', dateEnd: '2020-04-01T00:00:00.000Z' },
		],
		[
			'status',
			{ ...march, statusContract: 'SENT_TO_SIGN' },
			['b', 'a'],
			{
				dateStart: '2020-03-01T00:00:00.000Z',
				dateEnd: '2020-03-31T23:59:59.999Z',
				statusContract: 'SENT_TO_SIGN',
			},
		],
		[
			'participant e-mail and status (the same participant)',
			{ emailParticipant: ' ANA.filter@example.com ', statusParticipant: 'SENT_SIGNED' },
			['a'],
			{ emailParticipant: 'ANA.filter@example.com', statusParticipant: 'SENT_SIGNED' },
		],
		[
			'participant status saved by an earlier version of the node (Signed, stored as SIGNED)',
			{ emailParticipant: 'ANA.filter@example.com', statusParticipant: 'SIGNED' },
			['a'],
			{ emailParticipant: 'ANA.filter@example.com', statusParticipant: 'SENT_SIGNED' },
		],
		[
			'participant status saved by an earlier version of the node (Sent, stored as SENT)',
			{ emailParticipant: 'ana.filter@example.com', statusParticipant: 'SENT' },
			['b'],
			{ emailParticipant: 'ana.filter@example.com', statusParticipant: 'RECEIVED_TO_SIGN' },
		],
		[
			'participant status from an expression: sent as it is (a word TRATO does not store matches nothing)',
			{ emailParticipant: 'ana.filter@example.com', statusParticipant: '={{ "SIGNED" }}' },
			[],
			{ emailParticipant: 'ana.filter@example.com', statusParticipant: 'SIGNED' },
		],
		[
			'participant e-mail alone',
			{ emailParticipant: 'ana.filter@example.com' },
			['b', 'a'],
			{ emailParticipant: 'ana.filter@example.com' },
		],
		[
			'participant variables as name|value pairs',
			{
				participantVariables: {
					variables: [
						{ name: 'tenant_name', value: 'Luis Pérez' },
						{ name: 'monthly_rent', value: '12000' },
					],
				},
			},
			['a'],
			{ participantVariables: 'tenant_name|Luis Pérez;monthly_rent|12000' },
		],
		[
			'template',
			{ ...march, templateId: NDA },
			['b'],
			{
				dateStart: '2020-03-01T00:00:00.000Z',
				dateEnd: '2020-03-31T23:59:59.999Z',
				templateId: NDA,
			},
		],
	])('filter by %s', async (_name, filters, expected, query) => {
		const mark = env.mark();
		const result = await getAll({ returnAll: true, filters });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.contractId)).toEqual(expected.map((k) => ids[k]));
		const request = env.nodeRequests(mark)[0];
		expect(request.query).toEqual({ ...query, page: '1', perPage: '200' });
	});

	test('the Template filter is a picker; an ID text saved by an older workflow still filters the same', async () => {
		const byPicker = await getAll({
			returnAll: true,
			filters: { ...march, templateId: fromList(NDA) },
		});
		const bySavedText = await getAll({ returnAll: true, filters: { ...march, templateId: NDA } });
		expect(byPicker.error).toBeUndefined();
		expect(byPicker.items.map((i) => i.json.contractId)).toEqual([ids.b]);
		expect(bySavedText.items.map((i) => i.json.contractId)).toEqual([ids.b]);
		const { description } = new Trato();
		const filters = description.properties.find(
			(p) => p.name === 'filters' && p.displayOptions?.show?.resource?.includes('contract'),
		)!.options as Array<{ name: string; type: string }>;
		expect(filters.find((f) => f.name === 'templateId')?.type).toBe('resourceLocator');
	});

	test('readable status labels on the output', async () => {
		const result = await getAll({
			returnAll: true,
			filters: { dateStart: '2020-03-01', dateEnd: '2020-04-01' },
		});
		expect(result.items.map((i) => [i.json.status, i.json.statusLabel])).toEqual([
			['', 'Draft'],
			['CANCELED', 'Cancelled'],
			['SENT_TO_SIGN', 'Pending Signature'],
			['SENT_TO_SIGN', 'Pending Signature'],
		]);
	});

	test('no match gives no items', async () => {
		const result = await getAll({
			returnAll: true,
			filters: { participantVariables: { variables: [{ name: 'tenant_name', value: 'Nobody' }] } },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
	});

	test.each([
		[
			'an invalid e-mail',
			{ emailParticipant: 'ana(at)example.com' },
			'Participant Email "ana(at)example.com" is not a valid email address',
		],
		[
			'a variable without a name',
			{ participantVariables: { variables: [{ name: ' ', value: 'x' }] } },
			'Participant variable 1 has no name',
		],
		[
			'a variable value with ";"',
			{ participantVariables: { variables: [{ name: 'fee', value: 'a;b' }] } },
			'Participant variable "fee" contains "|" or ";"',
		],
		[
			'a variable name with "|"',
			{ participantVariables: { variables: [{ name: 'a|b', value: 'x' }] } },
			'Participant variable "a|b" contains "|" or ";"',
		],
		[
			'a template ID with a slash',
			{ templateId: 'T1lease/x' },
			'The Template filter ID "T1lease/x" is not a valid ID',
		],
		[
			'a start after the end',
			{ dateStart: '2020-03-02T00:00:00Z', dateEnd: '2020-03-01' },
			'Created From (2020-03-02T00:00:00.000Z) is after Created Until (2020-03-01T23:59:59.999Z)',
		],
	])('%s is refused before any request', async (_name, filters, message) => {
		const mark = env.mark();
		const result = await getAll({ returnAll: true, filters });
		expect(result.error?.message).toBe(message);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.description).toEqual(expect.any(String));
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a plain end date on the same day as a timestamp start is accepted (whole day)', async () => {
		const result = await getAll({
			returnAll: true,
			filters: { dateStart: '2020-03-31T12:00:00Z', dateEnd: '2020-03-31' },
		});
		expect(result.items.map((i) => i.json.contractId)).toEqual([ids.c]);
	});
});

describe('contract → getAll: date filters', () => {
	const own = useEnv(__filename);

	test('Created Until picked in the date picker (midnight) or typed as a date: the same whole day, in the workflow time zone', async () => {
		const zone = 'America/Mexico_City'; // UTC-6 in 2020-03
		const late = own.sb.control.createContract({ createdAt: '2020-03-31T23:30:00.000Z' })._id; // 17:30 in Mexico City
		const next = own.sb.control.createContract({ createdAt: '2020-04-01T07:00:00.000Z' })._id; // 01:00 on April 1st
		const found: string[][] = [];
		for (const dateEnd of ['2020-03-31T00:00:00', '2020-03-31']) {
			const mark = own.mark();
			const result = await own.run(
				{
					resource: 'contract',
					operation: 'getAll',
					returnAll: true,
					filters: { dateStart: '2020-03-31', dateEnd },
				},
				undefined,
				{ timezone: zone },
			);
			expect(own.nodeRequests(mark)[0].query).toMatchObject({
				dateStart: '2020-03-31T06:00:00.000Z',
				dateEnd: '2020-04-01T05:59:59.999Z',
			});
			found.push(result.items.map((i) => String(i.json.contractId)));
		}
		expect(found[0]).toEqual(found[1]);
		expect(found[0]).toContain(late);
		expect(found[0]).not.toContain(next);
	});
});

describe('contract → getAll: a list that ignores paging, sends no totals and reorders ties (issue 40)', () => {
	const own = useEnv(__filename);
	const VARIANTS = ['list-ignores-page', 'no-total-headers', 'unstable-ties'];
	const instant = '2024-02-02T02:02:02.000Z';
	let run: string[];

	beforeAll(() => {
		run = [];
		for (let i = 0; i < 260; i++)
			run.push(own.sb.control.createContract({ status: 'SENT_TO_SIGN', createdAt: instant })._id);
	});
	beforeEach(() => {
		own.sb.control.seedRandom(40);
		// a safety net for the code before issue 40, which never ended: the 100th list request is refused
		let count = 0;
		own.sb.control.setRequestHook((info) => {
			if (info.path === '/api/list/contracts' && ++count === 100)
				own.sb.control.addFault({ path: '/api/list/contracts', status: 400 });
		});
	});
	afterEach(() => {
		own.sb.control.setRequestHook(undefined);
		own.sb.control.clearFaults();
		own.sb.control.setVariants([]);
	});

	test.each([
		['Return All', { returnAll: true }],
		['a Limit of 1,000', { returnAll: false, limit: 1000 }],
	])(
		'%s stops at the first page that brings no contract not read before, saying so, after a few requests',
		async (_, options) => {
			own.sb.control.setVariants(VARIANTS);
			const mark = own.mark();
			const result = await own.run(
				{ resource: 'contract', operation: 'getAll', ...options } as any,
				undefined,
				{ timezone: 'UTC' },
			);
			const pages = own.nodeRequests(mark).map((r) => Number(r.query.page));
			const last = pages[pages.length - 1];
			expect((result.error as any)?.name).toBe('NodeApiError');
			expect(result.error?.message).toBe(
				`TRATO answered page ${last} with only contracts already read on pages 1 to ${last - 1}: it seems to ignore paging`,
			);
			expect((result.error as any).description).toMatch(/stopped.*Limit of 200 or less.*filters/);
			expect(result.items).toHaveLength(0);
			// each page asked once, in order, and few of them: every one of the 260 was seen, then a page brought none
			expect(pages).toEqual(pages.map((__, i) => i + 1));
			expect(pages.length).toBeLessThan(20);
		},
		30_000,
	);

	/** While the node reads, every list request adds a page of contracts older than all: the list never ends. */
	function endlessList(): string[] {
		const added: string[] = [];
		own.sb.control.setRequestHook((info) => {
			if (info.path !== '/api/list/contracts') return;
			if (added.length >= 100 * 200)
				own.sb.control.addFault({ path: '/api/list/contracts', status: 400 }); // the safety net
			for (let i = 0; i < 200; i++)
				added.push(
					own.sb.control.createContract({
						createdAt: new Date(Date.UTC(2000, 0, 1) - added.length * 1000).toISOString(),
					})._id,
				);
		});
		return added;
	}

	test.each([
		[
			'with totals: at the page after the pages its first answer announced',
			[],
			'TRATO answered page 4 with more to come, past the 3 pages its totals announced: it seems to ignore paging',
		],
		[
			'without totals: at the most pages the node reads (1,000; 5 here)',
			['no-total-headers'],
			'TRATO answered page 5 with more to come, the most the node reads without totals (5 pages): it seems to ignore paging',
		],
	])(
		'a list that never ends stops at a ceiling, %s',
		async (_, variants, message) => {
			own.sb.control.setVariants(variants);
			pagingSettings.maxPages = 5;
			const added = endlessList();
			try {
				const mark = own.mark();
				const result = await own.run(
					{ resource: 'contract', operation: 'getAll', returnAll: true } as any,
					undefined,
					{ timezone: 'UTC' },
				);
				expect(result.error?.message).toBe(message);
				expect((result.error as any).description).toMatch(/a read without end would never finish/);
				const pages = own.nodeRequests(mark).map((r) => Number(r.query.page));
				expect(pages).toEqual(pages.map((__, i) => i + 1));
			} finally {
				own.sb.control.setRequestHook(undefined);
				pagingSettings.maxPages = MAX_PAGES;
				for (const id of added) own.sb.control.deleteContract(id);
			}
		},
		30_000,
	);

	test('ties in a new order on every request, paging applied: no contract is output twice', async () => {
		own.sb.control.setVariants(['unstable-ties', 'no-total-headers']);
		const result = await own.run(
			{ resource: 'contract', operation: 'getAll', returnAll: true } as any,
			undefined,
			{ timezone: 'UTC' },
		);
		expect(result.error).toBeUndefined();
		const ids = result.items.map((i) => String(i.json.contractId));
		expect(ids.length).toBeGreaterThan(200);
		expect(new Set(ids).size).toBe(ids.length);
		for (const id of ids) expect(run).toContain(id);
	});
});
