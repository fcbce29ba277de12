import type { INodeProperties } from 'n8n-workflow';

/**
 * Fields of Contract → Wait for Signatures (actions/contract/waitForSignatures/operation.ts). "Limit Wait Time"
 * has the shape and the words of n8n's own send-and-wait nodes (Gmail, Slack: an option holding Limit Type,
 * Amount, Unit and Max Date and Time), so a user who knows those knows this one.
 */

/** What the panel says: the rule in two lines, the rest behind a link (docs/trigger.md). */
export const waitNotice: INodeProperties = {
	displayName:
		'Waits until TRATO says the contract is final. A TRATO trigger in this n8n, with Resume Waiting Workflows and this credential, resumes it; set a Limit Wait Time. <a href="https://github.com/n8n-nodes-trato/n8n-nodes-trato/blob/main/docs/trigger.md#resuming-waiting-workflows" target="_blank">How it works</a>',
	name: 'waitNotice',
	type: 'notice',
	default: '',
};

export const limitWaitTimeOption: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description:
		'Whether to stop waiting after a time: the run then goes on with timedOut true and outcome "timedOut" (or the contract\'s outcome, when it was already final before the wait). Without it the run waits until a trigger resumes it.',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 7, resumeUnit: 'days' } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					description: 'Whether the wait ends after an amount of time or at a date and time',
					options: [
						{
							name: 'After Time Interval',
							description: 'Waits for a certain amount of time',
							value: 'afterTimeInterval',
						},
						{
							name: 'At Specified Time',
							description: 'Waits until the set date and time to continue',
							value: 'atSpecifiedTime',
						},
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 7,
					description: 'The time to wait',
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					default: 'days',
					description: 'Unit of the interval value',
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
					default: '',
					description:
						"Continue after this date and time (read in the workflow's time zone when it names none)",
				},
			],
		},
	],
};

/** Options → Include Participants: reading them costs requests per contract (api-notes WS15). */
export const includeParticipantsOption: INodeProperties = {
	displayName: 'Include Participants',
	name: 'includeParticipants',
	type: 'boolean',
	default: true,
	description:
		"Whether each contract's output lists its participants (name, email, role, status, when they signed), read when the wait ends: one request per contract and one per participant. Turn off for large batches; who has not signed is given either way (notSignedBy).",
};
