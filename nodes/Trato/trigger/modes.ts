import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The trigger's modes ("Trigger On"), defined once, from the stored parameter value to detection and the
 * editor's subtitle. The keys are stored in users' workflows: never rename one. Each row says:
 *
 * - `name`, `description`: the "Trigger On" option; `subtitle`: under the node on the canvas;
 * - `event`: the `event` field of the items the mode emits (users filter on it: never rename one either);
 * - `watches`: what every poll lists and remembers — `everyContract` (all watched contracts and their status;
 *   a contract that leaves the list keeps its last status), `chosenStatuses` (the contracts in the statuses of the
 *   Statuses field, one pass per status; a contract that leaves them is forgotten but keeps its change counter)
 *   or `nothing` (only the newest creation date);
 * - `newContracts`: whether the mode reports new contracts (`always`) or only with "Also Trigger on New
 *   Contracts" (`optional`).
 *
 * Adding a mode: docs/architecture.md, "How to add a trigger mode".
 */
export const TRIGGER_MODES = {
	anyChange: {
		name: 'Contract Status Changed',
		description: "A contract's status changes, for example from Pending Signature to Signed",
		subtitle: 'Contract status changed',
		event: 'statusChanged',
		watches: 'everyContract',
		newContracts: 'optional',
	},
	enteredStatus: {
		name: 'Contract Reached a Status',
		description:
			'A contract reaches one of the statuses you choose, for example Signed (cheaper: only those statuses are listed)',
		subtitle: 'Contract reached a status',
		event: 'enteredStatus',
		watches: 'chosenStatuses',
		newContracts: 'optional',
	},
	newContract: {
		name: 'Contract Created',
		description: 'A contract is created',
		subtitle: 'Contract created',
		event: 'created',
		watches: 'nothing',
		newContracts: 'always',
	},
} as const satisfies Record<
	string,
	{
		name: string;
		description: string;
		subtitle: string;
		event: string;
		watches: 'everyContract' | 'chosenStatuses' | 'nothing';
		newContracts: 'always' | 'optional';
	}
>;

export type TriggerMode = keyof typeof TRIGGER_MODES;

/** The default of "Trigger On". */
export const DEFAULT_MODE: TriggerMode = 'anyChange';

/** The mode whose events report new contracts (any mode emits them with "Also Trigger on New Contracts"). */
export const CREATED: TriggerMode = 'newContract';

export const TRIGGER_MODE_VALUES = Object.keys(TRIGGER_MODES) as TriggerMode[];

export function isTriggerMode(value: unknown): value is TriggerMode {
	return typeof value === 'string' && Object.hasOwn(TRIGGER_MODES, value);
}

/** The modes whose row has this value, e.g. `modesWhere('watches', 'chosenStatuses')` (for displayOptions). */
export function modesWhere<K extends 'watches' | 'newContracts'>(
	key: K,
	value: (typeof TRIGGER_MODES)[TriggerMode][K],
): TriggerMode[] {
	return TRIGGER_MODE_VALUES.filter((mode) => TRIGGER_MODES[mode][key] === value);
}

/** The "Trigger On" options, alphabetical as n8n's lint wants them. */
export const modeOptions: INodePropertyOptions[] = TRIGGER_MODE_VALUES.map((mode) => ({
	name: TRIGGER_MODES[mode].name,
	value: mode,
	description: TRIGGER_MODES[mode].description,
})).sort((a, b) => a.name.localeCompare(b.name));

/** The node's subtitle: "Polling: " (beside the instant webhook trigger) and the chosen mode's `subtitle`. */
export const modeSubtitle = `={{ "Polling: " + ${JSON.stringify(
	Object.fromEntries(TRIGGER_MODE_VALUES.map((mode) => [mode, TRIGGER_MODES[mode].subtitle])),
)}[$parameter["event"]] }}`;
