import { contractAction } from './simpleAction';

export const { description, execute } = contractAction({
	operation: 'cancel',
	// api-notes R1/R12: DELETE, never retried (a repeated cancel is refused).
	method: 'DELETE',
	path: (contractId) => `/api/contract/cancel/${contractId}`,
	idempotent: false,
	/** Spec 3 and 4.17: refused when every participant has signed or the contract is already cancelled. */
	hint: 'A contract cannot be cancelled once every participant has signed it, or when it is already cancelled.',
	flag: 'canceled',
});
