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
 * eventId: derived from the delivery's content, so a repeated delivery (TRATO retrying after an answer it did not
 * get) has the same eventId and a workflow can drop it; different events of one contract have different ones.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { readDelivery } from '../../nodes/Trato/webhook/payload';
import { contractToSign, eventUrl, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);

/**
 * A proxy in front of the trigger that passes every request on, but tells the sender "502" the first `lost` times:
 * the execution starts, the sender believes it failed and sends the delivery again.
 */
async function lossyProxy(
	target: string,
	lost: number,
): Promise<{ url: string; close(): Promise<void> }> {
	let count = 0;
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			void (async () => {
				const forwarded = await fetch(target, {
					method: 'POST',
					headers: req.headers as Record<string, string>,
					body: Buffer.concat(chunks),
				});
				const text = await forwarded.text();
				res.statusCode = ++count <= lost ? 502 : forwarded.status;
				res.end(text);
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

test('a delivery TRATO sends again after a lost answer starts a second execution with the same eventId', async () => {
	const server = await t.trigger({ events: ['signed-all'] });
	const proxy = await lossyProxy(eventUrl(server.url, 'signed-all'), 1);
	try {
		t.env.sb.control.webhooks.configure({ urls: { 'signed-all': proxy.url }, retryDelaysMs: [20] });
		const contract = contractToSign(t.env);
		t.env.sb.control.sign(contract._id);
		await t.settle(server);
		const delivery = t.delivered().find((d) => d.event === 'signed-all')!;
		expect(delivery.attempts.map((a) => a.status)).toEqual([502, 200]);
		const items = server.executions.map((x) => x.items[0].json);
		expect(items).toHaveLength(2);
		expect(items[0].eventId).toBe(items[1].eventId);
		expect(items[0].eventId).toBe(
			`${contract._id}:signed-all:${t.env.sb.control.getContract(contract._id)!.signedAt}`,
		);
		// what differs between the two is only when they were received
		expect({ ...items[0], receivedAt: '' }).toEqual({ ...items[1], receivedAt: '' });
	} finally {
		t.env.sb.control.webhooks.unsubscribe();
		await proxy.close();
	}
});

describe('readDelivery', () => {
	const at = '2026-02-01T00:00:00.000Z';
	const context = { receivedAt: at, urlEvent: undefined, verified: true };
	const id = (body: IDataObject) => {
		const delivery = readDelivery(body, context);
		if (typeof delivery === 'string') throw new Error(delivery);
		return delivery.eventId;
	};
	const base = { contractid: 'c1', name: 'Lease', event: 'signed', externalId: 'E1' };

	test('the event time, the milestone and the participant tell events of one contract apart', () => {
		expect(id({ ...base, signedAt: '2026-01-01T10:00:00.000Z' })).toBe(
			'c1:signed:2026-01-01T10:00:00.000Z',
		);
		expect(id({ ...base, signedAt: '2026-01-01T10:00:00.001Z' })).not.toBe(
			id({ ...base, signedAt: '2026-01-01T10:00:00.000Z' }),
		);
		expect(id({ ...base, event: 'milestone-completed', milestoneId: 'm7' })).toBe(
			'c1:milestone-completed:m7',
		);
		expect(id({ ...base, participantId: 'p2', signedAt: 'T' })).toBe('c1:signed:p2:T');
		// the spelling of a field does not change the id
		expect(id({ contractId: 'c1', event: 'SIGNED', signedAt: 'T' })).toBe(
			id({ _id: 'c1', event: 'signed', signedAt: 'T' }),
		);
	});

	test('without any of them, a hash of the whole payload: same content, same id, whatever the key order', () => {
		const one = id({ ...base, event: 'all-milestones-completed' });
		expect(one).toMatch(/^c1:all-milestones-completed:h[0-9a-f]{16}$/);
		expect(
			id({ event: 'all-milestones-completed', externalId: 'E1', name: 'Lease', contractid: 'c1' }),
		).toBe(one);
		expect(id({ ...base, event: 'all-milestones-completed', name: 'Lease (renamed)' })).not.toBe(
			one,
		);
	});

	test('two signatures at the same instant are two identical deliveries: they share an eventId (documented)', () => {
		// TRATO's payload names no participant (trato-notes), so nothing in the content can tell them apart.
		expect(id({ ...base, signedAt: 'T' })).toBe(id({ ...base, signedAt: 'T' }));
	});

	test('occurredAt: the event time as an ISO timestamp, as sent when not a date, the receipt time when absent', () => {
		const read = (body: IDataObject) => readDelivery(body, context) as { occurredAt: string };
		expect(read({ ...base, signedAt: '2026-01-01T04:00:00-06:00' }).occurredAt).toBe(
			'2026-01-01T10:00:00.000Z',
		);
		expect(read({ ...base, signedAt: 'yesterday-ish' }).occurredAt).toBe('yesterday-ish');
		expect(read({ ...base, event: 'milestone-completed', milestoneId: 'm1' }).occurredAt).toBe(at);
		// an unknown event: whichever known time field it carries
		expect(
			read({ ...base, event: 'document-archived', deletedAt: '2026-01-03T00:00:00Z' }).occurredAt,
		).toBe('2026-01-03T00:00:00.000Z');
	});
});

test('without a Webhook Secret the eventId is marked unverified: a forged delivery never shares an id with a verified one', async () => {
	const payload = {
		contractid: '65f1c0ffee0000000000abcd',
		event: 'signed-all',
		signedAt: '2026-01-01T00:00:00.000Z',
	};
	const verifiedTrigger = await t.trigger({ events: ['signed-all'] });
	const unverifiedTrigger = await t.trigger(
		{ events: ['signed-all'] },
		{ webhookSecret: undefined },
	);
	for (const server of [verifiedTrigger, unverifiedTrigger]) {
		const answer = await t.env.sb.control.webhooks.forge({ url: server.url, payload });
		expect(answer.status).toBe(200);
		await server.settled();
	}
	const [real] = verifiedTrigger.executions.map((x) => x.items[0].json);
	const [forged] = unverifiedTrigger.executions.map((x) => x.items[0].json);
	expect(real.eventId).toBe('65f1c0ffee0000000000abcd:signed-all:2026-01-01T00:00:00.000Z');
	expect(forged.verified).toBe(false);
	expect(forged.eventId).toBe(`unverified:${String(real.eventId)}`);
});
