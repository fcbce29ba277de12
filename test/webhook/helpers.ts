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
/** Shared setup of the instant trigger's tests: a sandbox with a webhook secret, the trigger behind real HTTP. */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { DeliveryRecord } from '../../sandbox';
import { startWebhookServer, type WebhookServer } from '../../test-support/harness/webhook';
import { useEnv, type NodeTestEnv } from '../helpers/env';

export const SECRET = 'whsec_test_Q9v2kL7pXe4Rz8Tb';

export const ALL_EVENTS = [
	'signed',
	'signed-all',
	'document-finalized',
	'document-removed',
	'milestone-completed',
	'all-milestones-completed',
];

export interface WebhookTestEnv {
	env: NodeTestEnv;
	/** The sandbox credential for the trigger, with or without the Webhook Secret. */
	credentials(webhookSecret?: string): ICredentialDataDecryptedObject;
	/** A trigger behind its own loopback URL (closed after the file's last test). */
	trigger(
		parameters?: INodeParameters,
		options?: {
			webhookSecret?: string;
			mode?: 'webhook' | 'manual';
			workflowId?: string;
			staticData?: IDataObject;
		},
	): Promise<WebhookServer>;
	/**
	 * Makes the sandbox send every event to this trigger, retrying after 20 ms: in each event's slot the trigger's
	 * URL with `?event=<event>`, as the panel tells users (`withEventInUrl: false`: the bare URL in every slot).
	 */
	subscribe(server: WebhookServer, events?: string[], withEventInUrl?: boolean): void;
	/** Waits until the sandbox has nothing left to send and the trigger has finished every execution. */
	settle(...servers: WebhookServer[]): Promise<void>;
	/** Deliveries the sandbox sent (not forged ones). */
	delivered(): DeliveryRecord[];
	/** The sandbox as a test found it: no request hook, fault, variant, subscription or recorded delivery. */
	reset(): void;
}

/**
 * The test file's environment (`useEnv`) with a webhook secret, and its triggers: started before the first test,
 * the sandbox reset after each test, the triggers and the sandbox closed after the last. Use it inside tests and
 * hooks only.
 */
export function useWebhookTestEnv(testFile: string): WebhookTestEnv {
	const servers: WebhookServer[] = [];
	// registered before useEnv's: the triggers close before the sandbox does
	afterAll(async () => {
		await Promise.all(servers.splice(0).map(async (s) => await s.close()));
	});
	const env = useEnv(testFile, { webhookSecret: SECRET });
	const credentials = (webhookSecret?: string): ICredentialDataDecryptedObject => ({
		environment: 'custom',
		baseUrl: env.sb.baseUrl,
		authentication: 'apiKey',
		apiKey: env.sb.apiKey,
		...(webhookSecret === undefined ? {} : { webhookSecret }),
	});
	const t: WebhookTestEnv = {
		env,
		credentials,
		async trigger(parameters = {}, options = {}) {
			const server = await startWebhookServer({
				parameters,
				credentials: credentials('webhookSecret' in options ? options.webhookSecret : SECRET),
				mode: options.mode,
				workflowId: options.workflowId,
				staticData: options.staticData,
			});
			servers.push(server);
			return server;
		},
		subscribe(server, events = ALL_EVENTS, withEventInUrl = true) {
			env.sb.control.webhooks.configure({
				urls: Object.fromEntries(
					events.map((e) => [e, withEventInUrl ? eventUrl(server.url, e) : server.url]),
				),
				retryDelaysMs: [20],
			});
		},
		async settle(...list) {
			await env.sb.control.webhooks.idle();
			for (const server of list) await server.settled();
		},
		delivered: () => env.sb.control.webhooks.deliveries().filter((d) => !d.forged && !d.test),
		reset() {
			env.sb.control.setRequestHook(undefined);
			env.sb.control.clearFaults();
			env.sb.control.setVariants([]);
			env.sb.control.webhooks.unsubscribe();
			env.sb.control.webhooks.clearDeliveries();
		},
	};
	afterEach(() => t.reset());
	return t;
}

/** The URL to paste into an event's slot of the TRATO profile: the trigger's URL with `?event=<event>`. */
export function eventUrl(url: string, event: string): string {
	return `${url}?event=${encodeURIComponent(event)}`;
}

/** A contract waiting for the signatures of two participants (made through the control API). */
export function contractToSign(env: NodeTestEnv, name = 'Webhook test contract') {
	return env.sb.control.createContract({
		name,
		status: 'SENT_TO_SIGN',
		externalId: `ext-${name.length}`,
		participants: [
			{ name: 'Ana López', email: 'ana.lopez@example.com' },
			{ name: 'Beto Ruiz', email: 'beto.ruiz@example.com' },
		],
	});
}
