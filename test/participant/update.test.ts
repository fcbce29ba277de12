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
import { createHash } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import {
	byId,
	createTemplateContract,
	fixture,
	LEASE,
	NDA,
	participantsOf,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const png = fixture('signature.png');

const env = useEnv(__filename);

async function firstParticipant(templateId = LEASE) {
	const contractId = await createTemplateContract(env.api, templateId);
	const [p] = await participantsOf(env.api, contractId);
	return { contractId, participantId: p.participantid };
}

const params = (
	contractId: string,
	participantId: string,
	updateFields: Record<string, unknown>,
): INodeParameters => ({
	resource: 'participant',
	operation: 'update',
	contractId: byId(contractId),
	participantId: byId(participantId),
	updateFields: updateFields as INodeParameters,
});

describe('participant → update', () => {
	test('every field, with a selfie from a binary, reaches the participant', async () => {
		const { contractId, participantId } = await firstParticipant();
		const mark = env.mark();
		const result = await env.run(
			params(contractId, participantId, {
				name: ' Ana López ',
				email: 'ana@example.com',
				phone: '+525512345678',
				rfc: 'loaa800101ab1',
				customMessage: 'Please sign before Friday',
				requestVeridoc: true,
				requestIne: false,
				requestLocation: true,
				requestOneTimePassword: true,
				obligation: 'individual',
				representative: '',
				selfie: 'photo',
				linkExpirationDate: '2027-03-01T18:30:00',
			}),
			[{ json: {}, binary: { photo: { data: png, fileName: 'me.png', mimeType: 'image/png' } } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			contractId,
			participantId,
			updated: expect.arrayContaining([
				'name',
				'email',
				'phone',
				'rfc',
				'customMessage',
				'requestVeridoc',
				'requestIne',
				'requestLocation',
				'requestOneTimePassword',
				'obligation',
				'representative',
				'selfie',
				'linkExpirationDate',
			]),
		});
		expect(result.items[0].json.updated).toHaveLength(13);

		const [request] = env.nodeRequests(mark);
		expect(`${request.method} ${request.path} ${request.status}`).toBe(
			`POST /api/contract/participant/${contractId}/${participantId} 200`,
		);
		const body = request.body as Record<string, unknown>;
		expect(body).toMatchObject({
			name: 'Ana López',
			rfc: 'LOAA800101AB1',
			requestVeridoc: true,
			requestIne: false,
			selfie: png.toString('base64'),
		});
		expect(body.linkExpirationDate).toMatch(/^2027-03-01T\d{2}:30:00\.000Z$/);

		const stored = env.sb.control
			.getContract(contractId)!
			.participants.find((p) => p._id === participantId)!;
		expect(stored).toMatchObject({
			name: 'Ana López',
			email: 'ana@example.com',
			rfc: 'LOAA800101AB1',
			customMessage: 'Please sign before Friday',
			requestVeridoc: true,
			requestIne: false,
			requestLocation: true,
			requestOneTimePassword: true,
		});
		expect(stored.selfie).toEqual({
			size: png.length,
			sha256: createHash('sha256').update(png).digest('hex'),
		});
	});

	test("a Link Expiration Date picked without a time zone is read in the workflow's time zone", async () => {
		const { contractId, participantId } = await firstParticipant();
		for (const [timezone, expected] of [
			['America/Mexico_City', '2027-03-02T00:30:00.000Z'],
			['Europe/Madrid', '2027-03-01T17:30:00.000Z'],
			['UTC', '2027-03-01T18:30:00.000Z'],
		]) {
			const mark = env.mark();
			const result = await env.run(
				params(contractId, participantId, { linkExpirationDate: '2027-03-01T18:30:00' }),
				undefined,
				{ timezone },
			);
			expect(result.error).toBeUndefined();
			expect((env.nodeRequests(mark)[0].body as Record<string, unknown>).linkExpirationDate).toBe(
				expected,
			);
		}
		const mark = env.mark();
		await env.run(
			params(contractId, participantId, { linkExpirationDate: '2027-03-01T18:30:00-06:00' }),
			undefined,
			{ timezone: 'Asia/Tokyo' },
		);
		expect((env.nodeRequests(mark)[0].body as Record<string, unknown>).linkExpirationDate).toBe(
			'2027-03-02T00:30:00.000Z',
		);
	});

	test('a legal entity takes a 12-character RFC', async () => {
		const { contractId, participantId } = await firstParticipant(NDA);
		const result = await env.run(
			params(contractId, participantId, {
				obligation: 'legal',
				rfc: 'ABC010203XY9',
				representative: 'Luis Pérez',
			}),
		);
		expect(result.error).toBeUndefined();
		const stored = env.sb.control
			.getContract(contractId)!
			.participants.find((p) => p._id === participantId)!;
		expect(stored).toMatchObject({
			obligation: 'legal',
			rfc: 'ABC010203XY9',
			representative: 'Luis Pérez',
		});
	});

	test.each([
		[{}, 'No field to update', /Add at least one field/],
		[{ email: 'ana@' }, 'Email "ana@" is not a valid email address', /ana@example.com/],
		[{ name: '  ' }, 'The Name is empty', /remove the Name field/],
		[{ name: '={{ $json.nothing }}' }, 'The Name is empty', /remove the Name field/],
		[
			{ obligation: 'individual', rfc: 'ABC010203XY9' },
			'The RFC "ABC010203XY9" is not valid for a natural person',
			/13 characters/,
		],
		[
			{ obligation: 'legal', rfc: 'LOAA800101AB1' },
			'The RFC "LOAA800101AB1" is not valid for a legal entity',
			/12 characters/,
		],
		[{ rfc: 'XYZ' }, 'The RFC "XYZ" is not a valid RFC', /13 characters.*12 characters/],
		[
			{ linkExpirationDate: 'next week' },
			'Link Expiration Date "next week" is not a valid date and time',
			/ISO date/,
		],
		[{ selfie: 'doc' }, 'The selfie "notes.txt" is not an image', /text\/plain.*PNG, JPEG/],
		[
			{ selfie: 'photo' },
			'Item 1 has no binary field "photo" for the selfie',
			/Binary fields on this item: doc/,
		],
	])('bad input %j is refused before any request', async (updateFields, message, description) => {
		const mark = env.mark();
		const result = await env.run(
			params('65f1c0d2a4b8e91f2c3d4e5f', '65f1c0d2a4b8e91f2c3d4e60', updateFields),
			[
				{
					json: {},
					binary: {
						doc: { data: fixture('notes.txt'), fileName: 'notes.txt', mimeType: 'text/plain' },
					},
				},
			],
		);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('once somebody signed, the refusal is a NodeApiError that explains when participants can change', async () => {
		const contractId = await createTemplateContract(env.api, LEASE);
		const [first] = await prepareForSending(env.api, contractId);
		await sendContract(env.api, contractId);
		env.sb.control.sign(contractId, { participantId: first });
		const result = await env.run(params(contractId, first, { phone: '+525598765432' }));
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(
			/refused the request: Cannot update the participant: .*already signed/,
		);
		expect(result.error?.description).toMatch(/only until someone signs/);
	});

	test("the API's own refusal (phone format) is shown with its text", async () => {
		const { contractId, participantId } = await firstParticipant();
		const result = await env.run(params(contractId, participantId, { phone: 'call me' }));
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(
			/refused the request: Field 'phone' is not a valid phone number/,
		);
	});
});
