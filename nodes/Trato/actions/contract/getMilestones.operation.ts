import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { firstText } from '../../helpers/answers';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { request, unwrapList } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Milestones',
	value: 'getMilestones',
	description: 'Get the milestones of a contract',
	action: 'Get planned milestones of contract',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	optionsCollection({
		displayName: 'Output One Item per Contract',
		name: 'keepInOneItem',
		type: 'boolean',
		default: false,
		description:
			'Whether to output one item per contract with all its milestones in a "milestones" list, instead of one item per milestone',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['getMilestones'] } },
	properties,
);

/** Spec 2.8 documents `completed` as an integer but describes and samples true/false: always a boolean here. */
function toBoolean(value: unknown): boolean {
	if (typeof value === 'string') return ['true', '1'].includes(value.trim().toLowerCase());
	return Boolean(value);
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const keepInOneItem = this.getNodeParameter('options.keepInOneItem', itemIndex, false) as boolean;
	const response = await request.call(
		this,
		'milestoneList',
		{ contractId },
		{
			itemIndex,
		},
	);
	const list = unwrapList(this, response, 'milestones', itemIndex);
	const milestones = list.map(({ _id, ...fields }) => ({
		milestoneId: _id ?? firstText(fields, ['milestoneId', 'id']),
		...fields,
		...(fields.completed !== undefined ? { completed: toBoolean(fields.completed) } : {}),
	}));
	if (keepInOneItem) return { contractId, milestones };
	return milestones.map((milestone) => ({ contractId, ...milestone }));
}
