import { contractAction } from './contractAction';

export const { description, execute } = contractAction({
	operation: 'cancel',
	// api-notes R1/R12: never retried (a repeated cancel is refused).
	endpoint: 'contractCancel',
	/** Spec 3 and 4.17: refused when every participant has signed or the contract is already cancelled. */
	hint: 'A contract cannot be cancelled once every participant has signed it, or when it is already cancelled.',
	flag: 'canceled',
});
