import type { INodePropertyOptions } from 'n8n-workflow';
import { contractAction } from './contractAction';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Archive',
	value: 'archive',
	description: 'Move a contract to the archive',
	action: 'Move contract to archive',
};

// api-notes S12: archiving keeps the status and the listing; the API answers only success.
export const { description, execute } = contractAction({
	operation: 'archive',
	endpoint: 'contractArchive',
	flag: 'archived',
});
