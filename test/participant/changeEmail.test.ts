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
import { NodeHelpers, type INodeParameters } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';
import {
	byId,
	createTemplateContract,
	LEASE,
	NDA,
	participantsOf,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

async function sentContract(templateId: string) {
	const contractId = await createTemplateContract(env.api, templateId);
	const ids = await prepareForSending(env.api, contractId);
	await sendContract(env.api, contractId);
	return { contractId, ids };
}

const params = (contractId: string, participantId: string, fields: Record<string, unknown>) => ({
	resource: 'participant',
	operation: 'changeEmail',
	contractId: byId(contractId),
	participantId: byId(participantId),
	...fields,
});

/** The fields the editor shows for the given parameter values (n8n's own display rules). */
function shownFields(obligation: string): Record<string, string> {
	const { description } = new Trato();
	const values = {
		resource: 'participant',
		operation: 'changeEmail',
		obligation,
	} as INodeParameters;
	const shown: Record<string, string> = {};
	for (const p of description.properties) {
		if (NodeHelpers.displayParameter(values, p, { typeVersion: 1 }, description))
			shown[p.name] = p.displayName;
	}
	return shown;
}

describe('participant → changeEmail', () => {
	test('the form: last name only for individuals, representative and "Company Name" only for legal entities', () => {
		const individual = shownFields('individual');
		expect(individual).toMatchObject({
			email: 'New Email',
			name: 'Name',
			lastName: 'Last Name',
			phone: 'Phone',
		});
		expect(individual.representative).toBeUndefined();
		const legal = shownFields('legal');
		expect(legal).toMatchObject({
			email: 'New Email',
			name: 'Company Name',
			representative: 'Representative',
			phone: 'Phone',
		});
		expect(legal.lastName).toBeUndefined();
	});

	test('an individual: e-mail, name, last name and phone are sent (never a representative); the old signing link stops working', async () => {
		const { contractId, ids } = await sentContract(LEASE);
		const before = env.sb.control.getContract(contractId)!.participants[0].signToken;
		const mark = env.mark();
		const result = await env.run(
			params(contractId, ids[0], {
				obligation: 'individual',
				email: 'ana.new@example.com',
				name: 'Ana',
				lastName: 'López',
				phone: '',
				representative: 'left over from legal',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			contractId,
			participantId: ids[0],
			obligation: 'individual',
			email: 'ana.new@example.com',
			name: 'Ana',
			lastName: 'López',
		});
		const [request] = env.nodeRequests(mark);
		expect(`${request.method} ${request.path} ${request.status}`).toBe(
			`POST /api/contracts/${contractId}/participants/${ids[0]}/change-email 200`,
		);
		expect(request.body).toEqual({
			obligation: 'individual',
			email: 'ana.new@example.com',
			name: 'Ana',
			lastName: 'López',
		});
		const stored = env.sb.control.getContract(contractId)!.participants[0];
		expect(stored).toMatchObject({ email: 'ana.new@example.com', name: 'Ana', lastName: 'López' });
		expect(stored.signToken).not.toBe(before);
		const oldPage = await env.api.get(`/sign/${before}`);
		expect(oldPage.status).toBe(404);
	});

	test('by default the obligation is kept: a company participant stays a company, with its representative', async () => {
		const contractId = await createTemplateContract(env.api, NDA);
		const ids = await prepareForSending(env.api, contractId);
		await env.api.post(`/api/contract/participant/${contractId}/${ids[0]}`, {
			obligation: 'legal',
			name: 'ACME S.A. de C.V.',
			representative: 'Luis Pérez',
		});
		await sendContract(env.api, contractId);
		const before = env.sb.control.getContract(contractId)!.participants[0];
		expect(before).toMatchObject({ obligation: 'legal' });
		expect(before.representative).toBeTruthy();
		const mark = env.mark();
		const result = await env.run({
			resource: 'participant',
			operation: 'changeEmail',
			contractId: byId(contractId),
			participantId: byId(ids[0]),
			email: 'legal.new@acme.example',
		});
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark)[0].body).toEqual({ email: 'legal.new@acme.example' });
		expect(env.sb.control.getContract(contractId)!.participants[0]).toMatchObject({
			email: 'legal.new@acme.example',
			obligation: 'legal',
			representative: before.representative,
		});
		// the form for the default: a name, a phone and a notice, no field that only fits one kind of participant
		const shown = shownFields('keep');
		expect(shown).toMatchObject({ email: 'New Email', name: 'Name', phone: 'Phone' });
		expect(shown.lastName).toBeUndefined();
		expect(shown.representative).toBeUndefined();
	});

	test('a legal entity: company name and representative are sent, never a last name', async () => {
		const { contractId, ids } = await sentContract(NDA);
		const mark = env.mark();
		const result = await env.run(
			params(contractId, ids[0], {
				obligation: 'legal',
				email: 'legal@acme.example',
				name: 'ACME S.A. de C.V.',
				representative: 'Luis Pérez',
				lastName: 'left over from individual',
				phone: '+525511112222',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark)[0].body).toEqual({
			obligation: 'legal',
			email: 'legal@acme.example',
			name: 'ACME S.A. de C.V.',
			representative: 'Luis Pérez',
			phone: '+525511112222',
		});
		expect(env.sb.control.getContract(contractId)!.participants[0]).toMatchObject({
			obligation: 'legal',
			name: 'ACME S.A. de C.V.',
			representative: 'Luis Pérez',
			phone: '+525511112222',
		});
	});

	test.each([
		['', 'New Email "" is not a valid email address'],
		['ana at example.com', 'New Email "ana at example.com" is not a valid email address'],
	])('e-mail %j (from an expression) is refused before any request', async (email, message) => {
		const mark = env.mark();
		const result = await env.run(
			params('65f1c0d2a4b8e91f2c3d4e5f', '65f1c0d2a4b8e91f2c3d4e60', {
				obligation: 'individual',
				email: '={{ $json.email }}',
			}),
			[{ json: { email } }],
		);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(message);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a draft contract: refused by the API, and the description says to use Update instead', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [p] = await participantsOf(env.api, contractId);
		const result = await env.run(
			params(contractId, p.participantid, { obligation: 'individual', email: 'x@example.com' }),
		);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(
			/refused the request: Changing the e-mail is for a contract in progress/,
		);
		expect(result.error?.description).toMatch(
			/only for a contract in progress.*"Participant → Update"/,
		);
	});

	test('a participant who already signed: refused with the API text', async () => {
		const { contractId, ids } = await sentContract(LEASE);
		env.sb.control.sign(contractId, { participantId: ids[0] });
		const result = await env.run(
			params(contractId, ids[0], { obligation: 'individual', email: 'late@example.com' }),
		);
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(/has already signed/);
	});
});
