import type { INodePropertyOptions } from 'n8n-workflow';
import { contractAction } from './contractAction';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Cancel',
	value: 'cancel',
	description: 'Cancel a contract that is not yet signed by everyone',
	action: 'Cancel contract not fully signed yet',
};

export const { description, execute } = contractAction({
	operation: 'cancel',
	// api-notes R1/R12: never retried (a repeated cancel is refused).
	endpoint: 'contractCancel',
	/** Spec 3 and 4.17: refused when every participant has signed or the contract is already cancelled. */
	hint: 'A contract cannot be cancelled once every participant has signed it, or when it is already cancelled.',
	flag: 'canceled',
});
