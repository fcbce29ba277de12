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
 * What TRATO may send (trato-notes "What TRATO answers": a production receiver reads only `contractid` and
 * `externalId`): deliveries without `event` (the sandbox's default), told apart by the URL of the event's slot;
 * form fields read like JSON; TRATO's test delivery (`externalId` "TEST ID") recognised and, on the production
 * URL, not started unless asked.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { SECRET, contractToSign, eventUrl, useWebhookTestEnv } from './helpers';
import type { WebhookServer } from '../../test-support/harness/webhook';

const t = useWebhookTestEnv(__filename);

const items = (server: WebhookServer): IDataObject[] =>
	server.executions.map((x) => x.items[0].json);

function signAll(name: string) {
	const contract = contractToSign(t.env, name);
	t.env.sb.control.sign(contract._id);
	return contract;
}

describe('deliveries without "event"', () => {
	let warn: jest.SpyInstance;
	beforeEach(() => {
		warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
	});
	afterEach(() => warn.mockRestore());

	test('the event of the slot the delivery was sent to (?event= in its URL) starts the workflow', async () => {
		const server = await t.trigger({ events: ['signed-all'] });
		t.subscribe(server, ['signed', 'signed-all']);
		const contract = signAll('No event field');
		await t.settle(server);
		const sent = t.delivered().filter((d) => d.contractId === contract._id);
		expect(sent.map((d) => d.event)).toEqual(['signed', 'signed', 'signed-all']);
		for (const d of sent) expect(d.payload).not.toHaveProperty('event');
		expect(sent.every((d) => d.attempts.map((a) => a.status).join() === '200')).toBe(true);
		expect(items(server).map((i) => [i.event, i.contractId, i.testDelivery])).toEqual([
			['signed-all', contract._id, false],
		]);
		const signedAt = t.env.sb.control.getContract(contract._id)!.signedAt;
		expect(items(server)[0].eventId).toBe(`${contract._id}:signed-all:${signedAt}`);
	});

	test('a delivery that names no event, to a URL without ?event=, where no chosen event shows in a status: answered 200, nothing started', async () => {
		const server = await t.trigger({ events: ['signed', 'milestone-completed'] });
		t.subscribe(server, ['signed'], false);
		signAll('One bare URL');
		await t.settle(server);
		const [delivery] = t.delivered();
		expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
		expect(JSON.parse(delivery.attempts[0].answer!).message).toMatch(/names no event.*\?event=/);
		expect(server.executions).toEqual([]);
		// not dropped without a trace: a warning in n8n's log per delivery
		expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(
			t.delivered().map(() => expect.stringMatching(/names no event/)),
		);
	});

	test('Start on Deliveries Without Event: started as event "unspecified", whatever Events says', async () => {
		const server = await t.trigger({
			events: ['document-removed'],
			options: { startWithoutEvent: true },
		});
		t.subscribe(server, ['signed-all'], false);
		const contract = signAll('Unspecified');
		await t.settle(server);
		const signedAt = t.env.sb.control.getContract(contract._id)!.signedAt;
		expect(items(server).map((i) => [i.event, i.occurredAt, i.eventId])).toEqual([
			['unspecified', signedAt, `${contract._id}:unspecified:${signedAt}`],
		]);
	});

	test('a delivery started as "unspecified" still passes through the filters', async () => {
		const server = await t.trigger({
			options: { startWithoutEvent: true },
			filters: { externalIdPrefix: 'CRM-' },
		});
		for (const externalId of ['CRM-1', 'ERP-1']) {
			const answer = await server.post(
				{ contractid: '65f1c0ffee0000000000abcd', externalId, signedAt: '2026-01-01T00:00:00Z' },
				{ headers: { 'x-trato-secret': SECRET } },
			);
			expect(answer.status).toBe(200);
		}
		await server.settled();
		expect(items(server).map((i) => [i.event, i.externalId])).toEqual([['unspecified', 'CRM-1']]);
	});

	test('an event in the body wins over the one in the URL (the old shape, variant webhook-event-field)', async () => {
		t.env.sb.control.setVariants(['webhook-event-field']);
		const server = await t.trigger({ events: ['signed-all'] });
		// every slot holds the URL of signed (a user's slip): the body says which event it is
		t.env.sb.control.webhooks.configure({
			urls: {
				signed: eventUrl(server.url, 'signed'),
				'signed-all': eventUrl(server.url, 'signed'),
			},
		});
		const contract = signAll('Body names the event');
		await t.settle(server);
		expect(t.delivered().map((d) => (d.payload as IDataObject).event)).toEqual([
			'signed',
			'signed',
			'signed-all',
		]);
		expect(items(server).map((i) => [i.event, i.contractId])).toEqual([
			['signed-all', contract._id],
		]);
	});
});

describe('form fields', () => {
	test.each([
		['without event (variant webhook-form)', ['webhook-form'], true],
		[
			'with event (webhook-form + webhook-event-field)',
			['webhook-form', 'webhook-event-field'],
			false,
		],
	])(
		'the sandbox deliveries as form fields %s give the items JSON gives',
		async (_, variants, inUrl) => {
			const outputsFor = async (active: string[]) => {
				t.env.sb.control.setVariants(active);
				const server = await t.trigger({ events: ['signed-all'] });
				t.subscribe(server, ['signed-all'], inUrl);
				const contract = signAll(`Form ${active.join('+')}`);
				await t.settle(server);
				t.env.sb.control.webhooks.unsubscribe();
				return { contract, item: items(server)[0] };
			};
			const form = await outputsFor(variants);
			const json = await outputsFor(variants.filter((v) => v !== 'webhook-form'));
			const sent = t.delivered().map((d) => d.attempts[0].status);
			expect(sent).toEqual([200, 200]);
			const signedAt = t.env.sb.control.getContract(form.contract._id)!.signedAt;
			expect(form.item).toMatchObject({
				event: 'signed-all',
				contractId: form.contract._id,
				externalId: form.contract.externalId,
				name: form.contract.name,
				occurredAt: signedAt,
				eventId: `${form.contract._id}:signed-all:${signedAt}`,
				verified: true,
			});
			// the same fields as the JSON delivery, every value a text as the form carried it
			expect(Object.keys(form.item.payload as IDataObject).sort()).toEqual(
				Object.keys(json.item.payload as IDataObject).sort(),
			);
		},
	);

	test('form fields with no contract id get 400 and start nothing', async () => {
		const server = await t.trigger();
		const answer = await server.post('name=x&externalId=E', {
			contentType: 'application/x-www-form-urlencoded',
			headers: { 'x-trato-secret': SECRET },
			query: 'event=signed',
		});
		expect(answer.status).toBe(400);
		expect(answer.json.message).toMatch(/no contract id/);
		await server.settled();
		expect(server.executions).toEqual([]);
	});
});

describe("TRATO's test delivery", () => {
	test('on the production URL: answered 200, marked in the answer, nothing started', async () => {
		const server = await t.trigger();
		t.subscribe(server, ['signed-all']);
		const answer = await t.env.sb.control.webhooks.sendTest({ event: 'signed-all' });
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.body).message).toMatch(/test delivery.*Start on Test Deliveries/);
		await server.settled();
		expect(server.executions).toEqual([]);
		const [record] = t.env.sb.control.webhooks.deliveries();
		expect(record).toMatchObject({ test: true, state: 'delivered' });
		expect((record.payload as IDataObject).externalId).toBe('TEST ID');
	});

	test('with Start on Test Deliveries: started, marked testDelivery, no request to TRATO', async () => {
		const server = await t.trigger({
			events: ['signed-all'],
			options: { startOnTestDelivery: true, includeStatus: true, downloadSignedPdf: true },
		});
		t.subscribe(server, ['signed-all']);
		const mark = t.env.mark();
		expect((await t.env.sb.control.webhooks.sendTest({ event: 'signed-all' })).status).toBe(200);
		await server.settled();
		expect(items(server).map((i) => [i.testDelivery, i.event, i.externalId, i.contractId])).toEqual(
			[[true, 'signed-all', 'TEST ID', '000000000000000000000000']],
		);
		expect(t.env.nodeRequests(mark)).toEqual([]);
	});

	describe('with Start on Test Deliveries, the checks a delivery of a real contract goes through', () => {
		const options = { startOnTestDelivery: true };

		test('an event not chosen: 200, nothing started', async () => {
			const server = await t.trigger({ events: ['signed-all'], options });
			const answer = await t.env.sb.control.webhooks.sendTest({
				event: 'signed',
				url: eventUrl(server.url, 'signed'),
			});
			await server.settled();
			expect(answer.status).toBe(200);
			expect(JSON.parse(answer.body).message).toMatch(/"signed" is not chosen/);
			expect(server.executions).toEqual([]);
		});

		test('a test delivery naming no event, on a URL naming none: 200, nothing read, nothing started', async () => {
			const server = await t.trigger({ events: ['signed-all'], options });
			const mark = t.env.mark();
			const answer = await t.env.sb.control.webhooks.sendTest({
				event: 'signed-all',
				url: server.url,
			});
			await server.settled();
			expect(JSON.parse(answer.body).message).toMatch(/test delivery names no event.*\?event=/);
			expect(t.env.nodeRequests(mark)).toEqual([]);
			expect(server.executions).toEqual([]);
		});

		test('External ID filters see its external ID, "TEST ID"', async () => {
			const dropped = await t.trigger({ options, filters: { externalIdPrefix: 'CRM-' } });
			const kept = await t.trigger({ options, filters: { externalIdPrefix: 'TEST' } });
			for (const server of [dropped, kept]) {
				const answer = await t.env.sb.control.webhooks.sendTest({
					event: 'signed',
					url: eventUrl(server.url, 'signed'),
				});
				expect(answer.status).toBe(200);
			}
			await t.settle(dropped, kept);
			expect(dropped.executions).toEqual([]);
			expect(items(kept).map((i) => [i.testDelivery, i.externalId])).toEqual([[true, 'TEST ID']]);
		});

		test('a Template or Participant Email filter: it names no real contract, so it cannot match (nothing read)', async () => {
			const server = await t.trigger({
				options,
				filters: { emailParticipant: 'ana.lopez@example.com' },
			});
			const mark = t.env.mark();
			const answer = await t.env.sb.control.webhooks.sendTest({
				event: 'signed',
				url: eventUrl(server.url, 'signed'),
			});
			await server.settled();
			expect(JSON.parse(answer.body).message).toMatch(/names no real contract.*Participant Email/);
			expect(t.env.nodeRequests(mark)).toEqual([]);
			expect(server.executions).toEqual([]);
		});

		test('Ignore Repeated Deliveries: the same test delivery again starts nothing', async () => {
			const server = await t.trigger({ options: { ...options, ignoreRepeats: true } });
			const payload = {
				contractid: '000000000000000000000000',
				name: 'Test',
				externalId: 'TEST ID',
				signedAt: '2026-02-02T02:02:02.000Z',
			};
			const url = eventUrl(server.url, 'signed');
			const first = await t.env.sb.control.webhooks.forge({ url, payload });
			const again = await t.env.sb.control.webhooks.forge({ url, payload });
			await server.settled();
			expect([first.status, again.status]).toEqual([200, 200]);
			expect(JSON.parse(again.body).message).toMatch(/received before/);
			expect(items(server).map((i) => [i.testDelivery, i.event])).toEqual([[true, 'signed']]);
		});
	});

	test('on the Test URL (the editor listening): started and marked, even for an event not chosen', async () => {
		const server = await t.trigger({ events: ['document-removed'] }, { mode: 'manual' });
		t.subscribe(server, ['signed']);
		expect((await t.env.sb.control.webhooks.sendTest()).status).toBe(200);
		await server.settled();
		expect(items(server).map((i) => [i.testDelivery, i.event])).toEqual([[true, 'signed']]);
	});

	test('a test delivery without a contract id is recognised too (200, not 400)', async () => {
		const server = await t.trigger();
		const answer = await server.post(
			{ name: 'Test', externalId: 'TEST ID' },
			{ headers: { 'x-trato-secret': SECRET } },
		);
		expect(answer.status).toBe(200);
		expect(answer.json.message).toMatch(/test delivery/);
		const editor = await t.trigger({}, { mode: 'manual' });
		await editor.post({ externalId: 'TEST ID' }, { headers: { 'x-trato-secret': SECRET } });
		await editor.settled();
		expect(items(editor).map((i) => [i.testDelivery, i.contractId, i.event])).toEqual([
			[true, null, 'unspecified'],
		]);
	});
});
