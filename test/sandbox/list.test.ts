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
import { type Harness, startHarness } from './helpers';
import { LEASE_TEMPLATE, NDA_TEMPLATE } from '../../test-support/templates';

describe('sandbox listing (4.14)', () => {
	let h: Harness;
	const ids: Record<string, string> = {};
	beforeAll(async () => {
		h = await startHarness({ now: () => new Date('2027-06-30T12:00:00Z') });
		const c = h.sb.control;
		ids.a = c.createContract({
			name: 'A',
			createdAt: '2027-01-10T08:00:00Z',
			templateId: LEASE_TEMPLATE,
			participants: [
				{ name: 'Ana', email: 'Ana@Example.com', variables: { tenant_name: 'Ana López' } },
				{ name: 'Luis', email: 'luis@example.com' },
			],
		})._id;
		ids.b = c.createContract({
			name: 'B',
			createdAt: '2027-02-10T08:00:00Z',
			status: 'SENT_TO_SIGN',
			participants: [
				{ name: 'Ana', email: 'ana@example.com' },
				{ name: 'Eve', email: 'eve@example.com' },
			],
		})._id;
		ids.c = c.createContract({
			name: 'C',
			createdAt: '2027-03-10T08:00:00Z',
			status: 'RECEIVED_SIGNED',
			templateId: NDA_TEMPLATE,
			participants: [
				{ name: 'Co', email: 'co@example.com', variables: { company_name: 'Acme' } },
				{ name: 'Bob', email: 'bob@example.com' },
			],
		})._id;
		ids.d = c.createContract({
			name: 'D',
			createdAt: '2027-03-10T08:00:00Z',
			status: 'SENT_TO_SIGN',
			externalId: 'EXT-D',
			participants: [
				{ name: 'Bob', email: 'bob@example.com' },
				{ name: 'Zed', email: 'zed@example.com' },
			],
		})._id;
		ids.e = c.createContract({
			name: 'E',
			createdAt: '2027-04-01T00:00:00Z',
			status: 'CANCELED',
			templateId: LEASE_TEMPLATE,
			participants: [
				{ name: 'Luis', email: 'luis@example.com', variables: { lessor_name: 'Luis' } },
				{
					name: 'Ana',
					email: 'ana@example.com',
					variables: { tenant_name: 'Ana López', monthly_rent: '5000' },
				},
			],
		})._id;
		c.sign(ids.b, { participantId: c.getContract(ids.b)!.participants[0]._id });
	});
	afterAll(() => h.sb.close());

	const list = (params: Record<string, string | number> = {}) =>
		h.api.get('/api/list/contracts', { params });
	const names = (res: { data: Array<{ name: string }> }) => res.data.map((x) => x.name);

	it('lists newest first (createdAt desc, then _id desc) with the documented item shape and headers', async () => {
		const res = await list();
		expect(res.status).toBe(200);
		const sameTime = [ids.c, ids.d].sort().reverse();
		expect(res.data.map((x: any) => x._id)).toEqual([ids.e, ...sameTime, ids.b, ids.a]);
		expect(res.headers['x-total-documents']).toBe('5');
		expect(res.headers['x-total-pages']).toBe('1');
		expect(res.data.find((x: any) => x._id === ids.d)).toEqual({
			createdAt: '2027-03-10T08:00:00.000Z',
			name: 'D',
			_id: ids.d,
			status: 'SENT_TO_SIGN',
			externalId: 'EXT-D',
		});
		expect(Object.keys(res.data.find((x: any) => x._id === ids.a))).toEqual([
			'createdAt',
			'name',
			'_id',
			'status',
		]);
	});

	it('pages with perPage and page; a page beyond the last is empty with the same headers', async () => {
		const p1 = await list({ perPage: 2, page: 1 });
		const p2 = await list({ perPage: 2, page: 2 });
		const p3 = await list({ perPage: 2, page: 3 });
		const p4 = await list({ perPage: 2, page: 4 });
		expect([...names(p1), ...names(p2), ...names(p3)]).toEqual(names(await list()));
		expect(p3.data).toHaveLength(1);
		expect(p4.data).toEqual([]);
		for (const p of [p1, p4]) {
			expect(p.headers['x-total-pages']).toBe('3');
			expect(p.headers['x-total-documents']).toBe('5');
		}
	});

	it.each([
		[{ statusContract: 'SENT_TO_SIGN' }, ['D', 'B']],
		[{ statusContract: 'CANCELED' }, ['E']],
		[{ emailParticipant: 'ANA@example.com' }, ['E', 'B', 'A']],
		[{ statusParticipant: 'SENT_SIGNED' }, ['C', 'B']],
		[{ emailParticipant: 'ana@example.com', statusParticipant: 'SENT_SIGNED' }, ['B']],
		[{ emailParticipant: 'eve@example.com', statusParticipant: 'SENT_SIGNED' }, []],
		// a word TRATO does not store (the sandbox's earlier names) matches nothing, as in TRATO
		[{ statusParticipant: 'SIGNED' }, []],
		[{ participantVariables: 'tenant_name|Ana López' }, ['E', 'A']],
		[{ participantVariables: 'tenant_name|Ana López;monthly_rent|5000' }, ['E']],
		[{ participantVariables: 'Razón social|Acme' }, ['C']],
		[{ templateId: LEASE_TEMPLATE }, ['E', 'A']],
		[{ templateId: 'X'.repeat(25) }, []],
		[{ dateStart: '2027-02-10T08:00:00Z', dateEnd: '2027-03-10' }, ['C/D', 'C/D', 'B']],
		[{ dateStart: '2027-03-11' }, ['E']],
		[{ dateEnd: '2027-02-10T07:59:59Z' }, ['A']],
		[{ statusContract: 'SENT_TO_SIGN', emailParticipant: 'bob@example.com' }, ['D']],
		[{ statusContract: '' }, ['E', 'C/D', 'C/D', 'B', 'A']],
	])('filters %j', async (params, expected) => {
		const res = await list(params as Record<string, string>);
		expect(res.status).toBe(200);
		const got = names(res);
		// C and D share createdAt (their order is by _id, checked above): compare them as one
		expect(
			got.map((n) => (expected.includes('C/D') && (n === 'C' || n === 'D') ? 'C/D' : n)),
		).toEqual(expected);
		expect(res.headers['x-total-documents']).toBe(String(got.length));
	});

	it.each([
		[{ perPage: 201 }, /perPage' must be at most 200/],
		[{ perPage: 0 }, /perPage/],
		[{ page: 'two' }, /page/],
		[{ statusContract: 'DONE' }, /statusContract/],
		[{ statusParticipant: 'WAITING' }, /statusParticipant/],
		[{ dateStart: '10/01/2027' }, /dateStart/],
		[{ dateStart: '2027-05-01', dateEnd: '2027-04-01' }, /after/],
		[{ participantVariables: 'novalue' }, /name\|value/],
	])('refuses %j with 400', async (params, message) => {
		const res = await list(params as Record<string, string>);
		expect(res.status).toBe(400);
		expect(res.data.success).toBe(false);
		expect(res.data.error).toMatch(message);
	});

	it('sees status changes and new contracts immediately', async () => {
		const fresh = h.sb.control.createContract({ name: 'Fresh' });
		expect(names(await list({ perPage: 1 }))).toEqual(['Fresh']);
		h.sb.control.setStatus(fresh._id, 'FINALIZED');
		expect(names(await list({ statusContract: 'FINALIZED' }))).toEqual(['Fresh']);
		expect(
			names(await list({ statusContract: 'FINALIZED', statusParticipant: 'SENT_SIGNED' })),
		).toEqual(['Fresh']);
	});

	it('deleteContract: the contract leaves every list (filtered ones too) and its id is unknown', async () => {
		const gone = h.sb.control.createContract({
			name: 'Gone',
			participants: [{ email: 'gone@example.com' }],
		});
		h.sb.control.setStatus(gone._id, 'REJECTED');
		const total = async (params: Record<string, string> = {}) =>
			Number(
				(await h.api.get('/api/list/contracts', { params: { perPage: 1, ...params } })).headers[
					'x-total-documents'
				],
			);
		const [all, rejected, byEmail] = [
			await total(),
			await total({ statusContract: 'REJECTED' }),
			await total({ emailParticipant: 'gone@example.com' }),
		];
		h.sb.control.deleteContract(gone._id);
		expect(names(await list())).not.toContain('Gone');
		expect([
			await total(),
			await total({ statusContract: 'REJECTED' }),
			await total({ emailParticipant: 'gone@example.com' }),
		]).toEqual([all - 1, rejected - 1, byEmail - 1]);
		expect(h.sb.control.getContract(gone._id)).toBeUndefined();
		expect((await h.api.get(`/api/contract/status/${gone._id}`)).status).toBe(404);
		expect(() => h.sb.control.deleteContract(gone._id)).toThrow(/does not exist/);
	});
});

describe('sandbox listing at 100,000 contracts', () => {
	let h: Harness;
	let seedMs = 0;
	beforeAll(async () => {
		h = await startHarness();
		const started = Date.now();
		const result = h.sb.control.seed(100_000, { seed: 7 });
		seedMs = Date.now() - started;
		expect(result).toMatchObject({ seeded: 100_000, total: 100_000 });
	});
	afterAll(() => h.sb.close());

	it('pages through a spread of statuses, newest first, and reports the measured figures', async () => {
		const timings: string[] = [];
		const timed = async (label: string, params: Record<string, string | number>) => {
			await h.api.get('/api/list/contracts', { params }); // warm-up
			const t = process.hrtime.bigint();
			const res = await h.api.get('/api/list/contracts', { params });
			timings.push(`${label}: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(1)} ms`);
			return res;
		};
		const first = await timed('page 1 of 200', { perPage: 200 });
		expect(first.data).toHaveLength(200);
		expect(first.headers['x-total-documents']).toBe('100000');
		expect(first.headers['x-total-pages']).toBe('500');
		const dates = first.data.map((x: any) => x.createdAt);
		expect(dates).toEqual(dates.slice().sort().reverse());
		const deep = await timed('page 400 of 200', { perPage: 200, page: 400 });
		expect(deep.data).toHaveLength(200);
		const byStatus = await timed('statusContract=SENT_TO_SIGN', {
			perPage: 200,
			statusContract: 'SENT_TO_SIGN',
		});
		const total = Number(byStatus.headers['x-total-documents']);
		expect(total).toBeGreaterThan(15_000);
		expect(total).toBeLessThan(35_000);
		expect(byStatus.data.every((x: any) => x.status === 'SENT_TO_SIGN')).toBe(true);
		const email =
			first.data[0] && h.sb.control.getContract(first.data[0]._id)!.participants[0].email;
		const byEmail = await timed('emailParticipant', { perPage: 200, emailParticipant: email });
		expect(byEmail.data.length).toBeGreaterThan(0);
		await timed('statusParticipant=SENT_SIGNED', {
			perPage: 200,
			statusParticipant: 'SENT_SIGNED',
		});
		const statuses = new Set(
			(await h.api.get('/api/list/contracts', { params: { perPage: 200, page: 3 } })).data.map(
				(x: any) => x.status,
			),
		);
		expect(statuses.size).toBeGreaterThan(5);
		console.log(
			`[sandbox figures] seed 100,000 contracts: ${seedMs} ms; list (HTTP round trip): ${timings.join('; ')}`,
		);
	});

	it('seeds deterministically for a seed number', async () => {
		const other = await startHarness();
		try {
			other.sb.control.seed(1000, { seed: 7, to: '2027-01-01T00:00:00Z' });
			const again = await startHarness();
			try {
				again.sb.control.seed(1000, { seed: 7, to: '2027-01-01T00:00:00Z' });
				const a = await other.api.get('/api/list/contracts', { params: { perPage: 50 } });
				const b = await again.api.get('/api/list/contracts', { params: { perPage: 50 } });
				expect(a.data).toEqual(b.data);
				expect(a.data[0].createdAt < '2027-01-01').toBe(true);
			} finally {
				await again.sb.close();
			}
		} finally {
			await other.sb.close();
		}
	});

	it('seeds and resets over HTTP', async () => {
		const other = await startHarness({ seed: 10 });
		try {
			expect(other.sb.control.contractCount()).toBe(10);
			const seeded = await other.raw.post(`${other.sb.baseUrl}/sandbox/seed`, {
				count: 25,
				seed: 3,
			});
			expect(seeded.data).toMatchObject({ seeded: 25, total: 35 });
			other.sb.control.createContract({ name: 'extra' });
			other.sb.control.setCredits({ shield1: 0 });
			const reset = await other.raw.post(`${other.sb.baseUrl}/sandbox/reset`);
			expect(reset.data).toEqual({ success: true, contracts: 10 });
			expect(other.sb.control.getCredits()).toEqual({ shield1: 100, shield2: 100 });
			expect((await other.raw.post(`${other.sb.baseUrl}/sandbox/seed`, { count: -1 })).status).toBe(
				400,
			);
		} finally {
			await other.sb.close();
		}
	});
});
