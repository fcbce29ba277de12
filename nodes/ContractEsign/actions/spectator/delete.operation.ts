import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { spectatorIdLocator, spectatorsPath } from '../../helpers/spectators';
import { requireId } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { contractIdLocator, optionsCollection } from '../common.descriptions';

const properties: INodeProperties[] = [contractIdLocator, spectatorIdLocator, optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['spectator'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const spectatorId = requireId(this, itemIndex, 'spectatorId', 'Spectator');
	// Removing an addressed spectator has the same end state when repeated: safe to retry (api-notes R12).
	await apiRequest.call(this, 'DELETE', spectatorsPath(contractId, spectatorId), {
		itemIndex,
		idempotent: true,
	});
	return { contractId, spectatorId, deleted: true };
}
