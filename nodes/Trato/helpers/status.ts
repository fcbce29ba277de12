/**
 * Contract status values of spec Part 3: one readable label each, the same in the pickers and in every output's
 * `statusLabel`, and what the status means (spec Part 3, the transitions of api-notes). The empty string is a draft.
 */
export const CONTRACT_STATUSES: Array<{ value: string; label: string; meaning: string }> = [
	{ value: '', label: 'Draft', meaning: 'Created, not sent yet' },
	{
		value: 'RECEIVED_FILLED',
		label: 'Pending Validation',
		meaning: 'Filled in, waiting to be validated before it is sent for signature',
	},
	{
		value: 'SENT_TO_FILL',
		label: 'Pending Completion',
		meaning: 'Sent to participants to fill in their data before signing',
	},
	{
		value: 'NEGOTIATION',
		label: 'In Negotiation',
		meaning: 'Sent with negotiation on: participants may propose changes before signing',
	},
	{ value: 'APPROVED', label: 'Approved', meaning: 'Approved, not sent for signature yet' },
	{
		value: 'SENT_TO_SIGN',
		label: 'Pending Signature',
		meaning: 'Sent for signature; at least one signer has not signed yet',
	},
	{ value: 'EXPIRED', label: 'Expired', meaning: 'Its expiry date passed before everyone signed' },
	{
		value: 'AUTHORIZE',
		label: 'Pending Completion (Authorization)',
		meaning: 'Waiting for an authorization before it can be completed',
	},
	{
		value: 'RECEIVED_SIGNED',
		label: 'Signed',
		meaning: 'Every signer has signed; not finalized and the signed documents not sent yet',
	},
	{
		value: 'NEGOTIATED',
		label: 'Negotiated',
		meaning: 'The negotiation is over; it can be sent for signature',
	},
	{ value: 'CANCELED', label: 'Cancelled', meaning: 'Cancelled before everyone signed' },
	{
		value: 'SENT_TO_DOWNLOAD',
		label: 'Sent to Participants',
		meaning: 'Signed by everyone; the signed documents are being sent to the participants',
	},
	{ value: 'FINALIZED', label: 'Finalized', meaning: 'Signed by everyone and finalized' },
	{
		value: 'SENT_TO_ACCEPT',
		label: 'Sent to Acceptance',
		meaning: 'Sent to the participants to accept',
	},
	{
		value: 'SENT_SIGNED',
		label: 'Signed (Sent)',
		meaning: 'Signed by everyone; the signed documents were sent to the participants',
	},
	{ value: 'REJECTED', label: 'Rejected', meaning: 'A participant rejected the contract' },
];

/**
 * Where a contract stands for Create From Template and Send (api-notes N39): a `draft` it may still finish and send
 * (no status, or one it sends from: filled, approved, negotiated), `dead` (cancelled, expired, rejected: it will
 * never be signed, a new one may be made), or `sent` (any other status, an unknown one included: its signers may
 * have been notified, it is never sent again).
 */
export type ContractLife = 'draft' | 'sent' | 'dead';

const DRAFT_STATUSES = new Set(['', 'RECEIVED_FILLED', 'APPROVED', 'NEGOTIATED']);
const DEAD_STATUSES = new Set(['CANCELED', 'EXPIRED', 'REJECTED']);

export function contractLife(status: unknown): ContractLife {
	const value = status === undefined || status === null ? '' : String(status);
	if (DRAFT_STATUSES.has(value)) return 'draft';
	return DEAD_STATUSES.has(value) ? 'dead' : 'sent';
}

/**
 * The two statuses spec Part 3 calls signed ("Signed", "Signed (Sent)"): what the polling trigger's "Signed (Any)"
 * watches. Not every status signed by everyone: see SIGNED_BY_EVERYONE.
 */
export const STATUSES_CALLED_SIGNED: readonly string[] = ['RECEIVED_SIGNED', 'SENT_SIGNED'];

/**
 * The statuses in which every participant has signed, so the signed documents exist (api-notes T6, X22): the final
 * statuses that end a wait as `signed` (WS2), the statuses whose documents the polling trigger includes, and those
 * that show the instant trigger's `signed-all` (helpers/facts.ts).
 */
export const SIGNED_BY_EVERYONE: readonly string[] = [
	'RECEIVED_SIGNED',
	'SENT_SIGNED',
	'SENT_TO_DOWNLOAD',
	'FINALIZED',
];

const LABELS = new Map(CONTRACT_STATUSES.map((s) => [s.value, s.label]));

export function statusLabel(status: unknown): string {
	if (status === undefined || status === null) return 'Draft';
	const value = String(status);
	return LABELS.get(value) ?? value;
}

/**
 * Participant statuses as TRATO stores them (trato-notes "What TRATO answers": `RECEIVED_TO_SIGN` waiting,
 * `SENT_SIGNED` signed, H-). Any other value is passed through as it is, in filters and in output.
 */
export const PARTICIPANT_STATUSES: Array<{ value: string; label: string }> = [
	{ value: 'RECEIVED_TO_SIGN', label: 'Waiting to Sign' },
	{ value: 'SENT_SIGNED', label: 'Signed' },
];

/**
 * The filter values the node offered before (stored in saved workflows) and what TRATO stores for them. `PENDING`
 * (not sent yet) and `REJECTED` have no known TRATO value: they are sent as they are (api-notes P5).
 */
export const EARLIER_PARTICIPANT_STATUSES: Readonly<Record<string, string>> = {
	SENT: 'RECEIVED_TO_SIGN',
	SIGNED: 'SENT_SIGNED',
};

const PARTICIPANT_LABELS = new Map(PARTICIPANT_STATUSES.map((s) => [s.value, s.label]));

/** A participant status for people: TRATO's known values named, any other value as it is. */
export function participantStatusLabel(status: unknown): string {
	const value = String(status ?? '');
	return PARTICIPANT_LABELS.get(value) ?? value;
}

/**
 * The participant status a filter sends: a value chosen from the list in an earlier version of the node (stored
 * as it was, not an expression) becomes TRATO's; anything else, from an expression included, is sent as it is.
 * `stored` is the parameter as saved in the workflow, `resolved` its value after expressions.
 */
export function participantStatusToSend(stored: unknown, resolved: unknown): string | undefined {
	const value = String(resolved ?? '').trim();
	if (!value) return undefined;
	const fromList = typeof stored === 'string' && !stored.startsWith('=');
	return (fromList && EARLIER_PARTICIPANT_STATUSES[value]) || value;
}
