import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { TriggerParameters } from './parameters';
import { configHash, filterQuery, readParameters } from './parameters';
import type { DetectedEvent } from './detect';
import { detect, eventIdOf } from './detect';
import { buildItems } from './buildItems';
import type { Observation } from './listing';
import { readNewest, readPass } from './passes';
import { DAY_MS, triggerTuning } from './tuning';
import { loadState, STATE_KEY, storeState } from './state';

function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/**
 * The eventId epoch for the states this process writes (detect.ts, eventIdOf): the loaded one while this
 * process wrote it; a new one (the time in seconds, base 36, always after the previous) when the state was
 * written by another process, e.g. before an n8n restart.
 */
function nextEpoch(loaded: { epoch?: string; session?: string } | undefined, now: number): string {
	if (loaded?.epoch && loaded.session === triggerTuning.session) return loaded.epoch;
	const previous = loaded?.epoch ? parseInt(loaded.epoch, 36) : 0;
	return Math.max(Math.floor(now / 1000), previous + 1).toString(36);
}

/** "Fetch Test Event": the newest real contract matching the settings, shaped like an event; no state touched. */
async function sampleEvent(
	ctx: IPollFunctions,
	cfg: TriggerParameters,
	now: number,
): Promise<INodeExecutionData[][]> {
	const windowStart = cfg.lookBackDays ? now - cfg.lookBackDays * DAY_MS : undefined;
	const base = filterQuery(cfg);
	const queries =
		cfg.event === 'enteredStatus'
			? cfg.statuses.map((s) => ({ ...base, statusContract: s }))
			: [base];
	let newest: Observation | undefined;
	for (const qs of queries) {
		const found = await readNewest(ctx, qs);
		const o = found?.observations[0];
		if (o && (windowStart === undefined || o.createdMs >= windowStart)) {
			if (!newest || o.createdMs > newest.createdMs) newest = o;
		}
	}
	if (!newest) {
		throw new NodeOperationError(ctx.getNode(), "No contract matches the trigger's settings yet", {
			description:
				'The test event is the newest contract that matches Trigger On, Statuses and Filters. Create such a contract, or loosen the filters, then fetch again.',
		});
	}
	const kind =
		cfg.event === 'newContract'
			? 'created'
			: cfg.event === 'enteredStatus'
				? 'enteredStatus'
				: 'statusChanged';
	const event: DetectedEvent = {
		kind,
		observation: newest,
		previousStatus: null,
		eventId: eventIdOf(kind, newest.id, newest.status, 0),
	};
	return [await buildItems(ctx, cfg, [event], iso(now))];
}

/**
 * One poll: list what the configuration watches, compare with the remembered state, emit one item per change,
 * and replace the state in one assignment only once everything (including documents) succeeded. Any failure
 * throws before that assignment, so the previous state stays and the next poll catches up.
 */
export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const cfg = readParameters(this);
	const now = triggerTuning.now();
	if (this.getMode() === 'manual') return await sampleEvent(this, cfg, now);

	const staticData = this.getWorkflowStaticData('node');
	const stored = loadState(staticData[STATE_KEY]);
	const hash = configHash(cfg);
	const previous = stored && stored.config === hash ? stored : undefined;
	const baseline = previous === undefined;
	const windowStart = cfg.lookBackDays ? now - cfg.lookBackDays * DAY_MS : undefined;
	const filters = filterQuery(cfg);

	// 1. the watched contracts
	let statusObservations = new Map<string, Observation>();
	if (cfg.event === 'anyChange') {
		statusObservations = await readPass(this, filters, { floor: windowStart });
	} else if (cfg.event === 'enteredStatus') {
		for (const status of cfg.statuses) {
			const seen = await readPass(
				this,
				{ ...filters, statusContract: status },
				{ floor: windowStart },
			);
			for (const [id, o] of seen) {
				// a contract met in two watched statuses moved during the poll: the later pass saw it last
				statusObservations.delete(id);
				statusObservations.set(id, o);
			}
		}
	}

	// 2. new contracts: everything listed from the watermark on (the watermark only moves with what this pass
	// lists, so a contract created while the poll runs is never passed over)
	let createdObservations = new Map<string, Observation>();
	if (cfg.event !== 'anyChange' && cfg.includeNew && previous) {
		const bounds = [previous.watermark, windowStart].filter(
			(v): v is number => typeof v === 'number',
		);
		const floor = bounds.length ? Math.max(...bounds) : undefined;
		createdObservations = await readPass(this, filters, { floor });
	}

	// 3. baseline of the watermark: the newest contract of the whole account, unless the full pass
	// of "any status change" already listed the whole account (no filter, no window)
	let newest: { createdMs: number; observations: Observation[] } | undefined;
	const unfilteredPass = Object.keys(filters).length === 0 && windowStart === undefined;
	if (baseline && (cfg.event === 'anyChange' ? !unfilteredPass : cfg.includeNew)) {
		newest = await readNewest(this, {});
	}

	const { events, state } = detect({
		cfg,
		configHash: hash,
		previous,
		carried: previous ? undefined : stored?.contracts,
		statusObservations,
		createdObservations,
		newest,
		windowStart,
		epoch: stored?.epoch,
	});
	state.epoch = nextEpoch(stored, now);
	state.session = triggerTuning.session;
	const items = await buildItems(this, cfg, events, iso(now));

	staticData[STATE_KEY] = storeState(state);
	return items.length > 0 ? [items] : null;
}
