import { createHash } from 'node:crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The contract an item of an execution made, in the n8n process's memory (api-notes N36). With Retry On Fail, n8n
 * runs a failed node again in the same execution and process, every item of it: a retry finds the contract its
 * earlier try made for the same item and the same input, and finishes that draft (or reports it sent) instead of
 * creating a second one. At most MAX_RUNS entries, the oldest forgotten first.
 */
const MAX_RUNS = 1000;
const runs = new Map<string, string>();

/** The key of an item's run: workflow, execution, node, item and a digest of its input; none without an execution. */
export function runKey(
	ctx: IExecuteFunctions,
	itemIndex: number,
	input: unknown,
): string | undefined {
	const executionId = ctx.getExecutionId();
	if (!executionId) return undefined;
	const digest = createHash('sha256').update(JSON.stringify(input)).digest('hex');
	return [ctx.getWorkflow().id ?? '', executionId, ctx.getNode().name, itemIndex, digest].join('|');
}

export function recallRun(key: string | undefined): string | undefined {
	return key === undefined ? undefined : runs.get(key);
}

export function rememberRun(key: string | undefined, contractId: string): void {
	if (key === undefined) return;
	runs.delete(key);
	runs.set(key, contractId);
	if (runs.size > MAX_RUNS) runs.delete(runs.keys().next().value as string);
}
