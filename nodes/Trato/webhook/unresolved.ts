import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/**
 * Deliveries whose event cannot be told (api-notes W12): no event in the body or the URL and no chosen event the
 * contract's status shows, or an event name TRATO's catalogue does not have. None of them starts the workflow, and
 * none is dropped without a trace: the answer to TRATO says why, n8n's log gets a warning (never a secret: the
 * contract id and the reason in fixed words), and the node's static data counts them (`unresolved`), which n8n
 * saves after every delivery, also when nothing starts. n8n shows no execution for a delivery that starts nothing,
 * so the next item that starts carries the count since the previous one (`unresolvedDeliveries`).
 */
const KEY = 'unresolved';

interface Tally {
	/** Deliveries counted since the trigger was added. */
	total: number;
	/** Of those, how many an item already reported. */
	reported: number;
	lastReceivedAt: string;
	lastContractId: string | null;
	lastReason: string;
}

/** Workflows × trigger nodes whose tally this process keeps a copy of (the oldest copy is dropped first). */
const MAX_SCOPES = 200;
const local = new Map<string, Tally>();

function scope(ctx: IWebhookFunctions): string {
	return `${String(ctx.getWorkflow().id)}\n${ctx.getNode().name}`;
}

function stored(data: IDataObject): Tally | undefined {
	const value = data[KEY] as Partial<Tally> | undefined;
	if (value === null || typeof value !== 'object' || typeof value.total !== 'number')
		return undefined;
	return {
		total: value.total,
		reported: typeof value.reported === 'number' ? value.reported : 0,
		lastReceivedAt: String(value.lastReceivedAt ?? ''),
		lastContractId: typeof value.lastContractId === 'string' ? value.lastContractId : null,
		lastReason: String(value.lastReason ?? ''),
	};
}

/**
 * The newest of the saved tally and this process's copy. n8n loads the static data for every delivery and saves it
 * whole afterwards, so two deliveries handled at once each hold a copy; the process's copy keeps both counts.
 */
function current(ctx: IWebhookFunctions): Tally | undefined {
	const saved = stored(ctx.getWorkflowStaticData('node'));
	const mine = local.get(scope(ctx));
	if (!saved) return mine;
	if (!mine) return saved;
	return mine.total > saved.total || (mine.total === saved.total && mine.reported >= saved.reported)
		? mine
		: saved;
}

function keep(ctx: IWebhookFunctions, tally: Tally): void {
	local.delete(scope(ctx));
	local.set(scope(ctx), tally);
	if (local.size > MAX_SCOPES) local.delete(local.keys().next().value as string);
	ctx.getWorkflowStaticData('node')[KEY] = { ...tally };
}

/** A delivery whose event cannot be told: a warning in n8n's log and one more in the tally. */
export function countUnresolved(
	ctx: IWebhookFunctions,
	entry: { receivedAt: string; contractId: string | null; reason: string },
): void {
	const node = ctx.getNode().name;
	ctx.logger.warn(
		`TRATO Instant Webhook Trigger "${node}": a delivery for contract ${entry.contractId ?? '(none)'} started no workflow because its event cannot be told: ${entry.reason}. Paste the URL with ?event=<event> into each event's slot of the TRATO profile.`,
		{ workflowId: ctx.getWorkflow().id, nodeName: node },
	);
	const before = current(ctx);
	keep(ctx, {
		total: (before?.total ?? 0) + 1,
		reported: before?.reported ?? 0,
		lastReceivedAt: entry.receivedAt,
		lastContractId: entry.contractId,
		lastReason: entry.reason,
	});
}

/**
 * For an item that starts: the deliveries not started since the previous item reported them (undefined when none),
 * marked as reported.
 */
export function unresolvedSinceLastItem(ctx: IWebhookFunctions): IDataObject | undefined {
	const tally = current(ctx);
	if (!tally || tally.total <= tally.reported) return undefined;
	keep(ctx, { ...tally, reported: tally.total });
	return {
		count: tally.total - tally.reported,
		total: tally.total,
		lastReceivedAt: tally.lastReceivedAt,
		lastContractId: tally.lastContractId,
		lastReason: tally.lastReason,
	};
}

/** Just before webhook() returns (n8n then saves the static data): this process's copy, when it is newer. */
export function keepTally(ctx: IWebhookFunctions): void {
	const mine = local.get(scope(ctx));
	if (mine && current(ctx) === mine) ctx.getWorkflowStaticData('node')[KEY] = { ...mine };
}
