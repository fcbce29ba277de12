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
/**
 * Dates as the user gives them, as the request carries them (helpers/dates.ts): a date-time through Contract →
 * Get Many's Created From (sent as `dateStart`), a date through Contract → Configure's expiry dates. A value
 * without a time zone is read in the workflow's time zone, also on the days clocks change.
 */
import { byId, createPdfContract, useEnv } from '../helpers/env';

const env = useEnv(__filename);

/** Created From as the request sends it (dateStart), or the node's error. */
async function createdFrom(dateStart: string, timezone: string) {
	const mark = env.mark();
	const result = await env.run(
		{ resource: 'contract', operation: 'getAll', limit: 1, filters: { dateStart } } as any,
		undefined,
		{ timezone },
	);
	const requests = env.nodeRequests(mark);
	return { error: result.error, dateStart: requests[0]?.query.dateStart, requests };
}

describe('a date-time, read in the workflow time zone', () => {
	test.each([
		[
			'America/Mexico_City',
			'2026-06-01T12:00:00',
			'2026-06-01T18:00:00.000Z',
			'no summer time since 2022',
		],
		[
			'America/Mexico_City',
			'2022-06-01T12:00:00',
			'2022-06-01T17:00:00.000Z',
			'summer time in 2022',
		],
		[
			'America/Mexico_City',
			'2028-02-29 18:30',
			'2028-03-01T00:30:00.000Z',
			'a leap day, typed with a space',
		],
		['Europe/Madrid', '2027-03-01T18:30:00.5', '2027-03-01T17:30:00.500Z', 'milliseconds'],
		['Asia/Tokyo', '2027-03-01T18:30:00-06:00', '2027-03-02T00:30:00.000Z', 'its own offset wins'],
		['UTC', 'Mon, 01 Mar 2027 18:30:00 GMT', '2027-03-01T18:30:00.000Z', 'an e-mail style date'],
		[
			'Mars/Olympus',
			'2027-03-01T18:30:00',
			'2027-03-01T18:30:00.000Z',
			'a zone n8n does not know: UTC',
		],
		[
			'America/Mexico_City',
			'={{ DateTime.fromISO("2027-03-01T18:30:00", { zone: "Asia/Tokyo" }) }}',
			'2027-03-01T09:30:00.000Z',
			'a Luxon date keeps its zone',
		],
		[
			'America/Mexico_City',
			'={{ new Date(Date.UTC(2027, 2, 1, 18, 30)) }}',
			'2027-03-01T18:30:00.000Z',
			'a JavaScript date',
		],
	])('%s: %s → %s (%s)', async (timezone, value, expected) => {
		const sent = await createdFrom(value, timezone);
		expect(sent.error).toBeUndefined();
		expect(sent.dateStart).toBe(expected);
	});
});

describe('a date-time on the days clocks change', () => {
	test.each([
		// Clocks go back: the hour from 01:00 happens twice; the first one is meant.
		['America/New_York', '2026-11-01T01:30:00', '2026-11-01T05:30:00.000Z'],
		['America/Mexico_City', '2022-10-30T01:30:00', '2022-10-30T06:30:00.000Z'],
		['Europe/Madrid', '2026-10-25T02:30:00', '2026-10-25T00:30:00.000Z'],
		// An explicit offset names the second one.
		['America/New_York', '2026-11-01T01:30:00-05:00', '2026-11-01T06:30:00.000Z'],
		// Clocks go forward: 02:30 never happens; it is read as 03:30, the hour after.
		['America/New_York', '2026-03-08T02:30:00', '2026-03-08T07:30:00.000Z'],
		['America/Mexico_City', '2022-04-03T02:30:00', '2022-04-03T08:30:00.000Z'],
		['Europe/Madrid', '2026-03-29T02:30:00', '2026-03-29T01:30:00.000Z'],
	])('%s: %s → %s', async (timezone, value, expected) => {
		const sent = await createdFrom(value, timezone);
		expect(sent.error).toBeUndefined();
		expect(sent.dateStart).toBe(expected);
	});
});

describe('a date-time that is not one is refused before any request', () => {
	test.each(['2027-02-29T10:00:00', '2026-02-30T10:00:00Z', '2026-01-01T10:60', 'next week'])(
		'%s',
		async (value) => {
			const sent = await createdFrom(value, 'America/Mexico_City');
			expect(sent.error?.message).toBe(`Created From "${value}" is not a valid date and time`);
			expect(sent.error?.description).toBe(
				'Use the date picker or an ISO date such as 2026-12-31T18:00:00Z.',
			);
			expect(sent.requests).toHaveLength(0);
		},
	);
});

describe('a date (Configure expiry dates)', () => {
	let contractId: string;
	beforeAll(async () => {
		contractId = await createPdfContract(env.api);
	});

	const configure = (expiryStartDate: string, timezone = 'America/Mexico_City') =>
		env.run(
			{
				resource: 'contract',
				operation: 'configure',
				contractId: byId(contractId),
				updateFields: { expiryUndefined: false, expiryStartDate, expiryEndDate: '2101-01-01' },
			} as any,
			undefined,
			{ timezone },
		);

	test.each([
		['2028-02-29T00:00:00', '2028-02-29'],
		['2000-02-29', '2000-02-29'],
		['={{ DateTime.fromISO("2030-07-01T08:00:00", { zone: "Asia/Tokyo" }) }}', '2030-07-01'],
		['={{ new Date(Date.UTC(2030, 6, 1, 23, 30)) }}', '2030-07-01'],
	])('%s is sent as %s', async (value, expected) => {
		const mark = env.mark();
		const result = await configure(value);
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark)[0].body).toMatchObject({ expiryStartDate: expected });
	});

	test.each(['2027-02-29', '2100-02-29', '2030-04-31T10:00:00', '31/12/2030'])(
		'%s is refused before any request',
		async (value) => {
			const mark = env.mark();
			const result = await configure(value);
			expect(result.error?.message).toBe(`Expiry Start Date "${value}" is not a valid date`);
			expect(env.nodeRequests(mark)).toHaveLength(0);
		},
	);
});
