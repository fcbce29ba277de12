import { contractAction } from './contractAction';

export const { description, execute } = contractAction({
	operation: 'finalize',
	endpoint: 'contractFinalize',
	/** Spec 3 and 4.18: only from RECEIVED_SIGNED. */
	hint: 'Only a contract signed by every participant and not yet finalized (status "Signed", RECEIVED_SIGNED) can be finalized.',
	flag: 'finalized',
});
