import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { requestAllPages } from '../transport';
import type { Delivery } from './payload';
import type { DeliveryFilters } from './settings';

/**
 * The trigger's filters (api-notes W16). External ID: read from the delivery, or from the contract's status when
 * the delivery carries none. Template and Participant Email: no contract read names them (4.3 answers name,
 * status, createdAt, pdf, signedAt, externalId), so the contract list (4.14) is asked with those filters, within
 * the seconds around the contract's creation (from the status read): the contract passes when it is listed.
 */

/** Why an external ID does not pass the filters; undefined when it passes. */
export function externalIdMismatch(
	filters: DeliveryFilters,
	externalId: string,
): string | undefined {
	if (filters.externalId !== undefined && externalId !== filters.externalId) {
		return `its external ID "${externalId}" is not "${filters.externalId}"`;
	}
	if (filters.externalIdPrefix !== undefined && !externalId.startsWith(filters.externalIdPrefix)) {
		return `its external ID "${externalId}" does not start with "${filters.externalIdPrefix}"`;
	}
	return undefined;
}

/** Whether deciding the filters takes the status read (and maybe the list): only when those filters are set. */
export function filtersNeedRead(filters: DeliveryFilters, delivery: Delivery): boolean {
	const byExternalId = filters.externalId !== undefined || filters.externalIdPrefix !== undefined;
	return (
		filters.templateId !== undefined ||
		filters.emailParticipant !== undefined ||
		(byExternalId && delivery.externalId === null)
	);
}

/**
 * The creation window asked of the list: from one second before the second of `createdAt` to the end of the
 * second after it, so that a list that shows seconds only or excludes its bounds still returns the contract.
 */
function creationWindow(createdAt: unknown): IDataObject | undefined {
	const ms = typeof createdAt === 'string' ? Date.parse(createdAt) : NaN;
	if (Number.isNaN(ms)) return undefined;
	const second = Math.floor(ms / 1000) * 1000;
	return {
		dateStart: new Date(second - 1000).toISOString(),
		dateEnd: new Date(second + 1999).toISOString(),
	};
}

/**
 * Why the contract does not pass the filters that need reads, undefined when it passes. `status` is the contract's
 * status record (4.3). Throws when a read fails, or when the status has no creation time to narrow the list by.
 */
export async function contractMismatch(
	ctx: IWebhookFunctions,
	filters: DeliveryFilters,
	delivery: Delivery,
	status: IDataObject,
): Promise<string | undefined> {
	const externalId =
		delivery.externalId ?? (typeof status.externalId === 'string' ? status.externalId : '');
	const byExternalId = externalIdMismatch(filters, externalId);
	if (byExternalId) return byExternalId;
	if (filters.templateId === undefined && filters.emailParticipant === undefined) return undefined;

	const window = creationWindow(status.createdAt);
	if (window === undefined) {
		throw new Error(
			`the contract's status gives no creation time (createdAt: ${JSON.stringify(status.createdAt)})`,
		);
	}
	const qs: IDataObject = { ...window };
	if (filters.templateId !== undefined) qs.templateId = filters.templateId;
	if (filters.emailParticipant !== undefined) qs.emailParticipant = filters.emailParticipant;
	const listed = await requestAllPages.call(ctx, qs);
	const id = (record: IDataObject) => String(record._id ?? record.contractid ?? record.id ?? '');
	if (listed.some((record) => id(record) === delivery.contractId)) return undefined;
	const wanted = [
		filters.templateId === undefined ? '' : `template ${filters.templateId}`,
		filters.emailParticipant === undefined ? '' : `participant ${filters.emailParticipant}`,
	].filter(Boolean);
	return `the contract list has no contract ${delivery.contractId} with ${wanted.join(' and ')}`;
}
