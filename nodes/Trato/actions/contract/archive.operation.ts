import { contractAction } from './contractAction';

// api-notes S12: archiving keeps the status and the listing; the API answers only success.
export const { description, execute } = contractAction({
	operation: 'archive',
	endpoint: 'contractArchive',
	flag: 'archived',
});
