import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { statusLabel } from '../helpers/status';
import type { TriggerParameters } from './parameters';
import type { DetectedEvent } from './detect';
import { TRIGGER_MODES } from './modes';
import { download, FileTooLargeError, request } from '../transport';

/** Statuses in which every participant has signed, so the signed documents exist (api-notes X22). */
const DOCUMENT_STATUSES = ['RECEIVED_SIGNED', 'SENT_SIGNED', 'SENT_TO_DOWNLOAD', 'FINALIZED'];

/** A refusal that will not change by asking again (4xx other than 429): reported on the item, not thrown. */
function isPermanentRefusal(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const code = Number(error.httpCode);
	return code >= 400 && code < 500 && code !== 429;
}

/** Settles a request: its value, or the (NodeApiError / NodeOperationError) it failed with. */
async function settle<T>(request: Promise<T>): Promise<{ value?: T; failure?: Error }> {
	try {
		return { value: await request };
	} catch (error) {
		return { failure: error as Error };
	}
}

interface Documents {
	json?: IDataObject;
	error?: string;
	binary?: INodeExecutionData['binary'];
}

/** The signed documents record (spec 4.11) and optionally the signed PDF as binary data. */
async function fetchDocuments(
	ctx: IPollFunctions,
	cfg: TriggerParameters,
	contractId: string,
): Promise<Documents> {
	const record = await settle(
		request.call(ctx, 'contractDocuments', { contractId }, { qs: { partial: false } }),
	);
	if (record.failure) {
		if (isPermanentRefusal(record.failure)) return { error: record.failure.message };
		throw record.failure;
	}
	const out: Documents = { json: record.value };
	const url = (record.value?.documents as IDataObject | undefined)?.signed_contract;
	if (cfg.downloadPdf && typeof url === 'string' && url) {
		const file = await settle(download.call(ctx, url, { maxBytes: cfg.maxFileBytes }));
		if (file.failure) {
			// a file over Max File Size stays over it: said on the item, like a refusal
			if (!isPermanentRefusal(file.failure) && !(file.failure instanceof FileTooLargeError))
				throw file.failure;
			out.error = file.failure.message;
		} else if (file.value) {
			out.binary = { [cfg.binaryPropertyName]: file.value };
		}
	}
	return out;
}

/**
 * Turns detected events into output items: the list item's fields, previous and new status with labels, the
 * kind of event, when it was detected and its eventId; with "Include Signed Documents", the documents record
 * (and the signed PDF) for events whose new status is a signed one. A transient failure throws (the poll
 * commits nothing and the events are detected again); a permanent refusal is put on the item.
 */
export async function buildItems(
	ctx: IPollFunctions,
	cfg: TriggerParameters,
	events: DetectedEvent[],
	detectedAt: string,
): Promise<INodeExecutionData[]> {
	const documents = new Map<string, Documents>();
	const items: INodeExecutionData[] = [];
	for (const event of events) {
		const o = event.observation;
		const json: IDataObject = {
			contractId: o.id,
			...o.item,
			previousStatus: event.previousStatus,
			previousStatusLabel: event.previousStatus === null ? null : statusLabel(event.previousStatus),
			status: o.status,
			statusLabel: statusLabel(o.status),
			event: TRIGGER_MODES[event.kind].event,
			detectedAt,
			eventId: event.eventId,
		};
		const item: INodeExecutionData = { json };
		if (cfg.includeDocuments && DOCUMENT_STATUSES.includes(o.status)) {
			let docs = documents.get(o.id);
			if (!docs) {
				docs = await fetchDocuments(ctx, cfg, o.id);
				documents.set(o.id, docs);
			}
			if (docs.json) json.documents = docs.json;
			if (docs.error) json.documentsError = docs.error;
			if (docs.binary) item.binary = docs.binary;
		}
		items.push(item);
	}
	return items;
}
