import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	IWebhookDescription,
} from 'n8n-workflow';
import { updateDisplayOptions, WAIT_INDEFINITELY } from 'n8n-workflow';

import { requireId } from '../../../helpers/validate';
import { waitOutcome } from '../../../helpers/waiting';
import {
	contractIdLocator,
	maxFileSizeOption,
	optionsCollection,
} from '../../../descriptions/common';
import { signedFileFields } from '../../../descriptions/signedFiles';
import {
	includeParticipantsOption,
	limitWaitTimeOption,
	waitNotice,
} from '../../../descriptions/wait';
import { request } from '../../../transport';
import { readSignedFileFields } from '../signedFiles';
import { rememberFinal, runKey } from './knowledge';
import { finalItem, timedOutItem, waitedContract, waitingItem } from './output';
import {
	keepForTimeout,
	refuseAsTool,
	removeResumeUrl,
	requireResumeUrl,
	resumeFiles,
	resumeParticipants,
	runResumeUrl,
	storeResumeUrl,
	waitUntil,
} from './run';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Wait for Signatures',
	value: 'waitForSignatures',
	description:
		'Pause the workflow until the contract is signed by everyone, cancelled, rejected or expired',
	action: 'Wait until contract is signed',
	// not in the AI tool's menu (n8n's `@tool`): an agent cannot wait days for a signature (docs/ai-agents.md)
	displayOptions: { show: { '@tool': [false] } },
};

const properties: INodeProperties[] = [
	contractIdLocator,
	waitNotice,
	...signedFileFields(
		'the signed contract and the NOM-151 certificate once everyone has signed',
	).map((field) =>
		field.name === 'downloadFiles' ? { ...field, displayName: 'Download Signed Files' } : field,
	),
	optionsCollection(limitWaitTimeOption, includeParticipantsOption, {
		...maxFileSizeOption,
		displayOptions: { show: { '/downloadFiles': [true] } },
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['waitForSignatures'] } },
	properties,
);

/**
 * The resume webhook n8n serves for a waiting run of this node (`/webhook-waiting/<execution id>/<node id>`), as its
 * own send-and-wait nodes declare theirs: a restart webhook, so n8n never registers it as a production webhook and
 * nothing is registered with TRATO (api-notes WS3). POST only: a listener's call.
 */
export const resumeWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

/**
 * One item (api-notes WS1, WS2, WS11): bad input refused before any request; this run's resume URL stored on the
 * contract, sealed (custom property `n8n_waiting_run`), first, then the contract's status read, so that a contract
 * that becomes final meanwhile is either seen final here or finds the URL for its listener. Whether the run waits is
 * decided once every item has been through this (`finish`).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	refuseAsTool(this);
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	if (this.getNodeParameter('downloadFiles', itemIndex, false) === true) {
		readSignedFileFields(this, itemIndex);
	}
	waitUntil(this, itemIndex);
	const url = requireResumeUrl(this, itemIndex);
	await storeResumeUrl(this, contractId, url, itemIndex);
	let read = false;
	try {
		const record = await request.call(this, 'contractStatus', { contractId }, { itemIndex });
		read = true;
		return { contractId, status: record.status ?? null, record };
	} finally {
		// not waited for: the URL would only make a listener call a run that does not wait for it
		if (!read) await removeResumeUrl(this, contractId, url, itemIndex).catch(() => undefined);
	}
}

/**
 * After every item: when each contract is final already, the outputs at once (and the stored URLs removed); else the
 * execution waits (n8n's `putExecutionToWait`), until Limit Wait Time or for ever, and the items the node outputs on
 * a timeout are kept with it. What the first reads said is this process's knowledge of the run (knowledge.ts), so
 * that its resume calls read only the contract each is called for. The URLs on the contracts final already are
 * removed (no listener will call them: they do not change again). The resume call (resume.ts) decides the rest.
 */
export async function finish(
	this: IExecuteFunctions,
	output: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const contracts = output.map(waitedContract);
	if (contracts.every((id) => id === undefined)) return output;
	const url = runResumeUrl(this);
	const finalNow = (i: number) => contracts[i] !== undefined && waitOutcome(output[i].json.status);
	const removeFinal = async () => {
		const done = new Set<string>();
		for (const [i, contractId] of contracts.entries()) {
			if (!url || !finalNow(i) || done.has(contractId!)) continue;
			done.add(contractId!);
			await removeResumeUrl(this, contractId!, url, i).catch(() => undefined);
		}
	};
	if (output.every((item, i) => contracts[i] === undefined || finalNow(i))) {
		const files = resumeFiles(this);
		const withParticipants = resumeParticipants(this);
		await removeFinal();
		const items: INodeExecutionData[] = [];
		for (const [i, item] of output.entries()) {
			const contractId = contracts[i];
			items.push(
				contractId === undefined
					? item
					: await finalItem(this, contractId, item.json.record as IDataObject, i, {
							files,
							withParticipants,
							waitStartedAt: undefined,
						}),
			);
		}
		return items;
	}
	const final = new Map<string, IDataObject>();
	for (const [i, contractId] of contracts.entries())
		if (finalNow(i)) final.set(contractId!, output[i].json.record as IDataObject);
	rememberFinal(runKey(String(this.getExecutionId()), this.getNode().id), final);
	await removeFinal();
	const until = waitUntil(this, 0);
	const startedAt = new Date().toISOString();
	const waits = (make: typeof timedOutItem) =>
		output.map((item, i) => (contracts[i] === undefined ? item : make(item, i, startedAt, until)));
	keepForTimeout(this, waits(timedOutItem));
	await this.putExecutionToWait(until ?? WAIT_INDEFINITELY);
	return waits(waitingItem);
}
