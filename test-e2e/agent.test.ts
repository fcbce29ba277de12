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
 * The TRATO node as an AI tool in a real n8n (E2E_N8N=1,2 by default), with a scripted language model behind the
 * OpenAI Chat Model (test-support/ai/fakeOpenAi.ts: no network, no real model) and the sandbox as TRATO:
 *
 *  - Manual Trigger → AI Agent with TRATO tools (`n8n execute`): a contract's status reaches the model; a contract
 *    created with its signer from a template and sent (two tool calls); a tool error (unknown contract) as each
 *    major handles it, with and without the node's On Error → Continue; example 4 (contract assistant);
 *  - in the running n8n (activated): the same tool behind the MCP Server Trigger, called by an MCP client over
 *    streamable HTTP and over SSE, and an agent answering a Webhook with streamed words (the model streams too).
 *
 * Every case asserts what the model received (tool names, descriptions, the JSON schema of the `$fromAI()` keys, the
 * tool results) and what the sandbox received. What each n8n sent the model is written to
 * test-e2e/artifacts/agent/ (one JSON file per case).
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { N8N_VERSIONS, installN8nAsync, n8nMajors, nodeOutput } from '../test-support/n8n/n8n';
import {
	messageText,
	startFakeOpenAi,
	toolResults,
	type ChatRequest,
	type FakeOpenAi,
	type Script,
} from '../test-support/ai/fakeOpenAi';
import { connectMcp, type McpTransport } from '../test-support/ai/mcpClient';
import {
	actionOf,
	agentWorkflow,
	idFromModel,
	openAiCredential,
	mcpWorkflow,
	toolNameOf,
	tratoTool,
	type AiWorkflow,
} from '../test-support/ai/workflows';
import { NDA_TEMPLATE } from '../test-support/templates';
import { startFileServer } from '../test-support/fileServer';
import { makePdf } from '../test-support/files';
import {
	apiRequests,
	assertSucceeded,
	exampleFile,
	readWorkflow,
	startE2eEnv,
	type E2eEnv,
	type LoggedRequest,
} from './env';

const MAJORS = n8nMajors(process.env.E2E_N8N);
const ARTIFACTS = join(__dirname, 'artifacts', 'agent');

/** An ID no contract has (24 hexadecimal characters, as TRATO's). */
const UNKNOWN_CONTRACT = '65f1c0d2a4b8e91f2c3d4e00';

const CONTRACT_ID_HINT = 'ID of the contract: the contractId another TRATO tool returned';
const fromAi = (key: string, description: string) =>
	`$fromAI('${key}', '${description}', 'string')`;
const contractIdFromModel = idFromModel(fromAi('contractId', CONTRACT_ID_HINT));

/** The tools a request offered the model, by name. */
function offered(request: ChatRequest) {
	return Object.fromEntries((request.tools ?? []).map((t) => [t.function.name, t.function]));
}

/** The JSON schema a tool's `$fromAI()` keys make: every key a described string, every key required. */
function assertSchema(schema: any, keys: Record<string, string>, context: string) {
	assert.equal(schema.type, 'object', context);
	assert.deepEqual(
		schema.properties,
		Object.fromEntries(
			Object.entries(keys).map(([key, description]) => [key, { type: 'string', description }]),
		),
		context,
	);
	assert.deepEqual([...schema.required].sort(), Object.keys(keys).sort(), context);
}

/** The JSON a tool result carries. */
const resultJson = (request: ChatRequest, n = 0) => JSON.parse(toolResults(request)[n].content);

/**
 * n8n may still be registering the production webhooks of active workflows when it starts answering: retries a
 * call while n8n answers that the webhook "is not registered" (HTTP 404; nothing ran), for up to a minute.
 */
async function onceRegistered<T>(
	call: () => Promise<T>,
	notYet: (result: T) => boolean,
): Promise<T> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		try {
			const result = await call();
			if (!notYet(result) || Date.now() > deadline) return result;
		} catch (error) {
			if (!/is not registered/.test(String(error)) || Date.now() > deadline) throw error;
		}
		await new Promise((r) => setTimeout(r, 1000));
	}
}

for (const major of MAJORS) {
	const version = N8N_VERSIONS[major];
	describe(`n8n ${version}: TRATO as an AI tool`, { concurrency: false }, () => {
		let e: E2eEnv;
		let model: FakeOpenAi;
		/** Requests the sandbox logged since the last mark. */
		let mark = 0;
		const sandboxSince = (): LoggedRequest[] => apiRequests(e.requests().slice(mark));
		const markSandbox = () => (mark = e.requests().length);
		const save = (name: string, extra: Record<string, unknown> = {}) => {
			const dir = join(ARTIFACTS, `n8n-${version}`);
			mkdirSync(dir, { recursive: true });
			writeFileSync(
				join(dir, `${name}.json`),
				JSON.stringify({ modelRequests: model.chatRequests(), ...extra }, null, 2),
			);
		};
		/** Scripts the model, runs a stored workflow (REST API, as the editor does), returns the run. */
		const run = async (id: string, script: Script) => {
			model.setScript(script);
			markSandbox();
			return await e.execute(id);
		};

		const statusTool = tratoTool({
			resource: 'contract',
			operation: 'get',
			parameters: { contractId: contractIdFromModel },
		});
		const createTool = tratoTool({
			resource: 'contract',
			operation: 'createV2',
			parameters: {
				name: `={{ ${fromAi('contractName', 'Name of the new contract')} }}`,
				source: 'template',
				// A plain string, not a resource locator: what hand-written and generated workflows often hold.
				templateId: `={{ ${fromAi('templateId', 'ID of the template')} }}`,
				signers: {
					signer: [
						{
							obligation: 'individual',
							name: `={{ ${fromAi('signerFirstName', 'First name of the signer')} }}`,
							lastName: `={{ ${fromAi('signerLastName', 'Last name of the signer')} }}`,
							email: `={{ ${fromAi('signerEmail', 'E-mail of the signer')} }}`,
						},
					],
				},
			},
		});
		const statusFromListTool = tratoTool({
			resource: 'contract',
			operation: 'get',
			// "From List" mode with the model's value: what the editor leaves when "Let the model define this
			// parameter" is turned on for a locator that was on its list.
			parameters: {
				contractId: {
					__rl: true,
					mode: 'list',
					value: `={{ ${fromAi('contractId', CONTRACT_ID_HINT)} }}`,
				},
			},
		});
		const listTool = tratoTool({
			resource: 'contract',
			operation: 'getAll',
			parameters: {
				returnAll: false,
				limit: 10,
				filters: { emailParticipant: `={{ ${fromAi('signerEmail', 'E-mail of a signer')} }}` },
			},
		});
		// Files: a tool that makes one (the model gets the JSON that describes it), and one that needs one.
		const packageTool = tratoTool({
			resource: 'contract',
			operation: 'downloadPackage',
			parameters: { contractId: contractIdFromModel },
		});
		const fromPdfTool = tratoTool({
			resource: 'contract',
			operation: 'create',
			// TRATO needs a template also for a contract made from a PDF
			parameters: { source: 'pdf', templateId: NDA_TEMPLATE, binaryPropertyName: 'data' },
		});
		// A file the model can pass: its web address (File URL), fetched by the node without the TRATO credential.
		const fromUrlKeys = {
			contractName: 'Name of the new contract',
			fileUrl: 'Web address (https://…) of the PDF or Word file the contract is made from',
			signerFirstName: 'First name of the signer',
			signerLastName: 'Last name of the signer',
			signerEmail: 'E-mail of the signer',
		};
		const fromUrlTool = tratoTool({
			resource: 'contract',
			operation: 'createV2',
			parameters: {
				name: `={{ ${fromAi('contractName', fromUrlKeys.contractName)} }}`,
				source: 'url',
				fileUrl: `={{ ${fromAi('fileUrl', fromUrlKeys.fileUrl)} }}`,
				signers: {
					signer: [
						{
							obligation: 'individual',
							name: `={{ ${fromAi('signerFirstName', fromUrlKeys.signerFirstName)} }}`,
							lastName: `={{ ${fromAi('signerLastName', fromUrlKeys.signerLastName)} }}`,
							email: `={{ ${fromAi('signerEmail', fromUrlKeys.signerEmail)} }}`,
						},
					],
				},
			},
		});
		// From a template to a sent contract in one tool: the template, the signers by role and the variables as JSON
		const fromTemplateKeys = {
			templateId: 'ID of the template',
			contractName: 'Name of the new contract',
			signers: 'One signer for every role of the template, keyed by the role label',
			variables: 'Values of the template variables, keyed by the role label',
		};
		const fromTemplateTool = tratoTool({
			resource: 'contract',
			operation: 'createFromTemplate',
			parameters: {
				templateId: `={{ ${fromAi('templateId', fromTemplateKeys.templateId)} }}`,
				name: `={{ ${fromAi('contractName', fromTemplateKeys.contractName)} }}`,
				inputMode: 'json',
				signersJson: `={{ $fromAI('signers', '${fromTemplateKeys.signers}', 'json') }}`,
				variablesJson: `={{ $fromAI('variables', '${fromTemplateKeys.variables}', 'json') }}`,
				showSignLinks: true,
			},
		});
		const continuing = (tool: typeof statusTool) => ({
			...tool,
			onError: 'continueRegularOutput' as const,
		});

		const ids = {
			status: `agentStatus${major}00001`,
			createSend: `agentCreate${major}00001`,
			fromUrl: `agentFromUrl${major}0001`,
			fromTemplate: `agentTemplate${major}001`,
			toolError: `agentError${major}000001`,
			toolErrorContinue: `agentErrCont${major}0001`,
			toolErrorOldAgent: `agentErrOld${major}00001`,
			mcp: `agentMcp${major}000000001`,
			stream: `agentStream${major}000001`,
		};

		before(async () => {
			model = await startFakeOpenAi();
			const workflows: AiWorkflow[] = [
				agentWorkflow({
					id: ids.status,
					name: 'Agent: contract status',
					major,
					model: model.model,
					prompt: 'Where does my NDA with Ana stand?',
					tools: [statusTool],
				}),
				agentWorkflow({
					id: ids.createSend,
					name: 'Agent: create from a template (TRATO sends it), then its status',
					major,
					model: model.model,
					prompt: 'Send the NDA to Ana López, ana.lopez@example.com.',
					tools: [createTool, statusFromListTool],
				}),
				agentWorkflow({
					id: ids.fromUrl,
					name: 'Agent: create with signers from a file URL',
					major,
					model: model.model,
					prompt: 'Send the NDA in our bucket to Ana López, ana.lopez@example.com.',
					tools: [fromUrlTool],
				}),
				agentWorkflow({
					id: ids.fromTemplate,
					name: 'Agent: create from a template and send, in one tool',
					major,
					model: model.model,
					prompt: 'Send the lease of Av. Reforma 222 to María Fernández and Luis Ortega.',
					tools: [fromTemplateTool],
				}),
				agentWorkflow({
					id: ids.toolError,
					name: 'Agent: tool error',
					major,
					model: model.model,
					prompt: `What is the status of contract ${UNKNOWN_CONTRACT}?`,
					tools: [statusTool],
				}),
				agentWorkflow({
					id: ids.toolErrorContinue,
					name: 'Agent: tool error, On Error = Continue',
					major,
					model: model.model,
					prompt: `What is the status of contract ${UNKNOWN_CONTRACT}?`,
					tools: [continuing(statusTool)],
				}),
				...(major === '1'
					? [
							agentWorkflow({
								id: ids.toolErrorOldAgent,
								name: 'Agent 2.2: tool error',
								major,
								model: model.model,
								prompt: `What is the status of contract ${UNKNOWN_CONTRACT}?`,
								tools: [statusTool],
								agentVersion: 2.2,
							}),
						]
					: []),
				mcpWorkflow({
					id: ids.mcp,
					name: 'MCP: TRATO tools',
					path: 'trato-tools',
					tools: [statusTool, listTool, packageTool, fromPdfTool],
				}),
				agentWorkflow({
					id: ids.stream,
					name: 'Agent: streamed answer to a webhook',
					major,
					model: model.model,
					prompt: '={{ $json.body.question }}',
					tools: [statusTool],
					webhookPath: 'trato-agent',
				}),
			];
			e = await startE2eEnv(major, installN8nAsync(major), {
				credentials: () => [openAiCredential(model)],
				workflows: () => workflows,
			});
		});

		after(async () => {
			await e?.close();
			await model?.close();
		});

		test("a contract's status: the tool's output reaches the model", async () => {
			const contract = e.sb.control.createContract({
				name: 'NDA - Ana López',
				status: 'SENT_TO_SIGN',
				participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
			});
			const name = toolNameOf(statusTool.name);
			const out = await run(ids.status, [
				{ toolCalls: [{ name, arguments: { contractId: contract._id } }] },
				{
					text: (request) => {
						const [record] = resultJson(request);
						return `"${record.name}" is ${record.statusLabel}.`;
					},
				},
			]);
			save('status');
			const result = assertSucceeded(out);

			const [first, second, ...more] = model.chatRequests();
			assert.equal(more.length, 0, 'two rounds: the tool call, then the answer');
			assert.deepEqual(Object.keys(offered(first)), [name]);
			const tool = offered(first)[name];
			assert.equal(tool.description, `${actionOf('contract', 'get')} in TRATO`);
			assertSchema(tool.parameters, { contractId: CONTRACT_ID_HINT }, 'status tool schema');
			assert.ok(
				model.requests.every((r) => r.apiKey === model.apiKey),
				"the OpenAI credential's key reached the model",
			);

			assert.equal(toolResults(second).length, 1);
			assert.equal(toolResults(second)[0].name, name);
			const records = resultJson(second);
			assert.equal(records.length, 1);
			assert.equal(records[0].contractId, contract._id);
			assert.equal(records[0].name, 'NDA - Ana López');
			assert.equal(records[0].status, 'SENT_TO_SIGN');
			assert.equal(records[0].statusLabel, 'Pending Signature');

			assert.equal(
				nodeOutput(result, 'AI Agent')[0].json.output,
				'"NDA - Ana López" is Pending Signature.',
			);
			assert.deepEqual(
				sandboxSince().map((r) => `${r.method} ${r.path} ${r.status}`),
				[`GET /api/contract/status/${contract._id} 200`],
			);
		});

		// TRATO's Create V2 creates and sends in one call (docs/api-notes.md X20): the model creates, then reads the status.
		test('create a contract with its signer from a template (sent in the same call), then its status: two tool calls', async () => {
			const template = e.sb.control.listTemplates().find((t) => /NDA/.test(t.name));
			assert.ok(template, 'the sandbox has an NDA template');
			const create = toolNameOf(createTool.name);
			const status = toolNameOf(statusFromListTool.name);
			const out = await run(ids.createSend, [
				{
					toolCalls: [
						{
							name: create,
							arguments: {
								contractName: 'NDA - Ana López',
								templateId: template.templateId,
								signerFirstName: 'Ana',
								signerLastName: 'López',
								signerEmail: 'ana.lopez@example.com',
							},
						},
					],
				},
				(request) => ({
					toolCalls: [
						{ name: status, arguments: { contractId: resultJson(request)[0].contractId } },
					],
				}),
				{ text: (request) => `Sent: ${JSON.stringify(resultJson(request, 1))}` },
			]);
			save('create-and-send');
			const result = assertSucceeded(out);

			const requests = model.chatRequests();
			assert.equal(requests.length, 3, 'create, status, answer');
			const tools = offered(requests[0]);
			assert.deepEqual(Object.keys(tools).sort(), [create, status].sort());
			assert.equal(tools[create].description, `${actionOf('contract', 'createV2')} in TRATO`);
			assert.equal(tools[status].description, `${actionOf('contract', 'get')} in TRATO`);
			assertSchema(
				tools[create].parameters,
				{
					contractName: 'Name of the new contract',
					templateId: 'ID of the template',
					signerFirstName: 'First name of the signer',
					signerLastName: 'Last name of the signer',
					signerEmail: 'E-mail of the signer',
				},
				'create tool schema',
			);
			assertSchema(
				tools[status].parameters,
				{ contractId: CONTRACT_ID_HINT },
				'status tool schema',
			);

			const created = resultJson(requests[1])[0];
			const contractId = created.contractId as string;
			assert.match(contractId, /^\S+$/);
			assert.deepEqual(
				created.participants.map((p: any) => p.name),
				['Ana'],
				'the tool result names the signer the model gave',
			);
			assert.equal(
				created.status,
				'SENT_TO_SIGN',
				'the create tool says the contract is out for signature',
			);
			assert.equal(resultJson(requests[2], 1)[0].status, 'SENT_TO_SIGN');

			const contract = e.sb.control.getContract(contractId);
			assert.ok(contract, 'the contract exists in the sandbox');
			assert.equal(contract.status, 'SENT_TO_SIGN');
			assert.equal(contract.name, 'NDA - Ana López');
			assert.equal(contract.templateId, template.templateId);
			assert.deepEqual(
				contract.participants.map((p) => [p.name, p.lastName, p.email]),
				[['Ana', 'López', 'ana.lopez@example.com']],
			);
			const sent = sandboxSince();
			assert.deepEqual(
				sent.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path} ${r.status}`),
				['POST /api/v2/create/contract 200'],
			);
			const body = sent.find((r) => r.path === '/api/v2/create/contract')!.body;
			assert.equal(body.templateid, template.templateId);
			assert.equal(body.participants[0].email, 'ana.lopez@example.com');
			assert.match(
				String(nodeOutput(result, 'AI Agent')[0].json.output),
				/"status":"SENT_TO_SIGN"/,
			);
		});

		test('create and send from a template in one tool: the template, the signers by role and the variables come from the model', async () => {
			const template = e.sb.control.listTemplates().find((t) => /arrendamiento/.test(t.name));
			assert.ok(template, 'the sandbox has the lease template');
			const name = toolNameOf(fromTemplateTool.name);
			const signers = {
				Arrendador: { name: 'María', lastName: 'Fernández', email: 'maria.fernandez@example.com' },
				Arrendatario: { name: 'Luis', lastName: 'Ortega', email: 'luis.ortega@example.com' },
			};
			const out = await run(ids.fromTemplate, [
				{
					toolCalls: [
						{
							name,
							arguments: {
								templateId: template.templateId,
								contractName: 'Lease - Av. Reforma 222',
								signers,
								variables: {
									Arrendatario: { tenant_name: 'Luis Ortega', monthly_rent: '12,500.00' },
								},
							},
						},
					],
				},
				{
					text: (request) => {
						const [created] = resultJson(request);
						return `Sent: contract ${created.contractId} is ${created.statusLabel}.`;
					},
				},
			]);
			save('create-from-template');
			const result = assertSucceeded(out);

			const [first, second, ...more] = model.chatRequests();
			assert.equal(more.length, 0, 'two rounds: the tool call, then the answer');
			const tool = offered(first)[name];
			assert.ok(tool, `the model got the tool ${name}`);
			assert.equal(tool.description, `${actionOf('contract', 'createFromTemplate')} in TRATO`);
			// a `json` key reaches the model with its description and no type (both majors)
			const schema = tool.parameters as any;
			assert.deepEqual(schema.properties, {
				templateId: { type: 'string', description: fromTemplateKeys.templateId },
				contractName: { type: 'string', description: fromTemplateKeys.contractName },
				signers: { description: fromTemplateKeys.signers },
				variables: { description: fromTemplateKeys.variables },
			});
			assert.deepEqual([...schema.required].sort(), Object.keys(fromTemplateKeys).sort());

			const [created] = resultJson(second);
			assert.equal(created.outcome, 'created');
			assert.equal(created.status, 'SENT_TO_SIGN');
			assert.deepEqual(
				created.participants.map((p: any) => [p.label, p.name, p.email]),
				[
					['Arrendador', 'María Fernández', 'maria.fernandez@example.com'],
					['Arrendatario', 'Luis Ortega', 'luis.ortega@example.com'],
				],
			);
			assert.equal(created.signingLinks.length, 2, 'the links reached the model');

			const contract = e.sb.control.getContract(created.contractId);
			assert.ok(contract, 'the contract exists in the sandbox');
			assert.equal(contract.templateId, template.templateId);
			assert.equal(contract.status, 'SENT_TO_SIGN');
			assert.equal(contract.name, 'Lease - Av. Reforma 222');
			assert.equal(contract.participants[1].variables.tenant_name.value, 'Luis Ortega');
			assert.equal(contract.participants[1].variables.monthly_rent.value, '12,500.00');
			const posts = sandboxSince()
				.filter((r) => r.method === 'POST')
				.map((r) => `${r.path.replace(/[0-9a-f]{24}/g, '<id>')} ${r.status}`);
			assert.deepEqual(posts, [
				'/api/create/contract 200',
				'/api/contract/configuration/<id> 200',
				'/api/contract/variables/<id>/<id> 200',
				'/api/contract/participant/<id>/<id> 200',
				'/api/contract/participant/<id>/<id> 200',
				'/api/contract/send/<id> 200',
			]);
			assert.match(
				String(nodeOutput(result, 'AI Agent')[0].json.output),
				new RegExp(`^Sent: contract ${created.contractId} is Pending Signature\\.$`),
			);
		});

		test('create a contract with its signer from a file URL the model passes: the file reaches TRATO, the file server sees no credential', async () => {
			const pdf = await makePdf(`NDA for the agent on n8n ${version}`);
			const files = await startFileServer({
				'/bucket/nda.pdf': { body: pdf, contentType: 'application/pdf' },
			});
			const signature = `agent${major}f00dfacecafe0123456789`;
			const fileUrl = `${files.url}/bucket/nda.pdf?X-Amz-Expires=900&X-Amz-Signature=${signature}`;
			try {
				const create = toolNameOf(fromUrlTool.name);
				const out = await run(ids.fromUrl, [
					{
						toolCalls: [
							{
								name: create,
								arguments: {
									contractName: 'NDA - Ana López',
									fileUrl,
									signerFirstName: 'Ana',
									signerLastName: 'López',
									signerEmail: 'ana.lopez@example.com',
								},
							},
						],
					},
					{ text: (request) => `Created: ${JSON.stringify(resultJson(request))}` },
				]);
				save('create-from-file-url');
				const result = assertSucceeded(out);

				const [first, second, ...more] = model.chatRequests();
				assert.equal(more.length, 0, 'two rounds: the tool call, then the answer');
				const tool = offered(first)[create];
				assert.equal(tool.description, `${actionOf('contract', 'createV2')} in TRATO`);
				assertSchema(tool.parameters, fromUrlKeys, 'the File URL tool schema');

				const [created] = resultJson(second);
				assert.equal(created.documentType, 'pdf', 'told from the bytes');
				assert.equal(created.name, 'NDA - Ana López');
				assert.doesNotMatch(toolResults(second)[0].content, new RegExp(signature));
				const contract = e.sb.control.getContract(created.contractId);
				assert.ok(contract, 'the contract exists in the sandbox');
				assert.equal(contract.documentType, 'pdf');
				assert.deepEqual(
					contract.participants.map((p) => [p.name, p.lastName, p.email]),
					[['Ana', 'López', 'ana.lopez@example.com']],
				);
				const stored = await fetch(`${e.sb.baseUrl}/uploads/${contract.documentFileId}`, {
					headers: { apikey: e.sb.apiKey },
				});
				assert.ok(
					Buffer.from(await stored.arrayBuffer()).equals(pdf),
					'TRATO got the file the model linked to, byte for byte',
				);
				assert.deepEqual(
					sandboxSince()
						.filter((r) => r.method === 'POST')
						.map((r) => `${r.method} ${r.path} ${r.status}`),
					['POST /api/v2/create/contract 200'],
				);

				assert.deepEqual(
					files.requests.map((r) => r.url),
					[`/bucket/nda.pdf?X-Amz-Expires=900&X-Amz-Signature=${signature}`],
					'the node fetched the address the model gave, once',
				);
				assert.equal(files.requests[0].headers.apikey, undefined, 'no API key to the file server');
				assert.equal(files.requests[0].headers.authorization, undefined, 'no Authorization');
				assert.match(String(nodeOutput(result, 'AI Agent')[0].json.output), /"documentType":"pdf"/);
			} finally {
				await files.close();
			}
		});

		test(
			major === '1'
				? 'a tool error (unknown contract) stops the run in n8n 1.x, as documented; the model is not asked again'
				: 'a tool error (unknown contract) reaches the model as a readable sentence in n8n 2.x; the run succeeds',
			async () => {
				const name = toolNameOf(statusTool.name);
				const out = await run(ids.toolError, [
					{ toolCalls: [{ name, arguments: { contractId: UNKNOWN_CONTRACT } }] },
					{ text: (request) => `TRATO said: ${toolResults(request)[0].content}` },
				]);
				save('tool-error', { run: out.run?.data.resultData.error ?? null });
				assert.deepEqual(
					sandboxSince().map((r) => `${r.method} ${r.path} ${r.status}`),
					[`GET /api/contract/status/${UNKNOWN_CONTRACT} 404`],
					'asked once, not repeated',
				);
				if (major === '1') {
					assert.notEqual(out.code, 0, 'the execution failed');
					const error = out.run?.data.resultData.error;
					assert.ok(error, `the execution carries the error\n${out.stdout.slice(-2000)}`);
					assert.match(
						error.message,
						new RegExp(`The contract ${UNKNOWN_CONTRACT} does not exist on the database`),
					);
					assert.equal(error.node?.name, statusTool.name);
					assert.equal(model.chatRequests().length, 1, 'the model never saw the error');
				} else {
					const result = assertSucceeded(out);
					const [, second] = model.chatRequests();
					const answer = resultJson(second);
					assert.deepEqual(Object.keys(answer[0]), ['error']);
					assert.match(
						answer[0].error,
						new RegExp(`The contract ${UNKNOWN_CONTRACT} does not exist on the database`),
					);
					assert.doesNotMatch(toolResults(second)[0].content, /stack|sk_sandbox|Bearer/);
					assert.match(String(nodeOutput(result, 'AI Agent')[0].json.output), /does not exist/);
				}
			},
		);

		test('a tool error with the node\'s On Error = "Continue": the model gets the message and how to fix it', async () => {
			const name = toolNameOf(statusTool.name);
			const out = await run(ids.toolErrorContinue, [
				{ toolCalls: [{ name, arguments: { contractId: UNKNOWN_CONTRACT } }] },
				{ text: (request) => `TRATO said: ${toolResults(request)[0].content}` },
			]);
			save('tool-error-on-error-continue');
			assertSucceeded(out);
			const [, second] = model.chatRequests();
			const [answer] = resultJson(second);
			assert.match(
				answer.error,
				new RegExp(`The contract ${UNKNOWN_CONTRACT} does not exist on the database`),
			);
			assert.equal(typeof answer.description, 'string');
			assert.ok(answer.description.length > 20, 'a sentence on how to fix it');
			assert.equal(answer.httpCode, '404');
			assert.equal(sandboxSince().length, 1);
		});

		if (major === '1') {
			test('n8n 1.x, AI Agent before version 3: a tool error reaches the model as an empty result', async () => {
				const name = toolNameOf(statusTool.name);
				const out = await run(ids.toolErrorOldAgent, [
					{ toolCalls: [{ name, arguments: { contractId: UNKNOWN_CONTRACT } }] },
					{ text: (request) => `TRATO said: "${toolResults(request)[0].content}"` },
				]);
				save('tool-error-agent-2.2');
				assertSucceeded(out);
				const [, second] = model.chatRequests();
				assert.equal(toolResults(second)[0].content, '', 'the error text is lost');
				assert.equal(sandboxSince().length, 1);
			});
		}

		test('example 4 (contract assistant) runs against the sandbox with the scripted model', async () => {
			const workflow = readWorkflow(exampleFile(4));
			const toolNode = (operation: string, resource = 'contract') => {
				const node = workflow.nodes.find(
					(n) => n.parameters.resource === resource && n.parameters.operation === operation,
				);
				assert.ok(node, `example 4 has a ${resource} → ${operation} tool`);
				return toolNameOf(node.name);
			};
			const templates = toolNode('getAll', 'template');
			const out = await run(workflow.id, [
				{ toolCalls: [{ name: templates, arguments: { templateName: 'NDA' } }] },
				(request) => ({
					toolCalls: [
						{
							name: toolNode('createFromTemplate'),
							arguments: {
								contractName: 'NDA - Ana López',
								// "NDA" is also in "arrendamiento": the model picks the NDA from the list.
								templateId: resultJson(request).find((t: any) => /\(NDA\)/.test(t.name)).templateId,
								signers: {
									'Parte reveladora': {
										name: 'Grupo Nubia',
										representative: 'Carla Mendoza',
										email: 'carla.mendoza@example.com',
									},
									'Parte receptora': {
										name: 'Ana',
										lastName: 'López',
										email: 'ana.lopez@example.com',
									},
								},
								variables: {
									'Parte reveladora': { company_name: 'Grupo Nubia' },
									'Parte receptora': { receiver_name: 'Ana López' },
								},
							},
						},
					],
				}),
				// the tool sent it: the assistant reads where it stands
				(request) => ({
					toolCalls: [
						{
							name: toolNode('get'),
							arguments: { contractId: resultJson(request, 1)[0].contractId },
						},
					],
				}),
				{
					text: (request) =>
						`I sent the NDA (contract ${resultJson(request, 2)[0].contractId}) to Ana López; it is ${resultJson(request, 2)[0].statusLabel}.`,
				},
			]);
			save('example-4');
			const result = assertSucceeded(out);

			const requests = model.chatRequests();
			assert.equal(requests.length, 4);
			const [system] = requests[0].messages;
			assert.equal(system.role, 'system');
			assert.match(messageText(system), /never invent an ID/);
			const tools = offered(requests[0]);
			const toolNodes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-trato.tratoTool');
			assert.equal(toolNodes.length, 7);
			assert.deepEqual(
				Object.keys(tools).sort(),
				toolNodes.map((n) => toolNameOf(n.name)).sort(),
				'every TRATO tool of the example is offered',
			);
			for (const node of toolNodes) {
				const tool = tools[toolNameOf(node.name)];
				assert.equal(
					tool.description,
					`${actionOf(node.parameters.resource, node.parameters.operation)} in TRATO`,
				);
				assert.ok(
					Object.keys(tool.parameters.properties).length > 0,
					`${node.name} has $fromAI keys`,
				);
			}
			assert.ok(
				resultJson(requests[1]).some((t: any) => t.name === 'Acuerdo de confidencialidad (NDA)'),
				'the template list reached the model',
			);
			const contractId = resultJson(requests[3], 2)[0].contractId as string;
			const contract = e.sb.control.getContract(contractId);
			assert.equal(contract?.status, 'SENT_TO_SIGN');
			assert.deepEqual(
				contract?.participants.map((p) => [p.label, p.name, p.representative, p.email]),
				[
					['Parte reveladora', 'Grupo Nubia', 'Carla Mendoza', 'carla.mendoza@example.com'],
					['Parte receptora', 'Ana López', '', 'ana.lopez@example.com'],
				],
			);
			assert.equal(contract?.participants[1].variables.receiver_name.value, 'Ana López');
			const id = (path: string) =>
				path.replace(contractId, '<id>').replace(/[0-9a-f]{24}$/, '<participant>');
			assert.deepEqual(
				sandboxSince()
					.filter((r) => !r.path.startsWith('/api/contract/variables'))
					.map((r) => `${r.method} ${id(r.path)} ${r.status}`),
				[
					'GET /api/list/templates 200',
					// Create From Template and Send: TRATO's calls in TRATO's order, one send
					'POST /api/create/contract 200',
					'POST /api/contract/configuration/<id> 200',
					'POST /api/contract/participant/<id>/<participant> 200',
					'POST /api/contract/participant/<id>/<participant> 200',
					'POST /api/contract/send/<id> 200',
					// the create tool says what TRATO did (its status), then the assistant's own question
					'GET /api/contract/status/<id> 200',
					'GET /api/contract/status/<id> 200',
				],
			);
			assert.equal(
				nodeOutput(result, 'Contract assistant')[0].json.output,
				`I sent the NDA (contract ${contractId}) to Ana López; it is Pending Signature.`,
			);
		});

		test(
			'in a running n8n: the MCP Server Trigger exposes the tool (streamable HTTP and SSE), and an agent streams its answer to a webhook',
			{ timeout: 8 * 60_000 },
			async () => {
				for (const id of [ids.mcp, ids.stream]) await e.activate(id);
				const contract = e.sb.control.createContract({
					name: 'Lease - Av. Reforma 222',
					status: 'SENT_TO_SIGN',
					participants: [{ name: 'Rosa Díaz', email: 'rosa.mcp@example.com' }],
				});
				const base = e.n8n.url.replace('localhost', '127.0.0.1');
				const transcripts: Record<string, unknown> = {};
				try {
					for (const transport of ['streamableHttp', 'sse'] as McpTransport[]) {
						const mcp = await onceRegistered(
							() => connectMcp(`${base}/mcp/trato-tools`, { transport }),
							() => false,
						);
						try {
							transcripts[transport] = mcp.transcript;
							const tools = await mcp.listTools();
							const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
							const status = byName[toolNameOf(statusTool.name)];
							const list = byName[toolNameOf(listTool.name)];
							assert.ok(
								status && list,
								`${transport}: tools ${tools.map((t) => t.name).join(', ')}`,
							);
							assert.equal(status.description, `${actionOf('contract', 'get')} in TRATO`);
							assert.equal(list.description, `${actionOf('contract', 'getAll')} in TRATO`);
							assertSchema(
								status.inputSchema,
								{ contractId: CONTRACT_ID_HINT },
								`${transport} schema`,
							);
							assertSchema(
								list.inputSchema,
								{ signerEmail: 'E-mail of a signer' },
								`${transport} schema`,
							);

							markSandbox();
							const found = await mcp.callTool(list.name, {
								signerEmail: 'rosa.mcp@example.com',
							});
							assert.notEqual(found.isError, true, JSON.stringify(found));
							const contracts = JSON.parse(found.content[0].text!);
							assert.deepEqual(
								contracts.map((c: any) => [c.contractId, c.statusLabel]),
								[[contract._id, 'Pending Signature']],
							);
							const answer = await mcp.callTool(status.name, { contractId: contract._id });
							assert.notEqual(answer.isError, true, JSON.stringify(answer));
							const [record] = JSON.parse(answer.content[0].text!);
							assert.equal(record.contractId, contract._id);
							assert.equal(record.status, 'SENT_TO_SIGN');
							const failed = await mcp.callTool(status.name, { contractId: UNKNOWN_CONTRACT });
							assert.equal(failed.isError, true);
							assert.match(
								failed.content[0].text!,
								new RegExp(`The contract ${UNKNOWN_CONTRACT} does not exist on the database`),
							);
							// A file the tool made: n8n passes on the JSON only, which says what the file is.
							const pack = await mcp.callTool(toolNameOf(packageTool.name), {
								contractId: contract._id,
							});
							assert.notEqual(pack.isError, true, JSON.stringify(pack));
							const [zip] = JSON.parse(pack.content[0].text!);
							assert.equal(zip.mimeType, 'application/zip');
							assert.match(zip.fileName, /\.zip$/);
							assert.ok(zip.fileSize > 100, `a size in bytes: ${zip.fileSize}`);
							assert.equal(zip.binaryField, 'data');
							// A file the tool needs: a tool gets no file, and says so before any request.
							const fromPdf = await mcp.callTool(toolNameOf(fromPdfTool.name), {});
							assert.equal(fromPdf.isError, true);
							assert.match(fromPdf.content[0].text!, /has no binary field "data"/);

							const sent = sandboxSince();
							assert.deepEqual(
								sent.map((r) => `${r.method} ${r.path} ${r.status}`),
								[
									'GET /api/list/contracts 200',
									`GET /api/contract/status/${contract._id} 200`,
									`GET /api/contract/status/${UNKNOWN_CONTRACT} 404`,
									`POST /api/contracts/${contract._id}/package 200`,
								],
							);
							assert.equal(sent[0].query.emailParticipant, 'rosa.mcp@example.com');
						} finally {
							await mcp.close();
						}
					}

					// The agent behind a streaming webhook: n8n asks the model to stream, and streams the words on.
					const name = toolNameOf(statusTool.name);
					model.setScript([
						{ toolCalls: [{ name, arguments: { contractId: contract._id } }] },
						{
							text: (request) =>
								`The lease "${resultJson(request)[0].name}" is ${resultJson(request)[0].statusLabel}.`,
						},
					]);
					markSandbox();
					const response = await onceRegistered(
						() =>
							fetch(`${base}/webhook/trato-agent`, {
								method: 'POST',
								headers: { 'content-type': 'application/json' },
								body: JSON.stringify({ question: 'Where does the lease stand?' }),
							}),
						(answer) => answer.status === 404,
					);
					assert.equal(response.status, 200);
					const lines = (await response.text())
						.split('\n')
						.filter(Boolean)
						.map((line) => JSON.parse(line) as { type: string; content?: string });
					save('mcp-and-streaming', { mcp: transcripts, webhookStream: lines });
					const requests = model.chatRequests();
					assert.equal(requests.length, 2);
					assert.ok(
						requests.every((r) => r.stream === true),
						'n8n asked the model to stream',
					);
					assert.equal(resultJson(requests[1])[0].contractId, contract._id);
					assert.equal(
						lines
							.filter((l) => l.type === 'item')
							.map((l) => l.content)
							.join(''),
						'The lease "Lease - Av. Reforma 222" is Pending Signature.',
					);
					assert.ok(
						lines.filter((l) => l.type === 'item').length > 1,
						'the answer arrived in several pieces',
					);
					assert.deepEqual(
						sandboxSince().map((r) => `${r.method} ${r.path} ${r.status}`),
						[`GET /api/contract/status/${contract._id} 200`],
					);
				} finally {
					for (const id of [ids.mcp, ids.stream]) await e.n8n.deactivate(id);
				}
			},
		);
	});
}
