import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { TriggerParameters } from './parameters';
import { configHash, filterQuery, readParameters } from './parameters';
import type { DetectedEvent } from './detect';
import { detect, eventIdOf } from './detect';
import { buildItems } from './buildItems';
import { readRetries, resumeWaits, RETRY_KEY } from './resume';
import { TRIGGER_MODES } from './modes';
import type { Newest, Observation } from './listing';
import { readNewest } from './newest';
import { readPass } from './passes';
import { DAY_MS, triggerTuning } from './tuning';
import { readState, STATE_KEY, storeState } from './state';
import { clockFloor } from './watermark';

function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/** The last state each trigger node wrote in this process, and the last epoch this process issued. */
const lastWrite = new Map<string, string>();
let lastEpoch = 0;
let writes = 0;

/**
 * The eventId epoch of the state this poll writes (detect.ts, eventIdOf). The loaded one when this poll continues
 * the state this process last wrote for the node; a new one (the time in seconds, base 36, after the previous
 * and after any this process issued) when the state was written by another process (an n8n restart: what that
 * process delivered after its last save is unknown), or when another poll of this process wrote a state since
 * this one was loaded (two polls that ran from the same state, e.g. a poll longer than the poll interval: the
 * state written last may lack counters the other poll used).
 */
function nextEpoch(
	loaded: { epoch?: string; session?: string; write?: string } | undefined,
	continuation: boolean,
	now: number,
): string {
	if (loaded?.epoch && continuation) return loaded.epoch;
	const previous = loaded?.epoch ? parseInt(loaded.epoch, 36) : 0;
	lastEpoch = Math.max(Math.floor(now / 1000), previous + 1, lastEpoch + 1);
	return lastEpoch.toString(36);
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
		TRIGGER_MODES[cfg.event].watches === 'chosenStatuses'
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
	const event: DetectedEvent = {
		kind: cfg.event,
		observation: newest,
		previousStatus: null,
		eventId: eventIdOf(cfg.event, newest.id, newest.status, 0),
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
	const read = readState(staticData[STATE_KEY]);
	if ('problem' in read) {
		// never the stored value in the log: only why it could not be read
		this.logger.warn(
			`TRATO Polling Trigger "${this.getNode().name}": its saved memory could not be read (${read.problem}), so this poll starts a new baseline. Changes and new contracts since the last poll n8n saved are not reported.`,
			{ workflowId: this.getWorkflow().id, nodeName: this.getNode().name },
		);
	}
	const stored = 'state' in read ? read.state : undefined;
	const hash = configHash(cfg);
	const previous = stored && stored.config === hash ? stored : undefined;
	const baseline = previous === undefined;
	const windowStart = cfg.lookBackDays ? now - cfg.lookBackDays * DAY_MS : undefined;
	const filters = filterQuery(cfg);
	const watches = TRIGGER_MODES[cfg.event].watches;

	// 1. baseline of the watermark (watermark.ts), unless a pass of every contract lists the whole account (no
	// filter, no window): every contract of the account dated from n8n's clock minus the tolerance on (their ids
	// tell new contracts from those seen), and when none of them is dated up to n8n's clock, the newest contract
	// that is. Read before the passes: a contract created while they run counts as new at the next poll (read
	// after them, it would be taken into the baseline without being seen, and its creation and first status
	// never reported)
	let newest: Newest | undefined;
	let fromWatermark: Map<string, Observation> | undefined;
	const unfiltered = Object.keys(filters).length === 0;
	const tracking = watches === 'everyContract' || cfg.includeNew;
	if (
		baseline &&
		tracking &&
		!(watches === 'everyContract' && unfiltered && windowStart === undefined)
	) {
		// without a filter, "Contract Status Changed" lists all of them but those at the newest instant
		if (watches !== 'everyContract' || !unfiltered)
			fromWatermark = await readPass(this, {}, { floor: clockFloor(now) });
		if (![...(fromWatermark?.values() ?? [])].some((o) => o.createdMs <= now))
			newest = await readNewest(this, {}, now);
	}

	// 2. the watched contracts
	let statusObservations = new Map<string, Observation>();
	if (watches === 'everyContract') {
		statusObservations = await readPass(this, filters, { floor: windowStart });
	} else if (watches === 'chosenStatuses') {
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

	// 3. new contracts: everything listed from the watermark on (the watermark only moves with what this pass
	// lists, so a contract created while the poll runs is never passed over)
	let createdObservations = new Map<string, Observation>();
	let listedFrom = windowStart;
	if (watches !== 'everyContract' && cfg.includeNew && previous) {
		const bounds = [previous.watermark, windowStart].filter(
			(v): v is number => typeof v === 'number',
		);
		listedFrom = bounds.length ? Math.max(...bounds) : undefined;
		createdObservations = await readPass(this, filters, { floor: listedFrom });
	}

	const { events, state } = detect({
		cfg,
		configHash: hash,
		previous,
		carried: previous ? undefined : stored?.contracts,
		statusObservations,
		createdObservations,
		newest,
		fromWatermark,
		windowStart,
		now,
		complete: unfiltered ? { from: listedFrom } : undefined,
		epoch: stored?.epoch,
	});
	const items = await buildItems(this, cfg, events, iso(now));
	const retries = cfg.resumeWaiting
		? await resumeWaits(this, events, items, readRetries(staticData[RETRY_KEY]))
		: [];

	const node = `${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`;
	const continuation =
		stored?.session === triggerTuning.session &&
		stored.write !== undefined &&
		lastWrite.get(node) === stored.write;
	state.epoch = nextEpoch(stored, continuation, now);
	state.session = triggerTuning.session;
	state.write = `${++writes}`;
	lastWrite.set(node, state.write);
	staticData[STATE_KEY] = storeState(state);
	if (retries.length) staticData[RETRY_KEY] = retries as unknown as IDataObject[];
	else delete staticData[RETRY_KEY];
	return items.length > 0 ? [items] : null;
}
