import type { INodeProperties } from 'n8n-workflow';

import { CONTRACT_STATUSES } from '../helpers/status';
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
	name: s.label === 'Signed' ? 'Signed (Received)' : s.label,
	value: s.value,
	description: s.value,
}));

const PARTICIPANT_STATUS_OPTIONS = [
	{
		name: 'Pending (Not Sent Yet)',
		value: 'PENDING',
		description: 'The contract has not been sent to this participant yet',
	},
	{
		name: 'Rejected',
		value: 'REJECTED',
		description: 'The participant rejected the contract',
	},
	{
		name: 'Sent (Not Signed Yet)',
		value: 'SENT',
		description: 'The participant received the contract and has not signed',
	},
	{
		name: 'Signed',
		value: 'SIGNED',
		description: 'The participant has signed',
	},
];

const OTHER_VALUE_HINT =
	'The service does not document its participant status values: these are the usual ones. If yours uses another (for example WAITING), switch this field to Expression and type it.';

/** Participant status filter (spec 4.14), for Get Many and the trigger: known values, any other accepted. */
export function participantStatusFilter(
	defaultValue: string,
	description: string,
): INodeProperties {
	return {
		displayName: 'Participant Status',
		name: 'statusParticipant',
		type: 'options',
		options: PARTICIPANT_STATUS_OPTIONS,
		default: defaultValue,
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
		placeholder: 'e.g. name@email.com',
		default: '',
		description:
			'Only contracts with a participant who has this e-mail address (not case-sensitive)',
	},
	participantStatusFilter(
		'SENT',
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
