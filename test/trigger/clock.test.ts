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
 * Creation dates the trigger cannot trust (issue 27, item 2): a contract dated in the future, and TRATO's clock
 * running ahead of n8n's and being set back. Through n8n-core's PollContext against the sandbox, whose clock the
 * control API moves (advanceClock) independently of the trigger's.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { STATE_KEY } from '../../nodes/Trato/trigger/state';

import { triggerTuning } from '../../nodes/Trato/trigger/tuning';
import { DAY, decoded, emitted, newSim, TestClock, transitions, triggerSuite } from './helpers';

const clock = new TestClock(Date.parse('2026-04-06T08:00:00.000Z'));
const suite = triggerSuite(__filename, clock);
const { create } = suite;
const FUTURE = '2099-01-01T00:00:00.000Z';
const MINUTE = 60_000;
const MAX_PAGE = triggerTuning.pageSize;

/** Every mode that reports new contracts, with the events a new contract sent for signature gives in it. */
const MODES: Array<[string, INodeParameters, (id: string) => string[]]> = [
	['Contract Created', { event: 'newContract' }, (id) => [`created ${id} null→SENT_TO_SIGN`]],
	[
		'Contract Status Changed, Also Trigger on New Contracts',
		{ event: 'anyChange', includeNewContracts: true },
		(id) => [`created ${id} null→SENT_TO_SIGN`, `statusChanged ${id} →SENT_TO_SIGN`],
	],
	[
		'Contract Reached a Status, Also Trigger on New Contracts',
		{ event: 'enteredStatus', statuses: ['SENT_TO_SIGN'], includeNewContracts: true },
		(id) => [`created ${id} null→SENT_TO_SIGN`, `enteredStatus ${id} null→SENT_TO_SIGN`],
	],
];

describe('a contract dated in the future', () => {
	test.each(MODES)(
		'%s: it is reported once, and new contracts after it are still reported',
		async (_name, parameters, events) => {
			create('SENT_TO_SIGN');
			const sim = newSim(suite.env, parameters);
			expect(emitted(await sim.poll())).toEqual([]);

			const future = create('SENT_TO_SIGN', FUTURE);
			expect(transitions(emitted(await sim.poll()))).toEqual(events(future));

			const plain = create('SENT_TO_SIGN');
			expect(transitions(emitted(await sim.poll()))).toEqual(events(plain));
			// the saved watermark did not follow the future date
			expect(decoded(sim)!.watermark).toBeLessThanOrEqual(clock.ms);
			const later = create('SENT_TO_SIGN');
			clock.advance(3 * DAY);
			expect(transitions(emitted(await sim.poll()))).toEqual(events(later));
			// still tracked: never reported again
			expect(emitted(await sim.poll())).toEqual([]);
			expect(decoded(sim)!.recent.has(future)).toBe(true);
		},
	);

	test('present before the first poll, it is not reported, and new contracts are', async () => {
		const future = create('SENT_TO_SIGN', FUTURE);
		const sim = newSim(suite.env, { event: 'newContract' });
		expect(emitted(await sim.poll())).toEqual([]);
		const plain = create('SENT_TO_SIGN');
		expect(transitions(emitted(await sim.poll()))).toEqual([`created ${plain} null→SENT_TO_SIGN`]);
		expect(emitted(await sim.poll())).toEqual([]);
		expect(decoded(sim)!.recent.has(future)).toBe(true);
	});
});

describe("TRATO's clock running ahead of n8n's, then set back", () => {
	test.each([
		['30 minutes', 30 * MINUTE],
		['a day', DAY],
	])(
		'ahead by %s: contracts created after the clock is set back carry earlier dates and are reported',
		async (_name, ahead) => {
			create('SENT_TO_SIGN');
			const sim = newSim(suite.env, { event: 'newContract' });
			await sim.poll();
			suite.env.sb.control.advanceClock(ahead);
			const early = create('SENT_TO_SIGN');
			expect(transitions(emitted(await sim.poll()))).toEqual([
				`created ${early} null→SENT_TO_SIGN`,
			]);
			suite.env.sb.control.advanceClock(-ahead);
			const after = create('SENT_TO_SIGN');
			expect(Date.parse(suite.env.sb.control.getContract(after)!.createdAt)).toBeLessThan(
				Date.parse(suite.env.sb.control.getContract(early)!.createdAt),
			);
			expect(transitions(emitted(await sim.poll()))).toEqual([
				`created ${after} null→SENT_TO_SIGN`,
			]);
			expect(emitted(await sim.poll())).toEqual([]);
		},
	);

	test('"Contract Status Changed": the set-back contract gets its creation and its first status', async () => {
		create('SENT_TO_SIGN');
		const sim = newSim(suite.env, { event: 'anyChange', includeNewContracts: true });
		await sim.poll();
		suite.env.sb.control.advanceClock(20 * MINUTE);
		const early = create('SENT_TO_SIGN');
		expect(emitted(await sim.poll())).toHaveLength(2);
		suite.env.sb.control.advanceClock(-20 * MINUTE);
		const after = create('REJECTED');
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`created ${after} null→REJECTED`,
			`statusChanged ${after} →REJECTED`,
		]);
		suite.env.sb.control.setStatus(early, 'CANCELED');
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`statusChanged ${early} SENT_TO_SIGN→CANCELED`,
		]);
	});
});

describe('a memory saved by the previous version (state version 3)', () => {
	test('is read on: contracts created since are reported once, none of those it knew', async () => {
		create('SENT_TO_SIGN');
		const newest = create('SENT_TO_SIGN');
		const sim = newSim(suite.env, { event: 'anyChange', includeNewContracts: true });
		await sim.poll();
		// what version 3 saved: the newest creation date listed and the ids at it
		const { recent: _recent, ...v4 } = sim.staticData[STATE_KEY] as IDataObject;
		sim.staticData[STATE_KEY] = {
			...v4,
			version: 3,
			watermark: suite.env.sb.control.getContract(newest)!.createdAt,
			watermarkIds: [newest],
		};
		const fresh = create('SENT_TO_SIGN');
		expect(transitions(emitted(await sim.poll()))).toEqual([
			`created ${fresh} null→SENT_TO_SIGN`,
			`statusChanged ${fresh} →SENT_TO_SIGN`,
		]);
		expect(emitted(await sim.poll())).toEqual([]);
		expect((sim.staticData[STATE_KEY] as IDataObject).version).toBe(4);
	});
});

describe('found by the model check', () => {
	test("seed 2903: the baseline reads the newest contract up to n8n's clock while one is dated in the second after it, on a service whose bounds are exclusive: no contract is taken for new", async () => {
		triggerTuning.pageSize = 2;
		suite.env.sb.control.setVariants(['exclusive-bounds']);
		try {
			const run = new Date(clock.ms - 2 * DAY).toISOString();
			for (let i = 0; i < 3; i++) suite.env.sb.control.createContract({ createdAt: run });
			suite.env.sb.control.createContract({ createdAt: new Date(clock.ms + 300).toISOString() });
			const sim = newSim(suite.env, { event: 'newContract' });
			expect(emitted(await sim.poll())).toEqual([]);
			expect(emitted(await sim.poll())).toEqual([]);
			const fresh = create('SENT_TO_SIGN');
			expect(transitions(emitted(await sim.poll()))).toEqual([
				`created ${fresh} null→SENT_TO_SIGN`,
			]);
		} finally {
			triggerTuning.pageSize = MAX_PAGE;
		}
	});
});
