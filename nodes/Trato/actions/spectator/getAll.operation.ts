import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, limit, optionsCollection, returnAll } from '../../descriptions/common';
import { resultLimit } from '../../helpers/listQuery';
import { spectatorOutput } from '../../helpers/spectators';
import { listSpectators } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'Get the spectators of a contract',
	action: 'Get many spectators of contract',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	returnAll,
	limit,
	optionsCollection({
		displayName: 'Include Access Token',
		name: 'includeAccessToken',
		type: 'boolean',
		default: false,
		description:
			'Whether to include each spectator\'s access token ("jwt"). It is a secret: anyone who has it can open the contract as that spectator, so keep it out of logs and messages.',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['spectator'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const max = resultLimit(this, itemIndex);
	const includeToken = this.getNodeParameter(
		'options.includeAccessToken',
		itemIndex,
		false,
	) as boolean;
	const spectators = await listSpectators.call(this, contractId, itemIndex);
	return spectators
		.slice(0, max)
		.map((record) => spectatorOutput(contractId, record, includeToken));
}
