/* eslint
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * The instant trigger's events come from one table (nodes/Trato/webhook/events.ts): the Events options and their
 * default, the subtitle's "every event", what Download Signed PDF fetches, the sandbox's events and the tables of
 * README.md and docs/trigger.md all follow it. The last step of docs/architecture.md → "How to add a webhook event": this file fails until
 * every place lists the new row.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { TratoWebhookTrigger } from '../../nodes/Trato/TratoWebhookTrigger.node';
import {
	DOCUMENT_EVENTS,
	UNSPECIFIED_EVENT,
	WEBHOOK_EVENTS,
	type WebhookEvent,
} from '../../nodes/Trato/webhook/events';
import { WEBHOOK_EVENTS as SANDBOX_EVENTS } from '../../sandbox';
import { subtitle } from '../support/descriptions';

const description = new TratoWebhookTrigger().description;
const events = description.properties.find((p) => p.name === 'events') as INodeProperties;
const values = WEBHOOK_EVENTS.map((e) => e.value);

test('the Events options, their default (every event) and Download Signed PDF follow the table', () => {
	expect(events.options).toEqual(
		WEBHOOK_EVENTS.map(({ name, value, description }) => ({ name, value, description })),
	);
	expect(events.default).toEqual(values);
	expect(DOCUMENT_EVENTS).toEqual(
		WEBHOOK_EVENTS.filter((e) => e.signedDocuments).map((e) => e.value),
	);
	const options = description.properties.find((p) => p.name === 'options')!
		.options as INodeProperties[];
	const download = options.find((o) => o.name === 'downloadSignedPdf')!;
	for (const event of WEBHOOK_EVENTS.filter((e) => e.signedDocuments))
		expect(download.description).toContain(event.name);
});

test("the sandbox sends the table's events", () => {
	expect([...SANDBOX_EVENTS].sort()).toEqual([...values].sort());
});

/** The first column of the Markdown table that starts with `| Event (item \`event\`) |` in `file`. */
function eventRows(file: string): Array<string | undefined> {
	const text = readFileSync(join(__dirname, '..', '..', file), 'utf8');
	const table = text.slice(text.indexOf('| Event (item `event`) |'));
	return table
		.slice(0, table.indexOf('\n\n'))
		.split('\n')
		.slice(2)
		.map((row) => /^\| `([^`]+)` \|/.exec(row)?.[1]);
}

test("the README's table has a row per event; docs/trigger.md's also the unspecified one", () => {
	expect(eventRows('README.md').sort()).toEqual([...values].sort());
	expect(eventRows('docs/trigger.md').sort()).toEqual([...values, UNSPECIFIED_EVENT].sort());
});

test('the subtitle says "every event" when every event of the table is chosen, whatever their number', () => {
	expect(subtitle(description, { events: [...values].reverse() })).toBe('Instant: every event');
	expect(subtitle(description, { events: values.slice(1) })).toBe(
		`Instant: ${WEBHOOK_EVENTS.slice(1)
			.map((e) => e.name)
			.join(', ')}`,
	);

	// a seventh event added to the table: the panel, its default and its subtitle follow
	const added: WebhookEvent = {
		value: 'document-expired',
		name: 'Contract Expired',
		description: "The contract expired (event 'document-expired')",
	};
	let grown: INodeTypeDescription | undefined;
	jest.isolateModules(() => {
		jest.doMock('../../nodes/Trato/webhook/events', () => {
			const actual = jest.requireActual('../../nodes/Trato/webhook/events');
			const table = [...actual.WEBHOOK_EVENTS, added];
			return { ...actual, WEBHOOK_EVENTS: table, EVENT_VALUES: table.map((e) => e.value) };
		});
		const { TratoWebhookTrigger: Grown } = jest.requireActual(
			'../../nodes/Trato/TratoWebhookTrigger.node',
		) as { TratoWebhookTrigger: new () => { description: INodeTypeDescription } };
		grown = new Grown().description;
	});
	const grownEvents = grown!.properties.find((p) => p.name === 'events')!;
	expect(grownEvents.default).toEqual([...values, added.value]);
	expect(subtitle(grown!, { events: [...values, added.value] })).toBe('Instant: every event');
	expect(subtitle(grown!, { events: values })).toMatch(/^Instant: All Milestones Completed, /);
});
