import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { digestOf, markOf, secretsMatch, SEALED_PREFIX } from '../../../helpers/secrets';
import { listProperties, request, requireCredentialKey } from '../../../transport';
import { type Candidate, current, type ExternalIdScope, listed } from './candidates';
import { moment } from './templateReads';

export type { Candidate, ExternalIdScope } from './candidates';

/**
 * External ID, scoped to the workflow (api-notes N38, N39): a run continues or returns only a contract this workflow
 * made for this External ID. TRATO's External ID is account-wide and anyone can set it, so each contract the node
 * makes carries a mark (custom property `n8n_external_id_mark`): an HMAC, under a key of the credential, of the
 * workflow, the template, the External ID and the contract. A contract without it (made elsewhere: another team, the
 * web app, another workflow) is never continued, sent or returned; one that claims this workflow's External ID but
 * whose mark does not verify stops the run with a sentence. Overlapping runs (a webhook delivered twice, two queue
 * workers) each mark their draft, then list again before sending: the oldest wins, the others cancel their own draft.
 */

/** The custom property a contract made with an External ID carries. */
export const MARK_PROPERTY = 'n8n_external_id_mark';

/** Tests (and only tests) make the waits for another run's draft short. */
export const externalIdSettings = { waitMs: 2_000, patienceMs: 60_000 };

/** What a scope's mark says without the key: which workflow, template and External ID it claims (not secret). */
const claimOf = (scope: ExternalIdScope) =>
	digestOf([scope.workflowId, scope.templateId, scope.externalId]);

/** The mark of `contractId` in this scope. */
function markFor(scope: ExternalIdScope, contractId: string): string {
	const mac = markOf(scope.key, [scope.workflowId, scope.templateId, scope.externalId, contractId]);
	return `${SEALED_PREFIX}${claimOf(scope)}.${mac}`;
}

/** Everything the External ID needs that is checked before any request: the credential's key, a saved workflow. */
export async function externalIdScope(
	ctx: IExecuteFunctions,
	itemIndex: number,
	templateId: string,
	externalId: string,
): Promise<ExternalIdScope> {
	const key = await requireCredentialKey.call(ctx, 'external-id', 'An External ID', itemIndex);
	const workflowId = String(ctx.getWorkflow().id ?? '').trim();
	if (!workflowId)
		throw new NodeOperationError(ctx.getNode(), 'An External ID needs a saved workflow', {
			itemIndex,
			description:
				'The contracts a run makes are matched to this workflow by its ID. Save the workflow, then run it again.',
		});
	return { workflowId, templateId, externalId, key };
}

/** Whether this workflow made a contract: its mark verifies. A mark that claims this scope but fails: a sentence. */
async function madeHere(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scope: ExternalIdScope,
	contractId: string,
): Promise<boolean> {
	const marks = (await listProperties.call(ctx, contractId, itemIndex, { withoutId: true }))
		.filter((p) => String(p.name ?? '').trim() === MARK_PROPERTY)
		.map((p) => String(p.value ?? ''));
	const expected = markFor(scope, contractId);
	if (marks.some((mark) => secretsMatch(expected, mark))) return true;
	if (marks.some((mark) => mark.startsWith(`${SEALED_PREFIX}${claimOf(scope)}.`)))
		throw new NodeOperationError(
			ctx.getNode(),
			`Contract ${contractId} claims this workflow's External ID "${scope.externalId}", but its mark does not verify`,
			{
				itemIndex,
				description: `It was made with another TRATO credential (or this credential's API key or password changed since), or its mark was copied from another contract. Nothing was created or sent. Check contract ${contractId} in TRATO; if it is not yours, use another External ID.`,
			},
		);
	return false;
}

/** Those of `candidates` this workflow made, in their order. */
async function madeHereAmong(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scope: ExternalIdScope,
	candidates: Candidate[],
): Promise<Candidate[]> {
	const made: Candidate[] = [];
	for (const candidate of candidates)
		if (await madeHere(ctx, itemIndex, scope, candidate.contractId)) made.push(candidate);
	return made;
}

/** What an earlier run of this workflow left for the External ID. */
export interface Earlier {
	/** A contract it sent (the oldest): reported, nothing made or sent. */
	sent?: Candidate;
	/** A draft it left (the oldest): finished and sent. */
	draft?: Candidate;
	/** The newest contract it made that will never be signed (cancelled, expired, rejected): a new one replaces it. */
	dead?: Candidate;
}

export async function findEarlier(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scope: ExternalIdScope,
): Promise<Earlier> {
	const made: Candidate[] = [];
	for (const candidate of await madeHereAmong(
		ctx,
		itemIndex,
		scope,
		await listed(ctx, itemIndex, scope),
	)) {
		const now = await current(ctx, itemIndex, candidate);
		if (now) made.push(now);
	}
	return {
		sent: made.find((c) => c.life === 'sent'),
		draft: made.find((c) => c.life === 'draft'),
		dead: made.filter((c) => c.life === 'dead').at(-1),
	};
}

/** Marks a contract as this workflow's for the External ID (after the configure that set it). */
export async function stampMark(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scope: ExternalIdScope,
	contractId: string,
): Promise<void> {
	await request.call(
		ctx,
		'customPropertyCreate',
		{ contractId },
		{
			body: { properties: [{ name: MARK_PROPERTY, value: markFor(scope, contractId) }] },
			itemIndex,
		},
	);
}

/**
 * Right before the send: whether another run of this workflow made a contract for the External ID meanwhile (two
 * runs at once). Undefined: this run sends its own. Else the contract that wins: one sent already, or an older one
 * (its run sends it); this run then cancels its own draft. A younger draft another run is finishing is waited for
 * (it sees this one and cancels itself, or it did not see it and sends: then it wins); one that stays a draft
 * beyond the patience stops this run with a sentence, nothing sent.
 */
export async function winnerBeforeSend(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scope: ExternalIdScope,
	own: string,
): Promise<Candidate | undefined> {
	const deadline = Date.now() + externalIdSettings.patienceMs;
	for (;;) {
		// a read that begins after this moment: it shows every mark stamped before (this run's, and another's)
		const everyone = await listed(ctx, itemIndex, scope, true, moment());
		const mine = everyone.find((c) => c.contractId === own);
		const others = await madeHereAmong(
			ctx,
			itemIndex,
			scope,
			everyone.filter((c) => c !== mine && c.life !== 'dead'),
		);
		const sent = others.find((c) => c.life === 'sent');
		if (sent) return sent;
		const position = (c: Candidate) => everyone.indexOf(c);
		// not listed yet (a list that lags): this run's draft counts as the youngest
		const older = others.find((c) => !mine || position(c) < position(mine));
		if (older) return older;
		const younger = others.filter((c) => c.life === 'draft');
		if (!younger.length) return undefined;
		if (Date.now() >= deadline)
			throw new NodeOperationError(
				ctx.getNode(),
				`Another run with External ID "${scope.externalId}" holds draft ${younger[0].contractId}, which is neither sent nor cancelled`,
				{
					itemIndex,
					description: `Contract ${own} was not sent, so the signers get one contract. If that run has failed, cancel draft ${younger[0].contractId} (Contract → Cancel) or finish it, then run this node again.`,
				},
			);
		await sleep(externalIdSettings.waitMs);
	}
}
