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
 * What a user reads in the panels is consistent: one name for one idea, placeholders in n8n's casing, labels that
 * messages point to exist, required markers where the API requires a field, and notices where a run costs
 * something or changes a file.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';
import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import { CREATE_V2_ERRORS } from '../../nodes/Trato/helpers/createV2Errors';
import { TEMPLATE_FIELDS_NOTICES } from '../../nodes/Trato/descriptions/templateSend';

const action = new Trato().description.properties;
const trigger = new TratoTrigger().description.properties;

/** Every field at any depth, with the path of display names that leads to it. */
function walk(
	props: INodeProperties[],
	path: string[] = [],
): Array<{ p: INodeProperties; path: string[] }> {
	const out: Array<{ p: INodeProperties; path: string[] }> = [];
	for (const p of props) {
		out.push({ p, path: [...path, p.displayName] });
		for (const option of (p.options ?? []) as Array<
			INodeProperties & { values?: INodeProperties[] }
		>) {
			if (option.values)
				out.push(...walk(option.values, [...path, p.displayName, option.displayName]));
			else if ('type' in option && option.type)
				out.push(...walk([option], [...path, p.displayName]));
		}
	}
	return out;
}
const all = [...walk(action), ...walk(trigger)];
const shownFor = (p: INodeProperties, key: string) =>
	p.displayOptions?.show?.[key] as unknown[] | undefined;

test('"one item per contract" has one name wherever it is offered', () => {
	const names = all
		.filter(({ p }) => p.type === 'boolean' && /one item/i.test(p.displayName))
		.map(({ p }) => p.displayName);
	expect(names.length).toBeGreaterThanOrEqual(2);
	expect(new Set(names)).toEqual(new Set(['Output One Item per Contract']));
});

test('every "Add …" placeholder is in title case, as in n8n\'s own nodes', () => {
	const placeholders = all
		.map(({ p }) => p.placeholder)
		.filter((x): x is string => typeof x === 'string' && x.startsWith('Add '));
	expect(placeholders.length).toBeGreaterThan(10);
	const miscased = placeholders.filter((x) => x.split(' ').some((w) => /^[a-z]/.test(w)));
	expect(miscased).toEqual([]);
});

test('file types are written as users see them: "Word (.docx)", never "Docx"', () => {
	const text = JSON.stringify([action, trigger]);
	expect(text).not.toMatch(/Docx/);
	expect(text).toMatch(/Word \(\.docx\)/);
});

test('messages point to labels that exist', () => {
	const labels = new Set(all.map(({ p }) => p.displayName));
	// Get Documents names the Configure option that adds the certificate.
	const certificateField = all.find(({ p }) => p.name === 'certificateBinaryField')!.p;
	const quoted = /"([^"]+)"/.exec(certificateField.description ?? '')![1];
	expect(labels.has(quoted)).toBe(true);
	// The RFC is a participant field, not an agenda property.
	const participantFields = all.filter(({ path }) =>
		path.join(' › ').startsWith('Participants › Participant'),
	);
	expect(participantFields.map(({ p }) => p.displayName)).toContain('RFC');
	expect(CREATE_V2_ERRORS.EmptyRFC).toMatch(/Fill in RFC/);
	expect(CREATE_V2_ERRORS.EmptyRFC).not.toMatch(/agenda properties\./i);
	for (const name of ['EmptyPaternalLastName', 'EmptyMaternalLastName', 'EmptyBirthDate']) {
		expect(CREATE_V2_ERRORS[name]).toMatch(/Agenda Properties/);
		expect(labels.has('Agenda Properties')).toBe(true);
	}
	// Create V2's sentences and the notification type "None" name fields of the form
	expect(CREATE_V2_ERRORS.MissingSigners).toMatch(/"Does Not Sign"/);
	expect(participantFields.map(({ p }) => p.displayName)).toContain('Does Not Sign');
	const none = JSON.stringify(all.find(({ p }) => p.name === 'notificationType')!.p.options);
	expect(none).toMatch(/Return Signing Links/);
	expect(labels.has('Return Signing Links')).toBe(true);
});

test("Create V2 marks Last Name required for a natural person (TRATO's MissingLastName)", () => {
	const lastName = all.find(
		({ p, path }) =>
			p.name === 'lastName' && path.join(' › ').startsWith('Participants › Participant'),
	)!.p;
	expect(lastName.required).toBe(true);
	expect(shownFor(lastName, 'obligation')).toEqual(['individual']);
});

test('a notice says what a run costs or changes before it runs: Word conversion, shield credits', () => {
	const notices = action.filter((p) => p.type === 'notice');
	const wordNotices = notices.filter((p) => /Word file to PDF/.test(p.displayName));
	expect(wordNotices.map((p) => shownFor(p, 'operation')).sort()).toEqual([
		['create'],
		['createV2'],
	]);
	for (const p of wordNotices) expect(shownFor(p, 'source')).toEqual(['word']);

	const shield = notices.find(
		(p) => shownFor(p, 'operation')?.includes('createV2') && /credit/.test(p.displayName),
	)!;
	expect(shownFor(shield, 'shield')).toEqual(['shield1', 'shield2']);
	const stamp = notices.find((p) => shownFor(p, 'operation')?.includes('stampShield2Certificate'))!;
	expect(stamp.displayName).toMatch(/uses one Shield-2 credit/);
});

test('Create From Template and Send: its notices and messages name fields and options that exist', () => {
	const own = action.filter((p) => shownFor(p, 'operation')?.includes('createFromTemplate'));
	const inputModes = (
		own.find((p) => p.name === 'inputMode')!.options as Array<{ name: string }>
	).map((o) => o.name);
	const quoted = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
	for (const notice of Object.values(TEMPLATE_FIELDS_NOTICES))
		for (const name of quoted(notice)) expect(inputModes).toContain(name);
	expect(quoted(TEMPLATE_FIELDS_NOTICES.noContractYet)).toEqual(['Define Below']);
	// the labels its run-time messages and descriptions send the user to
	const labels = new Set(walk(own).map(({ p }) => p.displayName));
	for (const label of ['Input Mode', 'Template Fields', 'External ID', 'Return Signing Links'])
		expect(labels.has(label)).toBe(true);
	expect(labels.has('Notification Type')).toBe(true); // an Additional Field, named by the SMS refusal
});
