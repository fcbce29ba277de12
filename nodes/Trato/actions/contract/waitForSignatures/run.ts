import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toIsoTimestamp } from '../../../helpers/dates';
import { DEFAULT_MAX_FILE_MB, megabytesToBytes } from '../../../helpers/files';
import { fail } from '../../../helpers/validate';
import { buildResumeUrl, RESUME_PROPERTY } from '../../../helpers/waiting';
import { request, type SignedFileFields } from '../../../transport';
import { listProperties } from '../../../transport/records';

/** What Wait for Signatures runs in: its execution, and the resume call n8n hands to its webhook. */
export type WaitContext = IExecuteFunctions | IWebhookFunctions;

/**
 * This run's resume URL at this node (helpers/waiting.ts `buildResumeUrl`): the URL n8n signs for the node, with the
 * execution's resume token in n8n 2.x. The same in the execution and in the resume call (same execution, same node,
 * same instance secret and token), so the resume call can be checked against it.
 */
export function runResumeUrl(ctx: WaitContext): string | undefined {
	const executionUrl = ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0);
	if (typeof executionUrl !== 'string' || !executionUrl) return undefined;
	const signed =
		typeof ctx.getSignedResumeUrl === 'function' ? () => ctx.getSignedResumeUrl() : undefined;
	try {
		return buildResumeUrl(executionUrl, signed);
	} catch {
		return undefined;
	}
}

/** The URL, or the sentence why this n8n cannot give one (before anything is stored). */
export function requireResumeUrl(ctx: IExecuteFunctions, itemIndex: number): string {
	const url = runResumeUrl(ctx);
	if (!url) {
		fail(
			ctx,
			itemIndex,
			'This n8n gives no signed resume URL, so Wait for Signatures cannot wait here',
			'Wait for Signatures needs n8n 1.x with signed resume URLs (getSignedResumeUrl, as n8n\'s own "Send and Wait for Response" uses) or n8n 2.x. Update n8n, or react to the signature in a separate workflow with a TRATO trigger.',
		);
	}
	return url;
}

/** An AI agent cannot wait for days: the tool variant of the node refuses this operation (docs/ai-agents.md). */
export function refuseAsTool(ctx: IExecuteFunctions): void {
	if (!ctx.getNode().type.endsWith('Tool')) return;
	throw new NodeOperationError(ctx.getNode(), 'Wait for Signatures cannot run as an AI tool', {
		description:
			'An agent cannot wait days for a signature. Send the contract with the tool, and let a TRATO trigger (or a workflow with Wait for Signatures) react when it is signed.',
	});
}

/** The stored resume URLs of a contract that are exactly this one (by property). */
async function stored(
	ctx: WaitContext,
	contractId: string,
	url: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const properties = await listProperties.call(ctx, contractId, itemIndex);
	return properties.filter(
		(p) => String(p.name ?? '').trim() === RESUME_PROPERTY && String(p.value ?? '') === url,
	);
}

/**
 * Stores the run's resume URL on the contract (custom property `n8n_resume_url`, spec 4.20), unless it is there
 * already (the node run again in the same execution). Returns whether it wrote it.
 */
export async function storeResumeUrl(
	ctx: IExecuteFunctions,
	contractId: string,
	url: string,
	itemIndex: number,
): Promise<boolean> {
	if ((await stored(ctx, contractId, url, itemIndex)).length) return false;
	await request.call(
		ctx,
		'customPropertyCreate',
		{ contractId },
		{ body: { properties: [{ name: RESUME_PROPERTY, value: url }] }, itemIndex },
	);
	return true;
}

/** Removes this run's resume URL from the contract (every copy of it). */
export async function removeResumeUrl(
	ctx: WaitContext,
	contractId: string,
	url: string,
	itemIndex?: number,
): Promise<void> {
	for (const property of await stored(ctx, contractId, url, itemIndex)) {
		await request.call(
			ctx,
			'customPropertyDelete',
			{ contractId, propertyId: String(property._id) },
			{ itemIndex },
		);
	}
}

const UNIT_MS: Readonly<Record<string, number>> = {
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

/**
 * Limit Wait Time (descriptions/wait.ts), as n8n's send-and-wait nodes read it: an interval from now, or a date and
 * time (in the workflow's time zone when it names none; one that has passed is refused). Undefined: no limit.
 */
export function waitUntil(ctx: IExecuteFunctions, itemIndex: number): Date | undefined {
	const limit = ctx.getNodeParameter('options.limitWaitTime.values', itemIndex, {}) as IDataObject;
	if (!limit || typeof limit !== 'object' || Object.keys(limit).length === 0) return undefined;
	const type = limit.limitType ?? 'afterTimeInterval';
	if (type === 'afterTimeInterval') {
		const amount = Number(limit.resumeAmount ?? 1);
		const unit = UNIT_MS[String(limit.resumeUnit ?? 'hours')];
		if (!Number.isFinite(amount) || amount <= 0 || unit === undefined) {
			fail(
				ctx,
				itemIndex,
				`Limit Wait Time "${String(limit.resumeAmount)} ${String(limit.resumeUnit)}" is not a time to wait`,
				'Enter a positive Amount and pick minutes, hours or days.',
			);
		}
		return new Date(Date.now() + amount * unit);
	}
	if (type === 'atSpecifiedTime') {
		const at = new Date(toIsoTimestamp(ctx, itemIndex, limit.maxDateAndTime, 'Max Date and Time'));
		if (at.getTime() <= Date.now()) {
			fail(
				ctx,
				itemIndex,
				`Max Date and Time ${at.toISOString()} has passed`,
				'Pick a date and time in the future, or remove Limit Wait Time.',
			);
		}
		return at;
	}
	fail(ctx, itemIndex, `Unknown Limit Type "${String(type)}"`, 'Pick a Limit Type from the list.');
}

/** Download Signed Files, as the resume reads it: the binary fields and Max File Size (MB). */
export type WaitFiles = SignedFileFields;

const fieldName = (value: unknown, fallback: string) =>
	(typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '') || fallback;

/**
 * Download Signed Files as the resume call reads it (n8n hands a webhook the node's parameters for its first item,
 * as it does to its own send-and-wait nodes; the execution checked every item's values before waiting).
 */
export function resumeFiles(ctx: WaitContext): WaitFiles | undefined {
	const read = (name: string, fallback: unknown): unknown =>
		'getInputData' in ctx
			? ctx.getNodeParameter(name, 0, fallback)
			: ctx.getNodeParameter(name, fallback);
	if (read('downloadFiles', false) !== true) return undefined;
	return {
		pdfField: fieldName(read('contractBinaryField', 'data'), 'data'),
		certificateField: fieldName(read('certificateBinaryField', 'certificate'), 'certificate'),
		maxBytes:
			megabytesToBytes(read('options.maxFileSize', DEFAULT_MAX_FILE_MB)) ??
			megabytesToBytes(DEFAULT_MAX_FILE_MB)!,
	};
}

/**
 * Makes `items` what the node outputs if the run is resumed by its time limit. n8n runs no node code then: it
 * passes on the node's input as it kept it with the waiting execution (n8n-core's WorkflowExecute
 * `handleWaitingState` disables the node; the same in 1.x and 2.x). So the input kept is replaced by these items.
 * The resume call reads them back (the webhook's input, `$input.all()`) to know which contracts it waits for.
 */
export function keepForTimeout(ctx: IExecuteFunctions, items: INodeExecutionData[]): void {
	ctx.getExecuteData().data = { main: [items] };
}
