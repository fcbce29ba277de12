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
 * The sandbox answers as TRATO documents (trato-notes "Error answers"): its envelope {success:false, statusCode,
 * error} and the exact texts of TRATO's error page, the two contract-id texts on every {contractID} path.
 */
import { type Harness, startHarness } from './helpers';
import { LEASE_TEMPLATE } from '../../test-support/templates';
import { makePdf } from '../../test-support/files';

const UNKNOWN = '0123456789abcdef01234567';
const unknownText = (id: string) =>
	`The contract ${id} does not exist on the database or is not associated to your account`;
const MALFORMED = 'Contract ID is required in order to process this request.';

describe("sandbox: TRATO's error envelope and texts", () => {
	let h: Harness;
	let pdf64: string;
	beforeAll(async () => {
		h = await startHarness();
		pdf64 = (await makePdf('texts')).toString('base64');
	});
	afterAll(() => h.sb.close());

	/** Every API route with a {contractID} in its path, each method, other ids filled with 24 zeros. */
	const contractRoutes = () =>
		h.sb
			.routes()
			.filter((r) => r.pattern.startsWith('/api/') && r.pattern.includes(':contractId'))
			.flatMap((r) =>
				r.methods.map((method) => ({
					method,
					path: (id: string) =>
						r.pattern.replace(':contractId', id).replace(/:\w+/g, '000000000000000000000000'),
				})),
			);

	test('every {contractID} path answers the two contract-id texts of TRATO', async () => {
		const routes = contractRoutes();
		expect(routes.length).toBeGreaterThanOrEqual(25);
		const seen: string[] = [];
		for (const { method, path } of routes) {
			const body = method === 'GET' || method === 'DELETE' ? undefined : {};
			const unknown = await h.api.request({ method, url: path(UNKNOWN), data: body });
			expect({ route: `${method} ${path(':id')}`, data: unknown.data }).toEqual({
				route: `${method} ${path(':id')}`,
				data: { success: false, statusCode: unknown.status, error: unknownText(UNKNOWN) },
			});
			const malformed = await h.api.request({ method, url: path('not-an-id'), data: body });
			expect(malformed.status).toBe(400);
			expect(malformed.data).toEqual({ success: false, statusCode: 400, error: MALFORMED });
			seen.push(`${method} ${path(':id')} ${unknown.status}`);
		}
		// the HTTP status of "does not exist" is not documented; the sandbox says 404, in the body too
		expect(new Set(seen.map((s) => s.split(' ').pop()))).toEqual(new Set(['404']));
	});

	test.each([
		[
			'no source',
			{ templateid: LEASE_TEMPLATE },
			'Source parameter is required to create a new contract.',
		],
		[
			'a template source without templateid',
			{ source: 'template' },
			'Template ID is required to create a new contract when the source is a template or document.',
		],
		[
			'a document source without templateid',
			() => ({ source: 'document', document: { type: 'pdf', data: pdf64 } }),
			'Template ID is required to create a new contract when the source is a template or document.',
		],
		[
			'a document without its type',
			() => ({ source: 'document', templateid: LEASE_TEMPLATE, document: { data: pdf64 } }),
			"Document Type is required when the contract's source is a document.",
		],
		[
			'a document without its data',
			{ source: 'document', templateid: LEASE_TEMPLATE, document: { type: 'pdf' } },
			"Document Data -Base64 String- is required when the contract's source is a document.",
		],
	])("create contract with %s: TRATO's text", async (_name, body, text) => {
		const before = h.sb.control.contractCount();
		const res = await h.api.post(
			'/api/create/contract',
			typeof body === 'function' ? body() : body,
		);
		expect(res.status).toBe(400);
		expect(res.data).toEqual({ success: false, statusCode: 400, error: text });
		expect(h.sb.control.contractCount()).toBe(before);
	});

	test('a document with its template ID is created (from the document; the template must exist)', async () => {
		const ok = await h.api.post('/api/create/contract', {
			source: 'document',
			templateid: LEASE_TEMPLATE,
			document: { type: 'pdf', data: pdf64 },
		});
		expect(ok.data).toEqual({ success: true, contractid: expect.stringMatching(/^[0-9a-f]{24}$/) });
		const c = h.sb.control.getContract(ok.data.contractid)!;
		expect(c.source).toBe('document');
		expect(c.participants.map((p) => p.label)).toEqual(['Signer 1', 'Signer 2']);
		const unknown = await h.api.post('/api/create/contract', {
			source: 'document',
			templateid: UNKNOWN,
			document: { type: 'pdf', data: pdf64 },
		});
		expect(unknown.status).toBe(404);
		expect(unknown.data).toEqual({
			success: false,
			statusCode: 404,
			error: `Template ${UNKNOWN} not found`,
		});
	});

	test('templates are listed as a bare array with 24-hex string ids; any id filters without a length check', async () => {
		const list = await h.api.get('/api/list/templates');
		expect(Array.isArray(list.data)).toBe(true);
		for (const t of list.data) {
			expect(Object.keys(t).sort()).toEqual(['createdAt', 'name', 'templateId']);
			expect(t.templateId).toMatch(/^[0-9a-f]{24}$/);
		}
		const filtered = await h.api.get('/api/list/contracts', {
			params: { templateId: 'T1lease0a7f3c9e1b5d82c4e6' },
		});
		expect(filtered.status).toBe(200);
		expect(filtered.data).toEqual([]);
	});

	test('other refusals, route and method errors, and injected faults use the same envelope', async () => {
		const noRoute = await h.api.get('/api/nothing/here');
		expect(noRoute.data).toEqual({
			success: false,
			statusCode: 404,
			error: 'No route for GET /api/nothing/here',
		});
		const method = await h.api.put('/api/list/contracts');
		expect(method.data).toMatchObject({ success: false, statusCode: 405 });
		const auth = await h.raw.get(`${h.sb.baseUrl}/api/list/contracts`);
		expect(auth.data).toMatchObject({ success: false, statusCode: 401 });
		h.sb.control.addFault({ path: '/api/list/templates', status: 503 });
		const fault = await h.api.get('/api/list/templates');
		expect(fault.data).toEqual({
			success: false,
			statusCode: 503,
			error: 'Injected fault: HTTP 503',
		});
	});
});
