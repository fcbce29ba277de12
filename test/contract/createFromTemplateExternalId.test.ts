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
 * Create From Template and Send with an External ID, as a TRATO customer's account holds it (issue 40, items 1–3):
 * the External ID is matched only to contracts this workflow made (a mark under a key of the credential), never to
 * another team's draft or sent contract with the same External ID; a mark that claims this workflow but does not
 * verify stops the run; overlapping runs send one contract (the oldest wins, the others cancel their own draft before
 * any send); a cancelled, expired or rejected earlier contract is replaced (and named), a filled, approved or
 * negotiated draft is finished.
 */
import { externalIdSettings } from '../../nodes/Trato/actions/contract/createFromTemplate/externalId';
import { fromList, LEASE, NDA, useEnv } from '../helpers/env';

const env = useEnv(__filename);
let patience: typeof externalIdSettings;

beforeAll(() => {
	patience = { ...externalIdSettings };
	externalIdSettings.waitMs = 50;
	externalIdSettings.patienceMs = 5_000;
});
afterAll(() => Object.assign(externalIdSettings, patience));
afterEach(() => {
	env.sb.control.clearFaults();
	env.sb.control.setRequestHook(undefined);
});

const signers = [
	{ role: 'Arrendador', name: 'María', lastName: 'Fernández', email: 'maria@example.com' },
	{ role: 'Arrendatario', name: 'Luis', lastName: 'Ortega', email: 'luis@example.com' },
];
const parameters = (externalId: string, extra: Record<string, unknown> = {}) =>
	({
		resource: 'contract',
		operation: 'createFromTemplate',
		templateId: fromList(LEASE),
		inputMode: 'pairs',
		externalId,
		signers: { signer: signers },
		variables: { variable: [{ reference: 'tenant_name', value: 'Luis Ortega' }] },
		...extra,
	}) as any;

const sendsOf = (mark: number) =>
	env
		.nodeRequests(mark)
		.filter((r) => r.path.startsWith('/api/contract/send/') && r.status === 200)
		.map((r) => r.path.slice('/api/contract/send/'.length));
const createsOf = (mark: number) =>
	env.nodeRequests(mark).filter((r) => r.path === '/api/create/contract').length;

/** Another team's contract of the template with the External ID, made in the web app: no mark of this workflow. */
function othersContract(externalId: string, status = '') {
	const c = env.sb.control.createContract({
		templateId: LEASE,
		externalId,
		participants: [
			{ name: 'Otro', email: 'otro.equipo@example.com' },
			{ name: 'Tercero', email: 'tercero@example.com' },
		],
		...(status ? { status: status as any } : {}),
	});
	return c._id;
}

test("another team's draft with the same External ID is never finished nor sent: this run makes its own, for its own signers", async () => {
	const theirs = othersContract('deal-2002');
	const mark = env.mark();
	const result = await env.run(parameters('deal-2002'));
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as any;
	expect(out).toMatchObject({ outcome: 'created', externalId: 'deal-2002' });
	expect(out.contractId).not.toBe(theirs);
	expect(sendsOf(mark)).toEqual([out.contractId]);
	expect(env.sb.control.getContract(theirs)).toMatchObject({ status: '' });
	expect(env.sb.control.getContract(theirs)!.participants.map((p) => p.email)).toEqual([
		'otro.equipo@example.com',
		'tercero@example.com',
	]);
	// and a re-run finds its own
	const again = await env.run(parameters('deal-2002'));
	expect(again.items[0].json).toMatchObject({ contractId: out.contractId, outcome: 'alreadySent' });
});

test("another team's sent contract with the same External ID is never returned (nor its signing links)", async () => {
	const theirs = othersContract('deal-2003', 'SENT_TO_SIGN');
	const result = await env.run(parameters('deal-2003', { showSignLinks: true }));
	const out = result.items[0].json as any;
	expect(out.outcome).toBe('created');
	expect(out.contractId).not.toBe(theirs);
	expect(JSON.stringify(out)).not.toContain(theirs);
	expect(JSON.stringify(out)).not.toContain('otro.equipo@example.com');
});

test("a contract that claims this workflow's External ID with a mark that does not verify stops the run: nothing made, nothing sent", async () => {
	const first = await env.run(parameters('deal-2004'));
	const ours = (first.items[0].json as any).contractId as string;
	// the mark copied onto another team's draft with the same External ID
	const copied = env.sb.control
		.getContract(ours)!
		.properties.find((p) => p.name === 'n8n_external_id_mark')!;
	const forged = othersContract('deal-2004');
	await env.api.post(`/api/contracts/${forged}/customproperties`, {
		properties: [{ name: copied.name, value: copied.value }],
	});
	env.sb.control.setStatus(ours, 'CANCELED');
	const mark = env.mark();
	const result = await env.run(parameters('deal-2004'));
	expect(result.error?.message).toBe(
		`Contract ${forged} claims this workflow's External ID "deal-2004", but its mark does not verify`,
	);
	expect(createsOf(mark)).toBe(0);
	expect(sendsOf(mark)).toEqual([]);
});

test('two overlapping runs with one External ID send one contract: the younger draft is cancelled before any send, its run names the winner', async () => {
	// both runs make their draft before either has set its variables
	env.sb.control.addFault({ method: 'POST', path: '/api/contract/variables/*', latencyMs: 300 });
	const mark = env.mark();
	const [a, b] = await Promise.all([
		env.run(parameters('deal-3001')),
		env.run(parameters('deal-3001')),
	]);
	expect([a.error, b.error]).toEqual([undefined, undefined]);
	const outs = [a, b].map((r) => r.items[0].json as any);
	expect(createsOf(mark)).toBe(2);
	const sent = sendsOf(mark);
	expect(sent).toHaveLength(1);
	const winner = outs.find((o) => o.outcome === 'created');
	const loser = outs.find((o) => o.outcome === 'sentByAnotherRun');
	expect(winner.contractId).toBe(sent[0]);
	expect(loser.contractId).toBe(sent[0]);
	expect(env.sb.control.getContract(loser.cancelledContractId)?.status).toBe('CANCELED');
	// the winner is the older of the two drafts
	const created = (id: string) => Date.parse(env.sb.control.getContract(id)!.createdAt);
	expect(created(winner.contractId)).toBeLessThanOrEqual(created(loser.cancelledContractId));
});

test('a run that started first but made its draft after the other run had sent: it cancels its draft and reports the one sent', async () => {
	let delayed = false;
	env.sb.control.setRequestHook(async (info) => {
		if (info.method === 'POST' && info.path === '/api/create/contract' && !delayed) {
			delayed = true;
			await new Promise((resolve) => setTimeout(resolve, 700));
		}
	});
	const mark = env.mark();
	const slow = env.run(parameters('deal-3002'));
	await new Promise((resolve) => setTimeout(resolve, 150));
	const fast = await env.run(parameters('deal-3002'));
	const late = await slow;
	expect((fast.items[0].json as any).outcome).toBe('created');
	expect(late.items[0].json).toMatchObject({
		outcome: 'sentByAnotherRun',
		contractId: (fast.items[0].json as any).contractId,
		status: 'SENT_TO_SIGN',
	});
	expect(sendsOf(mark)).toHaveLength(1);
	expect(env.sb.control.getContract((late.items[0].json as any).cancelledContractId)?.status).toBe(
		'CANCELED',
	);
});

test.each([['CANCELED'], ['EXPIRED'], ['REJECTED']])(
	'an earlier contract of this workflow that is %s is replaced by a new one, which names it',
	async (status) => {
		const externalId = `deal-dead-${status}`;
		const first = await env.run(parameters(externalId));
		const old = (first.items[0].json as any).contractId as string;
		env.sb.control.setStatus(old, status as any);
		const mark = env.mark();
		const again = await env.run(parameters(externalId));
		const out = again.items[0].json as any;
		expect(out).toMatchObject({ outcome: 'created', replacesContractId: old });
		expect(out.contractId).not.toBe(old);
		expect(sendsOf(mark)).toEqual([out.contractId]);
	},
);

test.each([['RECEIVED_FILLED'], ['APPROVED'], ['NEGOTIATED']])(
	'a draft of this workflow that is %s is finished and sent, not reported as sent',
	async (status) => {
		const externalId = `deal-draft-${status}`;
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/send/*',
			status: 500,
			times: 1,
		});
		const failed = await env.run(parameters(externalId));
		const draft = (failed.error as any).context.contractId as string;
		env.sb.control.setStatus(draft, status as any);
		const mark = env.mark();
		const again = await env.run(parameters(externalId));
		expect(again.items[0].json).toMatchObject({ contractId: draft, outcome: 'continued' });
		expect(sendsOf(mark)).toEqual([draft]);
	},
);

test('an External ID with an access token (JWT) is refused before any request: what it writes could not be read again', async () => {
	const mark = env.mark();
	const result = await env.run(parameters('deal-jwt'), undefined, { credentials: env.jwtCreds });
	expect(result.error?.message).toBe(
		'An External ID needs a TRATO credential with an API key or an email and password',
	);
	expect(env.nodeRequests(mark)).toEqual([]);
});

test('two re-runs that both find the draft a failed run left: it is sent once, the other run says another run sent it', async () => {
	env.sb.control.addFault({ method: 'POST', path: '/api/contract/send/*', status: 500, times: 1 });
	const failed = await env.run(parameters('deal-3003'));
	const draft = (failed.error as any).context.contractId as string;
	env.sb.control.setStatus(draft, '' as any);
	env.sb.control.addFault({ method: 'POST', path: '/api/contract/variables/*', latencyMs: 300 });
	const mark = env.mark();
	const [a, b] = await Promise.all([
		env.run(parameters('deal-3003')),
		env.run(parameters('deal-3003')),
	]);
	expect([a.error, b.error]).toEqual([undefined, undefined]);
	const outs = [a, b].map((r) => r.items[0].json as any);
	expect(outs.map((o) => o.outcome).sort()).toEqual(['continued', 'sentByAnotherRun']);
	expect(outs.map((o) => o.contractId)).toEqual([draft, draft]);
	expect(outs.find((o) => o.outcome === 'sentByAnotherRun')).not.toHaveProperty(
		'cancelledContractId',
	);
	expect(sendsOf(mark)).toEqual([draft]);
	expect(createsOf(mark)).toBe(0);
});

test('no signer at all (Signers (JSON) that gives nothing) is refused before any request; an External ID from an expression that gives nothing is no External ID', async () => {
	const mark = env.mark();
	const result = await env.run(
		parameters('={{ $json.missing }}', {
			inputMode: 'json',
			signersJson: '={{ JSON.stringify($json.missing) }}',
			variablesJson: '{}',
		}),
	);
	expect(result.error?.message).toBe('No signer is given');
	expect(env.nodeRequests(mark)).toEqual([]);
	const ok = await env.run(parameters('={{ $json.missing }}'));
	expect(ok.items[0].json).toMatchObject({ outcome: 'created' });
	expect((ok.items[0].json as any).externalId).toBeUndefined();
	expect(env.sb.control.getContract((ok.items[0].json as any).contractId)?.externalId).not.toBe(
		'undefined',
	);
});

describe('where TRATO answers otherwise', () => {
	afterEach(() => env.sb.control.setVariants([]));

	test('list-without-external-id: list items never show externalId, so nothing can be matched: the run stops before the send, its draft kept', async () => {
		env.sb.control.setVariants(['list-without-external-id']);
		const mark = env.mark();
		const result = await env.run(parameters('deal-4001'));
		expect(result.error?.message).toMatch(
			/stays a draft \(not sent\): could not check for another run with the same External ID: TRATO's contract list does not show External IDs, so this node cannot tell whether a contract for this External ID exists already$/,
		);
		expect(sendsOf(mark)).toEqual([]);
		const draft = (result.error as any).context.contractId as string;
		expect(env.sb.control.getContract(draft)?.status).toBe('');
	});

	test("list-ignores-page: the lookup stops with the paging sentence and its own advice (not Get Many's), before anything is made", async () => {
		for (let i = 0; i < 201; i++) othersContract(`other-${i}`);
		env.sb.control.setVariants(['list-ignores-page']);
		const mark = env.mark();
		const result = await env.run(parameters('deal-4003'));
		expect(result.error?.message).toBe(
			'TRATO answered page 2 with the same contracts as page 1: it seems to ignore paging',
		);
		const description = String((result.error as any).description);
		expect(description).toContain(
			"The node reads the template's contracts to find one this workflow made for the External ID; nothing was sent. Leave External ID empty to create a contract on every run.",
		);
		expect(description).not.toContain('Limit');
		expect(createsOf(mark)).toBe(0);
		expect(sendsOf(mark)).toEqual([]);
	});

	test("template-filter-ignored: this workflow's contract of another template with the same External ID is not this template's", async () => {
		const other = await env.run(
			parameters('deal-4002', {
				templateId: fromList(NDA),
				signers: {
					signer: [
						{
							role: 'Parte reveladora',
							name: 'Ana',
							email: 'ana.nda@example.com',
							representative: 'Ana López',
						},
						{ role: 'Parte receptora', name: 'Beto', email: 'beto.nda@example.com' },
					],
				},
				variables: { variable: [] },
			}),
		);
		expect(other.error).toBeUndefined();
		env.sb.control.setVariants(['template-filter-ignored']);
		const mark = env.mark();
		const result = await env.run(parameters('deal-4002'));
		expect(result.items[0].json).toMatchObject({ outcome: 'created' });
		expect((result.items[0].json as any).contractId).not.toBe(
			(other.items[0].json as any).contractId,
		);
		expect(sendsOf(mark)).toHaveLength(1);
	});
});

describe('a batch of rows (issue 41)', () => {
	const rows = (tag: string, n: number) =>
		Array.from({ length: n }, (_, i) => ({
			json: { rowId: `${tag}-${i + 1}`, email: `tenant.${tag}.${i + 1}@example.com` },
		}));
	const rowParameters = () =>
		parameters('={{ $json.rowId }}', {
			signers: {
				signer: [signers[0], { ...signers[1], email: '={{ $json.email }}' }],
			},
			options: { concurrency: 8 },
		});
	/** The sent contracts of a row: by its External ID, in the sandbox. */
	const sentFor = (rowId: string, mark: number) =>
		sendsOf(mark).filter((id) => env.sb.control.getContract(id)?.externalId === rowId);

	test('a crash in the middle (TRATO gone after the 12th send): the whole batch run again sends every row once, the rows sent before come back alreadySent', async () => {
		const batch = rows('crash', 30);
		const mark = env.mark();
		let sent = 0;
		env.sb.control.setRequestHook((info) => {
			if (info.method === 'POST' && info.path.startsWith('/api/contract/send/') && ++sent === 12)
				env.sb.control.addFault({ path: '/api/*', drop: true });
		});
		const crashed = await env.run(rowParameters(), batch);
		expect(crashed.error).toBeDefined();
		env.sb.control.setRequestHook(undefined);
		env.sb.control.clearFaults();
		const before = sendsOf(mark).length;
		expect(before).toBeGreaterThanOrEqual(12);
		expect(before).toBeLessThan(30);

		const rerun = await env.run(rowParameters(), batch);
		expect(rerun.error).toBeUndefined();
		const outcomes = rerun.items.map((i) => (i.json as any).outcome);
		expect(outcomes.filter((o) => o === 'alreadySent')).toHaveLength(before);
		expect(
			outcomes
				.filter((o) => o !== 'alreadySent')
				.every((o) => o === 'created' || o === 'continued'),
		).toBe(true);
		// every row sent exactly once, over both runs
		for (const row of batch) expect(sentFor(row.json.rowId, mark)).toHaveLength(1);
		expect(sendsOf(mark)).toHaveLength(30);
		// each item is its row's
		expect(rerun.items.map((i) => (i.json as any).externalId)).toEqual(
			batch.map((r) => r.json.rowId),
		);
	});

	const listReads = (mark: number) =>
		env.nodeRequests(mark).filter((r) => r.path === '/api/list/contracts' && r.query.page === '1')
			.length;

	for (const concurrency of [1, 8])
		test(`the template's contract list is read at most once per row plus one, not twice per row (concurrency ${concurrency}); two rows with one External ID still send one contract`, async () => {
			const batch = rows(`reads-${concurrency}`, 24);
			// a row given twice (a sheet with a repeated row): one contract for both
			batch.push({ json: { ...batch[3].json } });
			const mark = env.mark();
			const run = await env.run({ ...rowParameters(), options: { concurrency } }, batch);
			expect(run.error).toBeUndefined();
			// reads of the whole list (its first pages)
			expect(listReads(mark)).toBeLessThanOrEqual(batch.length + 1);
			for (const row of batch.slice(0, 24)) expect(sentFor(row.json.rowId, mark)).toHaveLength(1);
			expect(sendsOf(mark)).toHaveLength(24);
			const twice = [run.items[3].json, run.items[24].json] as any[];
			expect(new Set(twice.map((o) => o.outcome))).not.toContain('failed');
			expect(
				twice.filter((o) => o.outcome === 'created' || o.outcome === 'continued'),
			).toHaveLength(1);
		});

	test('a row given again right after itself (concurrency 1): the second finds the contract the first just sent, alreadySent, and writes nothing to it', async () => {
		const batch = rows('adjacent', 6);
		batch.splice(3, 0, { json: { ...batch[2].json } });
		const mark = env.mark();
		const run = await env.run({ ...rowParameters(), options: { concurrency: 1 } }, batch);
		expect(run.error).toBeUndefined();
		const first = run.items[2].json as any;
		const again = run.items[3].json as any;
		expect(first.outcome).toBe('created');
		expect(again).toMatchObject({ outcome: 'alreadySent', contractId: first.contractId });
		// after its send, the contract saw no write (configure, variables, signers) from the repeated row
		const requests = env.nodeRequests(mark);
		const sentAt = requests.findIndex(
			(r) => r.path === `/api/contract/send/${first.contractId}` && r.status === 200,
		);
		const writesAfter = requests
			.slice(sentAt + 1)
			.filter((r) => r.method !== 'GET' && r.path.includes(first.contractId));
		expect(writesAfter).toEqual([]);
		expect(sendsOf(mark)).toHaveLength(6);
	});

	test('a shared read that fails fails only the item that began it: the items that waited on it read again and are sent (Continue On Fail, concurrency 8)', async () => {
		const batch = rows('shared-failure', 8);
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/list/contracts',
			status: 400,
			body: { success: false, statusCode: 400, error: 'Lista no disponible' },
			times: 1,
		});
		const mark = env.mark();
		const run = await env.run(rowParameters(), batch, { continueOnFail: true });
		const failed = run.items.filter((i) => (i.json as any).error);
		expect(failed).toHaveLength(1);
		expect((failed[0].json as any).error).toContain('Lista no disponible');
		expect(sendsOf(mark)).toHaveLength(7);
		expect(createsOf(mark)).toBe(7);
	});
});
