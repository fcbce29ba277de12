import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { configurationFields } from '../../descriptions/configure';
import { configurationBody } from '../../helpers/configurationBody';
import { request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Configure',
	value: 'configure',
	description: 'Set name, language, notifications, signature type, expiry and more before signing',
	action: 'Set contract name and signing options',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields you add are changed; the others keep their current value',
		options: configurationFields,
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['configure'] } },
	properties,
);

const HINT =
	'A contract can only be configured before anyone signs it: once a participant has signed, or the contract is signed, finalized, cancelled, expired or rejected, its configuration is locked.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body = configurationBody(this, itemIndex, fields);
	const response = await request.call(
		this,
		'contractConfigure',
		{ contractId },
		{ body, itemIndex, hint: HINT },
	);
	// The answer is kept: with Password Protection the service may return the generated password (spec 4.4).
	return { contractId, ...response, configured: body };
}
