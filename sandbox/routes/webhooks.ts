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
import type { Ctx, Reply, Router } from '../http';
import { badRequest, describeValue, isPlainObject } from '../util';
import type {
	ForgeInput,
	TestDeliveryInput,
	WebhookControl,
	WebhookSettingsInput,
} from '../webhookTypes';

/** The HTTP routes of the webhook control API (no auth, local only, like every /sandbox/ route). */
export function registerWebhookRoutes(router: Router, webhooks: WebhookControl): void {
	const add = (methods: string[], pattern: string, handler: (ctx: Ctx) => Reply | Promise<Reply>) =>
		router.add({ methods, pattern, auth: false, handler });
	const body = (ctx: Ctx): Record<string, unknown> => {
		if (ctx.body === undefined || ctx.body === null) return {};
		if (!isPlainObject(ctx.body))
			throw badRequest(`The body must be a JSON object, got ${describeValue(ctx.body)}`);
		return ctx.body;
	};
	const json = (value: unknown): Reply => ({ status: 200, json: value });
	add(['GET'], '/sandbox/webhooks', () => json(webhooks.settings()));
	add(['POST'], '/sandbox/webhooks', (ctx) =>
		json(webhooks.configure(body(ctx) as WebhookSettingsInput)),
	);
	add(['DELETE'], '/sandbox/webhooks', () => json(webhooks.unsubscribe()));
	add(['GET'], '/sandbox/webhooks/deliveries', () => json(webhooks.deliveries()));
	add(['DELETE'], '/sandbox/webhooks/deliveries', () => {
		webhooks.clearDeliveries();
		return json({ success: true });
	});
	add(['POST'], '/sandbox/webhooks/forge', async (ctx) =>
		json(await webhooks.forge(body(ctx) as ForgeInput)),
	);
	add(['POST'], '/sandbox/webhooks/test', async (ctx) =>
		json(await webhooks.sendTest(body(ctx) as TestDeliveryInput)),
	);
}
