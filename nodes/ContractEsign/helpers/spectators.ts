import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest, apiRequestArray, type EsignContext } from '../transport';
import { recordLocator } from './fieldBuilders';
import { fail, requireEmail, toIsoTimestamp } from './validate';

/** Spectators of a contract (spec 2.6, 4.21): people who follow the contract without signing it. */

export const spectatorIdLocator: INodeProperties = recordLocator({
	displayName: 'Spectator',
	name: 'spectatorId',
	description: 'A spectator of the chosen contract',
	noun: 'spectator',
	searchListMethod: 'searchSpectators',
	idPlaceholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e62',
});

/** Fields of a spectator, for Update Fields (create shows Name and Email as top-level required fields). */
export const spectatorFieldOptions: Record<
	'name' | 'email' | 'phone' | 'linkExpirationDate',
	INodeProperties
> = {
	name: {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Laura Méndez',
		description: 'Full name of the spectator',
	},
	email: {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description:
			'E-mail address of the spectator. It must differ from the e-mail of every participant (signer) of the contract.',
	},
	phone: {
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +525512345678',
		description: 'Mobile number of the spectator, with country code',
	},
	linkExpirationDate: {
		displayName: 'Link Expiration Date',
		name: 'linkExpirationDate',
		type: 'dateTime',
		default: '',
		description:
			'Last moment the spectator can open the contract. Leave empty for a link that does not expire.',
	},
};

export function spectatorsPath(contractId: string, spectatorId?: string): string {
	const base = `/api/contracts/${encodeURIComponent(contractId)}/spectators`;
	return spectatorId === undefined ? base : `${base}/${encodeURIComponent(spectatorId)}`;
}

export async function listSpectators(
	this: EsignContext,
	contractId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return await apiRequestArray.call(this, 'GET', spectatorsPath(contractId), { itemIndex });
}

/** What the user sees: `spectatorId` instead of `_id`; the spectator's `jwt` (a secret) only when asked for. */
export function spectatorOutput(
	contractId: string,
	record: IDataObject,
	includeToken = false,
): IDataObject {
	const { _id, jwt, ...rest } = record;
	const output: IDataObject = { contractId, spectatorId: _id ?? null, ...rest };
	if (includeToken && jwt !== undefined) output.jwt = jwt;
	return output;
}

/** Validates the spectator fields present in `fields` and returns the request body (dates as ISO timestamps). */
export function spectatorBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): IDataObject {
	const body: IDataObject = {};
	// A field that is present but resolved to nothing (an expression) is refused rather than skipped.
	if ('name' in fields) {
		body.name = String(fields.name ?? '').trim();
		if (!body.name)
			fail(
				ctx,
				itemIndex,
				"The spectator's name is empty",
				'Enter the full name of the spectator.',
			);
	}
	if ('email' in fields)
		body.email = requireEmail(ctx, itemIndex, fields.email, "The spectator's e-mail");
	const phone = String(fields.phone ?? '').trim();
	if (phone) body.phone = phone;
	const expiry = fields.linkExpirationDate;
	if (expiry !== undefined && expiry !== null && String(expiry).trim() !== '') {
		body.linkExpirationDate = toIsoTimestamp(ctx, itemIndex, expiry, 'Link Expiration Date');
	}
	return body;
}

/**
 * The API refuses a spectator whose e-mail is a participant's (spec Part 7, DistinctSpectatorParticipant).
 * Participant e-mails are only in the participant record (4.7), so: the participant ids from the variables
 * endpoint (4.5), then one read per participant.
 */
export async function assertNotParticipant(
	this: IExecuteFunctions,
	itemIndex: number,
	contractId: string,
	email: string,
): Promise<void> {
	const contract = encodeURIComponent(contractId);
	const variables = await apiRequest.call(this, 'GET', `/api/contract/variables/${contract}`, {
		itemIndex,
	});
	const listed = Array.isArray(variables.participants)
		? (variables.participants as IDataObject[])
		: [];
	const participants = listed.filter((p) => typeof p.participantid === 'string' && p.participantid);
	const records = await Promise.all(
		participants.map(
			async (p) =>
				await apiRequest.call(
					this,
					'GET',
					`/api/contract/participant/${contract}/${encodeURIComponent(String(p.participantid))}`,
					{
						itemIndex,
					},
				),
		),
	);
	const wanted = email.trim().toLowerCase();
	records.forEach((record, index) => {
		const editable = (record.editable ?? {}) as IDataObject;
		if (
			!wanted ||
			String(editable.email ?? '')
				.trim()
				.toLowerCase() !== wanted
		)
			return;
		const who = [participants[index].label, editable.name ?? participants[index].name]
			.filter((v) => typeof v === 'string' && v)
			.join(': ');
		fail(
			this,
			itemIndex,
			`The e-mail ${email} belongs to a participant of this contract${who ? ` (${who})` : ''}`,
			'A spectator follows the contract without signing it, and the service refuses a spectator with the same e-mail as a participant. Use another e-mail address for the spectator.',
		);
	});
}
