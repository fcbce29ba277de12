import { contractAction } from './simpleAction';

export const { description, execute } = contractAction({
	operation: 'sendReminder',
	method: 'GET',
	path: (contractId) => `/api/contract/pending/${contractId}`,
	/** Spec 4.15 and api-notes X8: reminders only while the contract waits for signatures. */
	hint: 'A reminder can only be sent while the contract waits for signatures (sent, in negotiation or negotiated) and at least one participant has not signed yet.',
	flag: 'reminderSent',
});
