import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { limit, returnAll } from '../../descriptions/common';
import { createdFromFilter, createdUntilFilter } from '../../descriptions/listFilters';
import { dateRangeQuery, resultLimit } from '../../helpers/listQuery';
import { listTemplates } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'List templates with filters',
	action: 'Get many templates to create contracts from',
};

const properties: INodeProperties[] = [
	returnAll,
	limit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			createdFromFilter,
			createdUntilFilter,
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. lease',
				description: 'Only templates whose name contains this text',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = dateRangeQuery(this, itemIndex, filters);
	const name = String(filters.name ?? '').trim();
	if (name) qs.name = name;
	const max = resultLimit(this, itemIndex);
	const templates = await listTemplates.call(this, qs, itemIndex);
	return templates
		.slice(0, max)
		.map(({ templateId, name, createdAt, ...rest }) => ({ templateId, name, createdAt, ...rest }));
}
