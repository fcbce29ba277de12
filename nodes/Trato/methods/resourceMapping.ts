import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getVariables } from '../transport/records';
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
