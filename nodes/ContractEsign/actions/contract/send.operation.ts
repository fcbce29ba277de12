import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { request } from '../../transport';

const properties: INodeProperties[] = [
	contractIdLocator,
	optionsCollection({
		displayName: 'Return Signing Links',
		name: 'returnSignLinks',
		type: 'boolean',
		default: false,
		description:
			"Whether to output each participant's personal signing link (signUrl), for example to send it through your own channel. Treat the links like passwords.",
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['send'] } },
	properties,
);

const HINT =
	'When the service lists configuration problems, fix each one (name and expiry with "Contract → Configure"; participant names, e-mails and phones with "Participant → Update") and send again. A contract that was already sent, signed or cancelled cannot be sent again.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const returnSignLinks = this.getNodeParameter(
		'options.returnSignLinks',
		itemIndex,
		false,
	) as boolean;
	const response = await request.call(
		this,
		'contractSend',
		{ contractId },
		{
			qs: returnSignLinks ? { showSignLinks: true } : undefined,
			itemIndex,
			hint: HINT,
		},
	);
	const output: IDataObject = { contractId, sent: true };
	if (returnSignLinks) {
		const contract = (response.contract ?? {}) as IDataObject;
		const participants = Array.isArray(contract.participants)
			? (contract.participants as IDataObject[])
			: [];
		output.signingLinks = participants.map((p) => ({
			participantId: p.participantid,
			signUrl: p.signUrl,
		}));
	}
	return output;
}
