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
import { LEASE, NDA, SERVICES, useEnv } from '../helpers/env';

const env = useEnv(__filename);

/** In a workflow whose time zone is UTC, so that the days of the fixtures are the filters' days. */
const getAll = (extra: Record<string, unknown> = {}) =>
	env.run({ resource: 'template', operation: 'getAll', ...extra } as any, undefined, {
		timezone: 'UTC',
	});

describe('template → getAll', () => {
	test('Return All: one item per template with ID, name and creation date, newest first', async () => {
		const mark = env.mark();
		const result = await getAll({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				templateId: SERVICES,
				name: 'Contrato de prestación de servicios',
				createdAt: '2025-06-20T09:15:00.000Z',
			},
			{
				templateId: NDA,
				name: 'Acuerdo de confidencialidad (NDA)',
				createdAt: '2025-03-02T16:30:00.000Z',
			},
			{
				templateId: LEASE,
				name: 'Contrato de arrendamiento',
				createdAt: '2025-01-15T10:00:00.000Z',
			},
		]);
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/list/templates 200',
		]);
		expect(requests[0].query).toEqual({});
	});

	test('Limit keeps the first N', async () => {
		const result = await getAll({ returnAll: false, limit: 2 });
		expect(result.items.map((i) => i.json.templateId)).toEqual([SERVICES, NDA]);
	});

	test('name filter is sent to the API', async () => {
		const mark = env.mark();
		const result = await getAll({ returnAll: true, filters: { name: ' contrato ' } });
		expect(result.items.map((i) => i.json.templateId)).toEqual([SERVICES, LEASE]);
		expect(env.nodeRequests(mark)[0].query).toEqual({ name: 'contrato' });
	});

	test('a plain end date includes that whole day; a timestamp is sent as ISO', async () => {
		const mark = env.mark();
		const byDay = await getAll({
			returnAll: true,
			filters: { dateStart: '2025-02-01', dateEnd: '2025-03-02' },
		});
		expect(byDay.items.map((i) => i.json.templateId)).toEqual([NDA]);
		const byTime = await getAll({
			returnAll: true,
			filters: { dateStart: '2025-03-02T16:30:00.001Z' },
		});
		expect(byTime.items.map((i) => i.json.templateId)).toEqual([SERVICES]);
		expect(env.nodeRequests(mark).map((r) => r.query)).toEqual([
			{ dateStart: '2025-02-01T00:00:00.000Z', dateEnd: '2025-03-02T23:59:59.999Z' },
			{ dateStart: '2025-03-02T16:30:00.001Z' },
		]);
	});

	test('no match gives no items', async () => {
		const result = await getAll({ returnAll: true, filters: { name: 'no such template' } });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
	});

	test.each([
		[
			'an invalid date',
			{ dateStart: '={{ "next tuesday" }}' },
			'Created From "next tuesday" is not a valid date and time',
		],
		[
			'an impossible date',
			{ dateEnd: '={{ "2025-02-30" }}' },
			'Created Until "2025-02-30" is not a valid date',
		],
		[
			'a start after the end',
			{ dateStart: '2025-05-01', dateEnd: '2025-04-30' },
			'Created From (2025-05-01T00:00:00.000Z) is after Created Until (2025-04-30T23:59:59.999Z)',
		],
	])('%s is refused before any request', async (_name, filters, message) => {
		const mark = env.mark();
		const result = await getAll({ returnAll: true, filters });
		expect(result.error?.message).toBe(message);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('an API failure is a NodeApiError with a hint', async () => {
		env.sb.control.addFault({
			path: '/api/list/templates',
			status: 403,
			body: { success: false, error: 'Templates are not enabled for this account' },
		});
		const result = await getAll({ returnAll: true });
		expect(result.error?.message).toBe(
			'TRATO refused the request: Templates are not enabled for this account',
		);
		expect(result.error?.description).toMatch(/not allowed to do this/);
		expect(result.error?.httpCode).toBe('403');
	});
});
