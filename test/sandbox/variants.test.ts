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
// Variant profiles (docs/sandbox.md "Variant profiles"): each variant changes what it says, the default does not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox';
import { parseArgs } from '../../sandbox/cliArgs';
import { type Harness, readyContract, startHarness } from './helpers';
import { LEASE_TEMPLATE } from '../../test-support/templates';

let h: Harness;
beforeAll(async () => {
	h = await startHarness({ now: () => new Date('2031-01-01T12:00:00Z') });
});
afterAll(() => h.sb.close());
afterEach(() => {
	h.sb.control.setVariants([]);
});

const use = (...variants: string[]) => h.sb.control.setVariants(variants);
const people = [
	{ name: 'Ana', email: 'ana@example.com' },
	{ name: 'Luis', email: 'luis@example.com' },
];
/** A contract made with the control API (two participants unless a template says otherwise). */
const contract = (input: Parameters<Harness['sb']['control']['createContract']>[0] = {}) =>
	h.sb.control.createContract({ participants: people, ...input });
const pids = (c: { participants: Array<{ _id: string }> }) => c.participants.map((p) => p._id);

describe('route variants (api-notes R1–R5)', () => {
	it('cancel-post-only: DELETE answers 405 Allow: POST and cancels nothing; POST cancels', async () => {
		const byDelete = contract();
		expect((await h.api.delete(`/api/contract/cancel/${byDelete._id}`)).status).toBe(200);
		use('cancel-post-only');
		const c = contract();
		const refused = await h.api.delete(`/api/contract/cancel/${c._id}`);
		expect(refused.status).toBe(405);
		expect(refused.headers.allow).toBe('POST');
		expect(refused.data).toEqual({
			success: false,
			statusCode: 405,
			error: expect.stringContaining('not allowed'),
		});
		expect(h.sb.control.getContract(c._id)!.status).toBe('');
		expect((await h.api.post(`/api/contract/cancel/${c._id}`)).data).toEqual({ success: true });
		expect(h.sb.control.getContract(c._id)!.status).toBe('CANCELED');
	});

	it('documents-post-only: GET answers 405 Allow: POST; POST reads partial from query or body', async () => {
		const signed = contract({ status: 'RECEIVED_SIGNED' });
		const half = contract({ status: 'SENT_TO_SIGN' });
		h.sb.control.sign(half._id, { participantId: pids(half)[0] });
		expect((await h.api.get(`/api/contract/documents/${signed._id}`)).status).toBe(200);
		use('documents-post-only');
		const refused = await h.api.get(`/api/contract/documents/${signed._id}`);
		expect(refused.status).toBe(405);
		expect(refused.headers.allow).toBe('POST');
		expect(refused.data.success).toBe(false);
		expect((await h.api.head(`/api/contract/documents/${signed._id}`)).status).toBe(405);
		const full = await h.api.post(`/api/contract/documents/${signed._id}`);
		expect(full.status).toBe(200);
		expect(full.data.documents.signed_contract).toMatch(/^http/);
		const url = `/api/contract/documents/${half._id}`;
		expect((await h.api.post(url)).status).toBe(409);
		expect((await h.api.post(`${url}?partial=true`)).data.participants).toHaveLength(1);
		expect((await h.api.post(url, { partial: true })).data.participants).toHaveLength(1);
	});

	it('variables-configuration-path: the variables path is an unknown route; the configuration path sets them', async () => {
		const c = contract({ templateId: LEASE_TEMPLATE, participants: undefined });
		const [lessor] = pids(c);
		const variablesPath = `/api/contract/variables/${c._id}/${lessor}`;
		expect((await h.api.post(variablesPath, { lessor_name: 'Default' })).status).toBe(200);
		use('variables-configuration-path');
		const refused = await h.api.post(variablesPath, { lessor_name: 'Nope' });
		const unknown = await h.api.post(`/api/contract/nothing/${c._id}/${lessor}`, {});
		expect(refused.status).toBe(404);
		expect(refused.data).toEqual({
			success: false,
			statusCode: 404,
			error: `No route for POST ${variablesPath}`,
		});
		expect(unknown.data.error).toBe(`No route for POST /api/contract/nothing/${c._id}/${lessor}`);
		const set = await h.api.post(`/api/contract/configuration/${c._id}/${lessor}`, {
			lessor_name: 'Variant',
		});
		expect(set.data).toEqual({ success: true });
		const read = await h.api.get(`/api/contract/variables/${c._id}`);
		expect(read.status).toBe(200);
		expect(read.data.participants[0].variables.lessor_name.value).toBe('Variant');
	});

	it('participant-update-attachments-path: POST on the participant path answers 405 Allow: GET; the attachments path updates', async () => {
		const c = contract();
		const path = `/api/contract/participant/${c._id}/${pids(c)[0]}`;
		expect((await h.api.post(path, { name: 'Ana Default' })).status).toBe(200);
		use('participant-update-attachments-path');
		const refused = await h.api.post(path, { name: 'Ana Refused' });
		expect(refused.status).toBe(405);
		expect(refused.headers.allow).toBe('GET');
		const update = await h.api.post(`/api/contract/attachments/${c._id}/${pids(c)[0]}`, {
			name: 'Ana Variant',
		});
		expect(update.data).toEqual({ success: true });
		expect((await h.api.get(path)).data.editable.name).toBe('Ana Variant');
	});

	it('sign-links-in-body: showSignLinks in the query is ignored; in the body it works', async () => {
		const send = async (query: string, body?: unknown) => {
			const c = await readyContract(h.api);
			return h.api.post(`/api/contract/send/${c.id}${query}`, body);
		};
		const byQuery = await send('?showSignLinks=true');
		expect(byQuery.data.contract.participants).toHaveLength(2);
		expect((await send('?showSignLinks=maybe')).status).toBe(400);
		use('sign-links-in-body');
		expect((await send('?showSignLinks=true')).data).toEqual({ success: true });
		expect((await send('?showSignLinks=maybe')).data).toEqual({ success: true });
		const byBody = await send('', { showSignLinks: true });
		expect(byBody.data.contract.participants[0].signUrl).toMatch(/\/sign\//);
	});

	it('route variants leave the route table (sb.routes()) as it is', () => {
		const before = h.sb.routes();
		use(
			'cancel-post-only',
			'documents-post-only',
			'variables-configuration-path',
			'participant-update-attachments-path',
		);
		expect(h.sb.routes()).toEqual(before);
	});
});

describe('response shape variants', () => {
	const lists = async () => {
		const c = contract({ name: 'Wrapped' });
		await h.api.post(`/api/contracts/${c._id}/spectators`, {
			name: 'Eve',
			email: 'eve@example.com',
		});
		return {
			contracts: await h.api.get('/api/list/contracts', { params: { perPage: 2 } }),
			templates: await h.api.get('/api/list/templates'),
			spectators: await h.api.get(`/api/contracts/${c._id}/spectators`),
		};
	};

	it('lists are bare arrays by default', async () => {
		for (const res of Object.values(await lists())) expect(Array.isArray(res.data)).toBe(true);
	});

	it.each(['data', 'items', 'results', 'docs'])(
		'wrapped-lists=%s wraps the contract and spectator lists; templates stay a bare array (TRATO)',
		async (key) => {
			use(`wrapped-lists=${key}`);
			const { contracts, templates, spectators } = await lists();
			expect(Object.keys(contracts.data)).toEqual([key]);
			expect(contracts.data[key]).toHaveLength(2);
			expect(Number(contracts.headers['x-total-documents'])).toBeGreaterThan(2);
			expect(contracts.headers['x-total-pages']).toBeDefined();
			expect(templates.data).toHaveLength(3);
			expect(spectators.data[key]).toEqual([expect.objectContaining({ email: 'eve@example.com' })]);
		},
	);

	it('wrapped-lists (no value) means data; plural names each list', async () => {
		expect(use('wrapped-lists')).toEqual(['wrapped-lists=data']);
		expect(Object.keys((await lists()).contracts.data)).toEqual(['data']);
		use('wrapped-lists=plural');
		const { contracts, templates, spectators } = await lists();
		expect(Object.keys(contracts.data)).toEqual(['contracts']);
		expect(Array.isArray(templates.data)).toBe(true);
		expect(Object.keys(spectators.data)).toEqual(['spectators']);
	});

	it.each([
		['id', ['id', 'name', 'value']],
		['propertyId', ['propertyId', 'name', 'value']],
		['propertyID', ['propertyID', 'name', 'value']],
		['none', ['name', 'value']],
	])('property-id-field=%s names the listed identifier that way', async (value, keys) => {
		const c = contract();
		const url = `/api/contracts/${c._id}/customproperties`;
		await h.api.post(url, { properties: [{ name: 'dept', value: 'sales' }] });
		const [byDefault] = (await h.api.get(url)).data.properties;
		expect(Object.keys(byDefault)).toEqual(['_id', 'name', 'value']);
		use(`property-id-field=${value}`);
		const [listed] = (await h.api.get(url)).data.properties;
		expect(Object.keys(listed)).toEqual(keys);
		if (value !== 'none') expect(listed[value]).toBe(byDefault._id);
		const put = await h.api.put(`/api/contracts/${c._id}/${byDefault._id}/customproperties`, {
			value: 'legal',
		});
		expect(put.data).toEqual({ success: true });
		const del = await h.api.delete(`/api/contracts/${c._id}/${byDefault._id}/customproperties`);
		expect(del.data).toEqual({ success: true });
		expect((await h.api.get(url)).data.properties).toEqual([]);
	});

	it('property-value-max=N: a value is kept to its first N characters, when created and when updated; the answer is success all the same', async () => {
		const c = contract();
		const url = `/api/contracts/${c._id}/customproperties`;
		const long = 'x'.repeat(120);
		use('property-value-max');
		expect((await h.api.post(url, { properties: [{ name: 'a', value: long }] })).data).toEqual({
			success: true,
		});
		const [listed] = (await h.api.get(url)).data.properties;
		expect(listed.value).toBe('x'.repeat(100));
		use('property-value-max=50');
		await h.api.put(`/api/contracts/${c._id}/${listed._id}/customproperties`, { value: long });
		expect((await h.api.get(url)).data.properties[0].value).toBe('x'.repeat(50));
	});

	it('integer-completed: milestones say 1/0 instead of true/false', async () => {
		const c = contract();
		const completed = async () =>
			(await h.api.get(`/api/contract/milestones/${c._id}`)).data.milestones.map(
				(m: { completed: unknown }) => m.completed,
			);
		expect(await completed()).toEqual([true, false, false, false]);
		use('integer-completed');
		expect(await completed()).toEqual([1, 0, 0, 0]);
	});

	describe('create-v2-error-field', () => {
		const blankEmail = () =>
			h.api.post('/api/v2/create/contract', {
				templateid: LEASE_TEMPLATE,
				participants: [{ name: 'Ana', last_name: 'López', email: '' }],
			});
		const sentence = 'Participant 1: email is empty';

		it("default: TRATO's envelope with the Part 7 name in error", async () => {
			const res = await blankEmail();
			expect(res.status).toBe(400);
			expect(res.data).toEqual({ success: false, statusCode: 400, error: 'BlankEmail' });
		});

		it.each([
			['code', { success: false, statusCode: 400, code: 'BlankEmail', message: sentence }],
			['name', { success: false, statusCode: 400, name: 'BlankEmail', message: sentence }],
			[
				'message',
				{ success: false, statusCode: 400, error: 'Validation failed', message: 'BlankEmail' },
			],
			[
				'errors',
				{
					success: false,
					statusCode: 400,
					error: 'Validation failed',
					errors: [{ code: 'BlankEmail', message: sentence }],
				},
			],
		])('=%s moves the name', async (value, expected) => {
			use(`create-v2-error-field=${value}`);
			const res = await blankEmail();
			expect(res.status).toBe(400);
			expect(res.data).toEqual(expected);
		});

		it('applies to the Part 7 errors only, not to other refusals or routes', async () => {
			use('create-v2-error-field');
			const missing = await h.api.post('/api/v2/create/contract', {
				templateid: '000000000000000000000000',
				participants: [{ name: 'Ana', last_name: 'López', email: 'ana@example.com' }],
			});
			expect(missing.status).toBe(404);
			expect(missing.data).toEqual({
				success: false,
				statusCode: 404,
				error: 'Template 000000000000000000000000 not found',
			});
			const other = await h.api.post('/api/create/contract', { source: 'template' });
			expect(other.data).toEqual({ success: false, statusCode: 400, error: expect.any(String) });
		});
	});
});

describe('participant-statuses (api-notes S2)', () => {
	const setup = () => {
		const signedOne = contract({ status: 'SENT_TO_SIGN' });
		h.sb.control.sign(signedOne._id, { participantId: pids(signedOne)[0] });
		const rejected = contract({ status: 'SENT_TO_SIGN' });
		h.sb.control.reject(rejected._id);
		return { signedOne, rejected, draft: contract() };
	};
	const status = async (c: { _id: string; participants: Array<{ _id: string }> }, i: number) =>
		(await h.api.get(`/api/contract/participant/${c._id}/${pids(c)[i]}`)).data.information.status;
	const filter = (value: string) =>
		h.api.get('/api/list/contracts', { params: { statusParticipant: value, perPage: 200 } });
	const listed = async (value: string) =>
		(await filter(value)).data.map((x: { _id: string }) => x._id);

	it("default: TRATO's RECEIVED_TO_SIGN and SENT_SIGNED (with PENDING, REJECTED); the earlier names match nothing, others are refused", async () => {
		const { signedOne, rejected, draft } = setup();
		expect([await status(signedOne, 0), await status(signedOne, 1)]).toEqual([
			'SENT_SIGNED',
			'RECEIVED_TO_SIGN',
		]);
		expect([await status(rejected, 0), await status(draft, 0)]).toEqual(['REJECTED', 'PENDING']);
		expect(await listed('SENT_SIGNED')).toContain(signedOne._id);
		expect(await listed('RECEIVED_TO_SIGN')).toContain(signedOne._id);
		const old = await filter('SIGNED');
		expect([old.status, old.data, old.headers['x-total-documents']]).toEqual([200, [], '0']);
		expect((await filter('COMPLETED')).status).toBe(400);
		expect(h.sb.control.getContract(signedOne._id)!.participants[0].status).toBe('SENT_SIGNED');
		// the control API takes TRATO's names and the stored ones
		const made = contract({
			status: 'SENT_TO_SIGN',
			participants: [
				{ ...people[0], status: 'SENT_SIGNED' },
				{ ...people[1], status: 'SIGNED' },
			],
		});
		expect(made.participants.map((p) => p.status)).toEqual(['SENT_SIGNED', 'SENT_SIGNED']);
	});

	it('participant-statuses=earlier: PENDING, SENT, SIGNED, REJECTED (what the sandbox answered before)', async () => {
		const { signedOne, rejected, draft } = setup();
		use('participant-statuses=earlier');
		expect([await status(signedOne, 0), await status(signedOne, 1)]).toEqual(['SIGNED', 'SENT']);
		expect([await status(rejected, 0), await status(draft, 0)]).toEqual(['REJECTED', 'PENDING']);
		expect(await listed('SIGNED')).toContain(signedOne._id);
		const trato = await filter('SENT_SIGNED');
		expect([trato.status, trato.data]).toEqual([200, []]);
		expect(h.sb.control.getContract(signedOne._id)!.participants[0].status).toBe('SIGNED');
	});

	it('variant: WAITING, NOTIFIED, COMPLETED, DECLINED in 4.7, the filter and control answers', async () => {
		const { signedOne, rejected, draft } = setup();
		use('participant-statuses');
		expect([await status(signedOne, 0), await status(signedOne, 1)]).toEqual([
			'COMPLETED',
			'NOTIFIED',
		]);
		expect([await status(rejected, 0), await status(draft, 0)]).toEqual(['DECLINED', 'WAITING']);
		expect(await listed('COMPLETED')).toContain(signedOne._id);
		expect(await listed('DECLINED')).toContain(rejected._id);
		expect(await listed('WAITING')).toContain(draft._id);
		expect(await listed('NOTIFIED')).not.toContain(draft._id);
		for (const word of ['SIGNED', 'SENT_SIGNED']) {
			const old = await filter(word);
			expect([old.status, old.data, old.headers['x-total-documents']]).toEqual([200, [], '0']);
		}
		const bad = await filter('FINISHED');
		expect(bad.status).toBe(400);
		expect(bad.data.error).toContain('WAITING, NOTIFIED, COMPLETED, DECLINED');
		expect(h.sb.control.getContract(signedOne._id)!.participants.map((p) => p.status)).toEqual([
			'COMPLETED',
			'NOTIFIED',
		]);
		const viaHttp = await h.raw.get(`${h.sb.baseUrl}/sandbox/contracts/${draft._id}`);
		expect(viaHttp.data.participants[0].status).toBe('WAITING');
		const signedAll = h.sb.control.sign(signedOne._id);
		expect(signedAll.participants.map((p) => p.status)).toEqual(['COMPLETED', 'COMPLETED']);
		const made = contract({
			status: 'SENT_TO_SIGN',
			participants: [{ ...people[0], status: 'COMPLETED' }, people[1]],
		});
		expect(made.participants.map((p) => p.status)).toEqual(['COMPLETED', 'NOTIFIED']);
		expect(await status(made, 0)).toBe('COMPLETED');
	});
});

describe('listing order, bounds and timestamps (api-notes S4, S5)', () => {
	// A 2030 range no other test uses: 12 distinct instants, then five contracts sharing one instant.
	const RANGE = { dateStart: '2030-01-01', dateEnd: '2030-12-31' };
	const TIE = '2030-06-15T12:00:00.000Z';
	const FRACTION = '2030-03-01T08:00:00.250Z';
	const at = (i: number) => `2030-01-${String(10 + i).padStart(2, '0')}T09:30:00.000Z`;
	const ids: Record<string, string> = {};
	beforeAll(() => {
		for (let i = 0; i < 12; i++) ids[`d${i}`] = contract({ name: `d${i}`, createdAt: at(i) })._id;
		for (let i = 0; i < 5; i++) ids[`t${i}`] = contract({ name: `t${i}`, createdAt: TIE })._id;
		ids.f = contract({ name: 'f', createdAt: FRACTION })._id;
		ids.g = contract({ name: 'g', createdAt: '2030-03-01T08:00:00.750Z' })._id;
	});

	type Item = { _id: string; createdAt: string; name: string };
	const list = async (params: Record<string, unknown> = {}): Promise<Item[]> => {
		const res = await h.api.get('/api/list/contracts', {
			params: { ...RANGE, perPage: 200, ...params },
		});
		expect(res.status).toBe(200);
		return res.data;
	};
	const names = async (params: Record<string, unknown> = {}) =>
		(await list(params)).map((c) => c.name);
	const ms = (items: Item[]) => items.map((c) => Date.parse(c.createdAt));
	const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
	const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
	const ties = (items: Item[]) => items.filter((c) => c.name.startsWith('t')).map((c) => c.name);
	/** Every order seen over n requests (as joined name lists). */
	const orders = async (
		n: number,
		pick: (items: Item[]) => string[] = (x) => x.map((c) => c.name),
	) => {
		const seen = new Set<string>();
		for (let i = 0; i < n; i++) seen.add(pick(await list()).join());
		return seen;
	};
	/** Pages of 4 joined in order. */
	const paged = async () => {
		const out: string[] = [];
		for (let page = 1; page <= 5; page++) out.push(...(await names({ perPage: 4, page })));
		return out;
	};

	it('default: newest first (createdAt, then _id, descending), the same on every request', async () => {
		const items = await list();
		expect(items).toHaveLength(19);
		expect(descending(ms(items))).toBe(true);
		expect(ties(items)).toEqual(['t4', 't3', 't2', 't1', 't0']);
		expect((await orders(5)).size).toBe(1);
		expect(await paged()).toEqual(items.map((c) => c.name));
	});

	it('oldest-first: createdAt then _id ascending, stable, pages follow it', async () => {
		const newest = await names();
		use('oldest-first');
		const items = await list();
		expect(items.map((c) => c.name)).toEqual(newest.slice().reverse());
		expect(ascending(ms(items))).toBe(true);
		expect(ties(items)).toEqual(['t0', 't1', 't2', 't3', 't4']);
		expect(await paged()).toEqual(items.map((c) => c.name));
	});

	it('unordered: an order unrelated to createdAt, the same on every request', async () => {
		const newest = await names();
		use('unordered');
		const items = await list();
		expect(items.map((c) => c.name).sort()).toEqual(newest.slice().sort());
		expect(ascending(ms(items))).toBe(false);
		expect(descending(ms(items))).toBe(false);
		expect((await orders(5)).size).toBe(1);
		expect(await paged()).toEqual(items.map((c) => c.name));
	});

	it('unstable-ties: a contract tie comes in a new order per request; distinct instants keep theirs', async () => {
		use('unstable-ties');
		const tieOrders = await orders(20, ties);
		expect(tieOrders.size).toBeGreaterThan(1);
		const others = await orders(5, (items) =>
			items.map((c) => (c.name.startsWith('t') ? 't' : c.name)),
		);
		expect(others.size).toBe(1);
		expect(descending(ms(await list()))).toBe(true);
	});

	it('exclusive-bounds: createdAt > dateStart and < dateEnd (contracts and templates)', async () => {
		const exact = { dateStart: at(0), dateEnd: at(11) };
		const one = { dateStart: TIE, dateEnd: TIE };
		const templates = () =>
			h.api.get('/api/list/templates', {
				params: { dateStart: '2025-01-15T10:00:00.000Z', dateEnd: '2025-06-20T09:15:00.000Z' },
			});
		expect(await names(exact)).toEqual(expect.arrayContaining(['d0', 'd11']));
		expect(await names(one)).toHaveLength(5);
		expect((await templates()).data).toHaveLength(3);
		use('exclusive-bounds');
		const inside = await names(exact);
		expect(inside).not.toContain('d0');
		expect(inside).not.toContain('d11');
		expect(inside).toContain('d1');
		expect(await names(one)).toEqual([]);
		expect((await templates()).data.map((t: { name: string }) => t.name)).toEqual([
			'Acuerdo de confidencialidad (NDA)',
		]);
	});

	it('second-precision: createdAt without fractions in the list, 4.3 and templates; ms still order and filter', async () => {
		const fraction = { dateStart: '2030-03-01T08:00:00.500Z', dateEnd: '2030-03-01T08:00:01Z' };
		const shown = async () => (await list()).find((c) => c.name === 'f')!.createdAt;
		const status = async () => (await h.api.get(`/api/contract/status/${ids.f}`)).data.createdAt;
		const template = async () => (await h.api.get('/api/list/templates')).data[2].createdAt;
		expect([await shown(), await status(), await template()]).toEqual([
			FRACTION,
			FRACTION,
			'2025-01-15T10:00:00.000Z',
		]);
		use('second-precision');
		expect([await shown(), await status(), await template()]).toEqual([
			'2030-03-01T08:00:00Z',
			'2030-03-01T08:00:00Z',
			'2025-01-15T10:00:00Z',
		]);
		expect(await names(fraction)).toEqual(['g']);
		const sameSecond = (await list()).filter((c) => c.name === 'f' || c.name === 'g');
		expect(sameSecond.map((c) => [c.name, c.createdAt])).toEqual([
			['g', '2030-03-01T08:00:00Z'],
			['f', '2030-03-01T08:00:00Z'],
		]);
	});

	it('page-cap: fewer contracts per page than asked, pages counted in that size, the total unchanged', async () => {
		const all = await names();
		use('page-cap=4');
		const res = await h.api.get('/api/list/contracts', { params: { ...RANGE, perPage: 200 } });
		expect(res.data.map((c: Item) => c.name)).toEqual(all.slice(0, 4));
		expect(res.headers['x-total-documents']).toBe(String(all.length));
		expect(res.headers['x-total-pages']).toBe(String(Math.ceil(all.length / 4)));
		expect(await names({ page: 2, perPage: 200 })).toEqual(all.slice(4, 8));
		expect(await names({ page: 2, perPage: 3 })).toEqual(all.slice(3, 6));
		expect(use('page-cap')).toEqual(['page-cap=50']);
	});

	it('seedRandom: the same seed gives the same tie orders (and ids), no seed random ones', async () => {
		use('unstable-ties');
		const run = async (seed?: number) => {
			h.sb.control.seedRandom(seed);
			const seen: string[] = [];
			for (let i = 0; i < 5; i++) seen.push(ties(await list()).join());
			return seen.join('|');
		};
		expect(await run(7)).toBe(await run(7));
		expect(await run(7)).not.toBe(await run(8));
		h.sb.control.seedRandom(11);
		const first = h.sb.control.createContract({ name: 'seeded' })._id;
		h.sb.control.deleteContract(first);
		h.sb.control.seedRandom(11);
		expect(h.sb.control.createContract({ name: 'seeded' })._id).toBe(first);
		h.sb.control.seedRandom(undefined);
	});

	it("date-only-bounds: only the date part of the bounds counts, like setListDatePrecision('day')", async () => {
		const bounds = { dateStart: '2030-01-10T12:00:00Z', dateEnd: '2030-01-11T00:00:00Z' };
		expect(await names(bounds)).toEqual([]);
		use('date-only-bounds');
		expect(await names(bounds)).toEqual(['d1', 'd0']);
		use();
		h.sb.control.setListDatePrecision('day');
		expect(await names(bounds)).toEqual(['d1', 'd0']);
		h.sb.control.setListDatePrecision('ms');
		expect(await names(bounds)).toEqual([]);
	});

	it('combine: oldest-first + second-precision + exclusive-bounds + unstable-ties', async () => {
		expect(use('unstable-ties', 'exclusive-bounds', 'second-precision', 'oldest-first')).toEqual([
			'oldest-first',
			'exclusive-bounds',
			'second-precision',
			'unstable-ties',
		]);
		const bounds = { dateStart: at(0), dateEnd: TIE };
		const items = await list(bounds);
		expect(items.map((c) => c.name)).toEqual([
			'd1',
			'd2',
			'd3',
			'd4',
			'd5',
			'd6',
			'd7',
			'd8',
			'd9',
			'd10',
			'd11',
			'f',
			'g',
		]);
		expect(items.every((c) => /:\d\dZ$/.test(c.createdAt))).toBe(true);
		expect(ascending(ms(items))).toBe(true);
		const wide = { dateStart: at(0), dateEnd: '2030-06-15T12:00:00.001Z' };
		const seen = new Set<string>();
		for (let i = 0; i < 20; i++) seen.add(ties(await list(wide)).join());
		expect(seen.size).toBeGreaterThan(1);
	});

	it('combine with shape variants: wrapped, oldest first, renamed statuses', async () => {
		use('wrapped-lists=items', 'oldest-first', 'participant-statuses');
		const res = await h.api.get('/api/list/contracts', {
			params: { ...RANGE, statusParticipant: 'WAITING', perPage: 3 },
		});
		expect(res.data.items.map((c: Item) => c.name)).toEqual(['d0', 'd1', 'd2']);
		expect(res.headers['x-total-documents']).toBe('19');
	});
});

describe('what a conformance check may find (issue 34)', () => {
	// A 2032 range no other test uses: five contracts, one per day.
	const RANGE = { dateStart: '2032-01-01', dateEnd: '2032-12-31' };
	beforeAll(() => {
		for (let i = 0; i < 5; i++)
			contract({ name: `p${i}`, createdAt: `2032-02-0${i + 1}T10:00:00.000Z` });
	});
	const page = (n: number) =>
		h.api.get('/api/list/contracts', { params: { ...RANGE, perPage: 2, page: n } });
	const names = (res: { data: Array<{ name: string }> }) => res.data.map((c) => c.name);

	it('list-ignores-page: every page answers the first one, the totals stay true', async () => {
		expect(names(await page(2))).toEqual(['p2', 'p1']);
		use('list-ignores-page');
		for (const n of [1, 2, 3, 9]) {
			const res = await page(n);
			expect(names(res)).toEqual(['p4', 'p3']);
			expect(res.headers['x-total-pages']).toBe('3');
			expect(res.headers['x-total-documents']).toBe('5');
		}
	});

	it('no-total-headers: the list answers without X-Total-Pages and X-Total-Documents, pages as usual', async () => {
		use('no-total-headers');
		const res = await page(3);
		expect(names(res)).toEqual(['p0']);
		expect(res.headers['x-total-pages']).toBeUndefined();
		expect(res.headers['x-total-documents']).toBeUndefined();
	});

	it('refusal-200: a refusal of a route (auth, unknown id, bad input) is HTTP 200 with the same envelope; routing keeps 404/405', async () => {
		const unknown = '0123456789abcdef01234567';
		const before = await h.api.get(`/api/contract/status/${unknown}`);
		expect(before.status).toBe(404);
		use('refusal-200');
		const after = await h.api.get(`/api/contract/status/${unknown}`);
		expect(after.status).toBe(200);
		expect(after.data).toEqual(before.data);
		expect(after.data).toMatchObject({ success: false, statusCode: 404 });
		const key = await h.raw.get(`${h.sb.baseUrl}/api/authentication`, {
			headers: { apikey: 'wrong-key' },
		});
		expect(key.status).toBe(200);
		expect(key.headers['www-authenticate']).toBeUndefined();
		expect(key.data).toEqual({ success: false, statusCode: 401, error: 'Invalid API key' });
		const login = await h.raw.post(`${h.sb.baseUrl}/api/authentication/token`, {
			email: h.sb.account.email,
			password: 'not-the-password',
		});
		expect(login.status).toBe(200);
		expect(login.data).toMatchObject({ success: false, statusCode: 401 });
		expect((await h.api.get('/api/nowhere')).status).toBe(404);
		expect((await h.api.put('/api/list/contracts')).status).toBe(405);
	});

	it('login-success-string: the login answers "success" as the text "true" (or "false")', async () => {
		use('login-success-string');
		const good = await h.raw.post(`${h.sb.baseUrl}/api/authentication/token`, {
			email: h.sb.account.email,
			password: h.sb.account.password,
		});
		expect(good.status).toBe(200);
		expect(good.data).toEqual({ success: 'true', jwt: expect.any(String), ttl: 300, error: '' });
		const bad = await h.raw.post(`${h.sb.baseUrl}/api/authentication/token`, {
			email: h.sb.account.email,
			password: 'not-the-password',
		});
		expect(bad.status).toBe(401);
		expect(bad.data.success).toBe('false');
	});

	it('participant-without-id: the participant record (4.7) carries no participantid, the rest as before', async () => {
		const c = contract();
		const path = `/api/contract/participant/${c._id}/${pids(c)[0]}`;
		const before = (await h.api.get(path)).data;
		expect(before.participantid).toBe(pids(c)[0]);
		use('participant-without-id');
		const after = (await h.api.get(path)).data;
		const { participantid: _dropped, ...rest } = before;
		expect(after).toEqual(rest);
	});
});

describe('what the conformance check asks about external IDs, templates and custom properties (issue 40)', () => {
	// A 2033 range no other test uses: one contract of each of two templates, one with an external ID.
	const RANGE = { dateStart: '2033-01-01', dateEnd: '2033-12-31' };
	const ids: Record<string, string> = {};
	const OTHER = '68552694e6a8c3b5d1f42c33';
	beforeAll(() => {
		ids.lease = contract({
			templateId: LEASE_TEMPLATE,
			externalId: 'crm-2033',
			createdAt: '2033-03-03T10:00:00.000Z',
		})._id;
		ids.other = contract({ templateId: OTHER, createdAt: '2033-03-04T10:00:00.000Z' })._id;
	});
	const list = (params: Record<string, string> = {}) =>
		h.api.get('/api/list/contracts', { params: { ...RANGE, ...params } });

	it('list-without-external-id: list items carry no externalId; the status record still does', async () => {
		const item = () => list().then((res) => res.data.find((c: any) => c._id === ids.lease));
		expect((await item()).externalId).toBe('crm-2033');
		use('list-without-external-id');
		expect(Object.keys(await item()).sort()).toEqual(['_id', 'createdAt', 'name', 'status']);
		expect((await h.api.get(`/api/contract/status/${ids.lease}`)).data.externalId).toBe('crm-2033');
	});

	it('template-filter-ignored: templateId is read and dropped, the list holds every template', async () => {
		const of = async (templateId: string) =>
			(await list({ templateId })).data.map((c: any) => c._id).sort();
		expect(await of(LEASE_TEMPLATE)).toEqual([ids.lease]);
		expect(await of('ffffffffffffffffffffffff')).toEqual([]);
		use('template-filter-ignored');
		const every = [ids.lease, ids.other].sort();
		expect(await of(LEASE_TEMPLATE)).toEqual(every);
		expect(await of('ffffffffffffffffffffffff')).toEqual(every);
		expect((await list({ templateId: LEASE_TEMPLATE })).headers['x-total-documents']).toBe('2');
	});

	it('property-id-lowercase: the listing names each property id propertyid; it contradicts property-id-field', async () => {
		const path = `/api/contracts/${ids.lease}/customproperties`;
		await h.api.post(path, { properties: [{ name: 'ref', value: 'x'.repeat(200) }] });
		const [before] = (await h.api.get(path)).data.properties;
		use('property-id-lowercase');
		const [after] = (await h.api.get(path)).data.properties;
		expect(after).toEqual({ propertyid: before._id, name: 'ref', value: 'x'.repeat(200) });
		expect(
			(await h.api.delete(`/api/contracts/${ids.lease}/${before._id}/customproperties`)).status,
		).toBe(200);
		expect(() => use('property-id-lowercase', 'property-id-field=id')).toThrow(/contradict/);
	});
});

describe('profiles from a real account (npm run check:trato; sandbox/profile.ts)', () => {
	const profile = (sandbox: unknown) => ({
		kind: 'n8n-nodes-trato/trato-profile',
		version: 1,
		sandbox,
	});

	it('startSandbox({ profile }) answers with its variants and token ttl; reset() keeps them', async () => {
		const sb = await startSandbox({
			port: 0,
			profile: profile({
				variants: ['no-total-headers', 'login-success-string'],
				tokenTtlSeconds: 120,
			}),
			variants: ['integer-completed'],
		});
		try {
			expect(sb.control.variants()).toEqual([
				'integer-completed',
				'no-total-headers',
				'login-success-string',
			]);
			sb.control.setVariants([]);
			sb.control.reset();
			expect(sb.control.variants()).toHaveLength(3);
			const login = await h.raw.post(`${sb.baseUrl}/api/authentication/token`, sb.account);
			expect(login.data).toMatchObject({ success: 'true', ttl: 120 });
		} finally {
			await sb.close();
		}
	});

	it.each([
		[{ version: 1, sandbox: { variants: [] } }, /"kind": "n8n-nodes-trato\/trato-profile"/],
		[{ ...profile({ variants: [] }), version: 2 }, /version 2 is not known/],
		[{ kind: 'n8n-nodes-trato/trato-profile', version: 1 }, /no "sandbox" object/],
		[profile({ variants: ['nope'] }), /Unknown variant 'nope'/],
		[profile({ variants: [], tokenTtlSeconds: 0 }), /tokenTtlSeconds/],
	])('refuses %j with a sentence', async (given, message) => {
		await expect(startSandbox({ port: 0, profile: given })).rejects.toThrow(message);
	});

	it('CLI --profile <file> (and TRATO_SANDBOX_PROFILE) reads the file; a wrong one names the file', () => {
		const dir = mkdtempSync(join(tmpdir(), 'trato-profile-'));
		try {
			const file = join(dir, 'staging.json');
			writeFileSync(file, JSON.stringify(profile({ variants: ['refusal-200'] })));
			expect(parseArgs(['--profile', file], {}).profile).toEqual(
				profile({ variants: ['refusal-200'] }),
			);
			expect(parseArgs([], { TRATO_SANDBOX_PROFILE: file }).profile).toEqual(
				profile({ variants: ['refusal-200'] }),
			);
			const wrong = join(dir, 'wrong.json');
			writeFileSync(wrong, '{"kind": "something else"}');
			expect(() => parseArgs(['--profile', wrong], {})).toThrow(
				new RegExp(`--profile ${wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: A profile is`),
			);
			expect(() => parseArgs(['--profile', join(dir, 'missing.json')], {})).toThrow(/ENOENT/);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('switching variants', () => {
	it('setVariants replaces the set and answers it canonically; variants() reads it', () => {
		expect(h.sb.control.variants()).toEqual([]);
		expect(use('oldest-first', 'property-id-field=propertyId', 'oldest-first')).toEqual([
			'property-id-field=propertyId',
			'oldest-first',
		]);
		expect(use('second-precision')).toEqual(['second-precision']);
		expect(h.sb.control.variants()).toEqual(['second-precision']);
	});

	it.each([
		[
			['nope'],
			/Unknown variant 'nope'; known: cancel-post-only, .*wrapped-lists\[=data\|items\|results\|docs\|plural\]/,
		],
		[['wrapped-lists=rows'], /allowed: data, items, results, docs, plural/],
		[['oldest-first=yes'], /takes no value/],
		[['wrapped-lists=items', 'wrapped-lists=docs'], /twice/],
		[['oldest-first', 'unordered'], /contradict/],
		['oldest-first', /array of strings/],
	])('refuses %j and keeps the previous set', (list, message) => {
		use('integer-completed');
		expect(() => h.sb.control.setVariants(list as string[])).toThrow(message);
		expect(h.sb.control.variants()).toEqual(['integer-completed']);
	});

	it('HTTP: POST /sandbox/variants sets, GET /sandbox/health and /sandbox/variants show, 400 on unknown', async () => {
		const base = h.sb.baseUrl;
		expect((await h.raw.get(`${base}/sandbox/health`)).data.variants).toEqual([]);
		const set = await h.raw.post(`${base}/sandbox/variants`, {
			variants: ['oldest-first', 'wrapped-lists=plural'],
		});
		expect(set.data).toEqual({ variants: ['wrapped-lists=plural', 'oldest-first'] });
		expect((await h.raw.get(`${base}/sandbox/health`)).data.variants).toEqual(set.data.variants);
		const shown = (await h.raw.get(`${base}/sandbox/variants`)).data;
		expect(shown.variants).toEqual(set.data.variants);
		expect(shown.known).toHaveLength(33);
		const bad = await h.raw.post(`${base}/sandbox/variants`, { variants: ['newest-last'] });
		expect(bad.status).toBe(400);
		expect(bad.data).toEqual({
			success: false,
			statusCode: 400,
			error: expect.stringMatching(/Unknown variant 'newest-last'; known: .*oldest-first/),
		});
		expect(h.sb.control.variants()).toEqual(set.data.variants);
		expect((await h.raw.post(`${base}/sandbox/variants`, {})).status).toBe(400);
		expect((await h.raw.post(`${base}/sandbox/variants`, { variants: [] })).data.variants).toEqual(
			[],
		);
	});

	it('startSandbox takes variants; reset() restores them; an unknown one refuses to start', async () => {
		const sb = await startSandbox({ port: 0, variants: ['integer-completed', 'cancel-post-only'] });
		try {
			expect(sb.control.variants()).toEqual(['cancel-post-only', 'integer-completed']);
			sb.control.setVariants([]);
			sb.control.reset();
			expect(sb.control.variants()).toEqual(['cancel-post-only', 'integer-completed']);
			const c = sb.control.createContract();
			const res = await h.raw.get(`${sb.baseUrl}/api/contract/milestones/${c._id}`, {
				headers: { apikey: sb.apiKey },
			});
			expect(res.data.milestones[0].completed).toBe(1);
		} finally {
			await sb.close();
		}
		await expect(startSandbox({ port: 0, variants: ['nope'] })).rejects.toThrow(
			/Unknown variant 'nope'/,
		);
		h.sb.control.setVariants(['oldest-first']);
		h.sb.control.reset();
		expect(h.sb.control.variants()).toEqual([]);
	});
});

describe('CLI --variant (sandbox/cliArgs.ts; cli.test.ts starts one)', () => {
	it('is repeatable, takes name=value in both spellings, and wins over TRATO_SANDBOX_VARIANTS', () => {
		const argv = [
			'--variant',
			'oldest-first',
			'--variant=wrapped-lists=items',
			'--variant',
			'property-id-field',
		];
		expect(parseArgs(argv, {}).variants).toEqual([
			'oldest-first',
			'wrapped-lists=items',
			'property-id-field',
		]);
		const env = { TRATO_SANDBOX_VARIANTS: 'second-precision, exclusive-bounds,' };
		expect(parseArgs([], env).variants).toEqual(['second-precision', 'exclusive-bounds']);
		expect(parseArgs(['--variant', 'unordered'], env).variants).toEqual(['unordered']);
		expect(parseArgs([], {}).variants).toBeUndefined();
	});

	it('refuses an unknown name or value, or a missing one, before starting', () => {
		expect(() => parseArgs(['--variant', 'nope'], {})).toThrow(/Unknown variant 'nope'; known: /);
		expect(() => parseArgs([], { TRATO_SANDBOX_VARIANTS: 'property-id-field=_id' })).toThrow(
			/allowed: id, propertyId, propertyID, none/,
		);
		expect(() => parseArgs(['--variant'], {})).toThrow(/--variant needs a name/);
	});
});
