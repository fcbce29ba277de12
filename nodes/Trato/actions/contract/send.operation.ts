import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { signingLinksFrom, signingLinksOfRecords } from '../../helpers/signingLinks';
import { fail, requireId } from '../../helpers/validate';
import { contractIdLocator, optionsCollection } from '../../descriptions/common';
import { request } from '../../transport';
import { learnFor, recallFor } from '../../transport/learned';
import { participantContacts } from '../../transport/records';

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

/** Where the service reads showSignLinks: the query first (api-notes R5), the body when it ignored the query. */
const SIGN_LINKS_TOPIC = 'contractSend.showSignLinks';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const returnSignLinks = this.getNodeParameter(
		'options.returnSignLinks',
		itemIndex,
		false,
	) as boolean;
	const where = returnSignLinks ? ((await recallFor(this, SIGN_LINKS_TOPIC)) ?? 'query') : '';
	const ask = { showSignLinks: true };
	const response = await request.call(
		this,
		'contractSend',
		{ contractId },
		{
			qs: where === 'query' ? ask : undefined,
			body: where === 'body' ? ask : undefined,
			itemIndex,
			hint: HINT,
		},
	);
	const output: IDataObject = { contractId, sent: true };
	if (!returnSignLinks) return output;
	output.signingLinks = signingLinksFrom(response);
	if ((output.signingLinks as IDataObject[]).length > 0) return output;
	// The contract is sent but the service ignored showSignLinks where it was put: never send again (that
	// would e-mail everyone twice). Ask the other way next time, and read each participant's own link now.
	await learnFor(this, SIGN_LINKS_TOPIC, where === 'query' ? 'body' : 'query');
	const participants = await participantContacts.call(this, contractId, itemIndex);
	output.signingLinks = signingLinksOfRecords(participants);
	if ((output.signingLinks as IDataObject[]).length === 0) {
		fail(
			this,
			itemIndex,
			'The contract was sent, but TRATO returned no signing links',
			`It ignored "showSignLinks" in the ${where} and the participants' records carry no signature link. Do not send it again; read the links later with "Participant → Get" (signatureLink).`,
		);
	}
	return output;
}
