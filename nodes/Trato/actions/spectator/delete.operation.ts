import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { spectatorIdLocator } from '../../descriptions/spectator';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	description: 'Remove a spectator from a contract',
	action: 'Remove spectator from contract',
};

const properties: INodeProperties[] = [contractIdLocator, spectatorIdLocator, optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['spectator'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const spectatorId = requireId(this, itemIndex, 'spectatorId', 'Spectator');
	// Removing an addressed spectator has the same end state when repeated: safe to retry (api-notes R12).
	await request.call(
		this,
		'spectatorDelete',
		{ contractId, spectatorId },
		{
			itemIndex,
		},
	);
	return { contractId, spectatorId, deleted: true };
}
