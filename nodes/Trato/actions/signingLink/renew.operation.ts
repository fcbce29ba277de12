import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { firstText } from '../../helpers/answers';
import { fail } from '../../helpers/validate';
import { redactUrl, request } from '../../transport';
import { optionsCollection } from '../../descriptions/common';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Renew',
	value: 'renew',
	description: 'Replace a signing link with a new one',
	action: 'Replace signing link of signer with new one',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Signing URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://enterprise.app.trato.io/sign/65f1c0d2a4b8e91f2c3d4e5f/AbC123',
		description:
			'The participant\'s current signing link, on TRATO\'s web app (as returned by "Create With Signers" or "Send for Signature" with Return Signing Links, or the participant\'s signature link). It stops working once renewed.',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['signingLink'], operation: ['renew'] } },
	properties,
);

const HINT =
	'Only the newest link of a participant can be renewed, while the contract is in progress and the participant has not signed.';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const raw = this.getNodeParameter('url', itemIndex, '');
	const url = typeof raw === 'string' ? raw.trim() : '';
	if (!url) {
		fail(
			this,
			itemIndex,
			'The Signing URL is empty',
			"Enter the participant's current signing link (an expression may have resolved to nothing).",
		);
	}
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
		fail(
			this,
			itemIndex,
			`The Signing URL "${redactUrl(url)}" is not a valid http(s) address`,
			'Use the full link, starting with https:// (or http://), as TRATO returned it.',
		);
	}
	const response = await request.call(
		this,
		'signingLinkRenew',
		{},
		{
			body: { url },
			itemIndex,
			hint: HINT,
		},
	);
	// spec 4.22's `url`; TRATO names a participant's link `signUrl` elsewhere (api-notes P1)
	const renewed = firstText(response, ['url', 'signUrl']);
	if (!renewed) {
		fail(
			this,
			itemIndex,
			'TRATO renewed the link but returned no new URL',
			'Check the participant\'s signature link with "Participant → Get".',
		);
	}
	return { url: renewed, previousUrl: url, renewed: true };
}
