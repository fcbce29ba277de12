import type { INodeProperties } from 'n8n-workflow';

import { CONTRACT_STATUSES, PARTICIPANT_STATUSES } from '../helpers/status';
import { templateIdLocator } from './common';

/** Filter fields of the Get Many operations (spec 4.14, 4.26); the query is built by helpers/listQuery. */

export const createdFromFilter: INodeProperties = {
	displayName: 'Created From',
	name: 'dateStart',
	type: 'dateTime',
	default: '',
	description:
		"Only records created at or after this moment, in the workflow's time zone. A date alone (such as 2026-01-31) means the start of that day.",
};

export const createdUntilFilter: INodeProperties = {
	displayName: 'Created Until',
	name: 'dateEnd',
	type: 'dateTime',
	default: '',
	description:
		"Only records created at or before this moment, in the workflow's time zone. A date alone, typed (2026-01-31) or picked (the picker gives midnight), includes that whole day.",
};

/** Options for a status dropdown (drafts cannot be filtered through the API, see docs/api-notes.md S7). */
export const STATUS_FILTER_OPTIONS = CONTRACT_STATUSES.filter((s) => s.value !== '').map((s) => ({
	name: s.label,
	value: s.value,
	description: `${s.meaning} (${s.value})`,
}));

const PARTICIPANT_STATUS_DESCRIPTIONS: Record<string, string> = {
	RECEIVED_TO_SIGN:
		'The participant received the contract and has not signed yet (RECEIVED_TO_SIGN)',
	SENT_SIGNED: 'The participant has signed (SENT_SIGNED)',
};

const PARTICIPANT_STATUS_OPTIONS = PARTICIPANT_STATUSES.map((s) => ({
	name: s.label,
	value: s.value,
	description: PARTICIPANT_STATUS_DESCRIPTIONS[s.value],
}));

const OTHER_VALUE_HINT =
	'These are the values TRATO stores. To filter on another one, switch this field to Expression and type it: it is sent as it is. Workflows saved with the earlier choices Sent or Signed keep working (read as Waiting to Sign and Signed).';

/**
 * Participant status filter (spec 4.14), for Get Many and the trigger: TRATO's values offered, any other accepted
 * (an expression, or a value an earlier version of the node stored: `allowArbitraryValues` keeps the editor from
 * calling it unsupported; helpers/status.ts `participantStatusToSend` reads it).
 */
export function participantStatusFilter(description: string): INodeProperties {
	return {
		displayName: 'Participant Status',
		name: 'statusParticipant',
		type: 'options',
		options: PARTICIPANT_STATUS_OPTIONS,
		allowArbitraryValues: true,
		// one default wherever it is offered (a collection's field: stored with its value once added)
		default: 'RECEIVED_TO_SIGN',
		description: `${description} ${OTHER_VALUE_HINT}`,
	};
}

/** Template filter (spec 4.14): the template picker, optional. Old workflows may hold a plain ID text. */
export const templateFilter: INodeProperties = {
	...templateIdLocator,
	required: false,
	description: 'Only contracts created from this template',
};

/** The filters of Contract → Get Many (spec 4.14). */
export const contractFilterFields: INodeProperties[] = [
	createdFromFilter,
	createdUntilFilter,
	{
		displayName: 'Participant Email',
		name: 'emailParticipant',
		type: 'string',
		placeholder: 'e.g. name@example.com',
		default: '',
		description:
			'Only contracts with a participant who has this email address (not case-sensitive)',
	},
	participantStatusFilter(
		'Only contracts with a participant in this status. Combined with Participant Email, that same participant must match both.',
	),
	{
		displayName: 'Participant Variables',
		name: 'participantVariables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		description:
			"Only contracts where a participant's variable has exactly this value (every pair must match)",
		options: [
			{
				displayName: 'Variable',
				name: 'variables',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. tenant_name',
						description:
							'The variable\'s reference (see "Variable → Get Many") or its name in the document',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'The exact value (case-sensitive)',
					},
				],
			},
		],
	},
	{
		displayName: 'Status',
		name: 'statusContract',
		type: 'options',
		options: [...STATUS_FILTER_OPTIONS].sort((a, b) => a.name.localeCompare(b.name)),
		default: 'SENT_TO_SIGN',
		description: 'Only contracts in this status (drafts cannot be filtered by status)',
	},
	templateFilter,
];
