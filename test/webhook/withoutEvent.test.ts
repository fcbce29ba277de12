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
 * No delivery silently dropped (issue 34, item 3; api-notes W12): an event in the body that is not one of TRATO's
 * does not override the URL's; a delivery that names no event, on a URL that names none, starts the chosen event its
 * contract's status shows (signed by all, finalized) once per contract and event; what still cannot be told is a
 * warning in n8n's log, the reason in the answer, and a count on the next item that starts.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { SECRET, contractToSign, useWebhookTestEnv } from './helpers';
import { WEBHOOK_NODE_NAME, type WebhookServer } from '../../test-support/harness/webhook';

const t = useWebhookTestEnv(__filename);
const verified = { headers: { 'x-trato-secret': SECRET } };
let warn: jest.SpyInstance;

beforeEach(() => {
	warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const items = (server: WebhookServer): IDataObject[] =>
	server.executions.flatMap((x) => x.items.map((i) => i.json));

/** The count of deliveries whose event could not be told, in the static data n8n saved. */
const tally = (server: WebhookServer) =>
	(server.staticData()[`node:${WEBHOOK_NODE_NAME}`] as IDataObject | undefined)?.unresolved;

/** The messages the trigger logged as warnings. */
const warnings = () => warn.mock.calls.map((call) => String(call[0]));

describe("an event in the body that is not one of TRATO's names does not override the URL", () => {
	test('"contract.signed" sent to the URL of the signed-all slot starts signed-all, the body\'s kept as bodyEvent', async () => {
		const server = await t.trigger({ events: ['signed-all'] });
		const payload = {
			contractid: '65f1c0ffee0000000000abcd',
			event: 'contract.signed',
			signedAt: '2026-03-01T10:00:00.000Z',
		};
		const answer = await server.post(payload, { ...verified, query: 'event=signed-all' });
		await server.settled();
		expect(answer).toMatchObject({ status: 200, text: '' });
		expect(items(server).map((i) => [i.event, i.bodyEvent, i.eventId])).toEqual([
			[
				'signed-all',
				'contract.signed',
				'65f1c0ffee0000000000abcd:signed-all:2026-03-01T10:00:00.000Z',
			],
		]);
		expect(warn).not.toHaveBeenCalled();
	});

	test('"signedAll" is TRATO\'s signed-all written in camel case, also on a URL that names no event', async () => {
		const server = await t.trigger({ events: ['signed-all'] });
		const answer = await server.post(
			{
				contractid: '65f1c0ffee0000000000abcd',
				event: 'signedAll',
				signedAt: '2026-03-01T10:00:00Z',
			},
			verified,
		);
		await server.settled();
		expect(answer.status).toBe(200);
		expect(items(server).map((i) => [i.event, i.bodyEvent])).toEqual([['signed-all', undefined]]);
	});

	test('an unknown body event on the URL of an event not chosen: 200, nothing started, no warning (the slot names it)', async () => {
		const server = await t.trigger({ events: ['signed-all'] });
		const answer = await server.post(
			{ contractid: '65f1c0ffee0000000000abcd', event: 'contract.signed' },
			{ ...verified, query: 'event=signed' },
		);
		await server.settled();
		expect(answer.status).toBe(200);
		expect(answer.json.message).toMatch(/"signed" is not chosen/);
		expect(server.executions).toEqual([]);
		expect(warn).not.toHaveBeenCalled();
	});

	test("an unknown event on a URL that names none: 200 with the reason, a warning in n8n's log, counted", async () => {
		const server = await t.trigger();
		const answer = await server.post(
			{ contractid: '65f1c0ffee0000000000abcd', event: 'contract.signed' },
			verified,
		);
		await server.settled();
		expect(answer.status).toBe(200);
		expect(answer.json.message).toMatch(
			/"contract\.signed" is not one of TRATO's events.*\?event=/,
		);
		expect(server.executions).toEqual([]);
		expect(warnings()).toEqual([
			expect.stringMatching(
				/65f1c0ffee0000000000abcd.*"contract\.signed" is not one of TRATO's events/,
			),
		]);
		expect(tally(server)).toMatchObject({ total: 1, reported: 0 });
	});
});

describe("a delivery that names no event, on a URL that names none: the contract's status", () => {
	test('signed by all: started once as signed-all, resolved from the status; the delivery before it, which nothing tells, a warning', async () => {
		const server = await t.trigger({
			events: ['signed-all'],
			options: { downloadSignedPdf: true },
		});
		t.subscribe(server, undefined, false);
		const contract = contractToSign(t.env, 'Bare URL');
		const at = (s: number) => new Date(t.env.sb.control.now().getTime() + s * 1000).toISOString();
		t.env.sb.control.sign(contract._id, {
			participantId: contract.participants[0]._id,
			signedAt: at(1),
		});
		await t.settle(server);
		// one participant signed: the status (Pending Signature) answers no chosen event
		expect(server.executions).toEqual([]);
		expect(warnings()).toHaveLength(t.delivered().length);
		expect(warnings()[0]).toMatch(
			new RegExp(`${contract._id}.*names no event.*Pending Signature.*Signed by All Participants`),
		);
		const first = t.delivered()[0].attempts[0];
		expect(first.status).toBe(200);
		expect(JSON.parse(first.answer!).message).toMatch(/names no event.*status/);

		t.env.sb.control.sign(contract._id, {
			participantId: contract.participants[1]._id,
			signedAt: at(2),
		});
		await t.settle(server);
		const sent = t.delivered().map((d) => d.event);
		expect(sent).toEqual(expect.arrayContaining(['signed', 'signed-all']));
		expect(t.delivered().every((d) => d.attempts.map((a) => a.status).join() === '200')).toBe(true);
		const stored = t.env.sb.control.getContract(contract._id)!;
		// every later delivery (signed, signed-all, milestone) shows the same signed contract: one execution
		expect(server.executions).toHaveLength(1);
		const [item] = items(server);
		expect(item).toMatchObject({
			event: 'signed-all',
			eventResolvedFrom: 'contractStatus',
			contractId: contract._id,
			eventId: `${contract._id}:signed-all:status:${stored.signedAt}`,
			occurredAt: stored.signedAt,
			status: stored.status,
			verified: true,
			unresolvedDeliveries: { count: warnings().length, total: warnings().length },
		});
		expect(Object.keys(server.executions[0].items[0].binary ?? {})).toEqual(['data']);
		const logged = JSON.stringify(warn.mock.calls);
		for (const secret of [SECRET, t.env.sb.apiKey]) expect(logged).not.toContain(secret);
		expect(tally(server)).toMatchObject({
			total: warnings().length,
			reported: warnings().length,
		});
	});

	test('signed by all, then finalized, every event chosen: signed-all once, then document-finalized once', async () => {
		const server = await t.trigger();
		t.subscribe(server, undefined, false);
		const contract = contractToSign(t.env, 'Bare URL, finalized');
		t.env.sb.control.sign(contract._id);
		await t.settle(server);
		expect((await t.env.api.post(`/api/contract/finalize/${contract._id}`)).status).toBe(200);
		await t.settle(server);
		const signedAt = t.env.sb.control.getContract(contract._id)!.signedAt;
		expect(items(server).map((i) => [i.event, i.eventId, i.statusLabel])).toEqual([
			['signed-all', `${contract._id}:signed-all:status:${signedAt}`, 'Signed'],
			['document-finalized', `${contract._id}:document-finalized:status:${signedAt}`, 'Finalized'],
		]);
		expect(server.executions).toHaveLength(2);
	});

	test('a contract finalized before its first delivery: both events in one execution, signed-all first', async () => {
		const server = await t.trigger({ events: ['document-finalized', 'signed-all'] });
		const contract = contractToSign(t.env, 'Finalized at once');
		t.env.sb.control.sign(contract._id);
		expect((await t.env.api.post(`/api/contract/finalize/${contract._id}`)).status).toBe(200);
		for (let i = 0; i < 2; i++) {
			const answer = await t.env.sb.control.webhooks.forge({
				url: server.url,
				event: 'document-finalized',
				contractId: contract._id,
			});
			expect(answer.status).toBe(200);
		}
		await server.settled();
		expect(server.executions.map((x) => x.items.map((i) => i.json.event))).toEqual([
			['signed-all', 'document-finalized'],
		]);
	});

	test('the status cannot be read (no such contract): a warning, nothing started; the answer was the same before the read', async () => {
		const server = await t.trigger({ events: ['signed-all'] }, { webhookSecret: undefined });
		const contract = contractToSign(t.env, 'Exists');
		t.env.sb.control.sign(contract._id);
		const real = await server.post({ contractid: contract._id, externalId: 'ext-6' });
		const madeUp = await server.post({
			contractid: '65f1c0ffee00000000000000',
			externalId: 'ext-6',
		});
		await server.settled();
		// nothing read reaches the sender: the answer is given before the read, whatever the contract
		expect([real.status, real.text]).toEqual([madeUp.status, madeUp.text]);
		expect(items(server).map((i) => [i.event, i.contractId, i.verified])).toEqual([
			['signed-all', contract._id, false],
		]);
		expect(items(server)[0].eventId).toMatch(/^unverified:/);
		expect(warnings()).toEqual([
			expect.stringMatching(/65f1c0ffee00000000000000.*status could not be read/),
		]);
	});

	test('no chosen event can be told from a status (Participant Signed only): no request, a warning', async () => {
		const server = await t.trigger({ events: ['signed', 'milestone-completed'] });
		const mark = t.env.mark();
		const answer = await server.post({ contractid: '65f1c0ffee0000000000abcd' }, verified);
		await server.settled();
		expect(answer.status).toBe(200);
		expect(answer.json.message).toMatch(/names no event.*\?event=/);
		expect(t.env.nodeRequests(mark)).toEqual([]);
		expect(server.executions).toEqual([]);
		expect(warnings()).toEqual([expect.stringMatching(/65f1c0ffee0000000000abcd.*names no event/)]);
	});

	test('an external ID filter the delivery fails: nothing read, nothing started, no warning (a filter, not a doubt)', async () => {
		const server = await t.trigger({
			events: ['signed-all'],
			filters: { externalIdPrefix: 'CRM-' },
		});
		const contract = contractToSign(t.env, 'Filtered');
		t.env.sb.control.sign(contract._id);
		const mark = t.env.mark();
		const answer = await server.post({ contractid: contract._id, externalId: 'ERP-1' }, verified);
		await server.settled();
		expect(answer.json.message).toMatch(/filtered out/);
		expect(t.env.nodeRequests(mark)).toEqual([]);
		expect(server.executions).toEqual([]);
		expect(warn).not.toHaveBeenCalled();
	});
});
