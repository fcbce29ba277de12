import type { IDataObject } from 'n8n-workflow';

/**
 * What this n8n process knows of its waiting runs (api-notes WS12): for each run (execution and node), the contracts
 * TRATO said final, each with the status record it answered, and whether a call is resuming the run now. A contract's
 * final status never changes again, so what is known stays true; it is only what this process has seen: a process
 * that knows nothing of a run (restarted, or not the one that started it) learns it again from TRATO, once. With it, a
 * resume call reads only the contract it is called for, and a run waiting on N contracts costs N reads however many
 * calls come, instead of N for each.
 */
/** A contract TRATO could not be read for, and why. */
export interface Unread {
	contractId: string;
	error: unknown;
}

export interface RunKnowledge {
	/** Contract ID → its status record (4.3), for the contracts TRATO said final. */
	final: Map<string, IDataObject>;
	/** `resuming`: a call is building the outputs (others are told to ask again); `resumed`: it handed them to n8n. */
	state: 'waiting' | 'resuming' | 'resumed';
	/** When the outputs were handed to n8n (ms). */
	resumedAt?: number;
	/** Whether this process has seen every contract of the run once (its execution began here, or it read them). */
	learned: boolean;
	/** A process's first look at a run in progress: later calls wait for it instead of reading everything again. */
	learning?: Promise<Unread | undefined>;
}

/** At most this many runs, and this many contracts in all, are remembered; the least recently used go first. */
const MAX_RUNS = 1_000;
const MAX_CONTRACTS = 200_000;

const runs = new Map<string, RunKnowledge>();

function contractsKnown(): number {
	let total = 0;
	for (const run of runs.values()) total += run.final.size;
	return total;
}

/** The key of a run: its execution and the waiting node. */
export function runKey(executionId: string, nodeId: string): string {
	return `${executionId}:${nodeId}`;
}

/**
 * The process's knowledge of a run, made (empty) when it has none, and marked as most recently used. The same object
 * for every call of the run, so that one call sees at once what another has learned.
 */
export function knowledgeOf(key: string): RunKnowledge {
	const existing = runs.get(key);
	if (existing) {
		runs.delete(key);
		runs.set(key, existing);
		return existing;
	}
	const known: RunKnowledge = { final: new Map(), state: 'waiting', learned: false };
	runs.set(key, known);
	while (runs.size > MAX_RUNS || (runs.size > 1 && contractsKnown() > MAX_CONTRACTS)) {
		const oldest = runs.keys().next().value as string;
		if (oldest === key) break;
		runs.delete(oldest);
	}
	return known;
}

/** What the run's execution learned before it began to wait (the first read of each contract). */
export function rememberFinal(key: string, records: ReadonlyMap<string, IDataObject>): void {
	const known = knowledgeOf(key);
	for (const [contractId, record] of records) known.final.set(contractId, record);
	known.learned = true;
}

/** What a restart does to this process's knowledge (tests, and only tests, call it). */
export function forgetRuns(): void {
	runs.clear();
}
