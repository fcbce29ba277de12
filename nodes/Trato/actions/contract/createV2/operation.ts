import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { configurationBody } from '../../../helpers/configurationBody';
import {
	explainCreateV2Error,
	jsonArray,
	peopleFromFields,
} from '../../../helpers/createV2Request';
import { FILE_SLOT } from '../../../helpers/jsonBodyWithFile';
import { requireTemplateId } from '../../../helpers/validate';
import {
	fileUrlField,
	fileUrlMaxSizeOption,
	inputBinaryField,
	wordConversionNotice,
	optionsCollection,
	templateIdLocator,
} from '../../../descriptions/common';
import {
	createV2PeopleFields,
	createV2SettingsFields,
	createV2SourceField,
	createV2TemplateNotice,
} from '../../../descriptions/createV2';
import { request, webApp } from '../../../transport';
import { perVersion } from '../../versions';
import { type DocumentSource, sourceBody } from '../documentSource';
import { createdOutput } from './output';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Create With Signers',
	value: 'createV2',
	description:
		'Create a contract with its participants, signature boxes and spectators in a single call (TRATO Create V2)',
	action: 'Create contract and send it to its signers',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Contract Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Lease 2026',
		description:
			"Name shown to participants. Leave empty to use the template's name; a contract from a PDF or Word file needs one.",
	},
	// the default differs per node version (1: Template, 1.1: PDF): actions/versions.ts
	...perVersion(createV2SourceField, 'createV2Source'),
	createV2TemplateNotice,
	{ ...templateIdLocator, displayOptions: { show: { source: ['template'] } } },
	{ ...inputBinaryField, displayOptions: { show: { source: ['pdf', 'word'] } } },
	fileUrlField,
	wordConversionNotice,
	...createV2SettingsFields,
	...createV2PeopleFields,
	optionsCollection(fileUrlMaxSizeOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['createV2'] } },
	properties,
);

/** The MIME type that goes before the Base64 of `file` (trato-notes: a data URI, unlike create v1). */
const FILE_MIME = {
	pdf: 'application/pdf',
	word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const get = <T>(name: string, fallback: T) =>
		this.getNodeParameter(name, itemIndex, fallback) as T;
	// the top-level settings shown in the form always, the Additional Fields only when added (api-notes N29)
	const body: IDataObject = {};
	const name = get('name', '').trim();
	if (name) body.name = name;
	body.language = get('language', 'es');
	body.notificationType = get('notificationType', 'email');
	body.signInOrder = get<boolean>('signInOrder', false);
	body.showSignLinks = get<boolean>('showSignLinks', false);
	const additional = get<IDataObject>('additionalFields', {});
	Object.assign(body, configurationBody(this, itemIndex, additional, { allowEmpty: true }));
	const statement = String(additional.shield3Statement ?? '').trim();
	if (statement) body.shield3Statement = statement;
	const shield = get('shield', 'none');
	if (shield !== 'none') body.shield = shield;

	const people =
		get('signersInputMode', 'fields') === 'fields'
			? peopleFromFields(this, itemIndex, body.notificationType as string)
			: {
					participants: jsonArray(this, itemIndex, 'signersJson', 'Participants (JSON)'),
					spectators: jsonArray(this, itemIndex, 'spectatorsJson', 'Spectators (JSON)'),
				};
	body.participants = people.participants;
	if (people.spectators.length) body.spectators = people.spectators;

	const source = this.getNodeParameter('source', itemIndex) as 'template' | DocumentSource;
	let sent: IDataObject | Buffer = body;
	let documentType: string | undefined;
	if (source === 'template') {
		body.templateid = requireTemplateId(this, itemIndex, await webApp.call(this));
	} else {
		const file = await sourceBody(this, itemIndex, source, (type) => ({
			body: { ...body, file: FILE_SLOT },
			prefix: `data:${FILE_MIME[type]};base64,`,
		}));
		if (source === 'url') documentType = file.type;
		sent = file.body;
	}
	let response: IDataObject;
	try {
		response = await request.call(
			this,
			'contractCreateV2',
			{},
			{
				body: sent,
				headers: Buffer.isBuffer(sent) ? { 'Content-Type': 'application/json' } : undefined,
				itemIndex,
			},
		);
	} catch (error) {
		throw explainCreateV2Error(error, body);
	}

	// The contract exists now: nothing after this may fail the item (output.ts)
	return await createdOutput(this, itemIndex, response, { body, name, documentType, people });
}
