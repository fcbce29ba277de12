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
