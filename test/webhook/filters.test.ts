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
 * Filters, applied before an execution starts: the external ID (exact or prefix) from the delivery itself, no
 * request; template and participant e-mail through two reads after TRATO has been answered (the status for the
 * creation time, then the contract list with those filters around it), whatever the list's time quirks.
 */
import type { IDataObject } from 'n8n-workflow';

import { SECRET, useWebhookTestEnv } from './helpers';
import type { WebhookServer } from '../../test-support/harness/webhook';

const t = useWebhookTestEnv(__filename);

const started = (server: WebhookServer): IDataObject[] =>
	server.executions.map((x) => x.items[0].json);

/** A contract sent for signature (optionally from a template, with a participant's e-mail), signed by all. */
function signed(
	name: string,
	options: { externalId?: string; templateId?: string; email?: string } = {},
) {
	const c = t.env.sb.control.createContract({
		name,
		status: 'SENT_TO_SIGN',
		externalId: options.externalId,
		templateId: options.templateId,
		participants: [{ name: 'Ana López', email: options.email ?? 'ana.lopez@example.com' }],
	});
	t.env.sb.control.sign(c._id);
	return c._id;
}

test.each([
	['External ID', { externalId: 'CRM-100' }, ['CRM-100']],
	['External ID Starts With', { externalIdPrefix: 'CRM-' }, ['CRM-100', 'CRM-7']],
	['both', { externalId: 'CRM-7', externalIdPrefix: 'CRM-' }, ['CRM-7']],
])(
	'%s: read from the delivery, decided before anything starts, no API request',
	async (_, filters, expected) => {
		const server = await t.trigger({ events: ['signed-all'], filters });
		t.subscribe(server, ['signed-all']);
		const mark = t.env.mark();
		for (const externalId of ['CRM-100', 'CRM-7', 'crm-100', 'ERP-CRM-100'])
			signed(`Ext ${externalId}`, { externalId });
		await t.settle(server);
		expect(started(server).map((i) => i.externalId)).toEqual(expected);
		expect(t.delivered().map((d) => d.attempts[0].status)).toEqual([200, 200, 200, 200]);
		const refused = t.delivered().find((d) => d.attempts[0].answer?.includes('filtered out'));
		expect(JSON.parse(refused!.attempts[0].answer!).message).toMatch(
			/The delivery is filtered out: its external ID ".*"/,
		);
		expect(t.env.nodeRequests(mark)).toEqual([]);
	},
);

test("a delivery without an external ID is filtered by the contract's status (one read)", async () => {
	const server = await t.trigger({ events: ['signed'], filters: { externalIdPrefix: 'CRM-' } });
	const kept = signed('No ext in payload', { externalId: 'CRM-1' });
	const dropped = signed('No ext in payload 2', { externalId: 'ERP-1' });
	const mark = t.env.mark();
	for (const contractid of [kept, dropped]) {
		const answer = await server.post(
			{ contractid, event: 'signed', signedAt: '2026-01-01T00:00:00Z' },
			{ headers: { 'x-trato-secret': SECRET } },
		);
		expect(answer.status).toBe(200);
	}
	await server.settled();
	expect(started(server).map((i) => [i.contractId, i.externalId])).toEqual([[kept, null]]);
	expect(t.env.nodeRequests(mark).map((r) => r.path)).toEqual([
		`/api/contract/status/${kept}`,
		`/api/contract/status/${dropped}`,
	]);
});

describe('template and participant e-mail: the status, then the contract list', () => {
	test.each([
		['as the sandbox answers', []],
		['createdAt in whole seconds', ['second-precision']],
		['exclusive list bounds', ['exclusive-bounds']],
		['bounds read as whole days, small pages', ['date-only-bounds', 'page-cap=1']],
	])('template: only the chosen template starts (%s)', async (_, variants) => {
		t.env.sb.control.setVariants(variants);
		const [chosen, other] = t.env.sb.control.listTemplates().map((x) => String(x.templateId));
		const server = await t.trigger({
			events: ['signed-all'],
			filters: { templateId: { __rl: true, mode: 'id', value: chosen } },
		});
		t.subscribe(server, ['signed-all']);
		const mark = t.env.mark();
		const kept = signed('From the chosen template', { templateId: chosen });
		const dropped = signed('From another template', { templateId: other });
		await t.settle(server);
		expect(started(server).map((i) => i.contractId)).toEqual([kept]);
		expect(t.delivered().map((d) => d.attempts[0].status)).toEqual([200, 200]);
		const requests = t.env.nodeRequests(mark);
		for (const id of [kept, dropped]) {
			const status = requests.findIndex((r) => r.path === `/api/contract/status/${id}`);
			expect(status).toBeGreaterThanOrEqual(0);
			const list = requests[status + 1];
			expect(list.path).toBe('/api/list/contracts');
			expect(list.query).toMatchObject({ templateId: chosen });
		}
	});

	test('participant e-mail: only contracts with a participant of that e-mail start', async () => {
		const server = await t.trigger({
			events: ['signed-all'],
			filters: { emailParticipant: 'legal@example.com' },
		});
		t.subscribe(server, ['signed-all']);
		const kept = signed('Legal signs', { email: 'legal@example.com' });
		signed('Someone else signs', { email: 'someone@example.com' });
		await t.settle(server);
		expect(started(server).map((i) => i.contractId)).toEqual([kept]);
	});

	test('a read that fails does not lose the event: it starts, with filterError saying why', async () => {
		const server = await t.trigger({
			events: ['signed-all'],
			filters: { emailParticipant: 'legal@example.com' },
		});
		t.subscribe(server, ['signed-all']);
		const id = t.env.sb.control.createContract({
			name: 'List down',
			status: 'SENT_TO_SIGN',
			participants: [{ name: 'Ana', email: 'someone@example.com' }],
		})._id;
		t.env.sb.control.addFault({
			path: '/api/list/contracts',
			status: 400,
			body: { success: false, error: 'List unavailable' },
		});
		t.env.sb.control.sign(id);
		await t.settle(server);
		expect(started(server).map((i) => [i.contractId, i.filterError])).toEqual([
			[id, expect.stringMatching(/could not be checked.*List unavailable/)],
		]);
	});

	test('a list that ignores paging (issue 34): the event starts with filterError saying so, instead of being filtered out', async () => {
		const [chosen] = t.env.sb.control.listTemplates().map((x) => String(x.templateId));
		const createdAt = '2031-05-05T05:05:05.000Z';
		for (let i = 0; i < 201; i++)
			t.env.sb.control.createContract({
				name: `Same instant ${i}`,
				status: 'SENT_TO_SIGN',
				templateId: chosen,
				createdAt,
				participants: [{ name: 'Ana', email: 'ana@example.com' }],
			});
		// the one contract on the list's second page
		const secondPage = await t.env.api.get('/api/list/contracts', {
			params: {
				templateId: chosen,
				dateStart: createdAt,
				dateEnd: createdAt,
				perPage: 200,
				page: 2,
			},
		});
		expect(secondPage.data).toHaveLength(1);
		const id = String(secondPage.data[0]._id);
		const server = await t.trigger({
			events: ['signed-all'],
			filters: { templateId: { __rl: true, mode: 'id', value: chosen } },
		});
		t.subscribe(server, ['signed-all']);
		t.env.sb.control.setVariants(['list-ignores-page']);
		t.env.sb.control.sign(id);
		await t.settle(server);
		expect(started(server).map((i) => [i.contractId, i.filterError])).toEqual([
			[
				id,
				'The filters could not be checked, so the workflow started: TRATO answered page 2 with the same contracts as page 1: it seems to ignore paging',
			],
		]);
	});

	test('a list that ignores paging, sends no totals and reorders ties (issue 40): the read stops after a few pages, the event starts with filterError', async () => {
		const [chosen] = t.env.sb.control.listTemplates().map((x) => String(x.templateId));
		const createdAt = '2032-06-06T06:06:06.000Z';
		const run: string[] = [];
		for (let i = 0; i < 260; i++)
			run.push(
				t.env.sb.control.createContract({
					name: `Tie ${i}`,
					status: 'SENT_TO_SIGN',
					templateId: chosen,
					createdAt,
					participants: [{ name: 'Ana', email: 'ana@example.com' }],
				})._id,
			);
		const server = await t.trigger({
			events: ['signed-all'],
			filters: { templateId: { __rl: true, mode: 'id', value: chosen } },
		});
		t.subscribe(server, ['signed-all']);
		t.env.sb.control.seedRandom(40);
		t.env.sb.control.setVariants(['list-ignores-page', 'no-total-headers', 'unstable-ties']);
		// a safety net for the code before issue 40, which never ended: the 100th list request is refused
		let lists = 0;
		t.env.sb.control.setRequestHook((info) => {
			if (info.path === '/api/list/contracts' && ++lists === 100)
				t.env.sb.control.addFault({ path: '/api/list/contracts', status: 400 });
		});
		try {
			t.env.sb.control.sign(run[0]);
			await t.settle(server);
		} finally {
			t.env.sb.control.setRequestHook(undefined);
			t.env.sb.control.clearFaults();
		}
		expect(started(server).map((i) => [i.contractId, i.filterError])).toEqual([
			[
				run[0],
				expect.stringMatching(
					/^The filters could not be checked, so the workflow started: TRATO answered page (\d+) with only contracts already read on pages 1 to \d+: it seems to ignore paging$/,
				),
			],
		]);
		expect(lists).toBeLessThan(20);
	});

	test('bad filter settings answer 500 with the reason, so that TRATO sends again once corrected', async () => {
		const server = await t.trigger({ filters: { emailParticipant: 'not-an-email' } });
		const answer = await server.post(
			{ contractid: '65f1c0ffee0000000000abcd', event: 'signed' },
			{ headers: { 'x-trato-secret': SECRET } },
		);
		expect(answer.status).toBe(500);
		expect(answer.json.message).toMatch(/Participant Email filter "not-an-email"/);
		await server.settled();
		expect(server.executions).toEqual([]);
	});
});
