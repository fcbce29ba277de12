import { contractAction } from './contractAction';

export const { description, execute } = contractAction({
	operation: 'sendReminder',
	endpoint: 'contractRemind',
	/** Spec 4.15 and api-notes X8: reminders only while the contract waits for signatures. */
	hint: 'A reminder can only be sent while the contract waits for signatures (sent, in negotiation or negotiated) and at least one participant has not signed yet.',
	flag: 'reminderSent',
});
