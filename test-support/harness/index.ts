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
 * Test harness: runs our nodes through n8n-core's real execution path.
 *
 * - Action node: a two-node workflow (an input node → TRATO) executed by n8n-core's WorkflowExecute,
 *   so parameters and expressions are resolved by n8n-workflow, binary data goes through n8n-core's
 *   BinaryDataService (default or filesystem mode), HTTP goes through n8n-core's httpRequestWithAuthentication,
 *   and continueOnFail / pairedItem are what n8n sees.
 * - Credentials are applied by the credential's own `authenticate`, as n8n's CredentialsHelper does, after its
 *   `preAuthentication` (E-mail and Password login) when n8n's CredentialsHelper would call it; what it returns is
 *   stored in the harness's credential store, as n8n stores it in its database.
 * - Credential test: the credential's `test` request run through n8n-core's RoutingNode, as n8n's
 *   CredentialsTester does.
 * - List searches and resource mapping: n8n-core's LoadOptionsContext.
 * - Trigger: n8n-core's PollContext with the workflow's static data, saved the way n8n saves it.
 * - Instant (webhook) trigger: n8n-core's WebhookContext behind a loopback HTTP server (./webhook.ts).
 */
import { Container } from '@n8n/di';
import {
	BinaryDataService,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	ExecuteContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, deepCopy, isExpression } from 'n8n-workflow';

import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

import { TratoApi } from '../../credentials/TratoApi.credentials';
import { Trato } from '../../nodes/Trato/Trato.node';
import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import { TratoWebhookTrigger } from '../../nodes/Trato/TratoWebhookTrigger.node';
import { triggerTuning } from '../../nodes/Trato/trigger/tuning';

export const PACKAGE = 'n8n-nodes-trato';
export const ACTION_TYPE = `${PACKAGE}.trato`;
export const TRIGGER_TYPE = `${PACKAGE}.tratoTrigger`;
export const WEBHOOK_TRIGGER_TYPE = `${PACKAGE}.tratoWebhookTrigger`;
export const INPUT_TYPE = 'harness.input';
export const ACTION_NAME = 'TRATO';
export const INPUT_NAME = 'Input';

/** A test item: JSON plus optional binary files given as buffers (stored through n8n's binary service). */
export interface TestItem {
	json?: IDataObject;
	binary?: Record<string, { data: Buffer; fileName?: string; mimeType?: string }>;
}

const inputItems = new Map<string, TestItem[]>();

/** Gives the input node of a workflow (parameter `key`) the items it emits; undefined forgets them. */
export function setInputItems(key: string, items: TestItem[] | undefined): void {
	if (items) inputItems.set(key, items);
	else inputItems.delete(key);
}

/**
 * Where this harness's n8n serves its URLs. `webhookWaitingBaseUrl` is n8n's `/webhook-waiting` base, which n8n hands
 * to every context (resume URLs, `$execution.resumeUrl`); the waiting-run harness (./waiting.ts) points it at its
 * own loopback server while it runs.
 */
export const harnessUrls = { webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting' };

/** The input node: emits the test's items; binaries are stored through n8n's prepareBinaryData. */
class HarnessInput implements INodeType {
	description = {
		displayName: 'Harness Input',
		name: INPUT_TYPE,
		group: ['input'],
		version: 1,
		description: 'Emits test items',
		defaults: { name: INPUT_NAME },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Key', name: 'key', type: 'string', default: '' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const key = this.getNodeParameter('key', 0) as string;
		const items = inputItems.get(key) ?? [{ json: {} }];
		const out: INodeExecutionData[] = [];
		for (const item of items) {
			const execItem: INodeExecutionData = { json: item.json ?? {} };
			if (item.binary) {
				execItem.binary = {};
				for (const [name, file] of Object.entries(item.binary)) {
					execItem.binary[name] = await this.helpers.prepareBinaryData(
						file.data,
						file.fileName,
						file.mimeType,
					);
				}
			}
			out.push(execItem);
		}
		return [out];
	}
}

const credentialTypes: Record<string, ICredentialType> = {
	tratoApi: new TratoApi(),
};

const nodeTypeInstances: Record<string, INodeType> = {
	[ACTION_TYPE]: new Trato(),
	[TRIGGER_TYPE]: new TratoTrigger(),
	[WEBHOOK_TRIGGER_TYPE]: new TratoWebhookTrigger(),
	[INPUT_TYPE]: new HarnessInput(),
};

/** n8n's node types as `pick` gives them by type name. */
function nodeTypesOf(pick: (type: string) => INodeType): INodeTypes {
	return {
		getByName: pick,
		getByNameAndVersion: (type: string, version?: number) =>
			NodeHelpers.getVersionedNodeType(pick(type), version),
		getKnownTypes: () => ({}),
	};
}

export const nodeTypes: INodeTypes = nodeTypesOf((type) => nodeTypeInstances[type]);

/** The harness's node types with `actionType` in the action node's place. */
function withActionType(actionType: INodeType): INodeTypes {
	return nodeTypesOf((type) => (type === ACTION_TYPE ? actionType : nodeTypeInstances[type]));
}

/**
 * Mirrors n8n's CredentialsHelper for our credential: defaults applied, `preAuthentication` and `authenticate`
 * called as n8n does, pre-authentication results stored. One helper is one n8n instance's credential store: pass
 * the same helper to several runs (`credentialsHelper` option) to see what a stored session does for later runs.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Every request options object after authentication, for assertions. */
	readonly authenticated: IHttpRequestOptions[] = [];
	/** Every call of the credential type's own preAuthentication (n8n's decision to call it mirrored below). */
	readonly preAuthentications: Array<{ credentialsExpired: boolean; testing: boolean }> = [];
	/** Every credential update n8n would write to its database (credential id → the data written). */
	readonly updates: Array<{ id: string; data: ICredentialDataDecryptedObject }> = [];

	constructor(private readonly store: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		if (typeof type.authenticate !== 'function') {
			throw new Error(
				'The harness supports only function-style authenticate (what our credential uses)',
			);
		}
		const result = await type.authenticate(credentials, requestOptions);
		this.authenticated.push(result);
		return result;
	}

	/**
	 * n8n's CredentialsHelper.preAuthentication (packages/cli/src/credentials-helper.ts, the same in n8n 1.123 and
	 * 2.41): only for a type with a hidden `expirable` property and a `preAuthentication` function; called when that
	 * property is empty, when the request failed with 401 (`credentialsExpired`), or in a credential test (a noOp
	 * node whose `temp` parameter is empty); an output without the property changes nothing; otherwise the output is
	 * stored (2.x: the expirable property and every key that is not an expression in the stored data) and merged
	 * into the credentials of the running request.
	 */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = credentialTypes[typeName];
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined) return undefined;
		const testing = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired && !testing) return undefined;
		this.preAuthentications.push({ credentialsExpired, testing });
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		if (!node.credentials) return undefined;
		const nodeCredentials = node.credentials[type.name];
		const stored = this.store[nodeCredentials.id ?? ''] ?? {};
		const persisted: ICredentialDataDecryptedObject = { ...stored };
		for (const [key, value] of Object.entries(output)) {
			if (key === expirable.name || !isExpression(stored[key])) {
				persisted[key] = value as ICredentialDataDecryptedObject[string];
			}
		}
		await this.updateCredentials(nodeCredentials, type.name, persisted);
		return Object.assign(credentials, output);
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: { id: string | null; name: string },
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.store[nodeCredentials.id ?? ''] ?? this.store[type];
		if (!data) throw new Error(`No credentials of type ${type} in the harness`);
		return applyCredentialDefaults(type, data);
	}

	async updateCredentials(
		nodeCredentials: { id: string | null; name: string },
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const id = nodeCredentials.id ?? '';
		this.store[id] = data;
		this.updates.push({ id, data: { ...data } });
	}

	/** The stored data of a credential, as n8n would decrypt it (without defaults). */
	stored(id = 'cred-1'): ICredentialDataDecryptedObject | undefined {
		return this.store[id];
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string) {
		return credentialTypes[type].properties;
	}
}

/** As n8n's CredentialsHelper.applyDefaultsAndOverwrites does: missing fields get the property defaults. */
export function applyCredentialDefaults(
	type: string,
	data: ICredentialDataDecryptedObject,
): ICredentialDataDecryptedObject {
	const properties = credentialTypes[type].properties;
	return NodeHelpers.getNodeParameters(
		properties,
		data as INodeParameters,
		true,
		false,
		null,
		null,
	) as ICredentialDataDecryptedObject;
}

let binaryReady: Promise<void> | undefined;

/** Initialises n8n-core's binary data service once per test file ('default' or 'filesystem' mode). */
export async function initN8nCore(binaryMode: 'default' | 'filesystem' = 'default'): Promise<void> {
	if (!binaryReady) {
		process.env.N8N_DEFAULT_BINARY_DATA_MODE = binaryMode;
		binaryReady = Container.get(BinaryDataService).init();
	}
	await binaryReady;
}

/** Stops n8n-core's long-lived services (the SSH client manager's cleanup interval) so jest can exit. */
export function shutdownN8nCore(): void {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
}

// under jest (not in the benchmarks or the model check's workers): stop them after each test file
const jestGlobals = globalThis as { afterAll?: (fn: () => void) => void };
if (typeof jestGlobals.afterAll === 'function') jestGlobals.afterAll(shutdownN8nCore);

export function binaryDataService(): BinaryDataService {
	return Container.get(BinaryDataService);
}

/** The bytes of an output binary, whatever the binary mode. */
export async function binaryBuffer(binary: IBinaryData): Promise<Buffer> {
	return await binaryDataService().getAsBuffer(binary);
}

let executionCounter = 0;

export function makeAdditionalData(
	credentialsHelper: ICredentialsHelper,
	workflowId = 'harness-workflow',
	executionId = `harness-${++executionCounter}`,
): IWorkflowExecuteAdditionalData {
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: workflowId,
		name: 'Harness',
		active: false,
		nodes: [],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as never);
	return {
		credentialsHelper,
		executionId,
		hooks,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: harnessUrls.webhookWaitingBaseUrl,
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('not supported in the harness');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		setExecutionStatus: () => {},
		sendDataToUI: () => {},
		startRunnerTask: async () => {
			throw new Error('not supported in the harness');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface CredentialInput {
	/** n8n's default is Production: tests against the sandbox set 'custom' with its Base URL. */
	environment?: 'production' | 'staging' | 'custom';
	baseUrl?: string;
	authentication?: 'apiKey' | 'accessToken' | 'emailPassword';
	apiKey?: string;
	accessToken?: string;
	email?: string;
	password?: string;
}

export interface RunNodeOptions {
	parameters: INodeParameters;
	credentials: CredentialInput | ICredentialDataDecryptedObject;
	items?: TestItem[];
	continueOnFail?: boolean;
	mode?: WorkflowExecuteMode;
	/** The workflow's time zone setting (n8n's default when omitted). */
	timezone?: string;
	/** The action node's type version as saved in the workflow (the newest when omitted). */
	typeVersion?: number;
	/** A credential store shared with other runs (`credentials` is then ignored). */
	credentialsHelper?: HarnessCredentialsHelper;
	/** When this resolves, the execution is stopped as n8n stops it (WorkflowExecute's cancel). */
	stopWhen?: Promise<unknown>;
	/** The node's settings as n8n stores them, e.g. Retry On Fail: `{ retryOnFail: true, maxTries: 2 }`. */
	settings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;
	/** Runs this node type in the action node's place (benchmarks: the floor of any node with the same description). */
	actionType?: INodeType;
}

export interface RunNodeResult {
	/** Output items of the TRATO node (main output 0). */
	items: INodeExecutionData[];
	/** The node's error, if it failed (as n8n records it). */
	error?: Error & { description?: string; httpCode?: string | null; context?: IDataObject };
	run: IRun;
	credentialsHelper: HarnessCredentialsHelper;
}

/** The action node's newest version: what a user who adds the node today gets. */
const ACTION_LATEST_VERSION = Math.max(
	...([] as number[]).concat(nodeTypeInstances[ACTION_TYPE].description.version),
);

export function actionNode(
	parameters: INodeParameters,
	continueOnFail = false,
	typeVersion = ACTION_LATEST_VERSION,
): INode {
	return {
		id: 'node-action',
		name: ACTION_NAME,
		type: ACTION_TYPE,
		typeVersion,
		position: [200, 0],
		parameters,
		credentials: { tratoApi: { id: 'cred-1', name: 'TRATO account' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
}

/** Runs the action node once through n8n-core's WorkflowExecute. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	await initN8nCore();
	const key = `items-${++executionCounter}`;
	inputItems.set(key, options.items ?? [{ json: {} }]);
	const credentialsHelper =
		options.credentialsHelper ??
		new HarnessCredentialsHelper({
			'cred-1': options.credentials as ICredentialDataDecryptedObject,
		});
	const additionalData = makeAdditionalData(credentialsHelper);
	const input: INode = {
		id: 'node-input',
		name: INPUT_NAME,
		type: INPUT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { key },
	};
	const node = {
		...actionNode(options.parameters, options.continueOnFail, options.typeVersion),
		...options.settings,
	};
	const workflow = new Workflow({
		id: 'harness-workflow',
		name: 'Harness',
		nodes: [input, node],
		connections: { [INPUT_NAME]: { main: [[{ node: ACTION_NAME, type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes: options.actionType ? withActionType(options.actionType) : nodeTypes,
		staticData: {},
		settings: options.timezone ? { timezone: options.timezone } : {},
	});
	try {
		const execution = new WorkflowExecute(additionalData, options.mode ?? 'manual').run(
			workflow,
			input,
		);
		// n8n's stop: the execution's cancel signal fires; the run still settles once the node has returned
		void options.stopWhen?.then(() => execution.cancel());
		const run = await execution;
		const taskData = run.data.resultData.runData[ACTION_NAME]?.[0];
		const items = (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[];
		const error = (taskData?.error ?? run.data.resultData.error) as RunNodeResult['error'];
		return { items, error, run, credentialsHelper };
	} finally {
		inputItems.delete(key);
	}
}

/**
 * An n8n-core ExecuteContext for the action node (no workflow run), to call transport functions directly in
 * tests exactly as an operation would.
 */
export async function executeContext(
	credentials: CredentialInput | ICredentialDataDecryptedObject,
	parameters: INodeParameters = { resource: 'contract', operation: 'get' },
	items: INodeExecutionData[] = [{ json: {} }],
): Promise<{ context: ExecuteContext; credentialsHelper: HarnessCredentialsHelper }> {
	await initN8nCore();
	const credentialsHelper = new HarnessCredentialsHelper({
		'cred-1': credentials as ICredentialDataDecryptedObject,
	});
	const additionalData = makeAdditionalData(credentialsHelper);
	const node = actionNode(parameters);
	const workflow = singleNodeWorkflow(node);
	const runExecutionData = { resultData: { runData: {} } } as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'manual',
		runExecutionData,
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
	return { context, credentialsHelper };
}

/** Builds a standalone workflow holding one node, for list searches, resource mapping and polling. */
function singleNodeWorkflow(node: INode, staticData: IDataObject = {}): Workflow {
	return new Workflow({
		id: 'harness-workflow',
		name: 'Harness',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData,
	});
}

/** One of the action node's `methods.<kind>` functions, bound to n8n-core's LoadOptionsContext for `parameters`. */
async function loadOptionsMethod(
	kind: 'listSearch' | 'resourceMapping',
	method: string,
	credentials: CredentialInput,
	parameters: INodeParameters,
): Promise<(...args: unknown[]) => Promise<unknown>> {
	await initN8nCore();
	const node = actionNode(parameters);
	const helper = new HarnessCredentialsHelper({
		'cred-1': credentials as unknown as ICredentialDataDecryptedObject,
	});
	const additionalData = makeAdditionalData(helper);
	additionalData.currentNodeParameters = parameters;
	const context = new LoadOptionsContext(
		singleNodeWorkflow(node),
		node,
		additionalData,
		'parameters',
	);
	const fn = (
		nodeTypeInstances[ACTION_TYPE].methods?.[kind] as
			| Record<string, (...args: unknown[]) => Promise<unknown>>
			| undefined
	)?.[method];
	if (!fn) throw new Error(`No ${kind} method ${method}`);
	return async (...args: unknown[]) => await fn.call(context, ...args);
}

/** Calls one of the action node's list-search methods through n8n-core's LoadOptionsContext. */
export async function listSearch(
	method: string,
	credentials: CredentialInput,
	parameters: INodeParameters = {},
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const fn = await loadOptionsMethod('listSearch', method, credentials, parameters);
	return (await fn(filter, paginationToken)) as INodeListSearchResult;
}

/** Calls one of the action node's resource-mapping methods through n8n-core's LoadOptionsContext. */
export async function resourceMapping(
	method: string,
	credentials: CredentialInput,
	parameters: INodeParameters,
): Promise<ResourceMapperFields> {
	const fn = await loadOptionsMethod('resourceMapping', method, credentials, parameters);
	return (await fn()) as ResourceMapperFields;
}

/**
 * Runs the credential's `test` request as n8n's CredentialsTester does: a temporary node (n8n's noOp type, so
 * n8n's CredentialsHelper sees a credential test and always runs the pre-authentication) whose only property
 * routes the test request, executed by n8n-core's RoutingNode; HTTP failures are matched against the
 * credential's responseCode rules, a 2xx answer against its responseSuccessBody rules (as n8n 1.x and 2.x do). `helper` receives the data n8n would store (a login's session token).
 */
export async function testCredential(
	credentials: CredentialInput,
	helper?: HarnessCredentialsHelper,
): Promise<INodeCredentialTestResult> {
	await initN8nCore();
	const credentialType = credentialTypes.tratoApi;
	const data = applyCredentialDefaults(
		'tratoApi',
		credentials as unknown as ICredentialDataDecryptedObject,
	);
	const decrypted: ICredentialsDecrypted = {
		id: 'cred-1',
		name: 'test',
		type: 'tratoApi',
		data,
	};
	const tempType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'tratoApi', required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: credentialType.test!.request },
					default: '',
				},
			],
		} as unknown as INodeType['description'],
	};
	const types: INodeTypes = {
		getByName: () => tempType,
		getByNameAndVersion: () => tempType,
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { tratoApi: { id: 'cred-1', name: 'test' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: types,
	});
	const additionalData = makeAdditionalData(
		helper ?? new HarnessCredentialsHelper({ 'cred-1': data }),
	);
	const runExecutionData: IRunExecutionData = { resultData: { runData: {} } } as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, tempType, decrypted).runNode();
	} catch (error) {
		const response = (error as { cause?: { response?: { status: number; statusText?: string } } })
			.cause?.response;
		if (response) {
			for (const rule of credentialType.test!.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.status) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			return {
				status: 'Error',
				message: response.statusText || `Received HTTP status code: ${response.status}`,
			};
		}
		const code = (error as { cause?: { code?: string } }).cause?.code;
		return { status: 'Error', message: code ?? (error as Error).message };
	}
	// n8n's CredentialsTester after a 2xx: each responseSuccessBody rule fails the test when the answer's value at
	// its key is exactly its value (lodash get, strict equality)
	const body = response?.[0]?.[0]?.json ?? {};
	for (const rule of credentialType.test!.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const found = rule.properties.key
			.split('.')
			.reduce<unknown>(
				(node, key) =>
					node !== null && typeof node === 'object'
						? (node as Record<string, unknown>)[key]
						: undefined,
				body,
			);
		if (found === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

export interface PollResult {
	/** What poll() returned (null = nothing to emit). */
	emitted: INodeExecutionData[][] | null;
	error?: Error;
}

/**
 * Runs the trigger's poll() like n8n's ActiveWorkflows does, keeping two copies of the static data: the
 * in-memory one of the running workflow, and the saved one (n8n writes static data to its database only when
 * an execution ran, i.e. when the poll emitted, and once after an activation: ActiveWorkflows.activatePolling
 * runs the poll once, then ActiveWorkflowManager.add() calls saveStaticData). `restart()` drops the in-memory
 * copy and reloads the saved one, like an n8n restart (whose re-activation poll is saved again);
 * `setParameters()` is an edit of the active workflow (n8n re-activates it the same way).
 */
let restarts = 0;

export class PollSimulator {
	private memory: IDataObject;
	saved: IDataObject;
	/**
	 * n8n 2.41's durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED with the durable scheduler): every poll
	 * starts from the cursor in the database, and a successful poll's cursor is committed with the execution it
	 * produced (or alone when it emitted nothing) — a poll round happens completely or not at all.
	 */
	durableCursors = false;
	readonly credentialsHelper: HarnessCredentialsHelper;
	/** The next successful poll is an activation poll (saved even when it emits nothing). */
	private activation = true;

	constructor(
		private parameters: INodeParameters,
		credentials: CredentialInput,
		initialStaticData: IDataObject = {},
	) {
		this.saved = deepCopy(initialStaticData);
		this.memory = deepCopy(initialStaticData);
		this.credentialsHelper = new HarnessCredentialsHelper({
			'cred-1': credentials as unknown as ICredentialDataDecryptedObject,
		});
	}

	setParameters(parameters: INodeParameters): void {
		this.parameters = parameters;
		this.activation = true;
	}

	/** Whether the next successful (non-manual) poll is an activation poll, saved whatever it returns. */
	get activationPending(): boolean {
		return this.activation;
	}

	/** The node's static data as n8n holds it in memory. */
	get staticData(): IDataObject {
		return (this.memory['node:TRATO Trigger'] as IDataObject) ?? {};
	}

	/** A copy of the in-memory static data (to run a poll again from it, see replaceMemory). */
	snapshot(): IDataObject {
		return deepCopy(this.memory);
	}

	/** Puts back in-memory static data taken with snapshot(): a poll that started from the same state. */
	replaceMemory(memory: IDataObject): void {
		this.memory = deepCopy(memory);
	}

	/** An n8n restart: a new process (the trigger's session changes) reloads the saved static data. */
	restart(): void {
		this.memory = deepCopy(this.saved);
		this.activation = true;
		triggerTuning.session = `restart-${++restarts}`;
	}

	async poll(
		mode: WorkflowExecuteMode = 'trigger',
		activation: WorkflowActivateMode = 'activate',
	): Promise<PollResult> {
		await initN8nCore();
		if (this.durableCursors) this.memory = deepCopy(this.saved);
		const node: INode = {
			id: 'node-trigger',
			name: 'TRATO Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: this.parameters,
			credentials: { tratoApi: { id: 'cred-1', name: 'TRATO account' } },
		};
		const workflow = singleNodeWorkflow(node, this.memory);
		const additionalData = makeAdditionalData(this.credentialsHelper);
		const context = new PollContext(workflow, node, additionalData, mode, activation);
		try {
			const emitted = await nodeTypeInstances[TRIGGER_TYPE].poll!.call(context);
			this.memory = workflow.staticData as IDataObject;
			if (mode !== 'manual' && (emitted !== null || this.activation || this.durableCursors)) {
				this.saved = deepCopy(this.memory);
				this.activation = false;
			}
			return { emitted };
		} catch (error) {
			this.memory = workflow.staticData as IDataObject;
			return { emitted: null, error: error as Error };
		}
	}
}
