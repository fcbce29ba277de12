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
 * Ids and counts are checked when the node runs, after expressions, before any request (issue 21 item 5): an ID
 * no record can have (100,000 characters, control characters, a slash) and a Limit that is not a positive whole
 * number are refused with a sentence that says what to fix, in every operation that takes them. Without these
 * checks the service answers such a contract ID with HTTP 431 and such a limit with HTTP 400.
 */
import type { INodeProperties } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/Trato/actions/resources';
import { byId, useEnv } from '../helpers/env';

const env = useEnv(__filename);

/** Every operation whose fields include `name`, as [resource, operation]. */
function operationsWith(name: string): Array<[string, string]> {
	return Object.entries(RESOURCES).flatMap(([resource, { operations }]) =>
		Object.entries(operations as Record<string, { description: INodeProperties[] }>)
			.filter(([, module]) => module.description.some((p) => p.name === name))
			.map(([operation]) => [resource, operation] as [string, string]),
	);
}

const ID = '0123456789abcdef01234567';
/** Valid values for every ID field (attachmentId is a plain text field, the others are pickers). */
const ids = {
	contractId: byId(ID),
	participantId: byId(ID),
	propertyId: byId(ID),
	spectatorId: byId(ID),
	attachmentId: ID,
};
/** Required fields of some operations, so that n8n runs them at all. */
const REQUIRED: Record<string, Record<string, unknown>> = {
	'participant.addAttachment': { attachmentName: 'Annex' },
	'confidentialAttachment.add': { attachmentName: 'Annex' },
	'participant.changeEmail': { email: 'ana@example.com' },
	'customProperty.create': { properties: { property: [{ name: 'a', value: 'b' }] } },
	'spectator.create': { name: 'Ana', email: 'ana@example.com' },
};

/** Runs an operation with one of its ID fields given by an expression that resolves to `value`. */
async function runWithId(resource: string, operation: string, field: string, value: unknown) {
	const expression = '={{ $json.value }}';
	return await env.run(
		{
			resource,
			operation,
			...ids,
			...REQUIRED[`${resource}.${operation}`],
			[field]: field === 'attachmentId' ? expression : byId(expression),
		} as any,
		[{ json: { value } as any }],
	);
}

const ID_FIELDS: Array<[string, string]> = [
	['contractId', 'Contract'],
	['participantId', 'Participant'],
	['propertyId', 'Custom Property'],
	['spectatorId', 'Spectator'],
	['attachmentId', 'Confidential Attachment'],
];

describe.each(ID_FIELDS)('%s, checked after expressions', (field, label) => {
	const operations = operationsWith(field);

	test('is taken by at least one operation', () => {
		expect(operations.length).toBeGreaterThan(0);
	});

	test.each(operations)(
		'%s → %s: 100,000 characters are refused before any request',
		async (resource, operation) => {
			const mark = env.mark();
			const result = await runWithId(resource, operation, field, 'a'.repeat(100_000));
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe(`The ${label} ID is 100000 characters long`);
			expect(result.error?.description).toMatch(/at most 200 are accepted. Check the expression/);
			expect(env.nodeRequests(mark)).toHaveLength(0);
		},
	);

	test.each(operations)(
		'%s → %s: control characters and path characters are refused',
		async (resource, operation) => {
			const mark = env.mark();
			const tab = await runWithId(
				resource,
				operation,
				field,
				`${ID.slice(0, 12)}\t${ID.slice(12)}`,
			);
			expect(tab.error?.message).toMatch(
				new RegExp(`^The ${label} ID ".*" contains a control character`),
			);
			const slash = await runWithId(resource, operation, field, `${ID}/../x`);
			expect(slash.error?.message).toBe(`The ${label} ID "${ID}/../x" is not a valid ID`);
			const object = await runWithId(resource, operation, field, { id: ID });
			expect(object.error?.message).toBe(`The ${label} ID is an object, not an ID`);
			expect(env.nodeRequests(mark)).toHaveLength(0);
		},
	);
});

test('a contract ID of 100,000 characters never reaches the service (which answers HTTP 431)', async () => {
	const long = 'a'.repeat(100_000);
	const direct = await env.api.get(`/api/contract/status/${long}`);
	expect(direct.status).toBe(431);
	const mark = env.mark();
	const result = await env.run(
		{ resource: 'contract', operation: 'get', contractId: byId('={{ $json.id }}') },
		[{ json: { id: long } }],
	);
	expect(result.error?.message).toBe('The Contract ID is 100000 characters long');
	expect(env.nodeRequests(mark)).toHaveLength(0);
});

test('an ID of any other length and alphabet is sent: 25 characters as the portal says, 24-hex as TRATO issues', async () => {
	const mark = env.mark();
	for (const id of ['T1lease0a7f3c9e1b5d82c4e6', ID, 'x'.repeat(200)]) {
		const result = await env.run({ resource: 'contract', operation: 'get', contractId: byId(id) });
		expect((result.error as any)?.name).toBe('NodeApiError');
	}
	expect(env.nodeRequests(mark)).toHaveLength(3);
});

describe('Limit, checked after expressions', () => {
	const operations = operationsWith('limit');

	test('is taken by every Get Many', () => {
		expect(operations.map(([r, o]) => `${r}.${o}`).sort()).toEqual([
			'contract.getAll',
			'customProperty.getAll',
			'participant.getAll',
			'spectator.getAll',
			'template.getAll',
		]);
	});

	test.each(
		operations.flatMap(([resource, operation]) => [
			[
				resource,
				operation,
				'={{ -5 }}',
				'Limit must be a positive whole number: -5 is not positive',
			],
			[
				resource,
				operation,
				'={{ 2.5 }}',
				'Limit must be a positive whole number: 2.5 is not a whole number',
			],
			[resource, operation, '={{ 0 }}', 'Limit must be a positive whole number: 0 is not positive'],
			[
				resource,
				operation,
				'={{ "ten" }}',
				'Limit must be a positive whole number: "ten" is not a number',
			],
		]),
	)(
		'%s → %s with Limit %s is refused before any request',
		async (resource, operation, limit, message) => {
			const mark = env.mark();
			const result = await env.run({ resource, operation, ...ids, returnAll: false, limit } as any);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toMatch(
				/^Enter a number such as 1, 10 or 50\. If it comes from an expression/,
			);
			expect(env.nodeRequests(mark)).toHaveLength(0);
		},
	);

	test('a negative limit never reaches the service (which answers HTTP 400 to perPage -5)', async () => {
		const direct = await env.api.get('/api/list/contracts', { params: { perPage: -5 } });
		expect(direct.status).toBe(400);
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ -5 }}',
		});
		expect(result.error?.message).toBe('Limit must be a positive whole number: -5 is not positive');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a limit from an expression that is a whole number as text works', async () => {
		const result = await env.run({
			resource: 'template',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ "2" }}',
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
	});
});

test('Concurrency (Options) must be a whole number from 1 to 16', async () => {
	const mark = env.mark();
	for (const [concurrency, message] of [
		['={{ -1 }}', 'Concurrency must be a positive whole number: -1 is not positive'],
		['={{ 1.5 }}', 'Concurrency must be a positive whole number: 1.5 is not a whole number'],
		['={{ 64 }}', 'Concurrency must be a positive whole number: 64 is more than 16'],
	]) {
		const result = await env.run({
			resource: 'contract',
			operation: 'get',
			contractId: byId(ID),
			options: { concurrency },
		});
		expect(result.error?.message).toBe(message);
	}
	expect(env.nodeRequests(mark)).toHaveLength(0);
});
