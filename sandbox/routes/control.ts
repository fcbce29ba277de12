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
// The control API over HTTP under /sandbox/ (no auth, local only): health, variants, JWTs, contracts and their
// simulated events, credits, faults, latency, file protection, seed, reset, stats, clock, flush, webhooks.
import { objectBody, type Ctx, type Reply, type Router } from '../http';
import type { SandboxControl } from '../sandboxTypes';
import type {
	ContractState,
	ContractStatus,
	CreateContractInput,
	Credits,
	FaultSpec,
} from '../types';
import { badRequest, isPlainObject, notFound } from '../util';
import { knownVariants } from '../variants';
import { registerWebhookRoutes } from './webhooks';

const body = (ctx: Ctx) => objectBody(ctx);
const json = (value: unknown, status = 200): Reply => ({ status, json: value });

export function registerControl(
	router: Router,
	control: SandboxControl,
	info: {
		baseUrl: () => string;
		uploadUrl: () => string;
		signJwt: (claims?: object, o?: { expiresInSeconds?: number }) => string;
	},
): void {
	const add = (methods: string[], pattern: string, handler: (ctx: Ctx) => Reply | Promise<Reply>) =>
		router.add({ methods, pattern, auth: false, handler });
	const contractAction = (
		name: string,
		fn: (id: string, b: Record<string, unknown>) => ContractState,
	) =>
		add(['POST'], `/sandbox/contracts/:contractId/${name}`, (ctx) =>
			json({ success: true, contract: fn(ctx.params.contractId, body(ctx)) }),
		);

	add(['GET'], '/sandbox/health', () =>
		json({
			ok: true,
			baseUrl: info.baseUrl(),
			uploadUrl: info.uploadUrl(),
			contracts: control.contractCount(),
			now: control.now().toISOString(),
			variants: control.variants(),
		}),
	);
	add(['GET'], '/sandbox/variants', () =>
		json({ variants: control.variants(), known: knownVariants() }),
	);
	add(['POST'], '/sandbox/variants', (ctx) =>
		json({ variants: control.setVariants(body(ctx).variants as string[]) }),
	);
	add(['POST'], '/sandbox/jwt', (ctx) => {
		const b = body(ctx);
		if (b.claims !== undefined && !isPlainObject(b.claims))
			throw badRequest('claims must be an object');
		if (b.expiresInSeconds !== undefined && typeof b.expiresInSeconds !== 'number')
			throw badRequest('expiresInSeconds must be a number');
		try {
			return json({
				jwt: info.signJwt(b.claims as object | undefined, {
					expiresInSeconds: b.expiresInSeconds as number | undefined,
				}),
			});
		} catch (error) {
			throw badRequest(`Cannot sign these claims: ${(error as Error).message}`);
		}
	});
	add(['GET'], '/sandbox/templates', () => json(control.listTemplates()));
	add(['POST'], '/sandbox/contracts', (ctx) =>
		json({ success: true, contract: control.createContract(body(ctx) as CreateContractInput) }),
	);
	add(['GET'], '/sandbox/contracts/:contractId', (ctx) => {
		const c = control.getContract(ctx.params.contractId);
		if (!c) throw notFound(`Contract ${ctx.params.contractId} not found`);
		return json(c);
	});
	add(['DELETE'], '/sandbox/contracts/:contractId', (ctx) => {
		control.deleteContract(ctx.params.contractId);
		return json({ success: true });
	});
	contractAction('sign', (id, b) => control.sign(id, b));
	contractAction('reject', (id, b) => control.reject(id, b));
	contractAction('negotiation-accepted', (id) => control.acceptNegotiation(id));
	contractAction('expire', (id) => control.expire(id));
	contractAction('deliver', (id, b) => control.deliver(id, b));
	contractAction('status', (id, b) => control.setStatus(id, b.status as ContractStatus));
	add(['GET'], '/sandbox/credits', () => json(control.getCredits()));
	add(['POST'], '/sandbox/credits', (ctx) =>
		json(control.setCredits(body(ctx) as Partial<Credits>)),
	);
	add(['GET'], '/sandbox/faults', () => json(control.listFaults()));
	add(['POST'], '/sandbox/faults', (ctx) => {
		const b = body(ctx);
		const ids = Array.isArray(b.faults)
			? control.addFaults(b.faults as FaultSpec[])
			: [control.addFault(b as FaultSpec)];
		return json({ success: true, ids });
	});
	add(['DELETE'], '/sandbox/faults', () => {
		control.clearFaults();
		return json({ success: true });
	});
	add(['GET'], '/sandbox/latency', () => json({ ms: control.getLatency() }));
	add(['POST'], '/sandbox/latency', (ctx) => {
		control.setLatency(body(ctx).ms as number);
		return json({ ms: control.getLatency() });
	});
	add(['GET'], '/sandbox/file-protection', () => json({ enabled: control.getFileProtection() }));
	add(['POST'], '/sandbox/file-protection', (ctx) => {
		control.setFileProtection(body(ctx).enabled as boolean);
		return json({ enabled: control.getFileProtection() });
	});
	add(['POST'], '/sandbox/seed', (ctx) => {
		const b = body(ctx);
		if (typeof b.count !== 'number') throw badRequest('count must be a number');
		return json(
			control.seed(b.count, {
				seed: b.seed as number | undefined,
				from: b.from as string | undefined,
				to: b.to as string | undefined,
			}),
		);
	});
	add(['POST'], '/sandbox/reset', () => {
		control.reset();
		return json({ success: true, contracts: control.contractCount() });
	});
	add(['GET'], '/sandbox/stats', () => json(control.stats()));
	add(['DELETE'], '/sandbox/stats', () => {
		control.resetStats();
		return json({ success: true });
	});
	add(['GET'], '/sandbox/clock', () => json({ now: control.now().toISOString() }));
	add(['POST'], '/sandbox/clock', (ctx) =>
		json({ now: control.advanceClock(body(ctx).advanceMs as number).toISOString() }),
	);
	add(['POST'], '/sandbox/flush', async () => {
		await control.flush();
		return json({ success: true });
	});
	registerWebhookRoutes(router, control.webhooks);
}
