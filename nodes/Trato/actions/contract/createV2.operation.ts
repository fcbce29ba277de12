import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readDocument } from '../../helpers/binary';
import { explainCreateV2Error, jsonArray, peopleFromFields } from '../../helpers/createV2Request';
import { requireTemplateId } from '../../helpers/validate';
import {
	documentSourceField,
	inputBinaryField,
	wordConversionNotice,
	optionsCollection,
	templateIdLocator,
} from '../../descriptions/common';
import { createV2PeopleFields, createV2SettingsFields } from '../../descriptions/createV2';
import { request } from '../../transport';
import { getVariables } from '../../transport/records';

const properties: INodeProperties[] = [
	{
		displayName: 'Contract Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Lease 2026',
		description:
			"Name shown to signers. Leave empty to use the template's name; a PDF or Word contract needs one before sending.",
	},
	documentSourceField,
	{ ...templateIdLocator, displayOptions: { show: { source: ['template'] } } },
	{ ...inputBinaryField, displayOptions: { show: { source: ['pdf', 'word'] } } },
	wordConversionNotice,
	...createV2SettingsFields,
	...createV2PeopleFields,
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['createV2'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const get = (name: string, fallback: string) =>
		this.getNodeParameter(name, itemIndex, fallback) as string;
	const body: IDataObject = {
		language: get('language', 'es'),
		notificationType: get('notificationType', 'email'),
		shield: get('shield', 'none'),
	};
	const name = get('name', '').trim();
	if (name) body.name = name;
	const fromFields = get('signersInputMode', 'fields') === 'fields';
	const people = fromFields
		? peopleFromFields(this, itemIndex, body.notificationType !== 'email')
		: {
				signers: jsonArray(this, itemIndex, 'signersJson', 'Signers (JSON)'),
				spectators: jsonArray(this, itemIndex, 'spectatorsJson', 'Spectators (JSON)'),
			};
	const source = get('source', 'template');
	if (source === 'template') {
		body.templateid = requireTemplateId(this, itemIndex);
	} else {
		const field = get('binaryPropertyName', 'data');
		const file = await readDocument(this, itemIndex, field, source as 'pdf' | 'word');
		body.document = {
			type: source === 'pdf' ? 'pdf' : 'word',
			data: file.buffer.toString('base64'),
		};
	}
	body.signers = people.signers;
	if (people.spectators.length) body.spectators = people.spectators;
	let response: IDataObject;
	try {
		response = await request.call(this, 'contractCreateV2', {}, { body, itemIndex });
	} catch (error) {
		throw explainCreateV2Error(error);
	}
	// The participants the service made from the signers, so the next steps can address them (4.5). The contract
	// exists now: a failed read must not fail the item (a re-run would create a second contract).
	const contractId = String(response.contractid ?? '');
	let created: Awaited<ReturnType<typeof getVariables>> | undefined;
	let participantsError: string | undefined;
	if (contractId) {
		try {
			created = await getVariables.call(this, contractId, itemIndex);
		} catch (error) {
			participantsError = `The contract was created, but its participants could not be read: ${(error as Error).message}. Use Participant → Get Many with the contract ID.`;
		}
	}
	return {
		contractId: response.contractid,
		...response,
		...(name ? { name } : {}),
		shield: body.shield,
		signerCount: people.signers.length,
		spectatorCount: people.spectators.length,
		participants: (created?.participants ?? []).map((p) => ({
			participantId: p.participantId,
			name: p.participantName,
			label: p.label,
		})),
		...(participantsError ? { participantsError } : {}),
	};
}
