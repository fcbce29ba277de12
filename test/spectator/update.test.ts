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
import type { INodeParameters } from 'n8n-workflow';

import {
	byId,
	createTemplateContract,
	fromList,
	LEASE,
	prepareForSending,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

async function contractWithSpectator(): Promise<{ contractId: string; spectatorId: string }> {
	const contractId = await createTemplateContract(env.api, LEASE);
	await prepareForSending(env.api, contractId);
	await env.api.post(`/api/contracts/${contractId}/spectators`, {
		name: 'Laura',
		email: 'laura@example.com',
		phone: '+525512340000',
		linkExpirationDate: '2030-06-30T12:00:00.000Z',
	});
	return { contractId, spectatorId: env.sb.control.getContract(contractId)!.spectators[0]._id };
}

const update = (contractId: string, spectatorId: string, updateFields: INodeParameters) => ({
	resource: 'spectator',
	operation: 'update',
	contractId: byId(contractId),
	spectatorId: fromList(spectatorId),
	updateFields,
});

const stored = (contractId: string) => env.sb.control.getContract(contractId)!.spectators[0];

describe('spectator → update', () => {
	test('one field: the others are sent with their current values and the output is the whole spectator', async () => {
		const { contractId, spectatorId } = await contractWithSpectator();
		const mark = env.mark();
		const result = await env.run(update(contractId, spectatorId, { name: 'Laura Méndez' }));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				contractId,
				spectatorId,
				name: 'Laura Méndez',
				email: 'laura@example.com',
				phone: '+525512340000',
				linkExpirationDate: '2030-06-30T12:00:00.000Z',
				attachments: [],
			},
		]);
		expect(result.items[0].json).not.toHaveProperty('jwt');
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contracts/${contractId}/spectators 200`,
			`PUT /api/contracts/${contractId}/spectators/${spectatorId} 200`,
		]);
		expect(requests[1].body).toEqual({
			name: 'Laura Méndez',
			email: 'laura@example.com',
			phone: '+525512340000',
			linkExpirationDate: '2030-06-30T12:00:00.000Z',
		});
		expect(stored(contractId)).toEqual(
			expect.objectContaining({ name: 'Laura Méndez', email: 'laura@example.com' }),
		);
	});

	test('Clear: the phone and the link expiry are removed (and not refilled from the current record)', async () => {
		const { contractId, spectatorId } = await contractWithSpectator();
		const mark = env.mark();
		const result = await env.run(
			update(contractId, spectatorId, { clearFields: ['phone', 'linkExpirationDate'] }),
		);
		expect(result.error).toBeUndefined();
		const put = env.nodeRequests(mark).find((r) => r.method === 'PUT');
		expect(put?.body).toMatchObject({ phone: '', linkExpirationDate: null });
		expect(stored(contractId)).toMatchObject({
			phone: '',
			linkExpirationDate: null,
			name: 'Laura',
		});
		expect(result.items[0].json).toMatchObject({
			spectatorId,
			phone: '',
			linkExpirationDate: null,
		});

		const both = await env.run(
			update(contractId, spectatorId, { phone: '+525500000000', clearFields: ['phone'] }),
		);
		expect(both.error?.message).toBe('Phone is both given and cleared');
	});

	test('every field: the new e-mail is checked against the participants, then one PUT', async () => {
		const { contractId, spectatorId } = await contractWithSpectator();
		const mark = env.mark();
		const result = await env.run(
			update(contractId, spectatorId, {
				name: 'Audit',
				email: 'audit@example.com',
				phone: '+525599990000',
				linkExpirationDate: '2031-01-31',
			}),
			undefined,
			{ timezone: 'America/Mexico_City' },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			contractId,
			spectatorId,
			name: 'Audit',
			email: 'audit@example.com',
			phone: '+525599990000',
			linkExpirationDate: '2031-01-31T06:00:00.000Z',
		});
		const methods = env
			.nodeRequests(mark)
			.map((r) => `${r.method} ${r.path.split('/').slice(0, 4).join('/')}`);
		expect(methods).toEqual([
			'GET /api/contract/variables',
			'GET /api/contract/participant',
			'GET /api/contract/participant',
			'PUT /api/contracts/' + contractId,
		]);
		expect(stored(contractId)).toEqual(
			expect.objectContaining({
				email: 'audit@example.com',
				linkExpirationDate: '2031-01-31T06:00:00.000Z',
			}),
		);
	});

	test("a participant's e-mail is refused before the spectator is changed", async () => {
		const { contractId, spectatorId } = await contractWithSpectator();
		const participantEmail = `signer2.${contractId.slice(-6)}@example.com`;
		const mark = env.mark();
		const result = await env.run(update(contractId, spectatorId, { email: participantEmail }));
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(
			new RegExp(
				`^The email ${participantEmail.replace(/\./g, '\\.')} belongs to a participant of this contract`,
			),
		);
		expect(env.nodeRequests(mark).map((r) => r.method)).not.toContain('PUT');
		expect(stored(contractId).email).toBe('laura@example.com');
	});

	test('an empty update, a name that resolves to nothing or a bad e-mail is refused before any request', async () => {
		const { contractId, spectatorId } = await contractWithSpectator();
		const mark = env.mark();
		const nothing = await env.run(update(contractId, spectatorId, {}));
		expect(nothing.error?.message).toBe('Nothing to update');
		expect(nothing.error?.description).toMatch(/Add Field/);
		const noName = await env.run(update(contractId, spectatorId, { name: '={{ $json.nothing }}' }));
		expect(noName.error?.message).toBe("The spectator's name is empty");
		const badEmail = await env.run(update(contractId, spectatorId, { email: 'audit@' }));
		expect(badEmail.error?.message).toBe(
			'The spectator\'s email "audit@" is not a valid email address',
		);
		for (const r of [nothing, noName, badEmail])
			expect((r.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('an unknown spectator gives a NodeApiError with the API text', async () => {
		const { contractId } = await contractWithSpectator();
		const result = await env.run(
			update(contractId, 'ffffffffffffffffffffffff', { phone: '+525511112222' }),
		);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe(
			`TRATO refused the request: Spectator ffffffffffffffffffffffff not found in contract ${contractId}`,
		);
	});
});
