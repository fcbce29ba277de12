import { contractAction } from './simpleAction';

// api-notes S12: archiving keeps the status and the listing; the API answers only success.
export const { description, execute } = contractAction({
	operation: 'archive',
	method: 'POST',
	path: (contractId) => `/api/contract/archive/${contractId}`,
	flag: 'archived',
});
