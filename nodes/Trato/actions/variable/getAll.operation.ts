import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { getVariables } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	description: 'Get the variables of every participant of a contract',
	action: 'Get many variables of contract participants',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'perParticipant',
		options: [
			{
				name: 'One Item per Participant',
				value: 'perParticipant',
				description: 'Each participant with the list of its variables and attachments',
			},
			{
				name: 'One Item per Variable',
				value: 'perVariable',
				description: 'Each variable on its own, with the participant it belongs to',
			},
		],
		description:
			'How to split the result. Each variable has its reference (used to set it), its name in the document, its value and its kind (text, image or dynamictable).',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['variable'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const output = this.getNodeParameter('output', itemIndex, 'perParticipant') as string;
	const contract = await getVariables.call(this, contractId, itemIndex);
	if (output === 'perVariable') {
		return contract.participants.flatMap((p) =>
			p.variables.map((v) => ({
				contractId: contract.contractId,
				participantId: p.participantId,
				participantName: p.participantName,
				label: p.label,
				...v,
			})),
		);
	}
	return contract.participants.map((p) => ({
		contractId: contract.contractId,
		contractName: contract.contractName,
		participantId: p.participantId,
		participantName: p.participantName,
		label: p.label,
		variables: p.variables.map((v) => ({ ...v })),
		attachments: p.attachments,
	}));
}
