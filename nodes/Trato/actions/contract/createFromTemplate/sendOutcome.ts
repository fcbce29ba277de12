import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type SigningLink, signingLinksOfRecords } from '../../../helpers/signingLinks';
import { contractLife } from '../../../helpers/status';
import { participantContacts, request } from '../../../transport';
import { linksAfterSend, type SendAnswer } from '../sending';
import type { Candidate } from './externalId';

/** What a send that did not go through as asked means, and the links after one that did (chain.ts). */

/** After a refused send: the draft as sent by someone else since (its status no longer a draft's), or undefined. */
export async function sentMeanwhile(
	ctx: IExecuteFunctions,
	contractId: string,
	itemIndex: number,
): Promise<Candidate | undefined> {
	const record = await request
		.call(ctx, 'contractStatus', { contractId }, { itemIndex })
		.catch(() => undefined);
	if (!record || contractLife(record.status) !== 'sent') return undefined;
	const status = String(record.status);
	return { contractId, status, createdMs: 0, life: 'sent', record };
}

/**
 * After a send without an answer (no answer, 5xx, 408): whether TRATO sent it all the same, from its status (4.3).
 * Status unreadable: an error that says it may have been sent (never sent again to find out).
 */
export async function wasSent(
	ctx: IExecuteFunctions,
	contractId: string,
	itemIndex: number,
	sendError: unknown,
): Promise<boolean> {
	let status: unknown;
	try {
		status = (await request.call(ctx, 'contractStatus', { contractId }, { itemIndex })).status;
	} catch {
		throw new NodeOperationError(
			ctx.getNode(),
			`TRATO did not answer the send of contract ${contractId}, and its status cannot be read: it may have been sent`,
			{
				itemIndex,
				description: `${(sendError as Error).message}. Check the contract with Contract → Get before anything else; do not send it again while it is not a draft (its signers may have been notified).`,
			},
		);
	}
	return typeof status === 'string' && status !== '';
}

/**
 * The signing links after the send, best effort (the contract is sent: nothing may fail the item now); after a send
 * that was not answered but happened, each participant's own link (4.7).
 */
export async function linksOf(
	ctx: IExecuteFunctions,
	contractId: string,
	itemIndex: number,
	sent: SendAnswer | undefined,
): Promise<SigningLink[]> {
	try {
		if (sent) return await linksAfterSend(ctx, contractId, itemIndex, sent);
		return signingLinksOfRecords(await participantContacts.call(ctx, contractId, itemIndex));
	} catch {
		return [];
	}
}
