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
 * A small MCP client for tests, speaking JSON-RPC 2.0 over the two HTTP transports n8n's MCP Server Trigger offers:
 *
 *  - **Streamable HTTP** (MCP 2025-03-26): every message is a POST to the endpoint; the answer comes back as JSON or
 *    as a server-sent event stream; the session id travels in the `mcp-session-id` header.
 *  - **SSE** (MCP 2024-11-05): a GET opens an event stream whose first `endpoint` event names where to POST; the
 *    POSTs are accepted (202) and their answers arrive on the stream as `message` events.
 *
 * Enough for `initialize`, `notifications/initialized`, `tools/list` and `tools/call`; every message sent and
 * received is kept in `transcript`.
 */

export type McpTransport = 'streamableHttp' | 'sse';

export interface McpTool {
	name: string;
	description?: string;
	inputSchema: any;
}

export interface McpCallResult {
	content: Array<{ type: string; text?: string }>;
	isError?: boolean;
	[key: string]: unknown;
}

export interface McpClient {
	transport: McpTransport;
	sessionId?: string;
	/** What the server said about itself in `initialize`. */
	server?: { protocolVersion: string; serverInfo: { name: string; version?: string } };
	transcript: Array<{ direction: 'sent' | 'received'; message: any }>;
	listTools(): Promise<McpTool[]>;
	callTool(name: string, args: Record<string, unknown>): Promise<McpCallResult>;
	close(): Promise<void>;
}

interface JsonRpcResponse {
	jsonrpc: '2.0';
	id: number;
	result?: any;
	error?: { code: number; message: string; data?: unknown };
}

const CLIENT_INFO = { name: 'n8n-nodes-trato-tests', version: '1.0.0' };

/** Reads server-sent events from a fetch body, one `{ event, data }` at a time. */
async function* readEvents(
	body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: string }> {
	const decoder = new TextDecoder();
	let buffer = '';
	for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
		buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, '\n');
		let end: number;
		while ((end = buffer.indexOf('\n\n')) >= 0) {
			const block = buffer.slice(0, end);
			buffer = buffer.slice(end + 2);
			let event = 'message';
			const data: string[] = [];
			for (const line of block.split('\n')) {
				if (line.startsWith('event:')) event = line.slice(6).trim();
				else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
			}
			if (data.length) yield { event, data: data.join('\n') };
		}
	}
}

function rpcResult(response: JsonRpcResponse, method: string): any {
	if (response.error) {
		throw new Error(`MCP ${method} failed: ${response.error.code} ${response.error.message}`);
	}
	return response.result;
}

/** Connects, initializes and returns a client; `url` is the MCP Server Trigger's production URL. */
export async function connectMcp(
	url: string,
	options: { transport: McpTransport; headers?: Record<string, string>; timeoutMs?: number },
): Promise<McpClient> {
	const timeoutMs = options.timeoutMs ?? 120_000;
	const transcript: McpClient['transcript'] = [];
	let nextId = 1;
	let sessionId: string | undefined;
	let protocolVersion = options.transport === 'sse' ? '2024-11-05' : '2025-03-26';

	// SSE: the stream that carries every answer, and the address to POST to.
	const pending = new Map<number, (response: JsonRpcResponse) => void>();
	const sseAbort = new AbortController();
	let postUrl = url;
	if (options.transport === 'sse') {
		const response = await fetch(url, {
			headers: { accept: 'text/event-stream', ...options.headers },
			signal: sseAbort.signal,
		});
		if (!response.ok || !response.body) {
			throw new Error(`MCP SSE stream: HTTP ${response.status} ${await response.text()}`);
		}
		const events = readEvents(response.body);
		const first = await events.next();
		if (first.done || first.value.event !== 'endpoint') {
			throw new Error(
				`MCP SSE stream: expected an "endpoint" event, got ${JSON.stringify(first.value)}`,
			);
		}
		postUrl = new URL(first.value.data, url).toString();
		sessionId = new URL(postUrl).searchParams.get('sessionId') ?? undefined;
		void (async () => {
			try {
				for await (const { event, data } of events) {
					if (event !== 'message') continue;
					const message = JSON.parse(data) as JsonRpcResponse;
					transcript.push({ direction: 'received', message });
					pending.get(message.id)?.(message);
					pending.delete(message.id);
				}
			} catch {
				// the stream ends when the client closes it
			}
		})();
	}

	const headers = () => ({
		'content-type': 'application/json',
		accept: 'application/json, text/event-stream',
		...(sessionId && options.transport === 'streamableHttp' ? { 'mcp-session-id': sessionId } : {}),
		...(options.transport === 'streamableHttp' ? { 'mcp-protocol-version': protocolVersion } : {}),
		...options.headers,
	});

	async function post(message: Record<string, unknown>): Promise<Response> {
		transcript.push({ direction: 'sent', message });
		return await fetch(postUrl, {
			method: 'POST',
			headers: headers(),
			body: JSON.stringify(message),
			signal: AbortSignal.timeout(timeoutMs),
		});
	}

	async function request(method: string, params: Record<string, unknown> = {}): Promise<any> {
		const id = nextId++;
		const message = { jsonrpc: '2.0', id, method, params };
		if (options.transport === 'sse') {
			const answered = new Promise<JsonRpcResponse>((resolve, reject) => {
				pending.set(id, resolve);
				setTimeout(
					() => reject(new Error(`MCP ${method}: no answer within ${timeoutMs} ms`)),
					timeoutMs,
				).unref();
			});
			const response = await post(message);
			if (!response.ok)
				throw new Error(`MCP ${method}: HTTP ${response.status} ${await response.text()}`);
			await response.text();
			return rpcResult(await answered, method);
		}
		const response = await post(message);
		if (!response.ok)
			throw new Error(`MCP ${method}: HTTP ${response.status} ${await response.text()}`);
		sessionId = response.headers.get('mcp-session-id') ?? sessionId;
		const type = response.headers.get('content-type') ?? '';
		let answer: JsonRpcResponse | undefined;
		if (type.includes('text/event-stream') && response.body) {
			for await (const { data } of readEvents(response.body)) {
				const candidate = JSON.parse(data) as JsonRpcResponse;
				transcript.push({ direction: 'received', message: candidate });
				if (candidate.id === id) {
					answer = candidate;
					break;
				}
			}
		} else {
			answer = (await response.json()) as JsonRpcResponse;
			transcript.push({ direction: 'received', message: answer });
		}
		if (!answer) throw new Error(`MCP ${method}: the answer stream ended without an answer`);
		return rpcResult(answer, method);
	}

	async function notify(method: string): Promise<void> {
		const response = await post({ jsonrpc: '2.0', method });
		await response.text();
		if (!response.ok) throw new Error(`MCP ${method}: HTTP ${response.status}`);
	}

	const initialized = await request('initialize', {
		protocolVersion,
		capabilities: {},
		clientInfo: CLIENT_INFO,
	});
	protocolVersion = initialized.protocolVersion ?? protocolVersion;
	await notify('notifications/initialized');

	return {
		transport: options.transport,
		sessionId,
		server: initialized,
		transcript,
		async listTools() {
			return (await request('tools/list')).tools as McpTool[];
		},
		async callTool(name, args) {
			return (await request('tools/call', { name, arguments: args })) as McpCallResult;
		},
		async close() {
			if (options.transport === 'sse') {
				sseAbort.abort();
				return;
			}
			if (sessionId) {
				await fetch(url, { method: 'DELETE', headers: headers() }).catch(() => undefined);
			}
		},
	};
}
