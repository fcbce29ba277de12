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
/** A tiny HTTP server on a random loopback port that records every request (a foreign origin for tests). */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

export interface CaptureServer {
	url: string;
	origin: string;
	requests: CapturedRequest[];
	close(): Promise<void>;
}

export type Responder = (req: CapturedRequest) => {
	status: number;
	headers?: Record<string, string>;
	body?: string | Buffer;
};

export async function startCaptureServer(
	respond: Responder = () => ({
		status: 200,
		headers: { 'content-type': 'application/json' },
		body: '{"success":true}',
	}),
): Promise<CaptureServer> {
	const requests: CapturedRequest[] = [];
	const server: Server = createServer((req, res) => {
		const captured = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
		requests.push(captured);
		req.resume();
		req.on('end', () => {
			const answer = respond(captured);
			res.writeHead(answer.status, answer.headers ?? {});
			res.end(answer.body ?? '');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url: origin,
		origin,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
