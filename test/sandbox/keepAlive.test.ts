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
 * Node's HTTP clients keep an idle connection for 5 s (its global agent's keep-alive) and reuse it; a server that
 * closes idle connections after the same 5 s (Node's default) closes some just as a client reuses them, and that
 * request fails with ECONNRESET (seen in the suite under load). The sandbox keeps idle connections well past a
 * client's idle time, so the client always closes first.
 */
import { connect } from 'node:net';

import { type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
	h = await startHarness();
});
afterAll(async () => {
	await h.sb.close();
});

/** Two requests on one connection with `idleMs` between them; the HTTP statuses, or `closed` for the second. */
async function twoRequestsOnOneConnection(url: string, idleMs: number): Promise<string[]> {
	const { hostname, port } = new URL(url);
	const socket = connect(Number(port), hostname);
	const statuses: string[] = [];
	let buffer = '';
	let closed = false;
	socket.on('data', (chunk) => {
		buffer += chunk.toString();
		for (const match of buffer.matchAll(/HTTP\/1\.1 (\d{3})/g)) statuses.push(match[1]);
		buffer = '';
	});
	socket.on('close', () => (closed = true));
	const request = `GET /sandbox/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`;
	await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
	socket.write(request);
	while (statuses.length < 1) await new Promise((r) => setTimeout(r, 20));
	await new Promise((r) => setTimeout(r, idleMs));
	if (!closed) socket.write(request);
	const deadline = Date.now() + 2000;
	while (statuses.length < 2 && !closed && Date.now() < deadline)
		await new Promise((r) => setTimeout(r, 20));
	socket.destroy();
	return statuses.length >= 2 ? statuses : [...statuses, 'closed'];
}

test('an idle keep-alive connection is still open after 7 s, past a Node client idle time (5 s), on both origins', async () => {
	const [api, upload] = await Promise.all([
		twoRequestsOnOneConnection(h.sb.baseUrl, 7000),
		twoRequestsOnOneConnection(h.sb.uploadUrl, 7000),
	]);
	expect(api).toEqual(['200', '200']);
	expect(upload[0]).toMatch(/^\d{3}$/);
	expect(upload[1]).not.toBe('closed');
}, 20_000);
