import type { INodePropertyOptions } from 'n8n-workflow';
import { contractAction } from './contractAction';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Send Reminder',
	value: 'sendReminder',
	description: 'Email a reminder to participants who have not signed yet',
	action: 'Email reminder to signers who have not signed yet',
};

export const { description, execute } = contractAction({
	operation: 'sendReminder',
	endpoint: 'contractRemind',
	/** Spec 4.15 and api-notes X8: reminders only while the contract waits for signatures. */
	hint: 'A reminder can only be sent while the contract waits for signatures (sent, in negotiation or negotiated) and at least one participant has not signed yet.',
	flag: 'reminderSent',
});
