import type { IDataObject } from 'n8n-workflow';

import type { EsignContext } from './credentials';
import { request, requestList } from './request';

/**
 * Reads that several operations, pickers and the trigger share. Each is one or a few catalogue requests with
 * the answer normalised; no logic beyond reading.
 */

/** The contract's custom properties as the API lists them ({_id, name, value}; spec 4.20). */
export async function listProperties(
	this: EsignContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const response = await request.call(this, 'customPropertyList', { contractId }, { itemIndex });
	return Array.isArray(response.properties) ? (response.properties as IDataObject[]) : [];
}

/** The contract's spectators (spec 4.21). */
export async function listSpectators(
	this: EsignContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return await requestList.call(this, 'spectatorList', { contractId }, { itemIndex });
}

/** A participant with the contact fields only the participant record has (spec 4.7). */
export interface ParticipantContact {
	label: unknown;
	/** The name in the variables listing (4.5). */
	listedName: unknown;
	/** The record's `editable` part: name, email, phone, obligation, representative. */
	editable: IDataObject;
}

/**
 * Every participant of a contract with its e-mail. E-mails are only in the participant record (4.7), so: the
 * participant ids from the variables endpoint (4.5), then one read per participant.
 */
export async function participantContacts(
	this: EsignContext,
	contractId: string,
	itemIndex?: number,
): Promise<ParticipantContact[]> {
	const variables = await request.call(this, 'variablesGet', { contractId }, { itemIndex });
	const listed = Array.isArray(variables.participants)
		? (variables.participants as IDataObject[])
		: [];
	const participants = listed.filter((p) => typeof p.participantid === 'string' && p.participantid);
	const records = await Promise.all(
		participants.map(
			async (p) =>
				await request.call(
					this,
					'participantGet',
					{ contractId, participantId: String(p.participantid) },
					{ itemIndex },
				),
		),
	);
	return records.map((record, index) => ({
		label: participants[index].label,
		listedName: participants[index].name,
		editable: (record.editable ?? {}) as IDataObject,
	}));
}
