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
import { pagingSettings } from '../../nodes/Trato/transport/paging';
import { listSearch } from '../../test-support/harness';
import { useEnv } from '../helpers/env';

const MAX_PAGES = pagingSettings.maxPages;

const env = useEnv(__filename);

describe('list search: searchContracts', () => {
	const ids: Record<string, string> = {};

	beforeAll(() => {
		const c = env.sb.control;
		c.seed(150, { seed: 5, to: '2024-01-01T00:00:00.000Z' }); // older than the contracts below
		ids.newest = c.createContract({
			name: 'Arrendamiento Zebra 7',
			createdAt: '2025-05-01T10:00:00.000Z',
			status: 'SENT_TO_SIGN',
			externalId: 'CRM-ZEBRA',
		})._id;
		ids.draft = c.createContract({ name: '', createdAt: '2025-04-01T10:00:00.000Z' })._id;
	});

	test('first page: newest first, "name · status" labels, IDs as values, a token for the next page', async () => {
		const mark = env.mark();
		const page1 = await listSearch('searchContracts', env.creds);
		expect(page1.results).toHaveLength(100);
		expect(page1.results[0]).toEqual({
			name: 'Arrendamiento Zebra 7 · Pending Signature',
			value: ids.newest,
			description: 'Created 2025-05-01T10:00:00.000Z',
		});
		expect(page1.results[1]).toEqual({
			name: '(no name) · Draft',
			value: ids.draft,
			description: 'Created 2025-04-01T10:00:00.000Z',
		});
		// the next page and a fingerprint of this one (issue 34: a repeated page ends the list)
		expect(page1.paginationToken).toMatch(/^2:[\w-]{16}$/);
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/list/contracts 200',
		]);
		expect(requests[0].query).toEqual({ page: '1', perPage: '100' });
	});

	test('the last page has no token; together the pages hold every contract once', async () => {
		const page1 = await listSearch('searchContracts', env.creds);
		const page2 = await listSearch(
			'searchContracts',
			env.creds,
			{},
			undefined,
			String(page1.paginationToken),
		);
		expect(page2.results).toHaveLength(52);
		expect(page2.paginationToken).toBeUndefined();
		const all = [...page1.results, ...page2.results].map((r) => r.value);
		expect(new Set(all).size).toBe(152);
	});

	test.each([
		['name', 'zebra 7'],
		['external ID', 'crm-zebra'],
		['status label', 'pending sig'],
		['ID', 'ID'],
	])('typed text filters by %s (case-insensitive)', async (_what, text) => {
		const filter = text === 'ID' ? ids.newest : text;
		const result = await listSearch('searchContracts', env.creds, {}, filter);
		expect(result.results.map((r) => r.value)).toContain(ids.newest);
		expect(result.results.map((r) => r.value)).not.toContain(ids.draft);
	});

	test('a typed name that only matches on a later page is found in the same call (up to 5 pages read)', async () => {
		const oldest = env.sb.control.createContract({
			name: 'Convenio Ornitorrinco',
			createdAt: '2020-01-01T00:00:00.000Z',
		})._id;
		const mark = env.mark();
		const result = await listSearch('searchContracts', env.creds, {}, 'ornitorrinco');
		expect(result.results.map((r) => r.value)).toEqual([oldest]);
		expect(result.paginationToken).toBeUndefined();
		expect(env.nodeRequests(mark).map((r) => r.query.page)).toEqual(['1', '2']);
	});

	test('a search with no match anywhere stops after 5 pages and offers to continue', async () => {
		env.sb.control.seed(400, { seed: 9, to: '2019-01-01T00:00:00.000Z' });
		const mark = env.mark();
		const result = await listSearch('searchContracts', env.creds, {}, 'no-such-contract-name');
		expect(result.results).toEqual([]);
		expect(env.nodeRequests(mark).map((r) => r.query.page)).toEqual(['1', '2', '3', '4', '5']);
		expect(result.paginationToken).toMatch(/^6:/);
	});

	describe('a list that ignores paging (issue 34, variant list-ignores-page)', () => {
		afterEach(() => env.sb.control.setVariants([]));
		const NOTICE =
			/^TRATO answered page (\d+) with the same contracts as page \d+: it seems to ignore paging, so only these are listed\. For another contract, choose "By ID"\.$/;

		test('scrolling on: the repeated page is not shown again, the list ends with a notice', async () => {
			env.sb.control.setVariants(['list-ignores-page']);
			const page1 = await listSearch('searchContracts', env.creds);
			expect(page1.results).toHaveLength(100);
			const mark = env.mark();
			const page2 = await listSearch(
				'searchContracts',
				env.creds,
				{},
				undefined,
				String(page1.paginationToken),
			);
			expect(page2.results).toEqual([{ name: expect.stringMatching(NOTICE), value: '' }]);
			expect(page2.paginationToken).toBeUndefined();
			expect(env.nodeRequests(mark).map((r) => r.query.page)).toEqual(['2']);
		});

		test('a search with no match stops at the repeated page, not after 5 pages of the same contracts', async () => {
			env.sb.control.setVariants(['list-ignores-page']);
			const mark = env.mark();
			const result = await listSearch('searchContracts', env.creds, {}, 'no-such-contract-name');
			expect(result.results).toEqual([{ name: expect.stringMatching(NOTICE), value: '' }]);
			expect(result.paginationToken).toBeUndefined();
			expect(env.nodeRequests(mark).map((r) => r.query.page)).toEqual(['1', '2']);
		});
	});

	describe('a list that ignores paging, reorders ties and sends no totals (issue 40)', () => {
		const own = useEnv(__filename);
		const VARIANTS = ['list-ignores-page', 'unstable-ties', 'no-total-headers'];
		beforeAll(() => {
			own.sb.control.seed(150, { seed: 5, to: '2024-01-01T00:00:00.000Z' });
			// the newest 100 contracts share one instant: page 1 shows them in a new order every time
			for (let i = 0; i < 100; i++)
				own.sb.control.createContract({ createdAt: '2025-06-06T06:06:06.000Z' });
		});
		beforeEach(() => own.sb.control.seedRandom(40));
		afterEach(() => {
			own.sb.control.setVariants([]);
			pagingSettings.maxPages = MAX_PAGES;
		});

		test('scrolling on: the same contracts in another order are not shown again, the list ends with a notice', async () => {
			own.sb.control.setVariants(VARIANTS);
			const page1 = await listSearch('searchContracts', own.creds);
			expect(page1.results).toHaveLength(100);
			const page2 = await listSearch(
				'searchContracts',
				own.creds,
				{},
				undefined,
				String(page1.paginationToken),
			);
			expect(page2.results).toEqual([
				{
					name: 'TRATO answered page 2 with the same contracts as page 1: it seems to ignore paging, so only these are listed. For another contract, choose "By ID".',
					value: '',
				},
			]);
			expect(page2.paginationToken).toBeUndefined();
		});

		test('a search with no match stops at the first page that brings no contract not read before', async () => {
			own.sb.control.setVariants(VARIANTS);
			const mark = own.mark();
			const result = await listSearch('searchContracts', own.creds, {}, 'no-such-contract-name');
			expect(result.results).toEqual([
				{
					name: 'TRATO answered page 2 with only contracts already read on page 1: it seems to ignore paging, so only these are listed. For another contract, choose "By ID".',
					value: '',
				},
			]);
			expect(result.paginationToken).toBeUndefined();
			expect(own.nodeRequests(mark).map((r) => r.query.page)).toEqual(['1', '2']);
		});

		test('without totals the picker reads at most as many contracts as Get Many: at the ceiling it ends with a notice', async () => {
			own.sb.control.setVariants(['no-total-headers']);
			pagingSettings.maxPages = 1; // 200 contracts: two pages of the picker's 100
			const page1 = await listSearch('searchContracts', own.creds);
			const page2 = await listSearch(
				'searchContracts',
				own.creds,
				{},
				undefined,
				String(page1.paginationToken),
			);
			expect(page2.results).toHaveLength(101);
			expect(page2.results[100]).toEqual({
				name: 'TRATO answered page 2 with more to come, the most the node reads without totals (2 pages): it seems to ignore paging, so only these are listed. For another contract, choose "By ID".',
				value: '',
			});
			expect(page2.paginationToken).toBeUndefined();
		});
	});

	test('works with the JWT credential too', async () => {
		const mark = env.mark();
		const result = await listSearch('searchContracts', env.jwtCreds, {}, 'zebra');
		expect(result.results.map((r) => r.value)).toEqual([ids.newest]);
		expect(env.nodeRequests(mark)[0].headers.authorization).toBe('Bearer <redacted>');
	});

	test('a refused credential gives the API text and how to fix it', async () => {
		await expect(
			listSearch('searchContracts', { ...env.creds, apiKey: 'sk_wrong_key_000000' }),
		).rejects.toMatchObject({
			httpCode: '401',
			description: expect.stringMatching(/Check the TRATO credential/),
		});
	});
});

describe('list search: searchTemplates', () => {
	test('every template, named, with its ID as TRATO lists it (24 hexadecimal characters) as value', async () => {
		const mark = env.mark();
		const result = await listSearch('searchTemplates', env.creds);
		expect(result.results).toEqual([
			{
				name: 'Contrato de prestación de servicios',
				value: '68552694e6a8c3b5d1f42c33',
				description: 'Created 2025-06-20T09:15:00.000Z',
			},
			{
				name: 'Acuerdo de confidencialidad (NDA)',
				value: '67c48788d5f7b2a4c0e31b22',
				description: 'Created 2025-03-02T16:30:00.000Z',
			},
			{
				name: 'Contrato de arrendamiento',
				value: '67878720c4e6a1f3b9d20a11',
				description: 'Created 2025-01-15T10:00:00.000Z',
			},
		]);
		expect(result.paginationToken).toBeUndefined();
		expect(env.nodeRequests(mark)[0].query).toEqual({});
	});

	test('typed text is sent to the API as the name filter', async () => {
		const mark = env.mark();
		const result = await listSearch('searchTemplates', env.creds, {}, ' Confidencialidad ');
		expect(result.results.map((r) => r.value)).toEqual(['67c48788d5f7b2a4c0e31b22']);
		expect(env.nodeRequests(mark)[0].query).toEqual({ name: 'Confidencialidad' });
	});
});
