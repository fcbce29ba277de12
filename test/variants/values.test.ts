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
 * Values and shapes the API description leaves open (api-notes "Open points"), against the documented answer
 * (the sandbox's default) and the other answers a real service may give (its variant profiles): wrapped lists,
 * custom property identifiers, participant status values, integer milestone flags, Create V2 error bodies, and
 * an expired access token. Template ids are as TRATO lists them (24-hex text; the integer guess of spec 2.7 is
 * gone, trato-notes "Ids and statuses"). Either it works, or it fails saying what differed.
 */
import { CREATE_V2_ERRORS } from '../../nodes/Trato/helpers/createV2Errors';
import { byId, createTemplateContract, LEASE, type NodeTestEnv, withEnv } from '../helpers/env';

/** A sandbox of the test's own with these variants. */
const withSandbox = (variants: string[], run: (env: NodeTestEnv) => Promise<void>) =>
	withEnv(__filename, { variants }, run);

describe('lists wrapped in an object', () => {
	test.each(['', 'data', 'items', 'results', 'docs', 'plural'])(
		'wrapped-lists=%s: contracts and spectators are listed as with a bare array (templates are always bare, as TRATO answers)',
		async (key) => {
			await withSandbox(key ? [`wrapped-lists=${key}`] : [], async (env) => {
				const id = await createTemplateContract(env.api, LEASE);
				await env.api.post(`/api/contracts/${id}/spectators`, {
					name: 'Laura',
					email: 'laura@example.com',
				});
				const contracts = await env.run({
					resource: 'contract',
					operation: 'getAll',
					returnAll: true,
				});
				expect(contracts.items.map((i) => i.json.contractId)).toEqual([id]);
				const templates = await env.run({
					resource: 'template',
					operation: 'getAll',
					returnAll: true,
				});
				expect(templates.items).toHaveLength(3);
				const spectators = await env.run({
					resource: 'spectator',
					operation: 'getAll',
					contractId: byId(id),
					returnAll: true,
				});
				expect(spectators.items.map((i) => i.json.email)).toEqual(['laura@example.com']);
			});
		},
	);

	test('any other shape is an error that names what came back, never an empty list', async () => {
		await withSandbox([], async (env) => {
			env.sb.control.addFault({
				path: '/api/list/templates',
				status: 200,
				body: { total: 3, page: 1 },
			});
			const result = await env.run({ resource: 'template', operation: 'getAll', returnAll: true });
			expect(result.error?.message).toBe(
				'TRATO answered the templates list with an object with the keys total, page instead of a list',
			);
			expect(result.items).toEqual([]);
		});
	});
});

describe('custom property identifiers', () => {
	test.each(['', 'id', 'propertyId', 'propertyID'])(
		'property-id-field=%s: listed and updated by their identifier',
		async (field) => {
			await withSandbox(field ? [`property-id-field=${field}`] : [], async (env) => {
				const id = await createTemplateContract(env.api, LEASE);
				const created = await env.run({
					resource: 'customProperty',
					operation: 'create',
					contractId: byId(id),
					properties: { property: [{ name: 'Department', value: 'Sales' }] },
				});
				const propertyId = created.items[0].json.propertyId as string;
				expect(propertyId).toMatch(/^[0-9a-f]{24}$/);
				const updated = await env.run({
					resource: 'customProperty',
					operation: 'update',
					contractId: byId(id),
					propertyId: byId(propertyId),
					updateFields: { value: 'Legal' },
				});
				expect(updated.error).toBeUndefined();
				const listed = await env.run({
					resource: 'customProperty',
					operation: 'getAll',
					contractId: byId(id),
					returnAll: true,
				});
				expect(listed.items.map((i) => [i.json.propertyId, i.json.name, i.json.value])).toEqual([
					[propertyId, 'Department', 'Legal'],
				]);
			});
		},
	);

	test('a listing without any identifier is an error naming the fields it had, never a null ID', async () => {
		await withSandbox(['property-id-field=none'], async (env) => {
			const id = await createTemplateContract(env.api, LEASE);
			await env.api.post(`/api/contracts/${id}/customproperties`, {
				properties: [{ name: 'A', value: '1' }],
			});
			const result = await env.run({
				resource: 'customProperty',
				operation: 'getAll',
				contractId: byId(id),
				returnAll: true,
			});
			expect(result.error?.message).toBe(
				'A listed record has no identifier (looked for _id, id, propertyId, propertyID, propertyid)',
			);
			expect((result.error as { description?: string }).description).toMatch(
				/^Its fields are: name, value\./,
			);
		});
	});
});

test('participant-statuses: a status value outside our list filters contracts (typed as an expression)', async () => {
	await withSandbox(['participant-statuses'], async (env) => {
		const id = await createTemplateContract(env.api, LEASE);
		const waiting = await env.run({
			resource: 'contract',
			operation: 'getAll',
			returnAll: true,
			filters: { statusParticipant: '={{ "WAITING" }}' },
		});
		expect(waiting.error).toBeUndefined();
		expect(waiting.items.map((i) => i.json.contractId)).toEqual([id]);
		expect(env.nodeRequests().at(-1)?.query.statusParticipant).toBe('WAITING');
	});
});

test('template ids as TRATO lists them (24 hexadecimal characters): usable to create and to filter', async () => {
	await withSandbox([], async (env) => {
		const templates = await env.run({ resource: 'template', operation: 'getAll', returnAll: true });
		const lease = templates.items.find((i) => String(i.json.name).includes('arrendamiento'))?.json;
		const templateId = lease?.templateId as string;
		expect(templateId).toMatch(/^[0-9a-f]{24}$/);
		const created = await env.run({
			resource: 'contract',
			operation: 'create',
			source: 'template',
			templateId: byId(templateId),
		});
		expect(created.error).toBeUndefined();
		const filtered = await env.run({
			resource: 'contract',
			operation: 'getAll',
			returnAll: true,
			filters: { templateId },
		});
		expect(filtered.items.map((i) => i.json.contractId)).toEqual([
			created.items[0].json.contractId,
		]);
	});
});

test.each([[[]], [['integer-completed']]])(
	'%j: milestone "completed" is always a boolean',
	async (variants) => {
		await withSandbox(variants, async (env) => {
			const id = await createTemplateContract(env.api, LEASE);
			const result = await env.run({
				resource: 'contract',
				operation: 'getMilestones',
				contractId: byId(id),
			});
			expect(result.error).toBeUndefined();
			const completed = result.items.map((i) => i.json.completed);
			expect(completed.length).toBeGreaterThan(1);
			expect(completed).toContain(true);
			expect(completed).toContain(false);
			for (const value of completed) expect(typeof value).toBe('boolean');
		});
	},
);

test.each(['', 'code', 'name', 'message', 'errors'])(
	'create-v2-error-field=%s: the Create V2 error is named whichever field carries it',
	async (field) => {
		await withSandbox(field ? [`create-v2-error-field=${field}`] : [], async (env) => {
			const result = await env.run({
				resource: 'contract',
				operation: 'createV2',
				source: 'template',
				templateId: byId(LEASE),
				signersInputMode: 'json',
				signersJson: JSON.stringify([
					{ obligation: 'individual', name: 'Ana', last_name: 'López', email: 'not-an-email' },
				]),
			});
			expect(result.error?.message).toBe(
				'TRATO refused the request: InvalidEmail (Participant 1 (Ana))',
			);
			expect((result.error as { description?: string }).description).toBe(
				`Participant 1 (Ana): ${CREATE_V2_ERRORS.InvalidEmail}`,
			);
		});
	},
);

describe('an expired access token (JWT)', () => {
	test('expired for a while: refused before sending, saying when it expired', async () => {
		await withSandbox([], async (env) => {
			const token = env.sb.signJwt({}, { expiresInSeconds: -600 });
			const mark = env.mark();
			const result = await env.run(
				{ resource: 'template', operation: 'getAll', returnAll: true },
				undefined,
				{ credentials: { ...env.jwtCreds, accessToken: token } },
			);
			expect(result.error?.message).toMatch(
				/^The access token \(JWT\) expired at \d{4}-\d\d-\d\dT/,
			);
			expect(env.since(mark)).toHaveLength(0);
			expect(JSON.stringify(result.error)).not.toContain(token);
		});
	});

	test('just expired: the service answers 401 and the error says the token expired', async () => {
		await withSandbox([], async (env) => {
			const token = env.sb.signJwt({}, { expiresInSeconds: -5 });
			const mark = env.mark();
			const result = await env.run(
				{ resource: 'template', operation: 'getAll', returnAll: true },
				undefined,
				{ credentials: { ...env.jwtCreds, accessToken: token } },
			);
			expect(env.since(mark).map((r) => r.status)).toEqual([401]);
			expect(result.error?.httpCode).toBe('401');
			expect(result.error?.message).toMatch(/^The access token \(JWT\) expired at /);
			expect(JSON.stringify(result.error)).not.toContain(token);
		});
	});
});
