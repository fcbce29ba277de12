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
 * The trigger's settings are checked at run time, after expressions, before any request (issue 21 item 5), with
 * the same rules as the action node's IDs and counts (helpers/validate.ts): a Template filter ID no template can
 * have, a Look-Back Window that is not a positive whole number of days. A template ID as TRATO lists it (24
 * hexadecimal characters) filters as it is.
 */
import type { INodeParameters } from 'n8n-workflow';

import { byId, useEnv } from '../helpers/env';
import { emitted, LEASE, newSim } from './helpers';

const env = useEnv(__filename);

test.each<[string, INodeParameters, string]>([
	[
		'a Template filter ID of 100,000 characters',
		{ filters: { templateId: byId(`={{ "a".repeat(100000) }}`) } },
		'The Template filter ID is 100000 characters long',
	],
	[
		'a Template filter ID with a line break',
		{ filters: { templateId: byId(`={{ "${LEASE.slice(0, 12)}\\n${LEASE.slice(12)}" }}`) } },
		`The Template filter ID "${LEASE.slice(0, 12)}\\n${LEASE.slice(12)}" contains a control character (such as a line break or tab)`,
	],
	[
		'a Template filter ID with a slash',
		{ filters: { templateId: byId(`={{ "${LEASE}/x" }}`) } },
		`The Template filter ID "${LEASE}/x" is not a valid ID`,
	],
	[
		'a negative Look-Back Window from an expression',
		{ options: { lookBackDays: '={{ -3 }}' } },
		'Look-back window "-3" is not a positive number of days: -3 is not positive',
	],
	[
		'a fractional Look-Back Window from an expression',
		{ options: { lookBackDays: '={{ 2.5 }}' } },
		'Look-back window "2.5" is not a positive number of days: 2.5 is not a whole number',
	],
	[
		'a Look-Back Window of more than a hundred years',
		{ options: { lookBackDays: 40000 } },
		'Look-back window "40000" is not a positive number of days: 40000 is more than 36500',
	],
])('%s is refused before any request', async (_name, parameters, message) => {
	const mark = env.mark();
	const result = await newSim(env, parameters).poll();
	expect(result.error?.name).toBe('NodeOperationError');
	expect(result.error?.message).toBe(message);
	expect((result.error as { description?: string }).description).toEqual(expect.any(String));
	expect(env.nodeRequests(mark)).toHaveLength(0);
});

test('a template ID as TRATO lists it is sent as it is; any other length is left to TRATO', async () => {
	expect(LEASE).toMatch(/^[0-9a-f]{24}$/);
	const lease = env.sb.control.createContract({ templateId: LEASE, status: 'SENT_TO_SIGN' });
	env.sb.control.createContract({ status: 'SENT_TO_SIGN' });
	const sim = newSim(env, { filters: { templateId: byId(LEASE) } });
	const mark = env.mark();
	expect((await sim.poll()).error).toBeUndefined();
	const lists = env.nodeRequests(mark).filter((r) => r.path === '/api/list/contracts');
	expect(lists.length).toBeGreaterThan(0);
	expect(lists.some((r) => r.query.templateId === LEASE)).toBe(true);
	const manual = await newSim(env, {
		event: 'newContract',
		filters: { templateId: byId(LEASE) },
	}).poll('manual');
	expect(emitted(manual).map((e) => e.contractId)).toEqual([lease._id]);
	// 25 characters (the portal's prose): sent; the sandbox knows no such template and lists nothing
	const prose = await newSim(env, {
		event: 'newContract',
		filters: { templateId: byId('T1lease0a7f3c9e1b5d82c4e6') },
	}).poll();
	expect(prose.error).toBeUndefined();
});
