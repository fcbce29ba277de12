import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestAllPages } from '../../transport';
import { contractIdOf } from '../../helpers/answers';
import { statusLabel } from '../../helpers/status';
import { limit, returnAll, simplifyField } from '../../descriptions/common';
import { contractFilterFields } from '../../descriptions/listFilters';
import { contractFilterQuery, resultLimit } from '../../helpers/listQuery';
import { simplifyContract } from '../../helpers/simplify';
import { perVersion } from '../versions';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'List contracts with filters',
	action: 'Get many contracts with status and signer filters',
};

const properties: INodeProperties[] = [
	returnAll,
	limit,
	...perVersion(simplifyField, 'simplify'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: contractFilterFields,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = contractFilterQuery(this, itemIndex, filters);
	const max = resultLimit(this, itemIndex);
	const simple = this.getNodeParameter('simple', itemIndex) as boolean;
	const contracts = await requestAllPages.call(this, qs, { limit: max, itemIndex });
	// list items carry `_id` (trato-notes "What TRATO answers", H); `contractid` read too (api-notes P1)
	return contracts.map((c) => {
		const contract = { contractId: contractIdOf(c), ...c, statusLabel: statusLabel(c.status) };
		return simple ? simplifyContract(contract) : contract;
	});
}
