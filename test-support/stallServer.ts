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
 * A loopback server that misbehaves after its headers, as a broken file host or API can: it answers 200 and the
 * first bytes of a PDF (or of a JSON answer), then nothing more (`/stall…`), or a byte now and then forever
 * (`/trickle…`); `/busy…` answers 503 with `Retry-After: 60`. It records every request and when its connection
 * closed, so a test can show the node closed it (a stopped run, a limit).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StallRequest {
	url: string;
	/** Resolves when the request's connection closes (the node gave up, or the server was closed). */
	closed: Promise<void>;
	isClosed: () => boolean;
}

export interface StallServer {
	/** `http://<host>:<port>` */
	url: string;
	port: number;
	requests: StallRequest[];
	/** Resolves with the next request (or the n-th, counting from 1). */
	request(n?: number): Promise<StallRequest>;
	close(): Promise<void>;
}

const PDF_START = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1');

export async function startStallServer(host = '127.0.0.1'): Promise<StallServer> {
	const requests: StallRequest[] = [];
	const waiting: Array<{ n: number; resolve: (r: StallRequest) => void }> = [];
	const timers = new Set<NodeJS.Timeout>();
	const server = createServer((req, res) => {
		let closed = false;
		const done = new Promise<void>((resolve) =>
			res.once('close', () => {
				closed = true;
				resolve();
			}),
		);
		const entry: StallRequest = { url: req.url ?? '', closed: done, isClosed: () => closed };
		requests.push(entry);
		for (const w of waiting.filter((w) => w.n === requests.length)) w.resolve(entry);
		serve(req.url ?? '', res, timers);
	});
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
		port,
		requests,
		request: async (n = requests.length + 1) =>
			n <= requests.length
				? requests[n - 1]
				: await new Promise<StallRequest>((resolve) => waiting.push({ n, resolve })),
		close: async () => {
			for (const timer of timers) clearInterval(timer);
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

function serve(url: string, res: ServerResponse, timers: Set<NodeJS.Timeout>): void {
	const path = url.split('?')[0];
	const json = path.includes('/api/');
	const type = json ? 'application/json' : 'application/pdf';
	if (path.includes('/busy')) {
		res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '60' });
		res.end(JSON.stringify({ success: false, error: 'Busy' }));
	} else if (path.includes('/stall')) {
		res.writeHead(200, { 'Content-Type': type, 'Content-Length': '1000000' });
		res.write(json ? '{"success": true, "status": "' : PDF_START);
	} else if (path.includes('/trickle')) {
		res.writeHead(200, { 'Content-Type': type });
		res.write(json ? '{"success": true, "status": "' : PDF_START);
		const timer = setInterval(() => res.write(' '), 20);
		timers.add(timer);
		res.once('close', () => {
			clearInterval(timer);
			timers.delete(timer);
		});
	} else {
		res.writeHead(404).end();
	}
}
