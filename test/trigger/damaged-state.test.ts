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
 * A saved memory the trigger cannot read (issue 27, item 10): a warning through n8n's logger (IPollFunctions
 * .logger), then a new baseline. Through n8n-core's PollContext, whose logger is n8n's (Container: Logger).
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { STATE_KEY } from '../../nodes/Trato/trigger/state';
import { decoded, emitted, newSim, TestClock, transitions, triggerSuite } from './helpers';

const clock = new TestClock(Date.parse('2026-04-07T08:00:00.000Z'));
const suite = triggerSuite(__filename, clock);
const { create } = suite;
let warn: jest.SpyInstance;

beforeEach(() => {
	warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

/** The trigger's saved object, to damage in place (the memory n8n holds). */
function saved(sim: ReturnType<typeof newSim>): IDataObject {
	return sim.staticData[STATE_KEY] as IDataObject;
}

const DAMAGE: Array<[string, (stored: IDataObject) => unknown]> = [
	['its contracts cut short', (s) => ({ ...s, contracts: String(s.contracts).slice(0, 20) })],
	['an unknown version', (s) => ({ ...s, version: 99 })],
	['a watermark that is not a date', (s) => ({ ...s, watermark: 'yesterday' })],
	['not an object', () => 'tratoTrigger'],
];

describe('a saved memory the trigger cannot read', () => {
	test.each(DAMAGE)(
		"%s: a warning through n8n's logger naming what is lost, then a new baseline",
		async (_name, damage) => {
			const a = create('SENT_TO_SIGN');
			const b = create('SENT_TO_SIGN');
			const sim = newSim(suite.env, { event: 'anyChange', includeNewContracts: true });
			await sim.poll();
			expect(warn).not.toHaveBeenCalled();

			// a change after the last saved poll, then the memory is damaged
			suite.env.sb.control.setStatus(a, 'REJECTED');
			const contracts = String(saved(sim).contracts);
			sim.staticData[STATE_KEY] = damage(saved(sim)) as IDataObject;
			const lost = create('SENT_TO_SIGN');
			expect(emitted(await sim.poll())).toEqual([]);
			expect(warn).toHaveBeenCalledTimes(1);
			const [message, metadata] = warn.mock.calls[0] as [string, IDataObject];
			expect(message).toMatch(/saved memory could not be read/);
			expect(message).toMatch(/new baseline/);
			expect(message).toMatch(
				/changes and new contracts since the last poll n8n saved are not reported/i,
			);
			expect(metadata).toMatchObject({ nodeName: 'TRATO Trigger' });
			const logged = JSON.stringify(warn.mock.calls);
			expect(logged).not.toContain(suite.env.sb.apiKey);
			expect(logged).not.toContain(contracts.slice(0, 20));
			// the new baseline is whole: what changed from then on is reported, once
			expect(decoded(sim)!.contracts.has(lost)).toBe(true);
			suite.env.sb.control.setStatus(b, 'CANCELED');
			const fresh = create('SENT_TO_SIGN');
			expect(transitions(emitted(await sim.poll()))).toEqual([
				`statusChanged ${b} SENT_TO_SIGN→CANCELED`,
				`created ${fresh} null→SENT_TO_SIGN`,
				`statusChanged ${fresh} →SENT_TO_SIGN`,
			]);
			expect(warn).toHaveBeenCalledTimes(1);
		},
	);

	test('no warning for a first poll or for changed settings (a new baseline on purpose)', async () => {
		create('SENT_TO_SIGN');
		const sim = newSim(suite.env);
		await sim.poll();
		sim.setParameters({ event: 'newContract', filters: {}, options: {} });
		await sim.poll();
		await sim.poll();
		expect(warn).not.toHaveBeenCalled();
	});
});
