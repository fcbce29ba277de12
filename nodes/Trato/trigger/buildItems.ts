import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { pollFactId } from '../helpers/facts';
import { SIGNED_BY_EVERYONE, statusLabel } from '../helpers/status';
import type { TriggerParameters } from './parameters';
import type { DetectedEvent } from './detect';
import { CREATED, TRIGGER_MODES } from './modes';
import { readSignedDocuments } from '../transport';

interface Documents {
	json?: IDataObject;
	error?: string;
	binary?: INodeExecutionData['binary'];
}

/**
 * The signed documents record (spec 4.11) and, with Download Signed PDF, the signed PDF and the NOM-151 certificate
 * as binary data. A transient failure throws (the poll commits nothing); a permanent one (a refusal, a file over Max
 * File Size) is said on the item, with no file (api-notes T7).
 */
async function fetchDocuments(
	ctx: IPollFunctions,
	cfg: TriggerParameters,
	contractId: string,
): Promise<Documents> {
	const read = await readSignedDocuments.call(ctx, contractId, { download: cfg.download });
	if (read.failure && !read.failure.permanent) throw read.failure.error;
	if (read.failure) return { json: read.record, error: read.failure.error.message };
	return { json: read.record, binary: Object.keys(read.binary).length ? read.binary : undefined };
}

/**
 * Turns detected events into output items: the list item's fields, previous and new status with labels, the
 * kind of event, when it was detected, its eventId and its factId (the same as the instant trigger's for the same
 * fact, helpers/facts.ts); with "Include Signed Documents", the documents record
 * (and the signed PDF with the NOM-151 certificate) for events whose new status is a signed one. A transient failure throws (the poll
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
			factId: pollFactId(o.id, o.status, event.kind === CREATED),
		};
		const item: INodeExecutionData = { json };
		if (cfg.includeDocuments && SIGNED_BY_EVERYONE.includes(o.status)) {
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
