import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fail, requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { linksAfterSend, sendOnce } from './sending';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Send for Signature',
	value: 'send',
	description: 'Send a contract to all participants for signature',
	action: 'Send contract to its signers by email to sign',
};

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
	'When TRATO lists configuration problems, fix each one (name and expiry with "Contract → Configure"; participant names, emails and phones with "Participant → Update") and send again. A contract that was already sent, signed or cancelled cannot be sent again.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const returnSignLinks = this.getNodeParameter(
		'options.returnSignLinks',
		itemIndex,
		false,
	) as boolean;
	const sent = await sendOnce(this, contractId, itemIndex, returnSignLinks, HINT);
	const output: IDataObject = { contractId, sent: true };
	if (!returnSignLinks) return output;
	const links = await linksAfterSend(this, contractId, itemIndex, sent);
	output.signingLinks = links;
	if (links.length === 0) {
		fail(
			this,
			itemIndex,
			'The contract was sent, but TRATO returned no signing links',
			`It ignored "showSignLinks" in the ${sent.where} and the participants' records carry no signature link. Do not send it again; read the links later with "Participant → Get" (signatureLink).`,
		);
	}
	return output;
}
