import type { IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { statusLabel } from '../helpers/status';
import { readSignedDocuments, request, type SignedDocuments } from '../transport';
import { DOCUMENT_EVENTS } from './events';
import { contractMismatch, filtersNeedRead } from './filters';
import type { Delivery } from './payload';
import type { WebhookSettings } from './settings';

/** Whether the delivery needs anything read from TRATO before its execution starts. */
export function needsReads(settings: WebhookSettings, delivery: Delivery): boolean {
	return (
		settings.includeStatus ||
		filtersNeedRead(settings.filters, delivery) ||
		(settings.download !== undefined && DOCUMENT_EVENTS.includes(delivery.event))
	);
}

const message = (error: unknown) => (error as Error).message;

/**
 * What was read already for this delivery: its status (read to tell its event, api-notes W12) and the signed
 * documents (one download for the two items a finalized contract's delivery may start).
 */
export interface KnownReads {
	status?: IDataObject;
	documents?: SignedDocuments;
}

/**
 * The reads made after TRATO has been answered (api-notes W10, W16, W18), in this order: the contract's status
 * (4.3) when Include Contract Status or a filter needs it; the filters that need reads; the signed documents.
 * Returns why the filters drop the delivery (nothing starts), or undefined when the item is complete. A failed
 * read never drops the event: it is put on the item (`statusError`, `filterError`, `documentsError`). What `known`
 * holds is not read again.
 */
export async function readContract(
	ctx: IWebhookFunctions,
	settings: WebhookSettings,
	delivery: Delivery,
	item: INodeExecutionData,
	known: KnownReads = {},
): Promise<string | undefined> {
	const json = item.json;
	const contractId = String(delivery.contractId);
	const filtering = filtersNeedRead(settings.filters, delivery);
	let status = known.status;
	let statusError: string | undefined;
	if ((settings.includeStatus || filtering) && status === undefined) {
		try {
			status = await request.call(ctx, 'contractStatus', { contractId });
		} catch (error) {
			statusError = message(error);
		}
	}
	if (settings.includeStatus) {
		if (status) {
			json.status = status.status ?? null;
			json.statusLabel = statusLabel(status.status);
			json.contractStatus = status;
		} else json.statusError = statusError;
	}
	if (filtering) {
		try {
			if (status === undefined) throw new Error(statusError);
			const mismatch = await contractMismatch(ctx, settings.filters, delivery, status);
			if (mismatch) return mismatch;
		} catch (error) {
			json.filterError = `The filters could not be checked, so the workflow started: ${message(error)}`;
		}
	}
	if (settings.download && DOCUMENT_EVENTS.includes(delivery.event)) {
		// the record as `documents`, the signed PDF and the NOM-151 certificate (read once for the items a delivery
		// may start); a failure on the item, with no file
		known.documents ??= await readSignedDocuments.call(ctx, contractId, {
			download: settings.download,
		});
		const read = known.documents;
		if (read.record) json.documents = read.record;
		if (read.failure) json.documentsError = read.failure.error.message;
		else if (Object.keys(read.binary).length) item.binary = { ...read.binary };
	}
	return undefined;
}
