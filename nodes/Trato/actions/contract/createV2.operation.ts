import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { configurationBody } from '../../helpers/configurationBody';
import {
	answeredParticipants,
	CONTRACT_ID_KEYS,
	createdParticipants,
	otherContractFields,
	requireCreatedId,
} from '../../helpers/answers';
import { explainCreateV2Error, jsonArray, peopleFromFields } from '../../helpers/createV2Request';
import { FILE_SLOT } from '../../helpers/jsonBodyWithFile';
import { signingLinksFrom } from '../../helpers/signingLinks';
import { requireTemplateId } from '../../helpers/validate';
import type { ParticipantVariables } from '../../helpers/variables';
import {
	fileUrlField,
	fileUrlMaxSizeOption,
	inputBinaryField,
	wordConversionNotice,
	optionsCollection,
	templateIdLocator,
} from '../../descriptions/common';
import {
	createV2PeopleFields,
	createV2SettingsFields,
	createV2SourceField,
	createV2TemplateNotice,
} from '../../descriptions/createV2';
import { request } from '../../transport';
import {
	getVariables,
	signingLinksIfReadable,
	statusIfReadable,
	webApp,
} from '../../transport/records';
import { perVersion } from '../versions';
import { type DocumentSource, sourceBody } from './documentSource';

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

/** The fields of TRATO's `contract` record the output has under its own names (contractId, participants). */
const TAKEN = [...CONTRACT_ID_KEYS, 'participants'];

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

	// The contract exists now: nothing below may fail the item (a re-run would create a second one), except an
	// answer without any contract id, which no later step could use
	const contractId = requireCreatedId(this, itemIndex, response);
	const withLinks = body.showSignLinks === true;
	const answered = answeredParticipants(response);
	// TRATO's `contract` record: its id and participants are read into contractId and participants; any other field
	// is kept, as Finalize keeps its record's (api-notes P2); the node's own fields below win over a namesake
	const output: IDataObject = { contractId, ...otherContractFields(response, TAKEN), ...response };
	delete output.contract;
	if (name) output.name = name;
	if (documentType) output.documentType = documentType;
	output.participantCount = people.participants.length;
	output.spectatorCount = people.spectators.length;
	let listed: ParticipantVariables[] = [];
	try {
		listed = (await getVariables.call(this, contractId, itemIndex)).participants;
	} catch (error) {
		if (!answered.length)
			output.participantsError = `The contract was created, but its participants could not be read: ${(error as Error).message}. Use Participant → Get Many with the contract ID.`;
	}
	output.participants = createdParticipants(answered, listed, withLinks);
	// TRATO's production client never sends after Create V2 (api-notes X20); what it did is said, not assumed
	Object.assign(output, await statusIfReadable.call(this, contractId, itemIndex));
	if (withLinks) {
		// TRATO answers the links (trato-notes "What TRATO answers"); else each participant's own (4.7)
		let links = signingLinksFrom(response);
		if (!links.length) {
			links = await signingLinksIfReadable.call(this, contractId, itemIndex);
			const linkOf = new Map(links.map((l) => [l.participantId, l.signUrl]));
			for (const p of output.participants as IDataObject[])
				if (linkOf.has(p.participantId as string))
					p.signUrl = linkOf.get(p.participantId as string);
		}
		output.signingLinks = links;
		if (!links.length)
			output.signingLinksError =
				'TRATO created the contract but returned no signing links. Do not create it again; read the links later with "Participant → Get" (signatureLink).';
	}
	return output;
}
