import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requestAllPages } from '../../../transport';

/**
 * The template's contracts (4.14, filtered by `templateId`; the list has no External ID filter), read for the
 * External ID and shared by the items of one node run (issue 41: each item read the whole list twice, so a batch
 * cost grew with the square of its rows). An item that looks for what an earlier run left takes the node run's
 * latest read of the template when it began less than 5 s ago, finished or in progress (the statuses of what
 * it finds are then read anew: externalId.ts); the check right before a send takes only a read that began after it
 * was asked for, so it still sees every mark stamped before it (api-notes N38). A shared read that fails is read
 * again by each item that waited on it, on its own. The lists are dropped with the node run's context.
 */

interface Read {
	/** When it began, on the execution's clock (`moment()`). */
	began: number;
	beganMs: number;
	contracts: Promise<IDataObject[]>;
}

/** How long a read serves the look-ups that come after it. */
const REUSE_MS = 5_000;

const ADVICE =
	"The node reads the template's contracts to find one this workflow made for the External ID; nothing was sent. Leave External ID empty to create a contract on every run.";

const readAll = async (ctx: IExecuteFunctions, itemIndex: number, templateId: string) =>
	await requestAllPages.call(ctx, { templateId }, { itemIndex, advice: ADVICE });

/** A read that began less than REUSE_MS ago (a wall clock set back counts as not recent). */
function recent(read: Read): boolean {
	const age = Date.now() - read.beganMs;
	return age >= 0 && age < REUSE_MS;
}

/** By the node run's context: n8n makes one per run of the node. */
const latest = new WeakMap<IExecuteFunctions, Map<string, Read>>();
let clock = 0;

/** A moment of this process: a read asked for `after` it begins later. */
export const moment = (): number => ++clock;

/**
 * The template's contracts. `after`: only from a read that began after that moment (the check before a send);
 * without it, the node run's latest read of the template if it is recent.
 */
export async function templateContracts(
	ctx: IExecuteFunctions,
	itemIndex: number,
	templateId: string,
	after?: number,
): Promise<IDataObject[]> {
	let reads = latest.get(ctx);
	if (!reads) {
		reads = new Map();
		latest.set(ctx, reads);
	}
	const last = reads.get(templateId);
	if (last && (after === undefined ? recent(last) : last.began > after)) {
		try {
			return await last.contracts;
		} catch {
			// the item that began it has its error; this one reads again on its own, at once (a read has no effect;
			// waiters that joined one read after another would fail one timeout after another)
			return await readAll(ctx, itemIndex, templateId);
		}
	}
	const read: Read = {
		began: moment(),
		beganMs: Date.now(),
		contracts: readAll(ctx, itemIndex, templateId),
	};
	reads.set(templateId, read);
	read.contracts.catch(() => {
		if (reads.get(templateId) === read) reads.delete(templateId);
	});
	return await read.contracts;
}
