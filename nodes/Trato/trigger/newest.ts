import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readComplete, readRun } from './complete';
import type { Newest, Observation, Page } from './listing';
import { extremes, ListReader, listUnstable, orderOf } from './listing';
import { DAY_MS, triggerTuning } from './tuning';

/** Recent periods tried when the list is not newest first (one request each until one holds contracts). */
const RECENT_MS = [3_600_000, DAY_MS, 30 * DAY_MS, 365 * DAY_MS];

/**
 * The newest creation instant of a query (up to `to` when given) and every contract created at that instant: one
 * request when the list fits in a page, two when it is newest first; otherwise recent periods, then climbing.
 * Undefined when the list holds no such contract.
 */
export async function readNewest(
	ctx: IPollFunctions,
	base: IDataObject,
	to?: number,
): Promise<Newest | undefined> {
	const reader = new ListReader(ctx, base);
	const page = await reader.page({ to });
	if (page.items.length === 0 && !page.ignored) return undefined;
	const found = page.ignored ? 'ignored' : await climbToNewest(reader, page, to);
	if (found !== 'ignored') return found;
	// bounds not applied: the whole list's newest instant, in one loop (spreading 100k+ values overflows)
	let newest: Newest | undefined;
	for (const o of (await readComplete(reader, {}, 'it')).values()) {
		if (Number.isNaN(o.createdMs)) return undefined;
		if (to !== undefined && o.createdMs > to) continue;
		if (!newest || o.createdMs > newest.createdMs)
			newest = { createdMs: o.createdMs, observations: [o] };
		else if (o.createdMs === newest.createdMs) newest.observations.push(o);
	}
	return newest;
}

/** readNewest by date bounds; 'ignored' as soon as an answer shows the service does not apply them. */
async function climbToNewest(
	reader: ListReader,
	firstPage: Page,
	to: number | undefined,
): Promise<Newest | 'ignored' | undefined> {
	let page = firstPage;
	let newest = extremes(page).max;
	if (!Number.isFinite(newest)) return undefined;
	if (page.raw === reader.perPage && orderOf(page.items, triggerTuning.orderEvidence) !== 'desc') {
		for (const span of RECENT_MS) {
			const recent = await reader.page({ from: triggerTuning.now() - span, to });
			if (recent.ignored) return 'ignored';
			if (recent.items.length === 0) continue;
			newest = Math.max(newest, extremes(recent).max);
			break;
		}
	}
	// climb: each request lists only contracts at or after the newest instant seen so far (one request when the
	// first page held it), until one shows nothing newer
	for (let climbed = 0; page.raw === reader.perPage; climbed++) {
		if (climbed > 10_000) throw listUnstable(reader.ctx, 'its newest contracts');
		page = await reader.page({ from: newest, to });
		if (page.ignored) return 'ignored';
		const max = page.items.length ? extremes(page).max : newest;
		if (max > newest) {
			newest = max;
			continue;
		}
		if (page.raw < reader.perPage) break;
		// a full page at that instant: anything after it?
		const after = await reader.page({ from: newest + reader.precision, to });
		if (after.ignored) return 'ignored';
		if (after.items.length === 0) break;
		newest = extremes(after).max;
	}
	const atNewest = new Map<string, Observation>();
	for (const o of page.items) if (o.createdMs === newest) atNewest.set(o.id, o);
	if (page.raw === reader.perPage && atNewest.size === page.raw) {
		await readRun(reader, newest, atNewest);
	}
	return { createdMs: newest, observations: [...atNewest.values()] };
}
