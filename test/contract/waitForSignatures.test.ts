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
 * Contract → Wait for Signatures, the node's side (issues 36, 40), through n8n-core as n8n 1.x runs it
 * (test-support/harness/waiting.ts): what it stores on the contract (this run's resume URL, sealed under the
 * credential's key: nothing a reader of the contract can use), how the run waits, what a resume call must carry and
 * what the node reads from TRATO before it resumes (only the contract it is called for), every output (signed with
 * the files, cancelled, rejected, expired, timed out, final before the wait), and bad input before any request.
 */
import { NodeHelpers } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';
import { binaryBuffer } from '../../test-support/harness';
import { startWaitingHarness, type WaitingHarness } from '../../test-support/harness/waiting';
import { forgetRuns } from '../../nodes/Trato/actions/contract/waitForSignatures/knowledge';
import { openStored, storedValues } from '../../test-support/waitingRuns';
import { byId, createPdfContract, prepareForSending, sendContract, useEnv } from '../helpers/env';

const env = useEnv(__filename);
let n8n: WaitingHarness;

beforeAll(async () => {
	n8n = await startWaitingHarness(env.creds);
});
afterAll(async () => {
	await n8n.close();
});
afterEach(() => {
	env.sb.control.clearFaults();
});

/** A contract sent for signature (two signers), with the NOM-151 certificate unless told otherwise. */
async function sentContract(stampNom = true): Promise<string> {
	const id = await createPdfContract(env.api);
	await prepareForSending(env.api, id);
	const res = await env.api.post(`/api/contract/configuration/${id}`, { stampNom });
	if (res.status !== 200) throw new Error(`setup configure failed: ${JSON.stringify(res.data)}`);
	await sendContract(env.api, id);
	return id;
}

/** The values stored on the contract, as TRATO keeps them (sealed). */
const sealed = (id: string) => storedValues(env.sb.control.getContract(id)?.properties ?? []);
/** What they open to with the credential's key: the run's resume URLs. */
const stored = (id: string) => sealed(id).map((value) => openStored(env.creds, id, value));
/** A listener's call for a contract: the URL the value opens to, with the contract's ID. */
const call = (url: string | undefined, contractId: string) => n8n.post(url!, { contractId });

const wait = (contractId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'contract',
	operation: 'waitForSignatures',
	contractId: byId(contractId),
	...extra,
});

const withSignature = (url: string, signature: string | undefined) => {
	const u = new URL(url);
	if (signature === undefined) u.searchParams.delete('signature');
	else u.searchParams.set('signature', signature);
	return u.toString();
};

test("stores this run's resume URL sealed on the contract (one request; the first store read back), then reads its status, and waits (no limit: n8n's indefinitely)", async () => {
	const id = await sentContract();
	const mark = env.mark();
	const run = await n8n.start(wait(id));
	expect(run.status).toBe('waiting');
	expect(run.waitTill?.toISOString()).toBe('3000-01-01T00:00:00.000Z');
	expect(sealed(id)).toHaveLength(1);
	const [value] = sealed(id);
	// a reader of the contract sees neither the URL nor the execution nor its signature
	expect(value).toMatch(/^n8n1\.[A-Za-z0-9_-]+$/);
	expect(value).not.toContain(run.id);
	expect(value).not.toMatch(/signature|http|webhook/);
	// the credential's key opens it to n8n 1.x's signed URL: <webhook-waiting base>/<execution id>/<node id>?signature=<HMAC>
	const [url] = stored(id);
	expect(url).toMatch(
		new RegExp(`^${n8n.baseUrl}/${run.id}/node-action\\?signature=[0-9a-f]{64}$`),
	);
	// bound to this contract: it opens on no other
	const other = await sentContract();
	expect(openStored(env.creds, other, value)).toBeUndefined();
	expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path}`)).toEqual([
		`POST /api/contracts/${id}/customproperties`,
		// the first value this process stores with this credential is read back once: TRATO kept it whole
		`GET /api/contracts/${id}/customproperties`,
		`GET /api/contract/status/${id}`,
	]);
	expect(n8n.output(run.id).map((i) => i.json)).toEqual([
		expect.objectContaining({ contractId: id, waiting: true, status: 'SENT_TO_SIGN' }),
	]);

	// the next run stores with one request, and does not read it back
	const next = env.mark();
	await n8n.start(wait(other));
	expect(env.nodeRequests(next).map((r) => `${r.method} ${r.path}`)).toEqual([
		`POST /api/contracts/${other}/customproperties`,
		`GET /api/contract/status/${other}`,
	]);
});

test('a resume call without the signature, or with another one, resumes nothing and reads nothing; one for a contract not final keeps the run waiting', async () => {
	const id = await sentContract();
	const run = await n8n.start(wait(id));
	const [url] = stored(id);
	const mark = env.mark();
	const none = await call(withSignature(url!, undefined), id);
	const other = await call(withSignature(url!, 'a'.repeat(64)), id);
	expect([none.status, other.status]).toEqual([401, 401]);
	expect(none.json).toMatchObject({ resumed: false });
	expect(env.nodeRequests(mark)).toEqual([]);

	const early = await call(url, id);
	expect(early.status).toBe(200);
	// not recorded: a listener keeps the value for the contract's next change
	expect(early.json).toMatchObject({ resumed: false, recorded: false, waitingFor: 1 });
	// TRATO was asked, and said SENT_TO_SIGN
	expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path}`)).toEqual([
		`GET /api/contract/status/${id}`,
	]);
	await n8n.settled();
	expect(n8n.execution(run.id)).toMatchObject({ status: 'waiting', resumes: 0 });
	expect(stored(id)).toEqual([url]);
});

test('signed by everyone: resumed once with the contract, its participants and, with Download Signed Files, the signed PDF and the NOM-151 certificate; the node removes nothing (the listener does, once n8n has the run); a second call finds the run finished', async () => {
	const id = await sentContract();
	const run = await n8n.start(wait(id, { downloadFiles: true }), [{ json: { deal: 'D-1' } }]);
	const [url] = stored(id);
	env.sb.control.sign(id);
	const answer = await call(url, id);
	expect(answer).toMatchObject({ status: 200, json: { resumed: true } });
	await n8n.settled();
	expect(n8n.execution(run.id)).toMatchObject({ status: 'success', resumes: 1 });
	const [item] = n8n.output(run.id);
	expect(item.pairedItem).toEqual({ item: 0 });
	expect(item.json).toMatchObject({
		contractId: id,
		outcome: 'signed',
		timedOut: false,
		status: 'RECEIVED_SIGNED',
		statusLabel: 'Signed',
		contract: expect.objectContaining({ status: 'RECEIVED_SIGNED', signedAt: expect.any(String) }),
		binaryFields: { signedContract: 'data', certificate: 'certificate' },
	});
	const contract = env.sb.control.getContract(id)!;
	expect(
		(item.json.participants as any[]).map((p) => [p.participantId, p.email, p.status]),
	).toEqual(contract.participants.map((p) => [p._id, p.email, 'SENT_SIGNED']));
	const documents = (await env.api.get(`/api/contract/documents/${id}`)).data.documents;
	const bytes = async (address: string) => Buffer.from(await (await fetch(address)).arrayBuffer());
	expect(
		(await binaryBuffer(item.binary!.data)).equals(await bytes(documents.signed_contract)),
	).toBe(true);
	expect(
		(await binaryBuffer(item.binary!.certificate)).equals(
			await bytes(documents.signed_certificate),
		),
	).toBe(true);
	expect(stored(id)).toEqual([url]);

	const again = await call(url, id);
	expect(again.status).toBe(409);
	await n8n.settled();
	expect(n8n.execution(run.id).resumes).toBe(1);
});

test('several contracts: each call reads only the contract it names, records it, and the last one resumes; cancelled, rejected and expired say so, paired to their items; an item that failed (Continue On Fail) is kept', async () => {
	const ids = [await sentContract(), await sentContract(), await sentContract()];
	const run = await n8n.start(
		wait('={{ $json.id }}'),
		[...ids.map((id) => ({ json: { id } })), { json: { id: 'not an id' } }],
		{ continueOnFail: true },
	);
	expect(run.status).toBe('waiting');
	const url = stored(ids[0])[0];
	expect(ids.map((id) => stored(id))).toEqual([[url], [url], [url]]);
	await env.api.delete(`/api/contract/cancel/${ids[0]}`);
	env.sb.control.reject(ids[1]);
	const mark = env.mark();
	expect((await call(url, ids[0])).json).toMatchObject({
		resumed: false,
		recorded: true,
		waitingFor: 2,
	});
	expect((await call(url, ids[1])).json).toMatchObject({
		resumed: false,
		recorded: true,
		waitingFor: 1,
	});
	// a repeated call reads nothing: the run knows the contract is final
	expect((await call(url, ids[0])).json).toMatchObject({ recorded: true, waitingFor: 1 });
	env.sb.control.expire(ids[2]);
	expect((await call(url, ids[2])).json).toMatchObject({ resumed: true });
	expect(
		env
			.nodeRequests(mark)
			.filter((r) => r.path.startsWith('/api/contract/status/'))
			.map((r) => r.path),
	).toEqual(ids.map((id) => `/api/contract/status/${id}`));
	await n8n.settled();
	const out = n8n.output(run.id);
	expect(out.map((i) => [i.pairedItem, i.json.outcome, i.json.status])).toEqual([
		[{ item: 0 }, 'cancelled', 'CANCELED'],
		[{ item: 1 }, 'rejected', 'REJECTED'],
		[{ item: 2 }, 'expired', 'EXPIRED'],
		[{ item: 3 }, undefined, undefined],
	]);
	expect(out[3].json.error).toMatch(/not a valid ID/);
	expect(out.slice(0, 3).map((i) => i.json.timedOut)).toEqual([false, false, false]);
	// nobody had signed them: every participant named
	expect(out.slice(0, 3).map((i) => (i.json.notSignedBy as any[]).length)).toEqual(
		ids.map((id) => env.sb.control.getContract(id)!.participants.length),
	);
});

test('Include Participants off (a batch): a signed contract costs no participant read; one not signed by everyone says who has not (notSignedBy)', async () => {
	const ids = [await sentContract(false), await sentContract(false)];
	const run = await n8n.start(
		wait('={{ $json.id }}', { options: { includeParticipants: false } }),
		ids.map((id) => ({ json: { id } })),
	);
	const url = stored(ids[0])[0];
	const signer = env.sb.control.getContract(ids[1])!.participants[0];
	env.sb.control.sign(ids[0]);
	env.sb.control.sign(ids[1], { participantId: signer._id });
	await env.api.delete(`/api/contract/cancel/${ids[1]}`);
	const mark = env.mark();
	await call(url, ids[0]);
	expect((await call(url, ids[1])).json).toMatchObject({ resumed: true });
	await n8n.settled();
	const [signed, cancelled] = n8n.output(run.id).map((i) => i.json as any);
	expect(signed).toMatchObject({ outcome: 'signed' });
	expect(signed).not.toHaveProperty('participants');
	expect(signed).not.toHaveProperty('notSignedBy');
	expect(cancelled).toMatchObject({ outcome: 'cancelled' });
	expect(cancelled).not.toHaveProperty('participants');
	const others = env.sb.control
		.getContract(ids[1])!
		.participants.filter((p) => p._id !== signer._id);
	expect(cancelled.notSignedBy).toEqual(
		others.map((p) => ({ participantId: p._id, name: p.name, email: p.email, label: p.label })),
	);
	// reads: one status per call; the participants of the cancelled one only
	const read = env.nodeRequests(mark).map((r) => `${r.method} ${r.path}`);
	expect(read.filter((r) => r.includes(ids[0]))).toEqual([`GET /api/contract/status/${ids[0]}`]);
	expect(read.filter((r) => r.includes(`/api/contract/variables/${ids[1]}`))).toHaveLength(1);
});

test('a process that knows nothing of the run (restarted since it began to wait) reads its contracts once, then only the one each call names', async () => {
	const ids = [await sentContract(), await sentContract(), await sentContract()];
	env.sb.control.sign(ids[0]);
	const run = await n8n.start(
		wait('={{ $json.id }}'),
		ids.slice(1).map((id) => ({ json: { id } })),
	);
	// the first contract is final before the wait: a second run that waits for it and the others
	const both = await n8n.start(
		wait('={{ $json.id }}'),
		ids.map((id) => ({ json: { id } })),
	);
	expect([run.status, both.status]).toEqual(['waiting', 'waiting']);
	forgetRuns();
	const url = stored(ids[1]).find((u) => u!.includes(`/${both.id}/`));
	env.sb.control.sign(ids[1]);
	const mark = env.mark();
	expect((await call(url, ids[1])).json).toMatchObject({ recorded: true, waitingFor: 1 });
	const statusReads = () =>
		env
			.nodeRequests(mark)
			.filter((r) => r.path.startsWith('/api/contract/status/'))
			.map((r) => r.path)
			.sort();
	// the one final when the wait began is known from the run's kept items; the other two read
	expect(statusReads()).toEqual([ids[1], ids[2]].map((id) => `/api/contract/status/${id}`).sort());
	env.sb.control.sign(ids[2]);
	expect((await call(url, ids[2])).json).toMatchObject({ resumed: true });
	expect(statusReads()).toHaveLength(3);
	await n8n.settled();
	expect(n8n.output(both.id).map((i) => i.json.outcome)).toEqual(['signed', 'signed', 'signed']);
});

test('Limit Wait Time: the run waits until then; at the limit it goes on with "not signed in time" items; the URL resumes nothing after that', async () => {
	const id = await sentContract();
	const before = Date.now();
	const run = await n8n.start(
		wait(id, {
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' },
				},
			},
		}),
	);
	const until = run.waitTill!.getTime();
	expect(until).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
	expect(until).toBeLessThan(Date.now() + 2 * 3_600_000 + 1);
	await n8n.timeout(run.id);
	expect(n8n.execution(run.id)).toMatchObject({ status: 'success', resumes: 1 });
	const [item] = n8n.output(run.id);
	expect(item.pairedItem).toEqual({ item: 0 });
	expect(item.json).toMatchObject({
		contractId: id,
		outcome: 'timedOut',
		timedOut: true,
		status: 'SENT_TO_SIGN',
		waitLimit: new Date(until).toISOString(),
	});
	expect(item.json.message).toMatch(/^Not signed in time/);
	// n8n ran no node code at the limit: the sealed value is still there (it resumes nothing for its readers), and
	// n8n refuses the URL it opens to (the run has finished)
	env.sb.control.sign(id);
	expect((await call(stored(id)[0], id)).status).toBe(409);
	await n8n.settled();
	expect(n8n.execution(run.id).resumes).toBe(1);
});

test('a limit at a date and time: read in the workflow time zone when it names none', async () => {
	const id = await sentContract();
	const at = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19);
	const run = await n8n.start(
		wait(id, {
			options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: at } } },
		}),
	);
	// the harness's workflows have n8n's default time zone (America/New_York)
	expect(run.waitTill!.getTime()).toBeGreaterThan(new Date(`${at}Z`).getTime());
});

test('already final when the node runs: no wait, the outputs at once, no URL left on the contract', async () => {
	const id = await sentContract(false);
	env.sb.control.sign(id);
	const run = await n8n.start(wait(id, { downloadFiles: true }));
	expect(run.status).toBe('success');
	const [item] = n8n.output(run.id);
	expect(item.json).toMatchObject({ outcome: 'signed', binaryFields: { signedContract: 'data' } });
	expect(Object.keys(item.binary ?? {})).toEqual(['data']);
	expect(stored(id)).toEqual([]);
});

test('two resume calls at once (two listeners): the run is resumed once', async () => {
	const id = await sentContract();
	const run = await n8n.start(wait(id));
	const [url] = stored(id);
	env.sb.control.sign(id);
	const answers = await Promise.all([call(url, id), call(url, id), call(url, id)]);
	await n8n.settled();
	expect(answers.filter((a) => a.json?.resumed === true)).toHaveLength(1);
	expect(n8n.execution(run.id)).toMatchObject({ status: 'success', resumes: 1 });
});

test('TRATO cannot be read on a resume call: 503, the run keeps waiting, the next call resumes it', async () => {
	const id = await sentContract();
	const run = await n8n.start(wait(id));
	const [url] = stored(id);
	env.sb.control.sign(id);
	env.sb.control.addFault({ path: `/api/contract/status/${id}`, status: 500, times: 10 });
	const failed = await call(url, id);
	expect(failed).toMatchObject({ status: 503, json: { resumed: false } });
	env.sb.control.clearFaults();
	await n8n.settled();
	expect(n8n.execution(run.id).status).toBe('waiting');
	expect((await call(url, id)).json).toMatchObject({ resumed: true });
	await n8n.settled();
	expect(n8n.execution(run.id).resumes).toBe(1);
});

test('bad input is refused before any request: a limit that is no time, a date that has passed', async () => {
	const id = await sentContract();
	for (const [values, message] of [
		[
			{ limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'days' },
			/is not a time to wait/,
		],
		[{ limitType: 'atSpecifiedTime', maxDateAndTime: '2001-01-01T00:00:00Z' }, /has passed/],
	] as const) {
		const mark = env.mark();
		const run = await n8n.start(wait(id, { options: { limitWaitTime: { values } } }));
		expect(run.status).toBe('error');
		expect(run.data.resultData.error?.message).toMatch(message);
		expect(env.nodeRequests(mark)).toEqual([]);
	}
	expect(stored(id)).toEqual([]);
});

test('the AI tool variant does not offer it (n8n shows an option with `@tool` false only outside tools)', () => {
	const description = new Trato().description;
	const menu = description.properties.find(
		(p) =>
			p.name === 'operation' && (p.displayOptions?.show?.resource as string[])[0] === 'contract',
	)!;
	const entry = (menu.options as any[]).find((o) => o.value === 'waitForSignatures');
	const node = { parameters: { resource: 'contract' }, typeVersion: 1.1 } as any;
	const shown = (name: string) =>
		NodeHelpers.displayParameter({ resource: 'contract' }, entry, node, {
			...description,
			name,
		} as any);
	expect([shown('n8n-nodes-trato.trato'), shown('n8n-nodes-trato.tratoTool')]).toEqual([
		true,
		false,
	]);
	// and the description n8n gives the resume webhook: a restart webhook under the node's id, POST
	expect(description.webhooks).toEqual([
		expect.objectContaining({
			httpMethod: 'POST',
			path: '={{ $nodeId }}',
			restartWebhook: true,
			isFullPath: true,
		}),
	]);
});
