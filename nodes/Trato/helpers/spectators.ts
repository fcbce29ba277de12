import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParticipantContact } from './participants';
import { toIsoTimestamp } from './dates';
import { fail, requireEmail, requireName } from './validate';

/** Spectators of a contract (spec 2.6, 4.21): output shape, request body and the API's e-mail rule. */

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
		body.name = requireName(ctx, itemIndex, String(fields.name ?? ''), {
			message: "The spectator's name is empty",
			description: 'Enter the full name of the spectator.',
		});
	}
	if ('email' in fields)
		body.email = requireEmail(ctx, itemIndex, fields.email, "The spectator's email");
	const phone = String(fields.phone ?? '').trim();
	if (phone) body.phone = phone;
	const expiry = fields.linkExpirationDate;
	if (expiry !== undefined && expiry !== null && String(expiry).trim() !== '') {
		body.linkExpirationDate = toIsoTimestamp(ctx, itemIndex, expiry, 'Link Expiration Date');
	}
	return body;
}

/**
 * The API refuses a spectator whose e-mail is a participant's (spec Part 7, DistinctSpectatorParticipant):
 * refused here first, naming the participant.
 */
export function assertNotParticipant(
	ctx: IExecuteFunctions,
	itemIndex: number,
	email: string,
	participants: ParticipantContact[],
): void {
	const wanted = email.trim().toLowerCase();
	for (const { label, listedName, editable } of participants) {
		if (
			!wanted ||
			String(editable.email ?? '')
				.trim()
				.toLowerCase() !== wanted
		)
			continue;
		const who = [label, editable.name ?? listedName]
			.filter((v) => typeof v === 'string' && v)
			.join(': ');
		fail(
			ctx,
			itemIndex,
			`The email ${email} belongs to a participant of this contract${who ? ` (${who})` : ''}`,
			'A spectator follows the contract without signing it, and TRATO refuses a spectator with the same email as a participant. Use another email address for the spectator.',
		);
	}
}
