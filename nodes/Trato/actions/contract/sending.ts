import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	type SigningLink,
	signingLinksFrom,
	signingLinksOfRecords,
} from '../../helpers/signingLinks';
import { learnFor, participantContacts, recallFor, request } from '../../transport';

/** Where the service reads showSignLinks: the query first (api-notes R5), the body when it ignored the query. */
const SIGN_LINKS_TOPIC = 'contractSend.showSignLinks';

export interface SendAnswer {
	answer: IDataObject;
	/** Where showSignLinks was put ('query' or 'body'; '' when no link was asked for). */
	where: string;
}

/**
 * Sends a contract to signature (4.10), once: never repeated (it e-mails everyone). With `withLinks`, asks for the
 * signing links where the service was last seen to read showSignLinks (the query first).
 */
export async function sendOnce(
	ctx: IExecuteFunctions,
	contractId: string,
	itemIndex: number,
	withLinks: boolean,
	hint: string,
): Promise<SendAnswer> {
	const where = withLinks ? ((await recallFor(ctx, SIGN_LINKS_TOPIC)) ?? 'query') : '';
	const ask = { showSignLinks: true };
	const answer = await request.call(
		ctx,
		'contractSend',
		{ contractId },
		{
			qs: where === 'query' ? ask : undefined,
			body: where === 'body' ? ask : undefined,
			itemIndex,
			hint,
		},
	);
	return { answer, where };
}

/**
 * The signing links after a send that asked for them: the answer's; when it has none (the service ignored
 * showSignLinks where it was put), the other place is remembered for the next send and each participant's own link
 * is read now (4.7). Never sends again: an empty list means the contract was sent but no link was found.
 */
export async function linksAfterSend(
	ctx: IExecuteFunctions,
	contractId: string,
	itemIndex: number,
	{ answer, where }: SendAnswer,
): Promise<SigningLink[]> {
	const links = signingLinksFrom(answer);
	if (links.length > 0) return links;
	await learnFor(ctx, SIGN_LINKS_TOPIC, where === 'query' ? 'body' : 'query');
	return signingLinksOfRecords(await participantContacts.call(ctx, contractId, itemIndex));
}
