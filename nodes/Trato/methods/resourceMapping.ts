import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	signerFieldId,
	variableFieldId,
	type SignerField,
	type TemplateRole,
} from '../helpers/templateRoles';
import type { VariableKind } from '../helpers/variables';
import { contractRoles, getVariables, newestContractOfTemplate } from '../transport';
import { contractIdOf } from '../helpers/answers';
import { TEMPLATE_FIELDS_NOTICES } from '../descriptions/templateSend';
import { currentId } from './currentParameter';

/** Suffix of an image variable's column: its value is the name of an input binary field, not the image. */
const IMAGE_COLUMN_SUFFIX = ' (Image: Binary Field)';

/**
 * Columns of the "Set variables" mapper: the text and image variables of the chosen participant (spec 4.5), the
 * variable's name in the document as label and its reference as id. Dynamic tables have their own collection.
 */
export async function getVariableColumns(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const contractId = currentId(this, 'contractId');
	const participantId = currentId(this, 'participantId');
	if (
		!contractId ||
		!participantId ||
		contractId.startsWith('=') ||
		participantId.startsWith('=')
	) {
		return {
			fields: [],
			emptyFieldsNotice:
				'Choose a contract and a participant (fixed values) to see their variables here, or use Input Mode "Define Below".',
		};
	}
	const variables = await getVariables.call(this, contractId);
	const participant = variables.participants.find((p) => p.participantId === participantId);
	if (!participant) {
		throw new NodeOperationError(
			this.getNode(),
			`Contract ${contractId} has no participant ${participantId}`,
			{
				description: 'Choose the participant again from the list.',
			},
		);
	}
	const fields: ResourceMapperField[] = participant.variables
		.filter((v) => v.kind !== 'dynamictable')
		.map((v) => ({
			id: v.reference,
			displayName: v.kind === 'image' ? `${v.name}${IMAGE_COLUMN_SUFFIX}` : v.name,
			type: 'string',
			required: false,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
		}));
	const tables = participant.variables
		.filter((v) => v.kind === 'dynamictable')
		.map((v) => v.reference);
	return {
		fields,
		emptyFieldsNotice: `${participant.label || 'This participant'} has no text or image variables${
			tables.length ? `; set its dynamic tables (${tables.join(', ')}) under "Dynamic Tables"` : ''
		}.`,
	};
}

const KIND_SUFFIX: Record<VariableKind, string> = {
	text: '',
	image: IMAGE_COLUMN_SUFFIX,
	dynamictable: ' (Dynamic Table: JSON)',
};

const column = (id: string, displayName: string): ResourceMapperField => ({
	id,
	displayName,
	type: 'string',
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
});

/** A role's columns: its signer (name, last name or representative, email, phone), then its variables. */
function roleColumns(role: TemplateRole): ResourceMapperField[] {
	const signer: Array<[SignerField, string]> = role.legal
		? [
				['name', 'Company Name'],
				['representative', 'Representative'],
				['email', 'Email'],
				['phone', 'Phone'],
			]
		: [
				['name', 'Name'],
				['lastName', 'Last Name'],
				['email', 'Email'],
				['phone', 'Phone'],
			];
	return [
		...signer.map(([field, label]) =>
			column(signerFieldId(role.key, field), `${role.key}: ${label}`),
		),
		...role.variables.map((v) =>
			column(
				variableFieldId(role.key, v.kind, v.reference),
				`${role.key}: ${v.name}${KIND_SUFFIX[v.kind]}`,
			),
		),
	];
}

/**
 * Columns of Create From Template and Send: each role of the chosen template with its signer and its variables,
 * read from the newest contract made from it (TRATO shows them only on a contract: 4.14 filtered by template, 4.5,
 * 4.7). Reads only; nothing is created, changed or sent while the editor loads them.
 */
export async function getTemplateFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const templateId = currentId(this, 'templateId');
	if (!templateId)
		return {
			fields: [],
			emptyFieldsNotice: 'Choose a template to see its roles and variables here.',
		};
	if (templateId.startsWith('='))
		return { fields: [], emptyFieldsNotice: TEMPLATE_FIELDS_NOTICES.expression };
	const newest = await newestContractOfTemplate.call(this, templateId);
	const contractId = newest ? contractIdOf(newest) : undefined;
	if (!contractId) return { fields: [], emptyFieldsNotice: TEMPLATE_FIELDS_NOTICES.noContractYet };
	const { roles } = await contractRoles.call(this, contractId, undefined, true);
	return {
		fields: roles.flatMap(roleColumns),
		emptyFieldsNotice: 'The contracts of this template have no participants.',
	};
}
