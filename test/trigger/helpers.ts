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
/** Shared helpers of the trigger tests: parameters, event extraction, request-log queries, injected clocks. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { transportSettings } from '../../nodes/Trato/transport/retry';
import { triggerTuning } from '../../nodes/Trato/trigger/tuning';
import { loadState, STATE_KEY, type TriggerState } from '../../nodes/Trato/trigger/state';
import type { CredentialInput, PollResult } from '../../test-support/harness';
import { PollSimulator } from '../../test-support/harness';
import { useEnv, type LoggedRequest, type NodeTestEnv } from '../helpers/env';

export const LEASE = '67878720c4e6a1f3b9d20a11';
export const NDA = '67c48788d5f7b2a4c0e31b22';
export const SERVICES = '68552694e6a8c3b5d1f42c33';

/** Trigger parameters with the defaults n8n would fill in. */
export function triggerParams(p: INodeParameters = {}): INodeParameters {
	return { event: 'anyChange', filters: {}, options: {}, ...p };
}

export function newSim(
	env: NodeTestEnv,
	p: INodeParameters = {},
	creds?: CredentialInput,
): PollSimulator {
	return new PollSimulator(triggerParams(p), creds ?? env.creds);
}

/** The JSON of every emitted item (empty when the poll emitted nothing). */
export function emitted(result: PollResult): IDataObject[] {
	if (result.error) throw result.error;
	return (result.emitted?.[0] ?? []).map((item: INodeExecutionData) => item.json);
}

/** An event's eventId without its epoch (`<id>:<status>:<n>`), for tests that are not about the epoch. */
export function eventKey(event: IDataObject): string {
	return String(event.eventId).replace(/\.[0-9a-z]+$/, '');
}

/** Short form of events for assertions: "<id>:<previous>→<status>" (drafts shown as ''). */
export function transitions(events: IDataObject[]): string[] {
	return events.map(
		(e) =>
			`${String(e.event)} ${String(e.contractId)} ${String(e.previousStatus)}→${String(e.status)}`,
	);
}

/** The trigger's decoded state as n8n holds it in memory. */
export function decoded(sim: PollSimulator): TriggerState | undefined {
	return loadState(sim.staticData[STATE_KEY]);
}

/** List requests the node sent after a mark. */
export function listRequests(env: NodeTestEnv, mark: number): LoggedRequest[] {
	return env.nodeRequests(mark).filter((r) => r.path === '/api/list/contracts');
}

/** A controllable clock for the sandbox (createdAt, expiry) and the trigger (look-back window, detectedAt). */
export class TestClock {
	constructor(public ms: number) {}

	now = (): Date => new Date(this.ms);

	advance(ms: number): void {
		this.ms += ms;
	}
}

const originalSleep = transportSettings.sleep;
const originalNow = triggerTuning.now;
const originalPageSize = triggerTuning.pageSize;
const originalOrderEvidence = triggerTuning.orderEvidence;

/** Records the transport's waits instead of sleeping, and optionally injects the trigger's clock / page size. */
export function injectSettings(options: { clock?: TestClock; pageSize?: number } = {}): {
	waits: number[];
} {
	const waits: number[] = [];
	transportSettings.sleep = async (ms: number) => {
		waits.push(ms);
	};
	if (options.clock) {
		const clock = options.clock;
		triggerTuning.now = () => clock.ms;
	}
	if (options.pageSize) triggerTuning.pageSize = options.pageSize;
	return { waits };
}

export function restoreSettings(): void {
	transportSettings.sleep = originalSleep;
	triggerTuning.now = originalNow;
	triggerTuning.pageSize = originalPageSize;
	triggerTuning.orderEvidence = originalOrderEvidence;
}

export const DAY = 86_400_000;

/**
 * A trigger test file's environment (`useEnv`) whose clock the trigger reads too, the transport's waits recorded
 * instead of slept (`injectSettings`): started before the file's (or the `describe`'s) tests, the sandbox reset
 * before each, closed after them.
 */
export function useTriggerEnv(file: string, clock: TestClock): NodeTestEnv {
	const env = useEnv(file, { now: clock.now });
	beforeAll(() => {
		injectSettings({ clock });
	});
	afterAll(() => restoreSettings());
	beforeEach(() => env.sb.control.reset());
	return env;
}

/** `useTriggerEnv`, and `create`, which makes a contract one second after the previous one. */
export function triggerSuite(file: string, clock: TestClock) {
	const env = useTriggerEnv(file, clock);
	return {
		env,
		create(status?: string, createdAt?: string): string {
			clock.advance(1000);
			return env.sb.control.createContract({ status: status as never, createdAt })._id;
		},
	};
}
