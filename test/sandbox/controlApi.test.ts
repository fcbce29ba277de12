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
 * The control API (/sandbox/*) while `npm run dev` runs (issue 27, item 12): a web page the developer visits must not
 * read it (the webhook secret, minted JWTs) nor drive it (re-point webhooks, reset). The requests below are what a
 * browser sends for such a page: a CORS preflight, a read with an Origin, a form or text POST that needs no
 * preflight, a bodyless POST, a DNS name rebound to 127.0.0.1. curl, tests and scripts keep working.
 */
import { type Harness, rawRequest, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
	h = await startHarness({ webhookSecret: 'whsec_do_not_leak_42' });
});
afterAll(async () => {
	await h.sb.close();
});

const EVIL = 'http://evil.example';
const at = (path: string) => `${h.sb.baseUrl}${path}`;

describe('control API: no web page may read or drive it', () => {
	test('a preflight from another origin gets no CORS permission', async () => {
		const res = await rawRequest(at('/sandbox/jwt'), {
			method: 'OPTIONS',
			headers: {
				Origin: EVIL,
				'Access-Control-Request-Method': 'POST',
				'Access-Control-Request-Headers': 'content-type',
			},
		});
		expect(res.headers['access-control-allow-origin']).toBeUndefined();
		expect(res.headers['access-control-allow-methods']).toBeUndefined();
		expect(res.status).toBe(403);
	});

	test('a read with another Origin is refused and carries no CORS header (the webhook secret stays here)', async () => {
		const res = await rawRequest(at('/sandbox/webhooks'), { headers: { Origin: EVIL } });
		expect(res.status).toBe(403);
		expect(res.headers['access-control-allow-origin']).toBeUndefined();
		expect(res.body).not.toContain('whsec_do_not_leak_42');
		// even a plain answer (curl) carries no CORS header: a browser could not hand it to a page
		const plain = await rawRequest(at('/sandbox/health'));
		expect(plain.status).toBe(200);
		expect(plain.headers['access-control-allow-origin']).toBeUndefined();
	});

	test('a form or text POST (no preflight in a browser) is refused: JSON only; nothing changes', async () => {
		h.sb.control.createContract({ name: 'kept' });
		const before = h.sb.control.contractCount();
		for (const type of [
			'text/plain',
			'application/x-www-form-urlencoded',
			'multipart/form-data; boundary=x',
		]) {
			const res = await rawRequest(at('/sandbox/webhooks'), {
				method: 'POST',
				headers: { 'Content-Type': type },
				body: '{"urls":{"signed":"http://evil.example/hook"}}',
			});
			expect(`${type}: ${res.status}`).toBe(`${type}: 415`);
		}
		const reset = await rawRequest(at('/sandbox/reset'), {
			method: 'POST',
			headers: { 'Content-Type': 'text/plain' },
			body: 'x',
		});
		expect(reset.status).toBe(415);
		expect(h.sb.control.contractCount()).toBe(before);
		expect(JSON.stringify(h.sb.control.webhooks.settings())).not.toContain('evil.example');
	});

	test('a bodyless POST from a page (Origin or Sec-Fetch-Site cross-site) is refused; nothing is reset', async () => {
		const before = h.sb.control.contractCount();
		expect(before).toBeGreaterThan(0);
		const withOrigin = await rawRequest(at('/sandbox/reset'), {
			method: 'POST',
			headers: { Origin: EVIL },
		});
		const crossSite = await rawRequest(at('/sandbox/reset'), {
			method: 'POST',
			headers: { 'Sec-Fetch-Site': 'cross-site' },
		});
		expect([withOrigin.status, crossSite.status]).toEqual([403, 403]);
		expect(h.sb.control.contractCount()).toBe(before);
	});

	test('a DNS name rebound to this machine is refused (Host is not an address)', async () => {
		const res = await rawRequest(at('/sandbox/jwt'), {
			method: 'POST',
			headers: {
				Host: `evil.example:${new URL(h.sb.baseUrl).port}`,
				'Content-Type': 'application/json',
			},
			body: '{}',
		});
		expect(res.status).toBe(403);
		expect(res.body).not.toMatch(/eyJ/);
	});

	test('curl, tests and scripts keep working: JSON bodies, bodyless POSTs, localhost, the own origin', async () => {
		const minted = await rawRequest(at('/sandbox/jwt'), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json; charset=utf-8' },
			body: '{"expiresInSeconds":60}',
		});
		expect(minted.status).toBe(200);
		const bodyless = await rawRequest(at('/sandbox/flush'), { method: 'POST' });
		expect(bodyless.status).toBe(200);
		const port = new URL(h.sb.baseUrl).port;
		const byName = await rawRequest(at('/sandbox/health'), {
			headers: { Host: `localhost:${port}` },
		});
		expect(byName.status).toBe(200);
		const sameOrigin = await rawRequest(at('/sandbox/health'), {
			headers: { Origin: h.sb.baseUrl, 'Sec-Fetch-Site': 'same-origin' },
		});
		expect(sameOrigin.status).toBe(200);
	});

	test('the API itself keeps its CORS headers (a browser client with its own key may call it)', async () => {
		const res = await rawRequest(at('/api/authentication'), {
			headers: { Origin: EVIL, apikey: h.sb.apiKey },
		});
		expect(res.status).toBe(200);
		expect(res.headers['access-control-allow-origin']).toBe('*');
	});
});
