/* eslint
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * One editor language (issue 29, item 4; the choices are in docs/api-notes.md E1–E8): over every text n8n loads
 * from this package (three nodes and the credential: every property, option, notice, action and placeholder at any
 * depth) and every sentence the shipped code can show, one e-mail placeholder, one spelling of "Email", one of
 * Shield-N, "TRATO" for the service, actions without articles, statuses described by what they mean and named
 * alike in pickers and outputs, default names equal to the panel names, readable subtitles, links to TRATO's
 * developer portal.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CONTRACT_STATUSES, statusLabel } from '../../nodes/Trato/helpers/status';
import { SIGNED_SHORTCUT } from '../../nodes/Trato/trigger/parameters';
import { choices, displayTexts, FIELDS, NODES, subtitle } from '../support/descriptions';

const ROOT = join(__dirname, '..', '..');
const texts = displayTexts();
const node = (name: string) => NODES.find((n) => n.name === name) as INodeTypeDescription;
const offending = (test: (text: string) => boolean) =>
	texts.filter(({ text }) => test(text)).map(({ where, text }) => `${where}: ${text}`);

/** Every line of shipped code outside comments: error messages and hints are display texts too. */
function shippedLines(): Array<{ where: string; text: string }> {
	const out: Array<{ where: string; text: string }> = [];
	const visit = (dir: string) => {
		for (const entry of readdirSync(join(ROOT, dir))) {
			const path = join(dir, entry);
			if (statSync(join(ROOT, path)).isDirectory()) visit(path);
			else if (path.endsWith('.ts'))
				readFileSync(join(ROOT, path), 'utf8')
					.split('\n')
					.forEach((line, i) => {
						if (!/^\s*(\/\/|\*|\/\*)/.test(line))
							out.push({ where: `${path}:${i + 1}`, text: line.replace(/\/\/ .*$/, '') });
					});
		}
	};
	visit('nodes');
	visit('credentials');
	return out;
}
const shipped = shippedLines();
const inShipped = (pattern: RegExp) =>
	shipped
		.filter(({ text }) => pattern.test(text))
		.map(({ where, text }) => `${where}: ${text.trim()}`);

test('the walk reaches every kind of text', () => {
	expect(texts.length).toBeGreaterThan(900);
	for (const kind of ['(placeholder)', '(action)', '(description)', 'subtitle', 'defaults.name'])
		expect(texts.some(({ where }) => where.includes(kind))).toBe(true);
	expect(texts.some(({ where }) => where.startsWith('tratoApi '))).toBe(true);
});

test('one e-mail placeholder: "e.g. name@example.com"', () => {
	const placeholders = texts.filter(
		({ where, text }) => where.endsWith('(placeholder)') && text.includes('@'),
	);
	expect(placeholders.length).toBeGreaterThanOrEqual(8);
	expect(
		placeholders.filter(({ text }) => text !== 'e.g. name@example.com').map((t) => t.where),
	).toEqual([]);
	// every field named Email has it
	const emailFields = FIELDS.filter((f) =>
		/^(New )?Email$|Participant Email/.test(f.p.displayName),
	);
	expect(emailFields.length).toBeGreaterThanOrEqual(8);
	expect(
		emailFields.filter((f) => f.p.placeholder !== 'e.g. name@example.com').map((f) => f.labels),
	).toEqual([]);
});

test('one spelling: "Email" (n8n\'s), never "E-mail", in the panels and in every message', () => {
	expect(offending((text) => /e-mail/i.test(text))).toEqual([]);
	expect(inShipped(/e-mail/i)).toEqual([]);
	expect(texts.filter(({ text }) => /\bEmail\b/.test(text)).length).toBeGreaterThan(20);
});

test('one spelling of the shields: "Shield-1", "Shield-2", "Shield-3"', () => {
	// in the panels any spelling but a stored value ("shield2-certificate"); in messages, written-out ones
	// (stored values such as 'shield1' are code)
	const spellings = new Set([
		...texts.flatMap(
			({ text }) =>
				text.match(/\bshield[\s-]?(?:[123]|one|two|three|ii?i?)\b(?!-certificate)/gi) ?? [],
		),
		...shipped.flatMap(
			({ text }) => text.match(/\bshield[\s-](?:[123]|one|two|three|ii?i?)\b/gi) ?? [],
		),
	]);
	expect([...spellings].sort()).toEqual(['Shield-1', 'Shield-2', 'Shield-3']);
});

test('the service is called TRATO wherever a user reads its name', () => {
	expect(offending((text) => /\bthe (e-signature )?service\b/i.test(text))).toEqual([]);
	expect(inShipped(/['"`].*\b[Tt]he (e-signature )?service\b/)).toEqual([]);
});

test('actions have no articles and fit a tool name with n8n\'s " in TRATO" (64 characters)', () => {
	const actions = texts.filter(({ where }) => where.endsWith('(action)'));
	expect(actions.length).toBeGreaterThanOrEqual(30);
	expect(actions.filter(({ text }) => /\b(a|an|the)\b/i.test(text)).map((a) => a.text)).toEqual([]);
	expect(actions.filter(({ text }) => `${text} in TRATO`.length > 64).map((a) => a.text)).toEqual(
		[],
	);
	// n8n's rule node-param-operation-option-action-miscased (the scan) wants sentence case as the sentence-case
	// package writes it: no comma, apostrophe or hyphen survives, so lists and possessives are phrased without them
	const sentenceCase = actions.filter(({ text }) =>
		/[,'’-]/.test(text.replace(/\bNOM-151\b/g, '')),
	);
	expect(sentenceCase.map((a) => a.text)).toEqual([]);
	expect(actions.map((a) => a.text)).not.toContain(
		'Get many contracts filtered by status date or signer',
	);
});

describe('statuses', () => {
	const statusFields = FIELDS.filter((f) =>
		['statusContract', 'statuses', 'statusParticipant'].includes(f.p.name),
	);

	test('every status option says what it means, not only its stored value', () => {
		expect(statusFields.length).toBeGreaterThanOrEqual(4);
		const bare = statusFields.flatMap((f) =>
			choices(f.p)
				.filter((o) => {
					const words = String(o.description ?? '')
						.replace(String(o.value), '')
						.replace(/[()]/g, '')
						.trim()
						.split(/\s+/);
					return words.length < 3;
				})
				.map((o) => `${f.owner} ${f.names.join('.')} → ${o.name}: ${o.description}`),
		);
		expect(bare).toEqual([]);
	});

	test("one label per status: the pickers show what the outputs' statusLabel says", () => {
		for (const f of statusFields.filter((f) => f.p.name !== 'statusParticipant'))
			for (const option of choices(f.p).filter((o) => o.value !== SIGNED_SHORTCUT))
				expect([f.owner, option.value, option.name]).toEqual([
					f.owner,
					option.value,
					statusLabel(option.value),
				]);
		expect(new Set(CONTRACT_STATUSES.map((s) => s.label)).size).toBe(CONTRACT_STATUSES.length);
		// the outputs' words, which saved IF nodes compare with, are kept: the picker changed
		expect(statusLabel('RECEIVED_SIGNED')).toBe('Signed');
	});

	test('one Participant Status default wherever it is offered (Get Many and the polling trigger)', () => {
		const defaults = FIELDS.filter((f) => f.p.name === 'statusParticipant').map((f) => [
			f.owner,
			f.p.default,
		]);
		expect(defaults.map(([owner]) => owner).sort()).toEqual(['trato', 'tratoTrigger']);
		expect(new Set(defaults.map(([, value]) => value)).size).toBe(1);
	});
});

test("every node's default name is its panel name", () => {
	for (const description of NODES)
		expect([description.name, description.defaults.name]).toEqual([
			description.name,
			description.displayName,
		]);
});

describe('subtitles show display words', () => {
	test('the action node: "<operation>: <resource>" in the panel\'s words', () => {
		const trato = node('trato');
		expect(subtitle(trato, { resource: 'contract', operation: 'createV2' })).toBe(
			'Create With Signers: Contract',
		);
		expect(subtitle(trato, { resource: 'signingLink', operation: 'renew' })).toMatch(
			/: Signing Link$/,
		);
		// every menu entry has its words, none shows a stored value
		for (const menu of trato.properties.filter((p) => p.name === 'operation')) {
			const resource = (menu.displayOptions?.show?.resource as string[])[0];
			for (const option of choices(menu))
				expect(subtitle(trato, { resource, operation: option.value })).toBe(
					`${option.name}: ${
						choices(trato.properties.find((p) => p.name === 'resource')!).find(
							(o) => o.value === resource,
						)!.name
					}`,
				);
		}
	});

	test('the instant trigger: "every event" for every event of the table, else their names', () => {
		const instant = node('tratoWebhookTrigger');
		const events = instant.properties.find((p) => p.name === 'events') as INodeProperties;
		expect(subtitle(instant, {})).toBe('Instant: every event');
		expect(subtitle(instant, { events: ['signed', 'signed-all'] })).toBe(
			'Instant: Participant Signed, Signed by All Participants',
		);
		expect(events.default).toEqual(choices(events).map((o) => o.value));
	});
});

test("codex: the docs links lead to TRATO's developer portal and to ours", () => {
	for (const file of ['Trato', 'TratoTrigger', 'TratoWebhookTrigger']) {
		const codex = JSON.parse(
			readFileSync(join(ROOT, 'nodes', 'Trato', `${file}.node.json`), 'utf8'),
		);
		const urls = (codex.resources.primaryDocumentation as Array<{ url: string }>).map((l) => l.url);
		expect(urls.some((url) => url.startsWith('https://developer.trato.io/'))).toBe(true);
		expect(urls.some((url) => url.includes('github.com/n8n-nodes-trato/n8n-nodes-trato'))).toBe(
			true,
		);
	}
});

test('the polling trigger promises what it keeps; the deprecated Webhook URL names both triggers', () => {
	const polling = node('tratoTrigger');
	expect(polling.description).not.toMatch(/never misses/i);
	expect(polling.description).toMatch(/at least once/);
	const webhookUrl = FIELDS.find((f) => f.owner === 'trato' && f.p.name === 'webhook')!.p;
	expect(webhookUrl.description).toContain(node('tratoWebhookTrigger').displayName);
	expect(webhookUrl.description).toContain(polling.displayName);
});

test("the polling trigger's participant filter notice shows only while a participant filter is set", () => {
	const polling = node('tratoTrigger');
	const notices = polling.properties.filter((p) => /participant filter/i.test(p.displayName));
	const shown = (parameters: Record<string, unknown>) =>
		notices.filter((p) =>
			NodeHelpers.displayParameter(parameters as never, p, null, polling, parameters as never),
		).length;
	expect(shown({ event: 'anyChange' })).toBe(0);
	expect(shown({ event: 'anyChange', filters: { templateId: 'x' } })).toBe(0);
	expect(shown({ event: 'anyChange', filters: { statusParticipant: 'SENT_SIGNED' } })).toBe(1);
	expect(shown({ event: 'anyChange', filters: { emailParticipant: 'ana@example.com' } })).toBe(1);
	expect(
		shown({
			event: 'anyChange',
			filters: { emailParticipant: 'ana@example.com', statusParticipant: 'SENT_SIGNED' },
		}),
	).toBe(1);
	expect(shown({ event: 'enteredStatus', filters: { statusParticipant: 'SENT_SIGNED' } })).toBe(0);
});
