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
 * How large every operation's output is (issue 28 item 3, api-notes O1): each operation of the action node run
 * once through n8n-core against the sandbox, a contract's life from creation to cancel, with every field left at
 * its default, and the top-level fields of its output items counted. n8n's UX guidelines ask for a simplified
 * output on records of more than ten fields: a node added today (1.1) has none over ten; a saved version-1 node
 * keeps its two (Participant → Get and Get Many), as it always had them.
 */
import type { INodeParameters } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/Trato/actions/resources';
import { binaryBuffer, type TestItem } from '../../test-support/harness';
import {
	byId,
	createPdfContract,
	fixture,
	fromList,
	LEASE,
	PDF_MIME,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';
import { createV2Parameters, pdfItem } from './chain';

const env = useEnv(__filename);
beforeAll(() => {
	env.sb.control.setCredits({ shield1: 100, shield2: 100 });
	env.sb.control.seed(20, { seed: 5 });
});

const file = (name: string, data: Buffer, mimeType = PDF_MIME): TestItem[] => [
	{ json: {}, binary: { data: { data, fileName: name, mimeType } } },
];

/** Runs every operation at `typeVersion`; per `resource.operation`, the most top-level fields of an item. */
async function measure(typeVersion: number): Promise<Record<string, string[]>> {
	const sizes: Record<string, string[]> = {};
	const run = async (parameters: INodeParameters, items?: TestItem[]) => {
		const result = await env.run(parameters, items, { typeVersion });
		if (result.error) throw result.error;
		const largest = result.items
			.map((i) => Object.keys(i.json))
			.reduce((a, b) => (b.length > a.length ? b : a), []);
		sizes[`${String(parameters.resource)}.${String(parameters.operation)}`] = largest;
		return result.items.map((i) => i.json as Record<string, any>);
	};
	const contract = (operation: string, id: string, extra: INodeParameters = {}) =>
		run({ resource: 'contract', operation, contractId: byId(id), ...extra });
	const of = (
		resource: string,
		operation: string,
		id: string,
		extra: INodeParameters = {},
		items?: TestItem[],
	) => run({ resource, operation, contractId: byId(id), ...extra }, items);

	const [created] = await run({
		resource: 'contract',
		operation: 'create',
		templateId: fromList(LEASE),
	});
	const id = String(created.contractId);
	await run({ ...createV2Parameters, source: 'pdf' }, [pdfItem()]);
	await run({
		resource: 'contract',
		operation: 'createFromTemplate',
		templateId: fromList(LEASE),
		externalId: `measured-${typeVersion}`,
		inputMode: 'pairs',
		signers: {
			signer: [
				{ role: 'Arrendador', name: 'Ana', lastName: 'López', email: 'ana@example.com' },
				{ role: 'Arrendatario', name: 'Luis', lastName: 'Pérez', email: 'luis@example.com' },
			],
		},
		showSignLinks: true,
	});
	await contract('get', id);
	await run({ resource: 'contract', operation: 'getAll', limit: 10 });
	await run({ resource: 'template', operation: 'getAll' });
	await of('variable', 'getAll', id);
	const ids = await prepareForSending(env.api, id);
	const participant = { participantId: byId(ids[0]) };
	await of('participant', 'getAll', id);
	await of('participant', 'get', id, participant);
	await of('participant', 'update', id, {
		...participant,
		updateFields: { phone: '+525512345600' },
	});
	await of(
		'participant',
		'addAttachment',
		id,
		{ ...participant, attachmentName: 'ID' },
		file('id.pdf', fixture('lease.pdf')),
	);
	const [attachment] = await of(
		'confidentialAttachment',
		'add',
		id,
		{ attachmentName: 'Bank statement' },
		file('bank.pdf', fixture('lease.pdf')),
	);
	await of('confidentialAttachment', 'delete', id, { attachmentId: attachment.attachmentId });
	await of('variable', 'set', id, {
		...participant,
		inputMode: 'pairs',
		textVariables: { variable: [{ reference: 'lessor_name', value: 'Ana López' }] },
	});
	await contract('configure', id, { updateFields: { name: 'Lease, measured' } });
	const [property] = await of('customProperty', 'create', id, {
		properties: { property: [{ name: 'Department', value: 'Sales' }] },
	});
	await of('customProperty', 'getAll', id);
	const propertyId = byId(String(property.propertyId));
	await of('customProperty', 'update', id, { propertyId, updateFields: { value: 'Legal' } });
	await of('customProperty', 'delete', id, { propertyId });
	const [spectator] = await of('spectator', 'create', id, {
		name: 'Laura Méndez',
		email: 'laura@example.com',
	});
	await of('spectator', 'getAll', id);
	const spectatorId = byId(String(spectator.spectatorId));
	await of('spectator', 'update', id, { spectatorId, updateFields: { name: 'Laura M.' } });
	await of('spectator', 'delete', id, { spectatorId });
	const [sent] = await contract('send', id, { options: { returnSignLinks: true } });
	await contract('sendReminder', id);
	await run({ resource: 'signingLink', operation: 'renew', url: sent.signingLinks[0].signUrl });
	await of('participant', 'changeEmail', id, {
		participantId: byId(ids[1]),
		email: 'new.signer@example.com',
	});
	await contract('getMilestones', id);
	env.sb.control.sign(id);
	// final already: its output at once, as a resumed run gives it (the waiting run: test/contract/waitForSignatures)
	await contract('waitForSignatures', id, { downloadFiles: true });
	await contract('get', id);
	await of('participant', 'get', id, participant);
	await of('participant', 'getAll', id);

	const certified = await createPdfContract(env.api);
	await prepareForSending(env.api, certified);
	await env.api.post(`/api/contract/configuration/${certified}`, { stampNom: true });
	await sendContract(env.api, certified);
	env.sb.control.sign(certified);
	const documents = await env.run(
		{
			resource: 'contract',
			operation: 'getDocuments',
			contractId: byId(certified),
			downloadFiles: true,
		},
		undefined,
		{ typeVersion },
	);
	const certificate = documents.items[0].binary!.certificate;
	await contract('getDocuments', certified);
	await run(
		{ resource: 'contract', operation: 'validateNom151', contractId: byId(certified) },
		file(certificate.fileName!, await binaryBuffer(certificate)),
	);
	await contract('finalize', id);
	await contract('downloadPackage', id);
	await contract('archive', id);

	const shielded = await createPdfContract(env.api);
	await prepareForSending(env.api, shielded);
	await env.api.post(`/api/contract/configuration/${shielded}`, {
		signatureType: 'shield2-certificate',
	});
	await sendContract(env.api, shielded);
	await contract('stampShield2Certificate', shielded);
	await contract('cancel', shielded);
	return sizes;
}

const EVERY_OPERATION = Object.entries(RESOURCES)
	.flatMap(([resource, { operations }]) =>
		Object.keys(operations).map((operation) => `${resource}.${operation}`),
	)
	.sort();

const overTen = (sizes: Record<string, string[]>) =>
	Object.entries(sizes)
		.filter(([, keys]) => keys.length > 10)
		.map(([operation, keys]) => `${operation}: ${keys.length} (${keys.join(', ')})`);

test('a node added today (1.1): no operation outputs more than ten top-level fields', async () => {
	const sizes = await measure(1.1);
	expect(Object.keys(sizes).sort()).toEqual(EVERY_OPERATION);
	expect(overTen(sizes)).toEqual([]);
});

test('a saved version-1 node: Participant → Get and Get Many keep their 17 fields, as before', async () => {
	const sizes = await measure(1);
	expect(Object.keys(sizes).sort()).toEqual(EVERY_OPERATION);
	expect(overTen(sizes).map((line) => line.split(' (')[0])).toEqual([
		'participant.getAll: 17',
		'participant.get: 17',
	]);
});
