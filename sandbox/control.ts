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
// The control API in process (SandboxControl); its HTTP face under /sandbox/ is routes/control.ts.
import type { Core } from './core';
import type { Faults } from './faults';
import type { Stats } from './http';
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
	type SeedOptions,
	type TemplateState,
} from './types';
import type { SandboxControl } from './sandboxTypes';
import { badRequest, describeValue, isPlainObject, isValidEmail, notFound, seedIds } from './util';
import { Variants, seedListRandom } from './variants';
import type { Webhooks } from './webhooks';

interface ControlDeps {
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
			core.lifecycle.sign(c, options);
			return done(c);
		},
		reject(contractId, options = {}) {
			const c = core.contract(contractId);
			core.lifecycle.reject(c, options.participantId, options.reason);
			return done(c);
		},
		acceptNegotiation(contractId) {
			const c = core.contract(contractId);
			core.lifecycle.acceptNegotiation(c);
			return done(c);
		},
		expire(contractId) {
			const c = core.contract(contractId);
			core.lifecycle.expire(c);
			return done(c);
		},
		deliver(contractId, options = {}) {
			const c = core.contract(contractId);
			core.lifecycle.deliver(c, options.complete === true);
			return done(c);
		},
		setStatus(contractId, status) {
			const c = core.contract(contractId);
			core.lifecycle.setStatus(c, checkStatus(status));
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
				core.lifecycle.setStatus(c, checkStatus(input.status));
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
			core.observer?.removed(c);
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
