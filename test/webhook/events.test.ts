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
 * The instant trigger receives what the sandbox sends when contracts change: one execution per delivery, for every
 * event name, with TRATO's payload as sent and the normalised fields.
 */
import type { IDataObject } from 'n8n-workflow';

import { ALL_EVENTS, contractToSign, eventUrl, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);

const outputs = (server: { executions: Array<{ items: Array<{ json: IDataObject }> }> }) =>
	server.executions.map((x) => {
		expect(x.items).toHaveLength(1);
		return x.items[0].json;
	});

test('a contract sent, signed by one participant, then the other, then finalized: one execution per delivery, in order', async () => {
	const server = await t.trigger();
	t.subscribe(server);
	const contract = contractToSign(t.env);
	const [first, second] = contract.participants;
	// Two signatures at distinct instants: TRATO's payload names no participant, so two signatures in the same
	// millisecond would be two identical deliveries (see the eventId test).
	const at = (s: number) => new Date(t.env.sb.control.now().getTime() + s * 1000).toISOString();
	t.env.sb.control.sign(contract._id, { participantId: first._id, signedAt: at(1) });
	t.env.sb.control.sign(contract._id, { participantId: second._id, signedAt: at(2) });
	const finalized = await t.env.api.post(`/api/contract/finalize/${contract._id}`);
	expect(finalized.status).toBe(200);
	await t.settle(server);

	const sent = t.delivered().filter((d) => d.contractId === contract._id);
	const items = outputs(server);
	expect(items.map((i) => i.event)).toEqual(sent.map((d) => d.event));
	expect(items.map((i) => i.event)).toEqual([
		'milestone-completed', // "Sent to signature" (the contract is created already sent)
		'signed',
		'signed',
		'signed-all',
		'milestone-completed',
		'document-finalized',
		'milestone-completed',
		'all-milestones-completed',
	]);
	const stored = t.env.sb.control.getContract(contract._id)!;
	items.forEach((item, i) => {
		// TRATO's payload exactly as it was sent, and the same fields under one spelling
		expect(item.payload).toEqual(sent[i].payload);
		expect(item.contractId).toBe(contract._id);
		expect(item.externalId).toBe(stored.externalId);
		expect(item.name).toBe('Webhook test contract');
		expect(item.verified).toBe(true);
		expect(typeof item.receivedAt).toBe('string');
	});
	expect(items[1].occurredAt).toBe(stored.participants[0].signedAt);
	expect(items[2].occurredAt).toBe(stored.participants[1].signedAt);
	expect(items[3].occurredAt).toBe(stored.signedAt);
	expect(items[5].occurredAt).toBe(stored.finalizedAt);
	expect(items[4].milestoneId).toBe((sent[4].payload as IDataObject).milestoneId);
	// a milestone event carries no time: occurredAt is when it was received
	expect(items[4].occurredAt).toBe(items[4].receivedAt);
	const eventIds = items.map((i) => String(i.eventId));
	expect(new Set(eventIds).size).toBe(items.length);
	for (const [i, id] of eventIds.entries())
		expect(id.startsWith(`${contract._id}:${String(items[i].event)}:`)).toBe(true);
	expect(t.delivered().every((d) => d.state === 'delivered' && d.attempts.length === 1)).toBe(true);
});

test('a deleted contract: "document-removed" with the time of deletion; a cancelled one sends nothing', async () => {
	const server = await t.trigger({ events: ['document-removed'] });
	t.subscribe(server);
	const cancelled = contractToSign(t.env, 'To be cancelled');
	expect((await t.env.api.delete(`/api/contract/cancel/${cancelled._id}`)).status).toBe(200);
	const deleted = contractToSign(t.env, 'To be deleted');
	const before = t.env.sb.control.now().toISOString();
	t.env.sb.control.deleteContract(deleted._id);
	const after = t.env.sb.control.now().toISOString();
	await t.settle(server);
	const items = outputs(server);
	expect(items.map((i) => [i.event, i.contractId, i.name])).toEqual([
		['document-removed', deleted._id, 'To be deleted'],
	]);
	const deletedAt = String((items[0].payload as IDataObject).deletedAt);
	expect(deletedAt >= before && deletedAt <= after).toBe(true);
	expect(items[0].occurredAt).toBe(deletedAt);
});

test('variant webhook-removed-on-cancel (the earlier reading): a cancelled contract is "document-removed" too', async () => {
	t.env.sb.control.setVariants(['webhook-removed-on-cancel']);
	const server = await t.trigger({ events: ['document-removed'] });
	t.subscribe(server);
	const contract = contractToSign(t.env, 'To be removed');
	const cancelled = await t.env.api.delete(`/api/contract/cancel/${contract._id}`);
	expect(cancelled.status).toBe(200);
	await t.settle(server);
	const items = outputs(server);
	expect(items).toHaveLength(1);
	expect(items[0].event).toBe('document-removed');
	expect(items[0].occurredAt).toBe(t.env.sb.control.getContract(contract._id)!.canceledAt);
	expect((items[0].payload as IDataObject).deletedAt).toBe(items[0].occurredAt);
});

test.each([
	["the event in the URL (the sandbox's default deliveries name none)", [], true],
	[
		'the event in the body (variant webhook-event-field), one bare URL',
		['webhook-event-field'],
		false,
	],
])(
	'every event name starts the workflow when chosen, and only when chosen: %s',
	async (_, variants, inUrl) => {
		t.env.sb.control.setVariants(variants);
		try {
			for (const event of ALL_EVENTS) {
				const chosen = await t.trigger({ events: [event] });
				const others = await t.trigger({ events: ALL_EVENTS.filter((e) => e !== event) });
				const contract = contractToSign(t.env, `Forged ${event}`);
				for (const server of [chosen, others]) {
					const answer = await t.env.sb.control.webhooks.forge({
						url: inUrl ? eventUrl(server.url, event) : server.url,
						event,
						contractId: contract._id,
					});
					expect(answer.status).toBe(200);
				}
				await t.settle(chosen, others);
				expect(outputs(chosen).map((i) => [i.event, i.contractId])).toEqual([
					[event, contract._id],
				]);
				expect(others.executions).toHaveLength(0);
			}
		} finally {
			t.env.sb.control.setVariants([]);
		}
	},
);
