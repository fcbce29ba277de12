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
import { type Harness, rawRequest, sentContract, startHarness } from './helpers';

// Every route, fed malformed input: the sandbox answers 4xx JSON, never a 500.
describe('sandbox robustness: bad input never gives a 500', () => {
	let h: Harness;
	let routes: Array<[string, string]>;
	beforeAll(async () => {
		h = await startHarness();
		const c = await sentContract(h.api);
		const p = c.participants[0];
		const id = c.id;
		routes = [
			['GET', '/api/authentication'],
			['POST', '/api/create/contract'],
			['POST', '/api/v2/create/contract'],
			['GET', `/api/contract/status/${id}`],
			['POST', `/api/contract/configuration/${id}`],
			['GET', `/api/contract/variables/${id}`],
			['POST', `/api/contract/variables/${id}/${p}`],
			['POST', `/api/contract/configuration/${id}/${p}`],
			['GET', `/api/contract/participant/${id}/${p}`],
			['POST', `/api/contract/participant/${id}/${p}`],
			['POST', `/api/contract/attachments/${id}/${p}`],
			['POST', `/api/contract/send/${id}`],
			['GET', `/api/contract/documents/${id}`],
			['POST', `/api/contracts/${id}/confidential-attachments`],
			['DELETE', `/api/contracts/${id}/confidential-attachments/zz`],
			['GET', '/api/list/contracts'],
			['GET', `/api/contract/pending/${id}`],
			['POST', `/api/contract/archive/${id}`],
			['DELETE', `/api/contract/cancel/${id}`],
			['POST', `/api/contract/finalize/${id}`],
			['POST', `/api/contracts/${id}/validate/nom151`],
			['POST', `/api/contracts/${id}/customproperties`],
			['GET', `/api/contracts/${id}/customproperties`],
			['PUT', `/api/contracts/${id}/abc/customproperties`],
			['DELETE', `/api/contracts/${id}/abc/customproperties`],
			['GET', `/api/contracts/${id}/spectators`],
			['POST', `/api/contracts/${id}/spectators`],
			['PUT', `/api/contracts/${id}/spectators/abc`],
			['DELETE', `/api/contracts/${id}/spectators/abc`],
			['POST', '/api/sign-url/renew'],
			['POST', `/api/contracts/${id}/participants/${p}/change-email`],
			['POST', `/api/contracts/${id}/package`],
			['POST', `/api/contracts/${id}/stamp-shield2-certificate`],
			['GET', '/api/list/templates'],
			['GET', `/api/contract/milestones/${id}`],
			['GET', '/uploads/%E0%A4%A'],
			['POST', '/sandbox/contracts'],
			['POST', `/sandbox/contracts/${id}/sign`],
			['POST', `/sandbox/contracts/${id}/reject`],
			['POST', `/sandbox/contracts/${id}/status`],
			['POST', `/sandbox/contracts/${id}/deliver`],
			['POST', '/sandbox/credits'],
			['POST', '/sandbox/faults'],
			['POST', '/sandbox/latency'],
			['POST', '/sandbox/file-protection'],
			['POST', '/sandbox/seed'],
			['POST', '/sandbox/clock'],
			['POST', '/sandbox/jwt'],
		];
	});
	afterAll(() => h.sb.close());

	const bodies = [
		'null',
		'[]',
		'"text"',
		'42',
		'{"name": {}, "email": [], "document": 5, "properties": "x", "signers": {}, "url": 3, "status": 7, "count": "many"}',
		'{"document": {"type": "pdf", "data": {"x": 1}}, "source": "document", "templateid": 123}',
		'{"geolocation": "here", "signedAt": "soon", "participantId": 12, "ms": -1, "shield1": "5", "claims": {"exp": "never"}}',
		'{"rent_schedule": {"headers": "A", "rows": 1}, "selfie": 5, "linkExpirationDate": {}, "expiryStartDate": 20300101}',
	];

	it('answers every malformed body with a 4xx JSON error', async () => {
		const failures: string[] = [];
		for (const [method, path] of routes) {
			for (const body of bodies) {
				const res = await rawRequest(
					`${h.sb.baseUrl}${path}?page=-1&perPage=x&partial=maybe&showSignLinks=2&dateStart=%%`,
					{
						method,
						headers: { apikey: h.sb.apiKey, 'content-type': 'application/json' },
						body,
					},
				);
				if (res.status >= 500)
					failures.push(`${method} ${path} ${body} → ${res.status} ${res.body}`);
				if (res.status >= 400 && !/^application\/json/.test(String(res.headers['content-type'])))
					failures.push(`${method} ${path} → non-JSON ${res.status}`);
			}
		}
		h.sb.control.clearFaults();
		h.sb.control.setLatency(0);
		expect(failures).toEqual([]);
	});

	it('answers wrong ids with 400 (malformed) or 404 (unknown)', async () => {
		for (const path of [
			'/api/contract/status/123',
			'/api/contract/participant/123/456',
			`/api/contract/milestones/${'z'.repeat(24)}`,
		]) {
			expect((await h.api.get(path)).status).toBe(400);
		}
		expect((await h.api.get(`/api/contract/milestones/${'0'.repeat(24)}`)).status).toBe(404);
	});
});
