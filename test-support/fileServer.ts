/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * A file server of the test's own on loopback (a stand-in for S3, Drive or any web host a File URL points to): it
 * serves the files it was given by path (the query is ignored, as a presigned link's signature would be checked
 * elsewhere) and records every request with its headers, so a test can show no credential reached it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFile {
	body: Buffer;
	contentType: string;
}

export interface FileServer {
	/** `http://127.0.0.1:<port>` */
	url: string;
	/** Every request so far: path with query, and headers (lower-case names). */
	requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
	close(): Promise<void>;
}

export async function startFileServer(files: Record<string, ServedFile>): Promise<FileServer> {
	const requests: FileServer['requests'] = [];
	const server = createServer((req, res) => {
		requests.push({ url: req.url ?? '', headers: req.headers });
		const file = files[(req.url ?? '').split('?')[0]];
		if (!file) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
		else
			res
				.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.body.length })
				.end(file.body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
