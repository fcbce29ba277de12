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
 * Both triggers into one workflow (issue 42, item 3; api-notes T16): the instant trigger (behind real HTTP, the
 * sandbox delivering) and the polling trigger (n8n-core's poll path) give the same `factId` for the same fact, so
 * n8n's Remove Duplicates drops the second report of it, and different ones for different facts, so it never drops
 * a fact the other trigger did not report.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PollSimulator, type PollResult } from '../../test-support/harness';
import type { WebhookServer } from '../../test-support/harness/webhook';
import { SECRET, contractToSign, useWebhookTestEnv } from './helpers';

const t = useWebhookTestEnv(__filename);

/** A polling trigger with n8n's defaults filled in (Contract Status Changed unless told). */
const poller = (parameters: INodeParameters = {}) =>
	new PollSimulator(
		{ event: 'anyChange', filters: {}, options: {}, ...parameters },
		{ ...t.credentials(SECRET) },
	);

function emitted(result: PollResult): IDataObject[] {
	if (result.error) throw result.error;
	return (result.emitted?.[0] ?? []).map((item) => item.json);
}

/** The items the instant trigger started since the previous call, as [event, factId]. */
function drain(server: WebhookServer, from: { seen: number }): Array<[string, string]> {
	const items = server.executions.slice(from.seen).flatMap((x) => x.items.map((i) => i.json));
	from.seen = server.executions.length;
	return items.map((i) => [String(i.event), String(i.factId)]);
}

test('one contract signed one participant at a time, then finalized: each fact has one factId in both triggers, every fact its own', async () => {
	const instant = await t.trigger({ events: ['signed', 'signed-all', 'document-finalized'] });
	t.subscribe(instant, ['signed', 'signed-all', 'document-finalized']);
	const contract = contractToSign(t.env, 'Both triggers');
	const other = contractToSign(t.env, 'Both triggers, another contract');
	const [ana, beto] = contract.participants;
	const anyChange = poller();
	const signedAny = poller({ event: 'enteredStatus', statuses: ['signed'] });
	const finalized = poller({ event: 'enteredStatus', statuses: ['FINALIZED'] });
	for (const p of [anyChange, signedAny, finalized]) expect(emitted(await p.poll())).toEqual([]);
	const seen = { seen: 0 };
	const id = contract._id;

	// one participant signed: a fact only the instant trigger reports (its factId is its eventId)
	t.env.sb.control.sign(id, { participantId: ana._id });
	await t.settle(instant);
	const [[event, first]] = drain(instant, seen);
	expect(event).toBe('signed');
	expect(first).toBe(instant.executions[0].items[0].json.eventId);
	expect(first).toMatch(new RegExp(`^${id}:signed:`));
	expect(emitted(await anyChange.poll())).toEqual([]);

	// the last participant signed: `signed-all` in the instant trigger, a signed status in the polling trigger
	t.env.sb.control.sign(id, { participantId: beto._id });
	t.env.sb.control.sign(other._id);
	await t.settle(instant);
	const signed = drain(instant, seen);
	expect(signed.map(([e]) => e)).toEqual([
		'signed',
		'signed-all',
		'signed',
		'signed',
		'signed-all',
	]);
	const [second, signedAll, , , otherSignedAll] = signed.map(([, fact]) => fact);
	expect(signedAll).toBe(`${id}:signed-all`);
	expect(otherSignedAll).toBe(`${other._id}:signed-all`);
	// two participants' signatures, and the same fact of two contracts, are different facts
	expect(new Set([first, second, signedAll, otherSignedAll]).size).toBe(4);
	const polled = emitted(await anyChange.poll());
	expect(polled.map((i) => [i.contractId, i.status, i.factId])).toEqual(
		expect.arrayContaining([
			[id, 'RECEIVED_SIGNED', signedAll],
			[other._id, 'RECEIVED_SIGNED', otherSignedAll],
		]),
	);
	expect(polled).toHaveLength(2);
	// Contract Reached a Status (Signed (Any)) names the same fact
	expect(emitted(await signedAny.poll()).map((i) => i.factId)).toEqual(
		expect.arrayContaining([signedAll, otherSignedAll]),
	);

	// finalized: another fact, the same in both triggers; the earlier signed-all is not it
	t.env.sb.control.setStatus(id, 'FINALIZED');
	await t.settle(instant);
	expect(drain(instant, seen)).toEqual([['document-finalized', `${id}:document-finalized`]]);
	expect(emitted(await anyChange.poll()).map((i) => [i.status, i.factId])).toEqual([
		['FINALIZED', `${id}:document-finalized`],
	]);
	expect(emitted(await finalized.poll()).map((i) => i.factId)).toEqual([
		`${id}:document-finalized`,
	]);
	expect(emitted(await signedAny.poll())).toEqual([]);
});

test('a delivery that names no event, resolved from the status, gives the facts the status shows; without a Webhook Secret, never a polling fact', async () => {
	const contract = contractToSign(t.env, 'Bare URL');
	t.env.sb.control.sign(contract._id);
	t.env.sb.control.setStatus(contract._id, 'FINALIZED');
	const bare = await t.trigger({ events: ['signed-all', 'document-finalized'] });
	const unverified = await t.trigger(
		{ events: ['signed-all', 'document-finalized'] },
		{ webhookSecret: undefined },
	);
	for (const server of [bare, unverified]) {
		const answer = await t.env.sb.control.webhooks.forge({
			contractId: contract._id,
			event: 'signed',
			url: server.url,
		});
		expect(answer.status).toBe(200);
		await server.settled();
	}
	const facts = (server: WebhookServer) =>
		server.executions.flatMap((x) => x.items.map((i) => [i.json.event, i.json.factId]));
	expect(bare.executions[0].items[0].json.eventResolvedFrom).toBe('contractStatus');
	expect(facts(bare)).toEqual([
		['signed-all', `${contract._id}:signed-all`],
		['document-finalized', `${contract._id}:document-finalized`],
	]);
	// anyone can send what an unverified trigger accepts: its facts never equal the polling trigger's
	expect(facts(unverified)).toEqual([
		['signed-all', `unverified:${contract._id}:signed-all`],
		['document-finalized', `unverified:${contract._id}:document-finalized`],
	]);
});

test("the polling trigger's other facts are named by the status reached (a cancellation, a return to draft) or the creation", async () => {
	const sent = contractToSign(t.env, 'Cancelled later');
	const p = poller();
	const created = poller({ event: 'newContract' });
	for (const s of [p, created]) expect(emitted(await s.poll())).toEqual([]);
	const draft = t.env.sb.control.createContract({ status: 'SENT_TO_SIGN' })._id;
	t.env.sb.control.setStatus(sent._id, 'CANCELED');
	const facts = emitted(await p.poll()).map((i) => i.factId);
	expect(facts).toEqual(expect.arrayContaining([`${sent._id}:CANCELED`, `${draft}:SENT_TO_SIGN`]));
	expect(emitted(await created.poll()).map((i) => [i.event, i.factId])).toEqual([
		['created', `${draft}:CREATED`],
	]);
	t.env.sb.control.setStatus(draft, '' as never);
	expect(emitted(await p.poll()).map((i) => i.factId)).toEqual([`${draft}:DRAFT`]);
});
