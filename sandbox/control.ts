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
// The control API: in-process (SandboxControl) and over HTTP under /sandbox/ (no auth, local only).
import type { Core } from './core';
import type { Faults } from './faults';
import type { Ctx, Reply, Router, Stats } from './http';
import { seedContracts } from './seed';
import { TEMPLATES, findTemplate } from './templates';
import {
	CONTRACT_STATUSES,
	type ContractState,
	type ContractStatus,
	type CreateContractInput,
	type Credits,
	type FaultSpec,
	type RequestHook,
	type SandboxControl,
	type SeedOptions,
	type TemplateState,
} from './types';
import { badRequest, describeValue, isPlainObject, isValidEmail, notFound, seedIds } from './util';
import { Variants, knownVariants, seedListRandom } from './variants';
import { registerWebhookRoutes, type Webhooks } from './webhooks';

export interface ControlDeps {
	core: Core;
	faults: Faults;
	stats: Stats;
	initial: {
		credits: Credits;
		latencyMs: number;
		fileProtection: boolean;
		seed: number;
		variants?: Variants;
	};
	latency: { ms: number };
	/** In-process hooks (tests); absent in older callers. */
	hooks?: { request?: RequestHook };
	webhooks: Webhooks;
}

function clone<T>(value: T): T {
	return structuredClone(value);
}

function checkStatus(status: unknown): ContractStatus {
	if (typeof status !== 'string' || !(CONTRACT_STATUSES as readonly string[]).includes(status)) {
		throw badRequest(
			`status must be one of ${CONTRACT_STATUSES.map((s) => JSON.stringify(s)).join(', ')}, got ${describeValue(status)}`,
		);
	}
	return status as ContractStatus;
}

export function createControl(deps: ControlDeps): SandboxControl {
	const { core, faults, stats } = deps;
	/** A copy of the raw state for an answer (participant statuses named as the active variant names them). */
	const done = (c: ContractState) => core.variants.contractView(clone(c));

	const control: SandboxControl = {
		webhooks: deps.webhooks,
		sign(contractId, options = {}) {
			const c = core.contract(contractId);
			core.sign(c, options);
			return done(c);
		},
		reject(contractId, options = {}) {
			const c = core.contract(contractId);
			core.reject(c, options.participantId, options.reason);
			return done(c);
		},
		acceptNegotiation(contractId) {
			const c = core.contract(contractId);
			core.acceptNegotiation(c);
			return done(c);
		},
		expire(contractId) {
			const c = core.contract(contractId);
			core.expire(c);
			return done(c);
		},
		deliver(contractId, options = {}) {
			const c = core.contract(contractId);
			core.deliver(c, options.complete === true);
			return done(c);
		},
		setStatus(contractId, status) {
			const c = core.contract(contractId);
			core.setStatus(c, checkStatus(status));
			return done(c);
		},
		setCredits(credits) {
			for (const k of ['shield1', 'shield2'] as const) {
				const v = credits[k];
				if (v === undefined) continue;
				if (!Number.isInteger(v) || v < 0) throw badRequest(`${k} must be a non-negative integer`);
				core.store.credits[k] = v;
			}
			core.touch();
			return { ...core.store.credits };
		},
		getCredits() {
			return { ...core.store.credits };
		},
		addFault(fault: FaultSpec) {
			return faults.add(fault);
		},
		addFaults(list: FaultSpec[]) {
			if (!Array.isArray(list)) throw badRequest('faults must be an array');
			return list.map((f) => faults.add(f));
		},
		listFaults() {
			return faults.all();
		},
		clearFaults() {
			faults.clear();
		},
		setLatency(ms) {
			if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 600_000)
				throw badRequest('latency must be a number of milliseconds (0-600000)');
			deps.latency.ms = ms;
		},
		getLatency() {
			return deps.latency.ms;
		},
		setFileProtection(enabled) {
			if (typeof enabled !== 'boolean') throw badRequest('enabled must be a boolean');
			core.fileProtection = enabled;
		},
		getFileProtection() {
			return core.fileProtection;
		},
		seed(count, options?: SeedOptions) {
			return seedContracts(core, count, options);
		},
		reset() {
			core.store.clear(deps.initial.credits);
			faults.clear();
			deps.latency.ms = deps.initial.latencyMs;
			core.fileProtection = deps.initial.fileProtection;
			core.clockOffsetMs = 0;
			core.listDatePrecision = 'ms';
			core.variants = deps.initial.variants ?? Variants.none;
			if (deps.hooks) deps.hooks.request = undefined;
			deps.webhooks.reset();
			seedListRandom(undefined);
			if (deps.initial.seed > 0) seedContracts(core, deps.initial.seed);
			core.touch();
		},
		createContract(input: CreateContractInput = {}) {
			if (!isPlainObject(input as unknown))
				throw badRequest('The contract input must be an object');
			let createdAt: Date | undefined;
			if (input.createdAt !== undefined) {
				createdAt = new Date(input.createdAt);
				if (typeof input.createdAt !== 'string' || Number.isNaN(createdAt.getTime()))
					throw badRequest('createdAt must be an ISO timestamp');
			}
			const template =
				input.templateId === undefined ? undefined : findTemplate(String(input.templateId));
			if (input.templateId !== undefined && !template)
				throw notFound(`Template ${input.templateId} not found`);
			if (input.name !== undefined && typeof input.name !== 'string')
				throw badRequest('name must be a string');
			const c = core.newContract({
				name: input.name ?? template?.name ?? 'Contract',
				source: 'control',
				templateId: template?.templateId,
				createdAt,
			});
			const at = new Date(c.createdAtMs);
			c.participants = template
				? template.participants.map((def) => core.participantFromTemplate(def, at))
				: [core.blankParticipant('Signer 1', at), core.blankParticipant('Signer 2', at)];
			if (input.participants !== undefined) {
				if (!Array.isArray(input.participants)) throw badRequest('participants must be an array');
				c.participants = input.participants.map((pi, i) => {
					if (!isPlainObject(pi as unknown))
						throw badRequest(`participants[${i}] must be an object`);
					const p = c.participants[i] ?? core.blankParticipant(`Signer ${i + 1}`, at);
					if (pi.label !== undefined) p.label = String(pi.label);
					if (pi.name !== undefined) p.name = String(pi.name);
					if (pi.email !== undefined) {
						if (typeof pi.email !== 'string' || (pi.email !== '' && !isValidEmail(pi.email)))
							throw badRequest(`participants[${i}].email is not valid`);
						p.email = pi.email;
					}
					if (pi.phone !== undefined) p.phone = String(pi.phone);
					if (pi.obligation !== undefined) {
						if (pi.obligation !== 'individual' && pi.obligation !== 'legal')
							throw badRequest(`participants[${i}].obligation must be individual or legal`);
						p.obligation = pi.obligation;
					}
					if (pi.representative !== undefined) p.representative = String(pi.representative);
					if (pi.status !== undefined) {
						const status = core.variants.controlParticipantStatus(pi.status);
						if (!status) throw badRequest(`participants[${i}].status is not valid`);
						p.status = status;
					}
					for (const [ref, value] of Object.entries(pi.variables ?? {})) {
						if (p.variables[ref]) p.variables[ref].value = String(value);
						else p.variables[ref] = { name: ref, type: 'text', value: String(value) };
					}
					return p;
				});
			}
			if (input.externalId !== undefined) c.externalId = String(input.externalId);
			core.commit(c);
			if (input.status !== undefined && input.status !== '')
				core.setStatus(c, checkStatus(input.status));
			return done(c);
		},
		getContract(contractId) {
			const c = core.store.contracts.get(contractId);
			return c ? done(c) : undefined;
		},
		contractCount() {
			return core.store.contracts.size;
		},
		listTemplates(): TemplateState[] {
			return clone(TEMPLATES as TemplateState[]);
		},
		stats() {
			return {
				startedAt: stats.startedAt,
				requests: stats.requests,
				byRoute: { ...stats.byRoute },
				byStatus: { ...stats.byStatus },
				faultsInjected: faults.injected,
				contracts: core.store.contracts.size,
			};
		},
		resetStats() {
			stats.reset();
			faults.injected = 0;
		},
		advanceClock(ms) {
			if (typeof ms !== 'number' || !Number.isFinite(ms)) throw badRequest('ms must be a number');
			core.clockOffsetMs += ms;
			return core.now();
		},
		now() {
			return core.now();
		},
		async flush() {
			await core.dataFile?.flush();
		},
		setRequestHook(hook) {
			if (hook !== undefined && typeof hook !== 'function')
				throw badRequest('The request hook must be a function');
			if (!deps.hooks) throw badRequest('Request hooks are not available on this sandbox');
			deps.hooks.request = hook;
		},
		setListDatePrecision(precision) {
			if (precision !== 'ms' && precision !== 'day')
				throw badRequest("precision must be 'ms' or 'day'");
			core.listDatePrecision = precision;
		},
		setVariants(list) {
			core.variants = Variants.parse(list);
			return core.variants.list();
		},
		variants() {
			return core.variants.list();
		},
		deleteContract(contractId) {
			const c = core.contract(contractId);
			core.store.removeContract(c);
			core.touch();
		},
		seedRandom(seed) {
			seedListRandom(seed);
			seedIds(seed);
		},
	};
	return control;
}

function body(ctx: Ctx): Record<string, unknown> {
	if (ctx.body === undefined || ctx.body === null) return {};
	if (!isPlainObject(ctx.body))
		throw badRequest(`The body must be a JSON object, got ${describeValue(ctx.body)}`);
	return ctx.body;
}

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
