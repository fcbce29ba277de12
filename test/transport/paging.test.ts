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
 * The contract list's reads that are not an operation of their own (issue 40): the External ID lookup of Create From
 * Template and Send (`createFromTemplate/externalId.ts`, the whole list of a template) stays bounded when TRATO
 * ignores `page`, sends no totals and reorders ties; Get Many, the pickers, the instant trigger's filters and the
 * polling trigger are tested in their own files.
 */
import { fromList, LEASE, useEnv } from '../helpers/env';

const env = useEnv(__filename);

describe('the External ID lookup (the whole list of a template)', () => {
	const instant = '2024-03-03T03:03:03.000Z';
	let run: string[];
	beforeAll(() => {
		run = [];
		for (let i = 0; i < 260; i++)
			run.push(
				env.sb.control.createContract({
					templateId: LEASE,
					createdAt: instant,
					externalId: i === 7 ? 'crm-7' : undefined,
				})._id,
			);
	});
	beforeEach(() => env.sb.control.seedRandom(40));
	afterEach(() => {
		env.sb.control.setVariants([]);
		env.sb.control.setRequestHook(undefined);
		env.sb.control.clearFaults();
	});

	/** Create From Template and Send with External ID `crm-7`: its first step is the lookup. */
	const withExternalId = async () =>
		await env.run({
			resource: 'contract',
			operation: 'createFromTemplate',
			templateId: fromList(LEASE),
			inputMode: 'pairs',
			externalId: 'crm-7',
			signers: {
				signer: [
					{ role: 'Arrendador', name: 'María', email: 'maria@example.com' },
					{ role: 'Arrendatario', name: 'Luis', email: 'luis@example.com' },
				],
			},
		} as any);
	const lookups = (mark: number) =>
		env.nodeRequests(mark).filter((r) => r.path === '/api/list/contracts');

	test("as TRATO answers by default: the whole list of the template in two pages, then the run goes on (the contract with that External ID is not this workflow's)", async () => {
		const mark = env.mark();
		const result = await withExternalId();
		expect(result.error).toBeUndefined();
		expect(
			lookups(mark)
				.slice(0, 2)
				.map((r) => Number(r.query.page)),
		).toEqual([1, 2]);
		expect((result.items[0].json as any).contractId).not.toBe(run[7]);
	});

	test('a list that ignores paging, sends no totals and reorders ties: it stops after a few pages, saying so', async () => {
		env.sb.control.setVariants(['list-ignores-page', 'no-total-headers', 'unstable-ties']);
		// a safety net for the code before issue 40, which never ended: the 100th list request is refused
		let lists = 0;
		env.sb.control.setRequestHook((info) => {
			if (info.path === '/api/list/contracts' && ++lists === 100)
				env.sb.control.addFault({ path: '/api/list/contracts', status: 400 });
		});
		const mark = env.mark();
		const error = (await withExternalId()).error;
		const pages = lookups(mark).map((r) => Number(r.query.page));
		const last = pages[pages.length - 1];
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			`TRATO answered page ${last} with only contracts already read on pages 1 to ${last - 1}: it seems to ignore paging`,
		);
		expect(pages).toEqual(pages.map((_, i) => i + 1));
		expect(pages.length).toBeLessThan(20);
		for (const r of lookups(mark)) expect(r.query.templateId).toBe(LEASE);
		// nothing made: the lookup is the run's first step
		expect(env.nodeRequests(mark).filter((r) => r.method === 'POST')).toEqual([]);
	});
});
