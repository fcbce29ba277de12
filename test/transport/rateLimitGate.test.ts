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
 * A 429 closes the credential's gate (issue 41 item 2, transport/gate.ts): once TRATO answers 429 with Retry-After,
 * no request of the credential starts until that wait has passed, whichever item meets it; requests already sent are
 * not touched; nothing with an effect is repeated (a 429 on it fails its item, saying nothing was done), the reads are.
 * Create From Template and Send over 8 items at Concurrency 8, through n8n-core against the sandbox; what was sent and
 * when is read from the sandbox's request log (its timestamps: the gate's window is TRATO's Retry-After, 1 s).
 */
import { executeContext } from '../../test-support/harness';
import { request } from '../../nodes/Trato/transport';
import { transportSettings } from '../../nodes/Trato/transport/retry';
import {
	type LoggedRequest,
	LEASE,
	createTemplateContract,
	fromList,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);
beforeEach(() => env.sb.control.clearFaults());

const ITEMS = 8;
const RETRY_AFTER_MS = 1000;

/** Create From Template and Send: the LEASE template, both roles' signers and one variable each, by pairs. */
const createAndSend = {
	resource: 'contract',
	operation: 'createFromTemplate',
	templateId: fromList(LEASE),
	inputMode: 'pairs',
	signers: {
		signer: [
			{
				role: 'Arrendador',
				name: '={{ $json.owner }}',
				lastName: 'Fernández',
				email: 'maria@example.com',
			},
			{ role: 'Arrendatario', name: 'Luis', lastName: 'Ortega', email: 'luis@example.com' },
		],
	},
	variables: {
		variable: [
			{ role: 'Arrendador', reference: 'lessor_name', value: '={{ $json.owner }} Fernández' },
			{ role: 'Arrendatario', reference: 'monthly_rent', value: '12,500.00' },
		],
	},
	options: { concurrency: ITEMS },
};
const items = Array.from({ length: ITEMS }, (_, i) => ({ json: { owner: `María ${i}` } }));

const ms = (r: LoggedRequest) => Date.parse(r.ts);
/** The contract a request is about (the first 24-hex id of its path); none for a creation. */
const contractOf = (r: LoggedRequest) => /[0-9a-f]{24}/.exec(r.path)?.[0] ?? '(create)';
const route = (r: LoggedRequest) => `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, '<id>')}`;
const EFFECTS = [
	'POST /api/create/contract',
	'POST /api/contract/variables/<id>/<id>',
	'POST /api/contract/participant/<id>/<id>',
	'POST /api/contract/send/<id>',
];

/**
 * The requests answered while the gate was closed by the 429 answered at `closedAt`, by contract (creations under
 * "(create)"): each item may have had one request in flight, never a second one.
 */
function sentWhileClosed(requests: LoggedRequest[], closedAt: number): Record<string, string[]> {
	const during: Record<string, string[]> = {};
	for (const r of requests.filter((r) => ms(r) > closedAt && ms(r) < closedAt + RETRY_AFTER_MS))
		(during[contractOf(r)] ??= []).push(`${route(r)} ${r.status}`);
	return during;
}

/** How often each request with an effect was sent, per contract and route ("POST /api/create/contract" per run). */
function effectsSent(requests: LoggedRequest[]): Map<string, number> {
	const sent = new Map<string, number>();
	for (const r of requests.filter((r) => EFFECTS.includes(route(r)))) {
		const key = `${r.method} ${r.path}`;
		sent.set(key, (sent.get(key) ?? 0) + 1);
	}
	return sent;
}

describe('429 storm: TRATO refuses the first reads with Retry-After, every item waits it out together', () => {
	test('no request starts while the gate is closed, nothing with an effect is repeated, the refused reads are asked again after the wait, outputs in order', async () => {
		// the first three reads of a contract's participants are refused (TRATO's rate limit, Retry-After: 1 s)
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/contract/variables/*',
			status: 429,
			retryAfter: '1',
			times: 3,
		});
		const mark = env.mark();
		const result = await env.run(createAndSend as any, items);
		expect(result.error).toBeUndefined();

		// every item sent, in input order, paired with its input item
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
		const contractIds = result.items.map((item) => item.json.contractId as string);
		expect(new Set(contractIds).size).toBe(ITEMS);
		contractIds.forEach((id, i) => {
			const contract = env.sb.control.getContract(id)!;
			expect(contract.status).toBe('SENT_TO_SIGN');
			expect(contract.participants[0].name).toBe(`María ${i} Fernández`);
		});

		const requests = env.nodeRequests(mark);
		const refused = requests.filter((r) => r.status === 429);
		expect(refused.map(route)).toEqual(Array(3).fill('GET /api/contract/variables/<id>'));
		const closedAt = ms(refused[0]);

		// while the gate was closed: at most the request each item had already sent
		const during = sentWhileClosed(requests, closedAt);
		expect(during['(create)']).toBeUndefined();
		for (const [contract, sent] of Object.entries(during))
			expect({ contract, sent: sent.length }).toEqual({ contract, sent: 1 });

		// nothing with an effect repeated: one creation per item, each role's variables, signer and the send once
		const effects = effectsSent(requests);
		expect(effects.get('POST /api/create/contract')).toBe(ITEMS);
		expect([...effects.values()].every((count) => count === 1 || count === ITEMS)).toBe(true);
		expect(effects.size).toBe(1 + ITEMS * 5);

		// each refused read asked again after the wait (a read, so repeated) until TRATO answered it
		for (const r of refused) {
			const again = requests.filter((o) => o.path === r.path && ms(o) > ms(r));
			expect(again.at(-1)?.status).toBe(200);
			expect(ms(again[0]) - closedAt).toBeGreaterThanOrEqual(RETRY_AFTER_MS);
		}
	});
});

describe('a 429 on a request with an effect: that item fails, saying nothing was done; the others wait and go on', () => {
	const refuseOneCreation = () =>
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/create/contract',
			status: 429,
			retryAfter: '1',
		});

	test('Continue On Fail: one error item in its place, the creation not repeated, the other items sent after the wait', async () => {
		refuseOneCreation();
		const mark = env.mark();
		const result = await env.run(createAndSend as any, items, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));

		const failed = result.items.filter((item) => item.json.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].json).toEqual({
			error: 'TRATO rate-limited this request (HTTP 429), so it was not carried out',
			description: expect.stringMatching(
				/^TRATO refuses a request it rate-limits before acting on it: nothing was created, changed or sent by it, and the node never repeats a request that may have an effect\. The node's other requests with this credential waited 1 second, as TRATO asked\./,
			),
			httpCode: '429',
		});
		const sent = result.items.filter((item) => !item.json.error);
		expect(sent).toHaveLength(ITEMS - 1);
		for (const item of sent)
			expect(env.sb.control.getContract(item.json.contractId as string)!.status).toBe(
				'SENT_TO_SIGN',
			);

		const requests = env.nodeRequests(mark);
		const creations = requests.filter((r) => route(r) === 'POST /api/create/contract');
		expect(creations.map((r) => r.status).sort()).toEqual([...Array(ITEMS - 1).fill(200), 429]);
		const closedAt = ms(creations.find((r) => r.status === 429)!);
		// the other creations were sent with the refused one (in flight); each contract's next request waited
		const { '(create)': inFlight, ...during } = sentWhileClosed(requests, closedAt);
		expect(inFlight?.length ?? 0).toBeLessThanOrEqual(ITEMS - 1);
		for (const [contract, sent] of Object.entries(during))
			expect({ contract, sent: sent.length }).toEqual({ contract, sent: 1 });
		expect(
			[...effectsSent(requests).values()].every((count) => count === 1 || count === ITEMS),
		).toBe(true);
	});

	test('without Continue On Fail: the node fails with that item, no creation repeated', async () => {
		refuseOneCreation();
		const mark = env.mark();
		const result = await env.run(createAndSend as any, items);
		expect(result.error?.message).toBe(
			'TRATO rate-limited this request (HTTP 429), so it was not carried out',
		);
		expect((result.error as any)?.httpCode).toBe('429');
		const creations = env
			.nodeRequests(mark)
			.filter((r) => route(r) === 'POST /api/create/contract');
		expect(creations).toHaveLength(ITEMS);
	});
});

describe('a 429 without Retry-After closes the gate for the backoff', () => {
	const real = { ...transportSettings };
	afterEach(() => Object.assign(transportSettings, real));

	test('a request made while it is closed waits before sending anything, then both are answered', async () => {
		// the clock stands still and the waits are released by hand: no time passes in this test
		const waits: number[] = [];
		const release: Array<() => void> = [];
		Object.assign(transportSettings, {
			now: () => Date.parse('2026-11-21T12:00:00Z'),
			random: () => 0.5,
			sleep: async (wait: number) => {
				waits.push(wait);
				await new Promise<void>((resolve) => release.push(resolve));
			},
		});
		const until = async (done: () => boolean) => {
			for (let turn = 0; !done() && turn < 10_000; turn++)
				await new Promise((resolve) => setImmediate(resolve));
		};
		const [first, second] = [
			await createTemplateContract(env.api, LEASE),
			await createTemplateContract(env.api, LEASE),
		];
		env.sb.control.addFault({ method: 'GET', path: '/api/contract/status/*', status: 429 });
		const { context } = await executeContext(env.creds);
		const mark = env.mark();

		const a = request.call(context, 'contractStatus', { contractId: first }, { itemIndex: 0 });
		await until(() => waits.length === 1);
		// the backoff of a first attempt (random 0.5: three quarters of 500 ms)
		expect(waits).toEqual([375]);
		const b = request.call(context, 'contractStatus', { contractId: second }, { itemIndex: 1 });
		await until(() => waits.length === 2);
		expect(waits).toEqual([375, 375]);
		expect(
			env.since(mark).map((r) => `${r.path.endsWith(first) ? 'first' : 'second'} ${r.status}`),
		).toEqual(['first 429']);

		release.forEach((resolve) => resolve());
		await Promise.all([a, b]);
		expect(env.since(mark).map((r) => r.status)).toEqual([429, 200, 200]);
	});
});
