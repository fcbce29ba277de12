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
 * Contract → Create From Template and Send, when a step fails after the contract exists (sandbox faults): the
 * contract stays a draft and is never sent, the item's error names the contract and the step and says how to
 * finish or remove it; a send whose answer is lost is checked, never repeated; Retry On Fail and a re-run with the
 * same External ID finish the draft (or report it sent) instead of creating a second contract.
 */
import { fromList, LEASE, useEnv } from '../helpers/env';

const env = useEnv(__filename);
afterEach(() => {
	env.sb.control.clearFaults();
	env.sb.control.setRequestHook(undefined);
});

const signers = [
	{ role: 'Arrendador', name: 'María', lastName: 'Fernández', email: 'maria@example.com' },
	{ role: 'Arrendatario', name: 'Luis', lastName: 'Ortega', email: 'luis@example.com' },
];
const parameters = (extra: Record<string, unknown> = {}) =>
	({
		resource: 'contract',
		operation: 'createFromTemplate',
		templateId: fromList(LEASE),
		inputMode: 'pairs',
		signers: { signer: signers },
		variables: { variable: [{ reference: 'tenant_name', value: 'Luis Ortega' }] },
		...extra,
	}) as any;

const paths = (mark: number) =>
	env
		.nodeRequests(mark)
		.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, '<id>')} ${r.status}`);
const creates = (mark: number) =>
	env.nodeRequests(mark).filter((r) => r.path === '/api/create/contract').length;
const sends = (mark: number) =>
	env.nodeRequests(mark).filter((r) => r.path.startsWith('/api/contract/send/') && r.status === 200)
		.length;

const HOW_TO_FINISH =
	/To finish it by hand: Variable → Set, Participant → Update, Contract → Configure, then Contract → Send for Signature; to remove it: Contract → Cancel\.$/;

describe('a step fails after the creation: the draft stays, the error names the contract and the step', () => {
	test.each([
		[
			'configure',
			{ method: 'POST', path: '/api/contract/configuration/*', status: 500 },
			'could not configure it',
		],
		[
			'read the participants',
			{ method: 'GET', path: '/api/contract/variables/*', status: 500 },
			'could not read its participants',
		],
		[
			'set the variables',
			{ method: 'POST', path: '/api/contract/variables/*', status: 500 },
			'could not set the variables of "Arrendatario"',
		],
		[
			'update a signer',
			{ method: 'POST', path: '/api/contract/participant/*', status: 409 },
			'could not update the signer of "Arrendador"',
		],
		[
			'send (refused)',
			{ method: 'POST', path: '/api/contract/send/*', status: 409 },
			'could not send it for signature',
		],
		[
			'send (no answer: TRATO did not send it)',
			{ method: 'POST', path: '/api/contract/send/*', status: 503 },
			'could not send it for signature',
		],
	])('%s', async (_step, fault, step) => {
		env.sb.control.addFault({
			...fault,
			body: { success: false, error: 'Database timeout' },
			times: 1,
		});
		const mark = env.mark();
		const result = await env.run(parameters({ name: 'Lease 1' }), undefined, {
			continueOnFail: true,
		});
		const item = result.items[0].json as any;
		const contractId = item.contractId as string;
		expect(contractId).toMatch(/^[0-9a-f]{24}$/);
		expect(item.error).toMatch(
			new RegExp(
				`^Contract ${contractId} stays a draft \\(not sent\\): ${step.replace(/[()]/g, '\\$&')}: `,
			),
		);
		expect(item.description).toMatch(
			`Contract ${contractId} was created from the template and is still a draft: nothing was sent. Running this node again creates another contract`,
		);
		expect(item.description).toMatch(HOW_TO_FINISH);
		expect(env.sb.control.getContract(contractId)?.status).toBe('');
		expect(creates(mark)).toBe(1);
		expect(sends(mark)).toBe(0);
	});

	test('the creation itself fails: no contract, the plain error', async () => {
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/create/contract',
			status: 500,
			times: 1,
		});
		const before = env.sb.control.contractCount();
		const result = await env.run(parameters(), undefined, { continueOnFail: true });
		const item = result.items[0].json as any;
		expect(item.contractId).toBeUndefined();
		expect(item.error).not.toMatch(/draft/);
		expect(env.sb.control.contractCount()).toBe(before);
	});

	test('with an External ID, a failed configure says the draft does not carry it yet', async () => {
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/configuration/*',
			status: 500,
			times: 1,
		});
		const result = await env.run(parameters({ externalId: 'deal-configure' }), undefined, {
			continueOnFail: true,
		});
		expect((result.items[0].json as any).description).toMatch(
			'The draft does not carry the External ID yet, so running this node again creates another contract.',
		);
	});
});

describe('a send whose answer is lost is checked, never repeated', () => {
	test('TRATO sent it and the answer was lost (503): the item succeeds, one send', async () => {
		env.sb.control.setRequestHook((info) => {
			const id = /^\/api\/contract\/send\/([0-9a-f]{24})$/.exec(info.path)?.[1];
			if (info.method === 'POST' && id) env.sb.control.setStatus(id, 'SENT_TO_SIGN');
		});
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/send/*',
			status: 503,
			times: 1,
		});
		const mark = env.mark();
		const result = await env.run(parameters({ showSignLinks: true }));
		expect(result.error).toBeUndefined();
		const out = result.items[0].json as any;
		expect(out.outcome).toBe('created');
		expect(out.status).toBe('SENT_TO_SIGN');
		expect(
			env.nodeRequests(mark).filter((r) => r.path.startsWith('/api/contract/send/')),
		).toHaveLength(1);
		// the links come from each participant's record (4.7), since the send answered none
		expect(out.signingLinks).toHaveLength(2);
	});

	test('no answer and the status cannot be read: the error says it may have been sent', async () => {
		env.sb.control.addFaults([
			{ method: 'POST', path: '/api/contract/send/*', status: 503, times: 1 },
			{ method: 'GET', path: '/api/contract/status/*', status: 500, times: 1 },
		]);
		const mark = env.mark();
		const result = await env.run(parameters());
		expect(result.error?.message).toMatch(
			/^TRATO did not answer the send of contract [0-9a-f]{24}, and its status cannot be read: it may have been sent$/,
		);
		expect(result.error?.description).toMatch(/do not send it again/);
		expect(
			env.nodeRequests(mark).filter((r) => r.path.startsWith('/api/contract/send/')),
		).toHaveLength(1);
	});
});

describe('no second contract: Retry On Fail and a re-run with the same External ID', () => {
	const retry = { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 };

	test('Retry On Fail finishes the draft its first try made', async () => {
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/variables/*',
			status: 500,
			times: 1,
		});
		const mark = env.mark();
		const result = await env.run(parameters(), undefined, { settings: retry });
		expect(result.error).toBeUndefined();
		const out = result.items[0].json as any;
		expect(out.outcome).toBe('continued');
		expect(env.sb.control.getContract(out.contractId)?.status).toBe('SENT_TO_SIGN');
		expect(creates(mark)).toBe(1);
		expect(sends(mark)).toBe(1);
	});

	test('Retry On Fail runs every item again: an item already sent is not created nor sent twice', async () => {
		// the second item asks for links: only its send meets the fault
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/send/*',
			query: { showSignLinks: 'true' },
			status: 409,
			times: 1,
		});
		const mark = env.mark();
		const result = await env.run(
			parameters({ showSignLinks: '={{ $json.links }}', name: '={{ $json.name }}' }),
			[{ json: { name: 'First', links: false } }, { json: { name: 'Second', links: true } }],
			{ settings: retry },
		);
		expect(result.error).toBeUndefined();
		const [first, second] = result.items.map((i) => i.json as any);
		expect([first.outcome, second.outcome]).toEqual(['alreadySent', 'continued']);
		expect([first.name, second.name]).toEqual(['First', 'Second']);
		expect(first.participants.map((p: any) => p.email)).toEqual([
			'maria@example.com',
			'luis@example.com',
		]);
		expect(creates(mark)).toBe(2);
		expect(sends(mark)).toBe(2);
	});

	test('External ID: a re-run finishes the draft a failed run left, the next one reports it sent', async () => {
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/participant/*',
			status: 500,
			times: 1,
		});
		const run = async () => await env.run(parameters({ externalId: 'crm-lease-42' }));
		const mark = env.mark();
		const failed = await run();
		const contractId = (failed.error as any).context.contractId as string;
		expect(failed.error?.description).toMatch(
			'Fix the cause and run this node again with the same External ID ("crm-lease-42"): it finishes this draft instead of creating another.',
		);
		expect(env.sb.control.getContract(contractId)).toMatchObject({
			status: '',
			externalId: 'crm-lease-42',
		});

		const again = await run();
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ contractId, outcome: 'continued' });
		expect(env.sb.control.getContract(contractId)?.status).toBe('SENT_TO_SIGN');

		const third = mark + 0;
		const afterSecond = env.mark();
		const once = await run();
		expect(once.items[0].json).toMatchObject({
			contractId,
			externalId: 'crm-lease-42',
			outcome: 'alreadySent',
			status: 'SENT_TO_SIGN',
		});
		expect(paths(afterSecond).filter((p) => p.startsWith('POST'))).toEqual([]);
		expect(creates(third)).toBe(1);
		expect(sends(third)).toBe(1);
	});
});
