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
 * A scripted language model behind an OpenAI-compatible HTTP API, for tests: no network, no real model.
 *
 *  - `POST /v1/chat/completions`, plain JSON or streamed (`stream: true`, server-sent events as OpenAI sends them);
 *  - `GET /v1/models` (the model list n8n's OpenAI Chat Model node reads);
 *  - every request recorded (`requests`), so a test can assert the tools, their JSON schemas and the tool results
 *    the model was given.
 *
 * The answers come from a script (`setScript`): one turn per round of the conversation, counted by the assistant
 * messages already in the request. A turn either calls tools (`{ toolCalls: [...] }`) or answers with a text
 * (`{ text }`); both may be functions of the request (e.g. a final text quoting the tool's result). The script is
 * kept for every conversation until the next `setScript`, so a client's retry of a request gets the same turn.
 *
 * Like OpenAI (HTTP 400 with OpenAI's words, recorded as `refused`), the fake refuses what n8n could get wrong: tool
 * names outside `^[a-zA-Z0-9_-]{1,64}$`, an empty `tool_calls` array, a tool message that answers no tool call,
 * a tool call left without its tool message. It also refuses a scripted tool that the request does not offer
 * (a test mistake, or a tool n8n did not pass on).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool' | 'developer';
	content?: string | Array<{ type: string; text?: string }> | null;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
	name?: string;
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: any; strict?: boolean };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
	stream_options?: { include_usage?: boolean };
	[key: string]: unknown;
}

export interface RecordedRequest {
	method: string;
	path: string;
	/** The bearer token the client sent (a test may check the credential reached the model). */
	apiKey?: string;
	body?: ChatRequest;
	/** The HTTP status the fake answered. */
	status: number;
	/** Why the fake refused the request (HTTP 400), in OpenAI's words. */
	refused?: string;
}

/** A tool call of a scripted turn: the tool's name (or a pick from the request's tools) and its arguments. */
export interface ScriptedToolCall {
	name: string | ((tools: ChatTool[]) => string);
	arguments: Record<string, unknown>;
}

export type Turn =
	| { toolCalls: ScriptedToolCall[]; text?: string }
	| { text: string | ((request: ChatRequest) => string) };

export type Script = Array<Turn | ((request: ChatRequest) => Turn)>;

export interface FakeOpenAi {
	/** `http://127.0.0.1:<port>/v1`: the OpenAI credential's Base URL. */
	baseUrl: string;
	apiKey: string;
	model: string;
	/** Every request, in arrival order. */
	requests: RecordedRequest[];
	/** The chat completion requests only. */
	chatRequests(): ChatRequest[];
	/** Replaces the script (and forgets the recorded requests unless `keepRequests`). */
	setScript(script: Script, options?: { keepRequests?: boolean }): void;
	close(): Promise<void>;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]+$/;

/** The text of a message's content (plain or in parts). */
export function messageText(message: ChatMessage | undefined): string {
	const content = message?.content;
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
	return '';
}

/** The tool results in a request, with the name of the tool call each answers. */
export function toolResults(request: ChatRequest): Array<{ name?: string; content: string }> {
	const names = new Map<string, string>();
	for (const message of request.messages) {
		for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
	}
	return request.messages
		.filter((m) => m.role === 'tool')
		.map((m) => ({ name: names.get(m.tool_call_id ?? ''), content: messageText(m) }));
}

/** Why OpenAI would refuse this request, or undefined. */
function refusal(request: ChatRequest): string | undefined {
	if (!Array.isArray(request.messages) || request.messages.length === 0) {
		return "Invalid 'messages': empty array. Expected an array with minimum length 1.";
	}
	for (const [i, tool] of (request.tools ?? []).entries()) {
		const name = tool?.function?.name ?? '';
		if (!TOOL_NAME.test(name)) {
			return `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
		}
		if (name.length > 64) {
			return `Invalid 'tools[${i}].function.name': string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`;
		}
	}
	const unanswered = new Set<string>();
	for (const [i, message] of request.messages.entries()) {
		if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
			if (message.tool_calls.length === 0) {
				return `Invalid 'messages[${i}].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.`;
			}
			for (const call of message.tool_calls) unanswered.add(call.id);
		} else if (message.role === 'tool') {
			if (!unanswered.delete(message.tool_call_id ?? '')) {
				return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
			}
		} else if (unanswered.size) {
			break;
		}
	}
	if (unanswered.size) {
		return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...unanswered].join(', ')}`;
	}
	return undefined;
}

/** The turn a request is at: the number of assistant messages it already carries. */
function turnOf(request: ChatRequest): number {
	return request.messages.filter((m) => m.role === 'assistant').length;
}

interface Completion {
	content: string | null;
	toolCalls: Array<{ id: string; name: string; arguments: string }>;
}

function complete(script: Script, request: ChatRequest): Completion | string {
	const index = turnOf(request);
	const entry = script[index];
	if (!entry) return `The script has no turn ${index + 1} (it has ${script.length})`;
	const turn = typeof entry === 'function' ? entry(request) : entry;
	if ('toolCalls' in turn) {
		const offered = (request.tools ?? []).map((t) => t.function.name);
		const toolCalls = [];
		for (const call of turn.toolCalls) {
			const name = typeof call.name === 'function' ? call.name(request.tools ?? []) : call.name;
			if (!offered.includes(name)) {
				return `The script calls tool "${name}", but the request offers: ${offered.join(', ') || 'no tools'}`;
			}
			toolCalls.push({
				id: `call_${randomBytes(12).toString('hex')}`,
				name,
				// OpenAI sends the arguments as a JSON string, never as an object.
				arguments: JSON.stringify(call.arguments),
			});
		}
		return { content: turn.text ?? null, toolCalls };
	}
	const text = typeof turn.text === 'function' ? turn.text(request) : turn.text;
	return { content: text, toolCalls: [] };
}

function usage(request: ChatRequest, completion: Completion) {
	const prompt = Math.ceil(JSON.stringify(request.messages).length / 4);
	const answer = Math.ceil(JSON.stringify(completion).length / 4);
	return { prompt_tokens: prompt, completion_tokens: answer, total_tokens: prompt + answer };
}

/** The assistant message of a non-streamed answer: `tool_calls` only when there are some (never null). */
function assistantMessage(completion: Completion) {
	const message: Record<string, unknown> = {
		role: 'assistant',
		content: completion.content,
		refusal: null,
	};
	if (completion.toolCalls.length) {
		message.tool_calls = completion.toolCalls.map((call) => ({
			id: call.id,
			type: 'function',
			function: { name: call.name, arguments: call.arguments },
		}));
	}
	return message;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'content-type': 'application/json',
		'content-length': Buffer.byteLength(text),
	});
	res.end(text);
}

function openAiError(res: ServerResponse, status: number, message: string, type: string) {
	sendJson(res, status, { error: { message, type, param: null, code: null } });
}

/** The answer as OpenAI streams it: a role chunk, content and tool-call fragments, the finish chunk, usage, [DONE]. */
function stream(res: ServerResponse, request: ChatRequest, completion: Completion, id: string) {
	res.writeHead(200, {
		'content-type': 'text/event-stream; charset=utf-8',
		'cache-control': 'no-cache',
		connection: 'keep-alive',
	});
	const created = Math.floor(Date.now() / 1000);
	const event = (fields: Record<string, unknown>) =>
		res.write(
			`data: ${JSON.stringify({
				id,
				object: 'chat.completion.chunk',
				created,
				model: request.model,
				system_fingerprint: 'fp_fake',
				...fields,
			})}\n\n`,
		);
	const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
		event({ choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
	chunk({ role: 'assistant', content: '', refusal: null });
	if (completion.content) {
		// In a few pieces, as a model streams its words.
		for (const piece of completion.content.match(/.{1,16}/gs) ?? []) chunk({ content: piece });
	}
	for (const [index, call] of completion.toolCalls.entries()) {
		chunk({
			tool_calls: [
				{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
			],
		});
		for (const piece of call.arguments.match(/.{1,24}/gs) ?? []) {
			chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
		}
	}
	chunk({}, completion.toolCalls.length ? 'tool_calls' : 'stop');
	if (request.stream_options?.include_usage)
		event({ choices: [], usage: usage(request, completion) });
	res.end('data: [DONE]\n\n');
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free loopback port. */
export async function startFakeOpenAi(
	options: { apiKey?: string; model?: string } = {},
): Promise<FakeOpenAi> {
	const apiKey = options.apiKey ?? `sk-fake-${randomBytes(12).toString('hex')}`;
	const model = options.model ?? 'gpt-4o-mini';
	const requests: RecordedRequest[] = [];
	let script: Script = [];

	const server: Server = createServer((req, res) => {
		void (async () => {
			const path = (req.url ?? '/').split('?')[0];
			const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
			const record: RecordedRequest = { method: req.method ?? '', path, apiKey: bearer, status: 0 };
			requests.push(record);
			const answer = (status: number) => (record.status = status);
			if (bearer !== apiKey) {
				answer(401);
				openAiError(
					res,
					401,
					'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
					'invalid_request_error',
				);
				return;
			}
			if (req.method === 'GET' && path === '/v1/models') {
				answer(200);
				sendJson(res, 200, {
					object: 'list',
					data: [{ id: model, object: 'model', created: 1715367049, owned_by: 'system' }],
				});
				return;
			}
			if (req.method === 'POST' && path === '/v1/chat/completions') {
				let body: ChatRequest;
				try {
					body = JSON.parse(await readBody(req)) as ChatRequest;
				} catch {
					answer(400);
					openAiError(
						res,
						400,
						'We could not parse the JSON body of your request.',
						'invalid_request_error',
					);
					return;
				}
				record.body = body;
				const refused = refusal(body);
				const completion = refused ?? complete(script, body);
				if (typeof completion === 'string') {
					record.refused = completion;
					answer(400);
					openAiError(res, 400, completion, 'invalid_request_error');
					return;
				}
				answer(200);
				const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
				if (body.stream) {
					stream(res, body, completion, id);
					return;
				}
				sendJson(res, 200, {
					id,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: body.model,
					system_fingerprint: 'fp_fake',
					choices: [
						{
							index: 0,
							message: assistantMessage(completion),
							logprobs: null,
							finish_reason: completion.toolCalls.length ? 'tool_calls' : 'stop',
						},
					],
					usage: usage(body, completion),
				});
				return;
			}
			answer(404);
			openAiError(res, 404, `Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error');
		})().catch((error: Error) => {
			if (!res.headersSent) openAiError(res, 500, error.message, 'server_error');
			else res.destroy(error);
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const port = (server.address() as AddressInfo).port;

	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		apiKey,
		model,
		requests,
		chatRequests: () =>
			requests.filter((r) => r.path === '/v1/chat/completions' && r.body).map((r) => r.body!),
		setScript(next, { keepRequests = false } = {}) {
			script = next;
			if (!keepRequests) requests.length = 0;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
