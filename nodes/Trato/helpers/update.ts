import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fail, requireId } from './validate';

/** What the Update operations of a contract's records (participant, spectator, custom property) share. */

/** The contract, the record and the "Update Fields" the user chose, every ID checked before any request. */
export function readUpdate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	recordParameter: string,
	recordLabel: string,
): { contractId: string; recordId: string; fields: IDataObject } {
	return {
		contractId: requireId(ctx, itemIndex, 'contractId', 'Contract'),
		recordId: requireId(ctx, itemIndex, recordParameter, recordLabel),
		fields: ctx.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
	};
}

/** Refuses an update that would change nothing (no request is sent). */
export function requireSomethingToUpdate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	changes: IDataObject,
	refusal: { message: string; description: string },
): void {
	if (Object.keys(changes).length === 0) fail(ctx, itemIndex, refusal.message, refusal.description);
}
