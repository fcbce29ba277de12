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
 * The scripted model of the agent tests answers as OpenAI's Chat Completions API does (the agent tests then prove
 * that n8n 1.x and 2.x understand it): over HTTP, plain and streamed, with OpenAI's refusals.
 */
import {
	startFakeOpenAi,
	toolResults,
	type ChatRequest,
	type FakeOpenAi,
} from '../../test-support/ai/fakeOpenAi';

let model: FakeOpenAi;
beforeAll(async () => {
	model = await startFakeOpenAi();
});
afterAll(async () => await model.close());

const tool = (name: string) => ({
	type: 'function' as const,
	function: {
		name,
		description: 'Get the status of a contract',
		parameters: { type: 'object', properties: { contractId: { type: 'string' } } },
	},
});

async function chat(body: Partial<ChatRequest>, apiKey = model.apiKey) {
	return await fetch(`${model.baseUrl}/chat/completions`, {
		method: 'POST',
		headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ model: model.model, ...body }),
	});
}

const script = () =>
	model.setScript([
		{ toolCalls: [{ name: 'get_status', arguments: { contractId: 'c1' } }] },
		{ text: (request) => `Status: ${JSON.parse(toolResults(request)[0].content).status}` },
	]);

const afterToolCall = (callId: string) => [
	{ role: 'user' as const, content: 'Status of c1?' },
	{
		role: 'assistant' as const,
		content: null,
		tool_calls: [
			{
				id: callId,
				type: 'function' as const,
				function: { name: 'get_status', arguments: '{"contractId":"c1"}' },
			},
		],
	},
	{ role: 'tool' as const, tool_call_id: callId, content: '{"status":"SIGNED"}' },
];

test('GET /v1/models lists the model, for the OpenAI Chat Model picker', async () => {
	const response = await fetch(`${model.baseUrl}/models`, {
		headers: { authorization: `Bearer ${model.apiKey}` },
	});
	expect(response.status).toBe(200);
	expect(await response.json()).toEqual({
		object: 'list',
		data: [expect.objectContaining({ id: model.model, object: 'model' })],
	});
});

test('a tool call, then a final text once the tool result came back (plain JSON)', async () => {
	script();
	const first = (await (
		await chat({
			messages: [{ role: 'user', content: 'Status of c1?' }],
			tools: [tool('get_status')],
		})
	).json()) as any;
	expect(first.object).toBe('chat.completion');
	expect(first.choices[0].finish_reason).toBe('tool_calls');
	const [call] = first.choices[0].message.tool_calls;
	expect(call.type).toBe('function');
	expect(call.function.name).toBe('get_status');
	expect(typeof call.function.arguments).toBe('string');
	expect(JSON.parse(call.function.arguments)).toEqual({ contractId: 'c1' });

	const final = (await (
		await chat({ messages: afterToolCall(call.id), tools: [tool('get_status')] })
	).json()) as any;
	expect(final.choices[0].finish_reason).toBe('stop');
	expect(final.choices[0].message.content).toBe('Status: SIGNED');
	expect('tool_calls' in final.choices[0].message).toBe(false);
	expect(model.chatRequests()).toHaveLength(2);
	expect(model.requests.every((r) => r.apiKey === model.apiKey)).toBe(true);
});

test('streamed: chunks that assemble into the same tool call and text, then usage and [DONE]', async () => {
	script();
	const read = async (body: Partial<ChatRequest>) => {
		const text = await (
			await chat({ ...body, stream: true, stream_options: { include_usage: true } })
		).text();
		const events = text
			.split('\n\n')
			.filter(Boolean)
			.map((e) => e.replace(/^data: /, ''));
		expect(events.at(-1)).toBe('[DONE]');
		return events.slice(0, -1).map((e) => JSON.parse(e));
	};
	const chunks = await read({
		messages: [{ role: 'user', content: 'Status of c1?' }],
		tools: [tool('get_status')],
	});
	expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
	const deltas = chunks.filter((c) => c.choices.length).map((c) => c.choices[0].delta);
	const calls = deltas.flatMap((d) => d.tool_calls ?? []);
	const id = calls.find((c: any) => c.id).id;
	const name = calls.map((c: any) => c.function?.name ?? '').join('');
	const args = calls.map((c: any) => c.function?.arguments ?? '').join('');
	expect(name).toBe('get_status');
	expect(JSON.parse(args)).toEqual({ contractId: 'c1' });
	expect(calls.filter((c: any) => c.function?.arguments).length).toBeGreaterThan(0);
	expect(chunks.at(-2).choices[0].finish_reason).toBe('tool_calls');
	expect(chunks.at(-1).usage.total_tokens).toBeGreaterThan(0);

	const text = await read({ messages: afterToolCall(id), tools: [tool('get_status')] });
	const pieces = text.filter((c) => c.choices.length).map((c) => c.choices[0].delta.content ?? '');
	expect(pieces.join('')).toBe('Status: SIGNED');
	expect(pieces.filter(Boolean).length).toBeGreaterThan(0);
});

test("OpenAI's refusals: bad key, tool names, tool messages, a tool the request does not offer", async () => {
	script();
	expect((await chat({ messages: [{ role: 'user', content: 'hi' }] }, 'sk-wrong')).status).toBe(
		401,
	);
	const refused = async (body: Partial<ChatRequest>) => {
		const response = await chat(body);
		expect(response.status).toBe(400);
		return ((await response.json()) as any).error.message as string;
	};
	const user = [{ role: 'user' as const, content: 'Status of c1?' }];
	expect(await refused({ messages: user, tools: [tool('x'.repeat(65))] })).toMatch(
		/string too long. Expected a string with maximum length 64/,
	);
	expect(await refused({ messages: user, tools: [tool('Get status')] })).toMatch(
		/does not match pattern/,
	);
	expect(
		await refused({ messages: afterToolCall('call_1').filter((m) => m.role !== 'tool') }),
	).toMatch(/did not have response messages: call_1/);
	expect(
		await refused({ messages: [...user, { role: 'tool', tool_call_id: 'call_9', content: '{}' }] }),
	).toMatch(/must be a response to a preceeding message with 'tool_calls'/);
	expect(await refused({ messages: user, tools: [tool('other_tool')] })).toMatch(
		/calls tool "get_status", but the request offers: other_tool/,
	);
	expect(model.requests.filter((r) => r.refused)).toHaveLength(5);
});
