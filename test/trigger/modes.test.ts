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
 * The trigger's modes are one table (nodes/Trato/trigger/modes.ts): the "Trigger On" options, the fields each
 * mode shows, the node's subtitle, the `event` of the items a poll emits and the README's Events table all come
 * from its rows. Enforces the checklist "How to add a trigger mode" of docs/architecture.md (the model check
 * enforces its step: every row is model-checked, test/trigger/model.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import {
	CREATED,
	DEFAULT_MODE,
	TRIGGER_MODE_VALUES,
	TRIGGER_MODES,
	type TriggerMode,
} from '../../nodes/Trato/trigger/modes';
import { emitted, newSim, TestClock, useTriggerEnv } from './helpers';

const description = new TratoTrigger().description;
const field = (name: string) =>
	description.properties.find((p) => p.name === name) as INodeProperties;
const shownFor = (name: string) => field(name).displayOptions?.show?.event as string[];

test('"Trigger On" offers exactly the rows of the table, with their names and descriptions', () => {
	const triggerOn = field('event');
	expect(triggerOn.default).toBe(DEFAULT_MODE);
	expect(
		(triggerOn.options as Array<{ value: string; name: string; description: string }>)
			.map((o) => ({ value: o.value, name: o.name, description: o.description }))
			.sort((a, b) => a.value.localeCompare(b.value)),
	).toEqual(
		TRIGGER_MODE_VALUES.map((value) => ({
			value,
			name: TRIGGER_MODES[value].name,
			description: TRIGGER_MODES[value].description,
		})).sort((a, b) => a.value.localeCompare(b.value)),
	);
});

test("the node's subtitle names every mode as its row says", () => {
	const expression = String(description.subtitle);
	const map = JSON.parse(
		/^=\{\{ "Polling: " \+ (\{.*\})\[\$parameter\["event"\]\] \}\}$/.exec(expression)?.[1] ?? '{}',
	);
	expect(map).toEqual(
		Object.fromEntries(TRIGGER_MODE_VALUES.map((m) => [m, TRIGGER_MODES[m].subtitle])),
	);
});

test('each mode shows the fields its row calls for', () => {
	const modes = (test: (mode: TriggerMode) => boolean) => TRIGGER_MODE_VALUES.filter(test).sort();
	expect([...shownFor('statuses')].sort()).toEqual(
		modes((m) => TRIGGER_MODES[m].watches === 'chosenStatuses'),
	);
	expect([...shownFor('includeNewContracts')].sort()).toEqual(
		modes((m) => TRIGGER_MODES[m].newContracts === 'optional'),
	);
	expect([...shownFor('participantFilterNotice')].sort()).toEqual(
		modes((m) => TRIGGER_MODES[m].watches === 'everyContract'),
	);
});

test("the README's Events table has a row per mode, with its name and item event", () => {
	const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
	const table = readme.slice(readme.indexOf('| Trigger On |'));
	for (const mode of TRIGGER_MODE_VALUES) {
		const { name, event } = TRIGGER_MODES[mode];
		expect(table).toMatch(new RegExp(`^\\| \\*\\*${name}\\*\\*[^\\n]*\\| \`${event}\` \\|$`, 'm'));
	}
});

describe('a poll in each mode emits the event its row names', () => {
	const clock = new TestClock(Date.parse('2026-06-01T10:00:00.000Z'));
	const env = useTriggerEnv(__filename, clock);

	test.each(TRIGGER_MODE_VALUES)('%s', async (mode) => {
		const row = TRIGGER_MODES[mode];
		const existing = env.sb.control.createContract({ status: 'SENT_TO_SIGN' })._id;
		const sim = newSim(env, {
			event: mode,
			...(row.watches === 'chosenStatuses' ? { statuses: ['signed'] } : {}),
		});
		expect(emitted(await sim.poll())).toEqual([]);
		clock.advance(1000);
		const fresh = env.sb.control.createContract({})._id;
		env.sb.control.setStatus(existing, 'RECEIVED_SIGNED');
		const events = emitted(await sim.poll()).map(
			(e) => `${String(e.contractId)} ${String(e.event)}`,
		);
		const expected =
			row.watches === 'nothing'
				? [`${fresh} ${TRIGGER_MODES[CREATED].event}`]
				: [`${existing} ${row.event}`];
		expect(events).toEqual(expected);
	});
});
