/** Contract status values of spec Part 3 with readable labels. The empty string is a draft. */
export const CONTRACT_STATUSES: Array<{ value: string; label: string }> = [
	{ value: '', label: 'Draft' },
	{ value: 'RECEIVED_FILLED', label: 'Pending Validation' },
	{ value: 'SENT_TO_FILL', label: 'Pending Completion' },
	{ value: 'NEGOTIATION', label: 'In Negotiation' },
	{ value: 'APPROVED', label: 'Approved' },
	{ value: 'SENT_TO_SIGN', label: 'Pending Signature' },
	{ value: 'EXPIRED', label: 'Expired' },
	{ value: 'AUTHORIZE', label: 'Pending Completion (Authorization)' },
	{ value: 'RECEIVED_SIGNED', label: 'Signed' },
	{ value: 'NEGOTIATED', label: 'Negotiated' },
	{ value: 'CANCELED', label: 'Cancelled' },
	{ value: 'SENT_TO_DOWNLOAD', label: 'Sent to Participants' },
	{ value: 'FINALIZED', label: 'Finalized' },
	{ value: 'SENT_TO_ACCEPT', label: 'Sent to Acceptance' },
	{ value: 'SENT_SIGNED', label: 'Signed (Sent)' },
	{ value: 'REJECTED', label: 'Rejected' },
];

/** Statuses that mean "signed" (spec Part 3 gives two). */
export const SIGNED_STATUSES = ['RECEIVED_SIGNED', 'SENT_SIGNED'];

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
