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
 * Participant statuses as TRATO stores them (RECEIVED_TO_SIGN, SENT_SIGNED; trato-notes "What TRATO answers"),
 * in the participant status filter of Contract → Get Many and of the polling trigger. A workflow saved with the
 * earlier options (SENT, SIGNED) keeps working: the stored value is read as TRATO's. PENDING and REJECTED have no
 * known TRATO value and are sent as they are; so is any value from an expression (the way to reach another word).
 * Against the sandbox's default profile (TRATO's names) and participant-statuses=earlier (the earlier names).
 */
import { Trato } from '../../nodes/Trato/Trato.node';
import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import { useEnv } from '../helpers/env';
import { decoded, emitted, listRequests, newSim } from '../trigger/helpers';

let signed: string;
let waiting: string;

const env = useEnv(__filename);
beforeAll(() => {
	const people = [
		{ name: 'Ana', email: 'ana.status@example.com' },
		{ name: 'Luis', email: 'luis.status@example.com' },
	];
	const a = env.sb.control.createContract({ status: 'SENT_TO_SIGN', participants: people });
	env.sb.control.sign(a._id, { participantId: a.participants[0]._id });
	signed = a._id; // Ana signed, Luis waits
	waiting = env.sb.control.createContract({ status: 'SENT_TO_SIGN', participants: people })._id;
});
afterEach(() => {
	env.sb.control.setVariants([]);
});

const ana = 'ana.status@example.com';

async function getMany(statusParticipant: string) {
	const mark = env.mark();
	const result = await env.run({
		resource: 'contract',
		operation: 'getAll',
		returnAll: true,
		filters: { emailParticipant: ana, statusParticipant },
	});
	expect(result.error).toBeUndefined();
	return {
		ids: result.items.map((i) => i.json.contractId),
		sent: env.nodeRequests(mark)[0].query.statusParticipant,
	};
}

test("the options are TRATO's values; any other value can be typed as an expression", () => {
	for (const node of [new Trato(), new TratoTrigger()]) {
		const filter = JSON.stringify(node.description.properties).match(
			/\{"displayName":"Participant Status".*?"allowArbitraryValues":true[^}]*\}/,
		);
		expect(filter).not.toBeNull();
		const field = JSON.parse(filter![0]);
		expect(field.options.map((o: any) => [o.name, o.value])).toEqual([
			['Waiting to Sign', 'RECEIVED_TO_SIGN'],
			['Signed', 'SENT_SIGNED'],
		]);
		expect(field.description).toMatch(/switch this field to Expression/);
	}
});

test.each([
	['SENT_SIGNED', 'SENT_SIGNED', 'signed'],
	['RECEIVED_TO_SIGN', 'RECEIVED_TO_SIGN', 'waiting'],
	// saved by an earlier version of the node: read as TRATO's
	['SIGNED', 'SENT_SIGNED', 'signed'],
	['SENT', 'RECEIVED_TO_SIGN', 'waiting'],
	// from an expression: sent as it is (TRATO stores no such word: nothing matches)
	['={{ "SIGNED" }}', 'SIGNED', 'none'],
	['={{ "SENT_SIGNED" }}', 'SENT_SIGNED', 'signed'],
])('Contract → Get Many, Participant Status %s: sends %s', async (stored, sent, which) => {
	const got = await getMany(stored);
	expect(got.sent).toBe(sent);
	const expected = { signed: [signed], waiting: [waiting], none: [] }[which];
	expect(got.ids).toEqual(expected);
});

test('PENDING and REJECTED (no known TRATO value) are sent as they are', async () => {
	expect((await getMany('PENDING')).sent).toBe('PENDING');
	expect((await getMany('REJECTED')).sent).toBe('REJECTED');
});

test('against a service with the earlier names (participant-statuses=earlier): an expression reaches them', async () => {
	env.sb.control.setVariants(['participant-statuses=earlier']);
	expect(await getMany('={{ "SIGNED" }}')).toEqual({ ids: [signed], sent: 'SIGNED' });
	// a saved earlier value is read as TRATO's, which such a service does not store
	expect(await getMany('SIGNED')).toEqual({ ids: [], sent: 'SENT_SIGNED' });
});

describe('the polling trigger', () => {
	/** "Fetch Test Event" (a manual poll): the newest matching contract, or none. */
	const fetchTestEvent = async (statusParticipant: string) => {
		const mark = env.mark();
		const result = await newSim(env, {
			event: 'newContract',
			filters: { emailParticipant: ana, statusParticipant },
		}).poll('manual');
		const none = /No contract matches/.test(String(result.error?.message));
		return {
			ids: none ? [] : emitted(result).map((e) => e.contractId),
			sent: listRequests(env, mark).map((r) => r.query.statusParticipant),
		};
	};

	test.each([
		['SENT_SIGNED', 'SENT_SIGNED'],
		['SIGNED', 'SENT_SIGNED'], // saved by an earlier version
		['={{ "SIGNED" }}', 'SIGNED'],
		['PENDING', 'PENDING'],
	])('Participant Status %s: lists with %s', async (stored, sent) => {
		const got = await fetchTestEvent(stored);
		expect(new Set(got.sent)).toEqual(new Set([sent]));
	});

	test('a trigger saved with "Signed" (SIGNED) finds the contract its participant signed', async () => {
		expect((await fetchTestEvent('SIGNED')).ids).toEqual([signed]);
		expect((await fetchTestEvent('={{ "SIGNED" }}')).ids).toEqual([]);
	});

	test("the earlier value and TRATO's are one watch: switching keeps the memory, changes are still reported", async () => {
		const c = env.sb.control.createContract({
			status: 'SENT_TO_SIGN',
			participants: [
				{ name: 'Eva', email: 'eva.status@example.com' },
				{ name: 'Raúl', email: 'raul.status@example.com' },
			],
		});
		env.sb.control.sign(c._id, { participantId: c.participants[0]._id });
		const watch = (statusParticipant: string) => ({
			event: 'anyChange',
			filters: { emailParticipant: 'eva.status@example.com', statusParticipant },
			options: {},
		});
		const sim = newSim(env, watch('SIGNED'));
		expect(emitted(await sim.poll())).toEqual([]); // the baseline
		const config = decoded(sim)?.config;
		env.sb.control.sign(c._id); // Raúl signs: RECEIVED_SIGNED
		sim.setParameters(watch('SENT_SIGNED'));
		const events = emitted(await sim.poll());
		expect(events.map((e) => [e.contractId, e.previousStatus, e.status])).toEqual([
			[c._id, 'SENT_TO_SIGN', 'RECEIVED_SIGNED'],
		]);
		expect(decoded(sim)?.config).toBe(config);
	});
});
