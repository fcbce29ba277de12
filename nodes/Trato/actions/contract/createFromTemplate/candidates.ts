import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { contractIdOf } from '../../../helpers/answers';
import { contractLife, type ContractLife } from '../../../helpers/status';
import { request } from '../../../transport';
import { templateContracts } from './templateReads';

/**
 * The contracts of a template that carry an External ID, as the list shows them and as TRATO gives them now
 * (externalId.ts decides which of them this workflow made, and what to do).
 */

export interface ExternalIdScope {
	workflowId: string;
	templateId: string;
	externalId: string;
	key: Buffer;
}

/** A contract of the template with the External ID: its status and creation instant, as the list gave them. */
export interface Candidate {
	contractId: string;
	status: string;
	createdMs: number;
	life: ContractLife;
	record: IDataObject;
}

/**
 * The template's contracts that carry the External ID (the whole list filtered by `templateId`, 4.14: the list has no
 * External ID filter), each with its status, oldest first. TRATO's list items may lack `externalId` (spec: optional,
 * and a contract without one may well be listed without the field). With `shown`, this run's own draft carries the
 * External ID: a list where none carries the field cannot show it, nor another run's, so the run stops with a
 * sentence before anything is sent, rather than make and send another contract every time. `after`: from a read that
 * began after that moment (templateReads.ts).
 */
export async function listed(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scope: ExternalIdScope,
	shown = false,
	after?: number,
): Promise<Candidate[]> {
	const all = await templateContracts(ctx, itemIndex, scope.templateId, after);
	if (shown && all.length > 0 && !all.some((c) => 'externalId' in c))
		throw new NodeOperationError(
			ctx.getNode(),
			"TRATO's contract list does not show External IDs, so this node cannot tell whether a contract for this External ID exists already",
			{
				itemIndex,
				description: `TRATO listed ${all.length} contract(s) of the template, this run's draft among them, and none carries "externalId". Nothing was sent; the draft stays. Leave External ID empty to create a contract on every run, or ask TRATO to list "externalId" (npm run check:trato reports whether it does).`,
			},
		);
	const candidates: Candidate[] = [];
	for (const c of all) {
		const contractId = contractIdOf(c);
		if (!contractId || String(c.externalId ?? '').trim() !== scope.externalId) continue;
		const status = String(c.status ?? '');
		const createdMs = Date.parse(String(c.createdAt ?? ''));
		candidates.push({
			contractId,
			status,
			createdMs: Number.isFinite(createdMs) ? createdMs : Number.MAX_SAFE_INTEGER,
			life: contractLife(status),
			record: c,
		});
	}
	// oldest first; the same instant: by ID, as every run orders them
	return candidates.sort((a, b) =>
		a.createdMs !== b.createdMs
			? a.createdMs - b.createdMs
			: a.contractId < b.contractId
				? -1
				: a.contractId > b.contractId
					? 1
					: 0,
	);
}

/** A contract's status record (4.3); deleted since (TRATO does not know it): undefined. */
export async function statusUnlessDeleted(
	ctx: IExecuteFunctions,
	itemIndex: number,
	contractId: string,
): Promise<IDataObject | undefined> {
	try {
		return await request.call(ctx, 'contractStatus', { contractId }, { itemIndex });
	} catch (error) {
		if (error instanceof NodeApiError && error.errorResponse?.apiErrorKind === 'contractUnknown')
			return undefined;
		throw error as NodeApiError;
	}
}

/**
 * A candidate with its status as TRATO gives it now (4.3): the look-up's read may be another item's, seconds old
 * (templateReads.ts), and a draft there may have been sent since. Deleted since: undefined.
 */
export async function current(
	ctx: IExecuteFunctions,
	itemIndex: number,
	candidate: Candidate,
): Promise<Candidate | undefined> {
	const record = await statusUnlessDeleted(ctx, itemIndex, candidate.contractId);
	if (!record) return undefined;
	const status = String(record.status ?? '');
	return {
		...candidate,
		status,
		life: contractLife(status),
		record: { ...candidate.record, ...record },
	};
}
