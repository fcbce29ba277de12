import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toIsoTimestamp } from '../../../helpers/dates';
import { binaryFieldName, DEFAULT_MAX_FILE_MB, megabytesToBytes } from '../../../helpers/files';
import { fail } from '../../../helpers/validate';
import { seal, unseal } from '../../../helpers/secrets';
import { buildResumeUrl, RESUME_PROPERTY } from '../../../helpers/waiting';
import {
	credentialKey,
	getCredentials,
	request,
	requireCredentialKey,
	type SignedFileFields,
	waitingRunProperties,
} from '../../../transport';

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

/**
 * Whether TRATO keeps a stored value whole, per credential (its n8n id and address): the first value a process stores
 * with a credential is read back once (api-notes WS11), so that a TRATO that trims or alters a long value is found out
 * before any run waits on it, not when a listener cannot open it days later. Items stored meanwhile (Concurrency)
 * wait for that one answer instead of reading back their own; after a failure each reads back its own (to remove it).
 */
const keptWhole = new Map<string, Promise<boolean>>();

/**
 * Stores the run's resume URL on the contract, sealed under the credential's key and bound to the contract (custom
 * property `n8n_waiting_run`, spec 4.20): one request. Whoever reads the contract learns nothing of the run from it,
 * neither its execution nor anything that resumes it (api-notes WS11). The node run again in the same execution
 * stores a second copy; a listener calls the same URL once for both and removes both.
 */
export async function storeResumeUrl(
	ctx: IExecuteFunctions,
	contractId: string,
	url: string,
	itemIndex: number,
): Promise<void> {
	const key = await requireCredentialKey.call(ctx, 'waiting-run', 'Wait for Signatures', itemIndex);
	const value = seal(key, url, contractId);
	await request.call(
		ctx,
		'customPropertyCreate',
		{ contractId },
		{ body: { properties: [{ name: RESUME_PROPERTY, value }] }, itemIndex },
	);
	const credential = (await getCredentials.call(ctx)).key;
	const known = keptWhole.get(credential);
	if (known && (await known)) return;
	const check = readBack(ctx, contractId, value, itemIndex);
	if (!known)
		keptWhole.set(
			credential,
			check.then(
				() => true,
				() => {
					keptWhole.delete(credential);
					return false;
				},
			),
		);
	await check;
}

/** Reads a stored value back: not as written → what TRATO kept is removed (best effort), and the item fails. */
async function readBack(
	ctx: IExecuteFunctions,
	contractId: string,
	value: string,
	itemIndex: number,
): Promise<void> {
	const listed = await waitingRunProperties(ctx, contractId, itemIndex);
	if (listed.some((p) => p.value === value)) return;
	for (const p of listed.filter((p) => p._id !== undefined && value.startsWith(String(p.value))))
		await request
			.call(ctx, 'customPropertyDelete', { contractId, propertyId: String(p._id) }, { itemIndex })
			.catch(() => undefined);
	throw new NodeOperationError(
		ctx.getNode(),
		`TRATO did not keep the value Wait for Signatures stored on contract ${contractId} as it was written`,
		{
			itemIndex,
			description: `The custom property ${RESUME_PROPERTY} came back changed or missing (TRATO may shorten long values), so no trigger could resume this run; it does not wait. Please report this to the maintainers of the node, with the length TRATO kept (npm run check:trato -- --write reports it).`,
		},
	);
}

/**
 * Removes this run's resume URL from the contract (every copy of it): the values that open, with the credential's
 * key, to `url`. Best effort for the caller: what it throws, the caller may ignore.
 */
export async function removeResumeUrl(
	ctx: WaitContext,
	contractId: string,
	url: string,
	itemIndex?: number,
): Promise<void> {
	const key = await credentialKey.call(ctx, 'waiting-run');
	if (!key) return;
	for (const property of await waitingRunProperties(ctx, contractId, itemIndex)) {
		if (property._id === undefined || unseal(key, property.value, contractId) !== url) continue;
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
		pdfField: binaryFieldName(read('contractBinaryField', 'data'), 'data'),
		certificateField: binaryFieldName(read('certificateBinaryField', 'certificate'), 'certificate'),
		maxBytes:
			megabytesToBytes(read('options.maxFileSize', DEFAULT_MAX_FILE_MB)) ??
			megabytesToBytes(DEFAULT_MAX_FILE_MB)!,
	};
}

/** Options → Include Participants, as the resume call reads it (the first item's, like Download Signed Files). */
export function resumeParticipants(ctx: WaitContext): boolean {
	const value =
		'getInputData' in ctx
			? ctx.getNodeParameter('options.includeParticipants', 0, true)
			: ctx.getNodeParameter('options.includeParticipants', true);
	return value !== false;
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
