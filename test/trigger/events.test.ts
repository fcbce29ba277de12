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
/** The trigger's events, filters, options and manual mode, through n8n-core's PollContext against the sandbox. */
import { deepCopy, type INodeParameters } from 'n8n-workflow';

import { binaryBuffer } from '../../test-support/harness';
import { byId } from '../helpers/env';
import {
	DAY,
	decoded,
	emitted,
	eventKey,
	LEASE,
	listRequests,
	NDA,
	newSim,
	TestClock,
	useTriggerEnv,
	transitions,
} from './helpers';

const clock = new TestClock(Date.parse('2026-03-02T09:00:00.000Z'));

const env = useTriggerEnv(__filename, clock);

function create(
	status?: string,
	extra: {
		templateId?: string;
		createdAt?: string;
		participants?: Array<{ name?: string; email?: string }>;
	} = {},
) {
	clock.advance(1000);
	return env.sb.control.createContract({ status: status as never, ...extra })._id;
}

describe('any status change', () => {
	test('the first poll sets a baseline and emits nothing; a change is then emitted once, with the documented shape', async () => {
		const a = create('SENT_TO_SIGN', { templateId: LEASE });
		const b = create();
		const sim = newSim(env);
		const mark = env.mark();
		expect(emitted(await sim.poll())).toEqual([]);
		expect(listRequests(env, mark).map((r) => r.query)).toEqual([{ page: '1', perPage: '200' }]);
		expect(decoded(sim)?.contracts.size).toBe(2);
		// n8n saves the static data after the activation poll (ActiveWorkflowManager.add) even though it emitted nothing
		expect(sim.saved['node:TRATO Trigger']).toEqual(deepCopy(sim.staticData));

		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		clock.advance(5000);
		const events = emitted(await sim.poll());
		expect(events).toEqual([
			{
				contractId: a,
				_id: a,
				name: 'Contrato de arrendamiento',
				createdAt: expect.any(String),
				previousStatus: 'SENT_TO_SIGN',
				previousStatusLabel: 'Pending Signature',
				status: 'RECEIVED_SIGNED',
				statusLabel: 'Signed',
				event: 'statusChanged',
				detectedAt: new Date(clock.ms).toISOString(),
				eventId: expect.stringMatching(new RegExp(`^${a}:RECEIVED_SIGNED:1\\.[0-9a-z]+$`)),
				factId: `${a}:signed-all`,
			},
		]);
		expect(emitted(await sim.poll())).toEqual([]);

		env.sb.control.setStatus(b, 'SENT_TO_SIGN');
		expect(transitions(emitted(await sim.poll()))).toEqual([`statusChanged ${b} →SENT_TO_SIGN`]);
	});

	test('a repeat of the same transition gets a new eventId', async () => {
		const a = create('SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		const ids: string[] = [];
		for (const status of ['REJECTED', 'SENT_TO_SIGN', 'REJECTED']) {
			env.sb.control.setStatus(a, status as never);
			ids.push(...emitted(await sim.poll()).map(eventKey));
		}
		expect(ids).toEqual([`${a}:REJECTED:1`, `${a}:SENT_TO_SIGN:2`, `${a}:REJECTED:3`]);
	});

	test('a change that happens and reverts between two polls is not seen (polling limit)', async () => {
		const a = create('SENT_TO_SIGN');
		const sim = newSim(env);
		await sim.poll();
		env.sb.control.setStatus(a, 'REJECTED');
		env.sb.control.setStatus(a, 'SENT_TO_SIGN');
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('new contracts: "created" events when asked, and a contract sent before the first poll that saw it changed from draft', async () => {
		create('SENT_TO_SIGN');
		const sim = newSim(env, { includeNewContracts: true });
		await sim.poll();
		const draft = create();
		const sent = create('SENT_TO_SIGN');
		const events = emitted(await sim.poll());
		expect(transitions(events)).toEqual([
			`created ${draft} null→`,
			`created ${sent} null→SENT_TO_SIGN`,
			`statusChanged ${sent} →SENT_TO_SIGN`,
		]);
		expect(events.map(eventKey)).toEqual([
			`${draft}:CREATED:0`,
			`${sent}:CREATED:0`,
			`${sent}:SENT_TO_SIGN:1`,
		]);
		expect(events[0]).toMatchObject({
			previousStatus: null,
			previousStatusLabel: null,
			status: '',
			statusLabel: 'Draft',
		});

		const quiet = newSim(env);
		await quiet.poll();
		const later = create('SENT_TO_SIGN');
		expect(transitions(emitted(await quiet.poll()))).toEqual([
			`statusChanged ${later} →SENT_TO_SIGN`,
		]);
	});
});

describe('entered status', () => {
	test('lists only the watched statuses ("Signed (Any)" = RECEIVED_SIGNED and SENT_SIGNED) and emits entries only', async () => {
		const a = create('SENT_TO_SIGN');
		const b = create('RECEIVED_SIGNED');
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['signed'] });
		const mark = env.mark();
		expect(emitted(await sim.poll())).toEqual([]);
		expect(listRequests(env, mark).map((r) => r.query)).toEqual([
			{ statusContract: 'RECEIVED_SIGNED', page: '1', perPage: '200' },
			{ statusContract: 'SENT_SIGNED', page: '1', perPage: '200' },
		]);

		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		env.sb.control.setStatus(b, 'SENT_SIGNED');
		const events = emitted(await sim.poll());
		expect(transitions(events)).toEqual([
			`enteredStatus ${a} null→RECEIVED_SIGNED`,
			`enteredStatus ${b} RECEIVED_SIGNED→SENT_SIGNED`,
		]);
		expect(events.map(eventKey)).toEqual([`${a}:RECEIVED_SIGNED:1`, `${b}:SENT_SIGNED:1`]);

		// leaving emits nothing; a later re-entry is a new event with a new eventId
		env.sb.control.setStatus(a, 'CANCELED');
		expect(emitted(await sim.poll())).toEqual([]);
		expect(decoded(sim)?.contracts.get(a)).toMatchObject({
			present: false,
			status: null,
			changes: 1,
		});
		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${a}:RECEIVED_SIGNED:2`]);
	});

	test('with "Also Trigger on New Contracts", new contracts are found with one request from the watermark', async () => {
		create('SENT_TO_SIGN');
		const sim = newSim(env, {
			event: 'enteredStatus',
			statuses: ['REJECTED'],
			includeNewContracts: true,
		});
		await sim.poll();
		const watermark = decoded(sim)!.watermark!;
		const fresh = create('REJECTED');
		const mark = env.mark();
		const events = emitted(await sim.poll());
		expect(transitions(events)).toEqual([
			`created ${fresh} null→REJECTED`,
			`enteredStatus ${fresh} null→REJECTED`,
		]);
		const requests = listRequests(env, mark);
		expect(requests.map((r) => r.query.statusContract ?? 'all')).toEqual(['REJECTED', 'all']);
		// dateStart one millisecond before the bound: the bound is kept whether the service's is inclusive or not
		expect(requests[1].query.dateStart).toBe(new Date(watermark - 1).toISOString());
	});
});

describe('new contract only', () => {
	test('emits each new contract once, at one request per poll', async () => {
		create('SENT_TO_SIGN');
		const sim = newSim(env, { event: 'newContract' });
		await sim.poll();
		const mark = env.mark();
		const x = create();
		const y = create('SENT_TO_SIGN');
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`created ${x} null→`,
			`created ${y} null→SENT_TO_SIGN`,
		]);
		expect(emitted(await sim.poll())).toEqual([]);
		expect(listRequests(env, mark)).toHaveLength(2);
		expect(decoded(sim)?.contracts.size).toBe(0);
	});
});

describe('filters', () => {
	test('are passed to the list endpoint; changing them starts a new baseline without emitting, keeping eventIds unique', async () => {
		const lease = create('SENT_TO_SIGN', {
			templateId: LEASE,
			participants: [{ name: 'Ana', email: 'ana@example.com' }],
		});
		const nda = create('SENT_TO_SIGN', { templateId: NDA });
		const sim = newSim(env, { filters: { templateId: byId(LEASE) } });
		const mark = env.mark();
		await sim.poll();
		// the baseline reads the contracts of the whole account dated from an hour before n8n's clock first (the
		// watermark and the ids seen from it on), then the filtered list
		expect(listRequests(env, mark).map((r) => r.query)).toEqual([
			{ dateStart: new Date(clock.ms - 3_600_000 - 1).toISOString(), page: '1', perPage: '200' },
			{ templateId: LEASE, page: '1', perPage: '200' },
		]);
		env.sb.control.setStatus(lease, 'REJECTED');
		env.sb.control.setStatus(nda, 'REJECTED');
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${lease}:REJECTED:1`]);

		sim.setParameters({
			event: 'anyChange',
			filters: { emailParticipant: 'ANA@example.com', statusParticipant: 'REJECTED' },
			options: {},
		});
		const mark2 = env.mark();
		expect(emitted(await sim.poll())).toEqual([]);
		expect(listRequests(env, mark2)[1].query).toMatchObject({
			emailParticipant: 'ANA@example.com',
			statusParticipant: 'REJECTED',
		});
		// back to draft, every participant is pending again: the contract leaves the filtered list silently
		env.sb.control.setStatus(lease, '');
		expect(emitted(await sim.poll())).toEqual([]);
		expect(decoded(sim)?.contracts.get(lease)).toMatchObject({
			present: false,
			status: 'REJECTED',
			changes: 1,
		});
		// back in the list with the status it had: nothing changed as far as the filtered list shows
		env.sb.control.setStatus(lease, 'REJECTED');
		expect(emitted(await sim.poll())).toEqual([]);
		// cancelled, the participant stays "rejected": still listed, the change is seen
		env.sb.control.setStatus(lease, 'CANCELED');
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${lease}:CANCELED:2`]);

		sim.setParameters({ event: 'anyChange', filters: {}, options: {} });
		expect(emitted(await sim.poll())).toEqual([]);
		env.sb.control.setStatus(lease, 'REJECTED');
		// the counter survived both new baselines: no eventId is reused
		expect(emitted(await sim.poll()).map(eventKey)).toEqual([`${lease}:REJECTED:3`]);
	});

	test('bad filters are refused before any request', async () => {
		const mark = env.mark();
		const cases: Array<[INodeParameters, RegExp]> = [
			[
				{ filters: { templateId: byId('={{ "a/b" }}') } },
				/Template filter ID "a\/b" is not a valid ID/,
			],
			[{ filters: { emailParticipant: 'not-an-email' } }, /not a valid email address/],
			[{ event: 'enteredStatus', statuses: [] }, /No status chosen/],
			[{ options: { lookBackDays: -3 } }, /not a positive number of days/],
		];
		for (const [p, message] of cases) {
			const result = await newSim(env, p).poll();
			expect(result.error?.message).toMatch(message);
			expect(result.error?.name).toBe('NodeOperationError');
		}
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});

describe('look-back window', () => {
	test('only contracts created in the last N days are listed and remembered; aging out emits nothing and frees the state', async () => {
		const old = create('SENT_TO_SIGN', { createdAt: new Date(clock.ms - 10 * DAY).toISOString() });
		const recent = create('SENT_TO_SIGN', {
			createdAt: new Date(clock.ms - 2 * DAY).toISOString(),
		});
		const sim = newSim(env, { options: { lookBackDays: 7 } });
		const mark = env.mark();
		await sim.poll();
		// after the newest contract of the account (the baseline's watermark), the list from the window's start
		expect(listRequests(env, mark).map((r) => r.query.dateStart)).toEqual([
			undefined,
			new Date(clock.ms - 7 * DAY - 1).toISOString(),
		]);
		expect([...decoded(sim)!.contracts.keys()]).toEqual([recent]);

		env.sb.control.setStatus(old, 'REJECTED');
		env.sb.control.setStatus(recent, 'REJECTED');
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${recent} SENT_TO_SIGN→REJECTED`,
		]);

		clock.advance(7 * DAY);
		env.sb.control.setStatus(recent, 'CANCELED');
		expect(emitted(await sim.poll())).toEqual([]);
		expect(decoded(sim)?.contracts.size).toBe(0);
	});
});

describe('manual mode (Fetch Test Event)', () => {
	test('returns the newest matching contract shaped like an event and never touches the saved state', async () => {
		create('SENT_TO_SIGN');
		const newest = create('REJECTED');
		const sim = newSim(env, { event: 'enteredStatus', statuses: ['REJECTED', 'SENT_TO_SIGN'] });
		await sim.poll();
		const memory = deepCopy(sim.staticData);
		const saved = deepCopy(sim.saved);
		const result = await sim.poll('manual');
		expect(emitted(result)).toEqual([
			expect.objectContaining({
				contractId: newest,
				status: 'REJECTED',
				statusLabel: 'Rejected',
				previousStatus: null,
				event: 'enteredStatus',
				eventId: `${newest}:REJECTED:0`,
			}),
		]);
		expect(sim.staticData).toEqual(memory);
		expect(sim.saved).toEqual(saved);

		const fresh = newSim(env);
		await fresh.poll('manual');
		expect(fresh.staticData).toEqual({});
		expect(fresh.saved).toEqual({});
	});

	test('says so when no contract matches yet', async () => {
		const result = await newSim(env, { event: 'enteredStatus', statuses: ['FINALIZED'] }).poll(
			'manual',
		);
		expect(result.error?.message).toBe("No contract matches the trigger's settings yet");
	});
});

describe('include signed documents', () => {
	test('signed events carry the documents record and, when asked, the signed PDF as binary data', async () => {
		const signed = create('SENT_TO_SIGN', { templateId: LEASE });
		const other = create('SENT_TO_SIGN');
		const sim = newSim(env, {
			options: { includeDocuments: true, downloadSignedPdf: true, binaryPropertyName: 'pdf' },
		});
		await sim.poll();
		env.sb.control.sign(signed);
		env.sb.control.setStatus(other, 'REJECTED');
		const mark = env.mark();
		const result = await sim.poll();
		const items = result.emitted?.[0] ?? [];
		expect(transitions(items.map((i) => i.json))).toEqual([
			`statusChanged ${signed} SENT_TO_SIGN→RECEIVED_SIGNED`,
			`statusChanged ${other} SENT_TO_SIGN→REJECTED`,
		]);
		const documents = items[0].json.documents as {
			documents: { signed_contract: string };
			participants: unknown[];
		};
		expect(documents.documents.signed_contract).toMatch(/\.pdf$/);
		expect(documents.participants).toHaveLength(2);
		const pdf = await binaryBuffer(items[0].binary!.pdf);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
		expect(items[0].binary!.pdf.mimeType).toBe('application/pdf');
		expect(items[1].json.documents).toBeUndefined();
		expect(items[1].binary).toBeUndefined();
		const docRequests = env
			.nodeRequests(mark)
			.filter((r) => r.path.startsWith('/api/contract/documents/'));
		expect(docRequests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([
			`GET /api/contract/documents/${signed} {"partial":"false"}`,
		]);
	});

	test('Download Signed PDF alone is enough: it brings the documents record and the PDF', async () => {
		const signed = create('SENT_TO_SIGN', { templateId: LEASE });
		const sim = newSim(env, { options: { downloadSignedPdf: true } });
		await sim.poll();
		env.sb.control.sign(signed);
		const [item] = (await sim.poll()).emitted?.[0] ?? [];
		expect(item.json.documents).toBeDefined();
		const pdf = await binaryBuffer(item.binary!.data);
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
	});

	test('a signed PDF over Max File Size (MB) is not downloaded: the event comes once, with the reason in documentsError', async () => {
		const a = create('SENT_TO_SIGN');
		const sim = newSim(env, { options: { downloadSignedPdf: true, maxFileSize: 0.001 } });
		await sim.poll();
		env.sb.control.sign(a);
		const result = await sim.poll();
		expect(result.error).toBeUndefined();
		const [item] = result.emitted?.[0] ?? [];
		expect(eventKey(item.json)).toBe(`${a}:RECEIVED_SIGNED:1`);
		expect(item.json.documents).toBeDefined();
		expect(item.json.documentsError).toBe('The file is larger than the Max File Size (0.001 MB)');
		expect(item.binary).toBeUndefined();
		expect(emitted(await sim.poll())).toEqual([]);
	});

	test('a Max File Size (MB) that is not a positive number is refused before any request', async () => {
		const mark = env.mark();
		const result = await newSim(env, {
			options: { downloadSignedPdf: true, maxFileSize: -5 },
		}).poll();
		expect(result.error?.message).toBe(
			'"Max File Size (MB)" must be a positive number of megabytes, not -5',
		);
		expect(env.nodeRequests(mark)).toEqual([]);
	});

	test('a refusal of the documents is reported on the item; an outage fails the poll and the events come again', async () => {
		const a = create('SENT_TO_SIGN');
		const sim = newSim(env, { options: { includeDocuments: true } });
		await sim.poll();
		env.sb.control.setStatus(a, 'RECEIVED_SIGNED');
		env.sb.control.addFault({ path: '/api/contract/documents/*', status: 503, times: 4 });
		const before = deepCopy(sim.staticData);
		const failed = await sim.poll();
		expect(failed.error?.name).toBe('NodeApiError');
		expect(failed.error?.message).toMatch(/HTTP 503|Injected fault/);
		expect(sim.staticData).toEqual(before);

		env.sb.control.addFault({
			path: '/api/contract/documents/*',
			status: 409,
			body: { success: false, error: 'Not ready' },
		});
		const events = emitted(await sim.poll());
		expect(events.map(eventKey)).toEqual([`${a}:RECEIVED_SIGNED:1`]);
		expect(events[0].documentsError).toBe('TRATO refused the request: Not ready');
		expect(events[0].documents).toBeUndefined();
	});
});
