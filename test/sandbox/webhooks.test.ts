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
 * The sandbox's webhooks: subscriptions as TRATO's profile has them (one URL per event, one account secret), a
 * delivery for every state change that causes an event, retries on a non-2xx answer, forged
 * deliveries, and the control API over HTTP.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { WEBHOOK_EVENTS } from '../../sandbox';
import { parseArgs } from '../../sandbox/cliArgs';
import { prepareForSending, participantsOf } from '../helpers/env';
import { startHarness, type Harness } from './helpers';
import { NDA_TEMPLATE } from '../../test-support/templates';

interface Received {
	headers: IncomingHttpHeaders;
	body: string;
	json?: any;
}

/** A receiver that records every request and answers with what `answer` says (200 by default). */
async function receiver(answer: (n: number) => number | 'hang' = () => 200) {
	const received: Received[] = [];
	const server: Server = createServer((req, res) => {
		let body = '';
		req.on('data', (c: Buffer) => (body += c.toString()));
		req.on('end', () => {
			let json: any;
			try {
				json =
					req.headers['content-type'] === 'application/x-www-form-urlencoded'
						? Object.fromEntries(new URLSearchParams(body))
						: JSON.parse(body);
			} catch {
				json = undefined;
			}
			received.push({ headers: req.headers, body, json });
			const status = answer(received.length);
			if (status === 'hang') return;
			res.statusCode = status;
			res.end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/trato`,
		received,
		events: () => received.map((r) => r.json?.event as string),
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

let h: Harness;
const SECRET = 'whsec_sandbox_test_secret';

beforeAll(async () => {
	h = await startHarness({ webhookSecret: SECRET });
});
afterAll(async () => {
	await h.sb.close();
});
// The tests below read the event from the body: the catalog's shape (variant webhook-event-field). The sandbox's
// default shape, without it, and form fields: "what a production receiver reads", at the end.
beforeEach(() => {
	h.sb.control.setVariants(['webhook-event-field']);
});
afterEach(() => {
	h.sb.control.reset();
});

const webhooks = () => h.sb.control.webhooks;
const toSign = (name = 'Webhook contract') =>
	h.sb.control.createContract({
		name,
		status: 'SENT_TO_SIGN',
		participants: [
			{ name: 'Ana', email: 'ana@example.com' },
			{ name: 'Beto', email: 'beto@example.com' },
		],
	});

test('nothing is sent while no URL is entered', async () => {
	const r = await receiver();
	const c = toSign();
	h.sb.control.sign(c._id);
	webhooks().configure({ url: r.url });
	await webhooks().idle();
	expect(r.received).toEqual([]);
	expect(webhooks().deliveries()).toEqual([]);
	await r.close();
});

test('each event goes to the URL entered for it, as a JSON POST with the account secret', async () => {
	const signed = await receiver();
	const rest = await receiver();
	webhooks().configure({ url: rest.url });
	webhooks().configure({ urls: { signed: signed.url, 'milestone-completed': null } });
	const c = toSign();
	h.sb.control.sign(c._id, { participantId: c.participants[0]._id });
	h.sb.control.sign(c._id, { participantId: c.participants[1]._id });
	await webhooks().idle();
	expect(signed.events()).toEqual(['signed', 'signed']);
	expect(rest.events()).toEqual(['signed-all']);
	for (const r of [...signed.received, ...rest.received]) {
		expect(r.headers['x-trato-secret']).toBe(SECRET);
		expect(r.headers['content-type']).toBe('application/json');
	}
	const stored = h.sb.control.getContract(c._id)!;
	expect(signed.received.map((r) => r.json)).toEqual(
		stored.participants.map((p) => ({
			contractid: c._id,
			name: 'Webhook contract',
			event: 'signed',
			externalId: '',
			signedAt: p.signedAt,
		})),
	);
	expect(rest.received[0].json).toEqual({
		contractid: c._id,
		name: 'Webhook contract',
		event: 'signed-all',
		externalId: '',
		signedAt: stored.signedAt,
	});
	await signed.close();
	await rest.close();
});

test('the API lifecycle: send, sign, finalize → milestones, signatures, finalized, all milestones', async () => {
	const r = await receiver();
	webhooks().configure({ url: r.url });
	const created = await h.api.post('/api/create/contract', {
		source: 'template',
		templateid: NDA_TEMPLATE,
	});
	const id = created.data.contractid as string;
	await prepareForSending(h.api, id);
	expect((await h.api.post(`/api/contract/send/${id}`)).status).toBe(200);
	const participants = await participantsOf(h.api, id);
	for (const p of participants) h.sb.control.sign(id, { participantId: p.participantid });
	expect((await h.api.post(`/api/contract/finalize/${id}`)).status).toBe(200);
	await h.api.post(`/api/contract/archive/${id}`);
	await webhooks().idle();
	const milestones = (await h.api.get(`/api/contract/milestones/${id}`)).data.milestones as Array<{
		_id: string;
	}>;
	expect(r.received.map((x) => [x.json.event, x.json.milestoneId ?? ''])).toEqual([
		['milestone-completed', milestones[1]._id], // sent to signature
		['signed', ''],
		['signed', ''],
		['signed-all', ''],
		['milestone-completed', milestones[2]._id], // signed by all
		['document-finalized', ''],
		['milestone-completed', milestones[3]._id], // finalized
		['all-milestones-completed', ''],
	]);
	expect(r.received.find((x) => x.json.event === 'document-finalized')!.json.finalizedAt).toBe(
		h.sb.control.getContract(id)!.finalizedAt,
	);
	await r.close();
});

test('deleting a contract is "document-removed" (deletedAt: when); cancelling, rejecting and expiring send nothing', async () => {
	const r = await receiver();
	webhooks().configure({ url: r.url, events: ['document-removed', 'signed', 'signed-all'] });
	const [a, b, rejected, expired, deleted] = ['A', 'B', 'R', 'E', 'D'].map((n) => toSign(n));
	expect((await h.api.delete(`/api/contract/cancel/${a._id}`)).status).toBe(200);
	expect((await h.api.post(`/api/contract/cancel/${b._id}`)).status).toBe(200);
	h.sb.control.reject(rejected._id);
	h.sb.control.expire(expired._id);
	const before = h.sb.control.now().toISOString();
	h.sb.control.deleteContract(deleted._id);
	const after = h.sb.control.now().toISOString();
	// over the control API too, for a sandbox run from the command line
	const viaHttp = toSign('H');
	const answer = await fetch(`${h.sb.baseUrl}/sandbox/contracts/${viaHttp._id}`, {
		method: 'DELETE',
	});
	expect(answer.status).toBe(200);
	expect(h.sb.control.getContract(viaHttp._id)).toBeUndefined();
	await webhooks().idle();
	expect(r.received.map((x) => [x.json.event, x.json.contractid, x.json.name])).toEqual([
		['document-removed', deleted._id, 'D'],
		['document-removed', viaHttp._id, 'H'],
	]);
	const deletedAt = String(r.received[0].json.deletedAt);
	expect(deletedAt >= before && deletedAt <= after).toBe(true);
	await r.close();
});

test('variant webhook-removed-on-cancel (the earlier reading): cancelling (DELETE or POST) is "document-removed" too', async () => {
	h.sb.control.setVariants(['webhook-event-field', 'webhook-removed-on-cancel']);
	const r = await receiver();
	webhooks().configure({ url: r.url, events: ['document-removed'] });
	const [a, b, deleted] = ['A', 'B', 'D'].map((n) => toSign(n));
	expect((await h.api.delete(`/api/contract/cancel/${a._id}`)).status).toBe(200);
	expect((await h.api.post(`/api/contract/cancel/${b._id}`)).status).toBe(200);
	h.sb.control.deleteContract(deleted._id);
	await webhooks().idle();
	expect(r.received.map((x) => [x.json.event, x.json.contractid])).toEqual([
		['document-removed', a._id],
		['document-removed', b._id],
		['document-removed', deleted._id],
	]);
	expect(r.received[0].json.deletedAt).toBe(h.sb.control.getContract(a._id)!.canceledAt);
	await r.close();
});

test('a status set through the control API sends what that change means', async () => {
	const r = await receiver();
	webhooks().configure({ url: r.url });
	const c = toSign();
	await webhooks().idle();
	const before = r.received.length;
	h.sb.control.setStatus(c._id, 'FINALIZED');
	await webhooks().idle();
	expect(r.events().slice(before)).toEqual([
		'signed',
		'signed',
		'signed-all',
		'document-finalized',
		'milestone-completed',
		'milestone-completed',
		'all-milestones-completed',
	]);
	await r.close();
});

test('a non-2xx answer is retried as set (maxAttempts, retryDelaysMs); a 2xx ends it', async () => {
	const flaky = await receiver((n) => (n < 3 ? 503 : 204));
	webhooks().configure({
		urls: { 'signed-all': flaky.url },
		retryDelaysMs: [10, 30],
		maxAttempts: 5,
	});
	const c = toSign();
	h.sb.control.sign(c._id);
	await webhooks().idle();
	const [delivery] = webhooks().deliveries();
	expect(delivery.state).toBe('delivered');
	expect(delivery.attempts.map((a) => a.status)).toEqual([503, 503, 204]);
	expect(flaky.received.map((x) => x.body)).toEqual(Array(3).fill(flaky.received[0].body));

	const down = await receiver(() => 500);
	webhooks().clearDeliveries();
	webhooks().configure({ urls: { 'signed-all': down.url }, retryDelaysMs: [5], maxAttempts: 3 });
	h.sb.control.sign(toSign()._id);
	await webhooks().idle();
	expect(
		webhooks()
			.deliveries()
			.map((d) => [d.state, d.attempts.length]),
	).toEqual([['failed', 3]]);
	await flaky.close();
	await down.close();
});

test('no answer (refused connection, or none within timeoutMs) counts as a failure and is retried', async () => {
	const silent = await receiver(() => 'hang');
	const closed = await receiver();
	await closed.close();
	webhooks().configure({
		urls: { signed: silent.url, 'signed-all': closed.url },
		retryDelaysMs: [5],
		maxAttempts: 2,
		timeoutMs: 200,
	});
	h.sb.control.sign(toSign()._id);
	await webhooks().idle();
	const byEvent = (e: string) =>
		webhooks()
			.deliveries()
			.filter((d) => d.event === e);
	for (const d of [...byEvent('signed'), ...byEvent('signed-all')]) {
		expect(d.state).toBe('failed');
		expect(d.attempts.map((a) => a.status)).toEqual([null, null]);
		expect(d.attempts[0].error).toBeTruthy();
	}
	await silent.close();
});

test('forged deliveries: any URL, payload, raw body, secret or none; sent once', async () => {
	const r = await receiver((n) => (n === 1 ? 401 : 200));
	const c = toSign();
	const refused = await webhooks().forge({
		url: r.url,
		event: 'document-removed',
		contractId: c._id,
		secret: 'nope',
	});
	expect(refused.status).toBe(401);
	expect(r.received[0].headers['x-trato-secret']).toBe('nope');
	expect(r.received[0].json).toMatchObject({ contractid: c._id, event: 'document-removed' });
	expect(typeof r.received[0].json.deletedAt).toBe('string');
	await webhooks().forge({ url: r.url, body: 'not json', contentType: 'text/plain', secret: null });
	expect(r.received[1].body).toBe('not json');
	expect(r.received[1].headers['content-type']).toBe('text/plain');
	expect(r.received[1].headers).not.toHaveProperty('x-trato-secret');
	await webhooks().forge({ url: r.url, payload: { _id: 'x', event: 'signed' } });
	expect(r.received[2].json).toEqual({ _id: 'x', event: 'signed' });
	expect(r.received[2].headers['x-trato-secret']).toBe(SECRET);
	expect(
		webhooks()
			.deliveries()
			.map((d) => [d.forged, d.attempts.length]),
	).toEqual([
		[true, 1],
		[true, 1],
		[true, 1],
	]);
	await r.close();
});

test('the payload can spell the contract id as contractId or _id', async () => {
	const r = await receiver();
	for (const field of ['contractId', '_id'] as const) {
		webhooks().configure({ urls: { 'signed-all': r.url }, contractIdField: field });
		const c = toSign();
		h.sb.control.sign(c._id);
		await webhooks().idle();
		expect(r.received.at(-1)!.json[field]).toBe(c._id);
		expect(r.received.at(-1)!.json).not.toHaveProperty('contractid');
	}
	await r.close();
});

test('settings are checked; reset() removes URLs and records and restores the defaults', () => {
	expect(() => webhooks().configure({ url: 'ftp://x' })).toThrow(/http/);
	expect(() => webhooks().configure({ urls: { signd: 'http://x' } })).toThrow(
		/Unknown webhook event/,
	);
	expect(() => webhooks().configure({ maxAttempts: 0 })).toThrow(/maxAttempts/);
	expect(() => webhooks().configure({ retryDelaysMs: [] })).toThrow(/retryDelaysMs/);
	expect(() => webhooks().configure({ secret: '' })).toThrow(/secret/);
	const set = webhooks().configure({
		url: 'http://127.0.0.1:9/x',
		secret: 'other',
		maxAttempts: 2,
	});
	expect(Object.keys(set.urls).sort()).toEqual([...WEBHOOK_EVENTS].sort());
	h.sb.control.reset();
	expect(webhooks().settings()).toEqual({
		secret: SECRET,
		urls: {},
		maxAttempts: 4,
		retryDelaysMs: [2000, 10000, 60000],
		timeoutMs: 10000,
		contractIdField: 'contractid',
	});
});

test('the control API over HTTP: settings, deliveries, forge', async () => {
	const r = await receiver();
	const base = `${h.sb.baseUrl}/sandbox/webhooks`;
	const set = await h.raw.post(base, { urls: { 'signed-all': r.url }, retryDelaysMs: [10] });
	expect(set.status).toBe(200);
	expect(set.data.urls).toEqual({ 'signed-all': r.url });
	expect((await h.raw.get(base)).data.secret).toBe(SECRET);
	expect((await h.raw.post(base, { urls: { nope: r.url } })).status).toBe(400);
	const c = toSign();
	expect((await h.raw.post(`${h.sb.baseUrl}/sandbox/contracts/${c._id}/sign`, {})).status).toBe(
		200,
	);
	await webhooks().idle();
	const deliveries = await h.raw.get(`${base}/deliveries`);
	expect(deliveries.data.map((d: { event: string; state: string }) => [d.event, d.state])).toEqual([
		['signed-all', 'delivered'],
	]);
	const forged = await h.raw.post(`${base}/forge`, {
		url: r.url,
		payload: { event: 'x' },
		secret: null,
	});
	expect(forged.data).toMatchObject({ status: 200 });
	expect((await h.raw.delete(`${base}/deliveries`)).status).toBe(200);
	expect((await h.raw.get(`${base}/deliveries`)).data).toEqual([]);
	expect((await h.raw.delete(base)).data.urls).toEqual({});
	await r.close();
});

test('the CLI takes the secret from --webhook-secret or TRATO_SANDBOX_WEBHOOK_SECRET', () => {
	expect(parseArgs(['--webhook-secret', 'from-flag'], {}).webhookSecret).toBe('from-flag');
	expect(parseArgs(['--webhook-secret=inline'], {}).webhookSecret).toBe('inline');
	expect(parseArgs([], { TRATO_SANDBOX_WEBHOOK_SECRET: 'from-env' }).webhookSecret).toBe(
		'from-env',
	);
	expect(() => parseArgs(['--webhook-secret'], {})).toThrow(/needs a value/);
});

describe('what a production receiver reads (trato-notes "What TRATO answers")', () => {
	beforeEach(() => {
		h.sb.control.setVariants([]);
	});

	test('by default a delivery names no event: contractid, name, externalId and the time or milestone', async () => {
		const r = await receiver();
		webhooks().configure({ urls: { 'signed-all': r.url, 'milestone-completed': r.url } });
		const c = toSign();
		h.sb.control.sign(c._id);
		await webhooks().idle();
		const stored = h.sb.control.getContract(c._id)!;
		const records = webhooks().deliveries();
		// the record still says which event it was; the body does not
		expect([...new Set(records.map((d) => d.event))].sort()).toEqual([
			'milestone-completed',
			'signed-all',
		]);
		expect(r.received).toHaveLength(records.length);
		records.forEach((d, i) => {
			const extra =
				d.event === 'signed-all'
					? { signedAt: stored.signedAt }
					: { milestoneId: expect.any(String) };
			expect(r.received[i].json).toEqual({
				contractid: c._id,
				name: 'Webhook contract',
				externalId: '',
				...extra,
			});
		});
		await r.close();
	});

	test('variant webhook-form: the same fields as form fields', async () => {
		h.sb.control.setVariants(['webhook-form']);
		const r = await receiver();
		webhooks().configure({ urls: { 'signed-all': r.url } });
		const c = toSign();
		h.sb.control.sign(c._id);
		await webhooks().idle();
		expect(r.received[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(r.received[0].headers['x-trato-secret']).toBe(SECRET);
		expect(r.received[0].json).toEqual({
			contractid: c._id,
			name: 'Webhook contract',
			externalId: '',
			signedAt: h.sb.control.getContract(c._id)!.signedAt,
		});
		await r.close();
	});

	test("the profile's test button: externalId TEST ID, no real contract, sent once (also over HTTP)", async () => {
		const r = await receiver((n) => (n === 1 ? 500 : 200));
		webhooks().configure({ urls: { 'document-finalized': r.url }, retryDelaysMs: [5] });
		const first = await webhooks().sendTest({ event: 'document-finalized' });
		expect(first.status).toBe(500);
		const again = await h.raw.post(`${h.sb.baseUrl}/sandbox/webhooks/test`, {
			event: 'document-finalized',
		});
		expect(again.data).toMatchObject({ status: 200 });
		await webhooks().idle();
		expect(r.received).toHaveLength(2);
		expect(r.received[0].json).toEqual({
			contractid: '000000000000000000000000',
			name: 'Test',
			externalId: 'TEST ID',
			finalizedAt: expect.any(String),
		});
		expect(r.received[0].headers['x-trato-secret']).toBe(SECRET);
		expect(
			webhooks()
				.deliveries()
				.map((d) => [d.test, d.event, d.state, d.attempts.length]),
		).toEqual([
			[true, 'document-finalized', 'failed', 1],
			[true, 'document-finalized', 'delivered', 1],
		]);
		await expect(webhooks().sendTest({ event: 'signed' })).rejects.toThrow(/No URL/);
		await r.close();
	});
});
