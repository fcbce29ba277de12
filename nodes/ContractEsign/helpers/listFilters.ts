import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { STATUS_FILTER_OPTIONS } from './status';
import { fail, requireEmail, toDateOnly, toIsoTimestamp, TEMPLATE_ID_LENGTH } from './validate';

/** Filter fields and query building shared by the Get Many operations (spec 4.14, 4.26). */

/**
 * Return All / Limit of a Get Many operation: undefined when every result is wanted, else the Limit. Read it
 * before the request; for endpoints that answer with the whole list at once, apply it with `slice(0, max)`.
 */
export function resultLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const all = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return all ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
}

export const createdFromFilter: INodeProperties = {
	displayName: 'Created From',
	name: 'dateStart',
	type: 'dateTime',
	default: '',
	description:
		'Only records created at or after this moment. A plain date such as 2026-01-31 means the start of that day (UTC).',
};

export const createdUntilFilter: INodeProperties = {
	displayName: 'Created Until',
	name: 'dateEnd',
	type: 'dateTime',
	default: '',
	description:
		'Only records created at or before this moment. A plain date such as 2026-01-31 includes that whole day (UTC).',
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}

/** A date bound as the API takes it: a plain date stays a date (whole day, api-notes S5), else an ISO timestamp. */
function dateBound(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	if (typeof value === 'string' && DATE_ONLY.test(value.trim()))
		return toDateOnly(ctx, itemIndex, value, label);
	return toIsoTimestamp(ctx, itemIndex, value, label);
}

function boundMs(bound: string, end: boolean): number {
	if (!DATE_ONLY.test(bound)) return Date.parse(bound);
	const start = Date.parse(`${bound}T00:00:00.000Z`);
	return end ? start + 86_400_000 - 1 : start;
}

/** dateStart/dateEnd query values from the Created From / Created Until filters; refuses an empty interval. */
export function dateRangeQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
): IDataObject {
	const qs: IDataObject = {};
	if (isSet(filters.dateStart))
		qs.dateStart = dateBound(ctx, itemIndex, filters.dateStart, 'Created From');
	if (isSet(filters.dateEnd))
		qs.dateEnd = dateBound(ctx, itemIndex, filters.dateEnd, 'Created Until');
	if (
		qs.dateStart &&
		qs.dateEnd &&
		boundMs(qs.dateStart as string, false) > boundMs(qs.dateEnd as string, true)
	) {
		fail(
			ctx,
			itemIndex,
			`Created From (${qs.dateStart as string}) is after Created Until (${qs.dateEnd as string})`,
			'Swap the two dates or widen the range: nothing can match an empty interval.',
		);
	}
	return qs;
}

export const PARTICIPANT_STATUS_OPTIONS = [
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
	{
		displayName: 'Participant Status',
		name: 'statusParticipant',
		type: 'options',
		options: PARTICIPANT_STATUS_OPTIONS,
		default: 'SENT',
		description:
			'Only contracts with a participant in this status. Combined with Participant Email, that same participant must match both.',
	},
	{
		displayName: 'Participant Variables',
		name: 'participantVariables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add variable',
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
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		default: '',
		placeholder: 'e.g. T1lease0a7f3c9e1b5d82c4e6',
		description: 'Only contracts created from this template (25 characters)',
	},
];

/** participantVariables as the API takes it: `name|value;name2|value2` (api-notes S6). */
export function participantVariablesQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	pairs: IDataObject[],
): string | undefined {
	const parts: string[] = [];
	pairs.forEach((pair, i) => {
		const name = String(pair.name ?? '').trim();
		const value = String(pair.value ?? '');
		if (!name) {
			fail(
				ctx,
				itemIndex,
				`Participant variable ${i + 1} has no name`,
				"Enter the variable's reference or its name in the document, or remove the row.",
			);
		}
		if (/[|;]/.test(name) || value.includes(';')) {
			fail(
				ctx,
				itemIndex,
				`Participant variable "${name}" contains "|" or ";"`,
				'The service separates pairs with ";" and name from value with "|", so a variable name cannot contain either and a value cannot contain ";".',
			);
		}
		parts.push(`${name}|${value}`);
	});
	return parts.length ? parts.join(';') : undefined;
}

/** Other contract filters (4.14): e-mail, participant status, template, status. */
export function contractFilterQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
): IDataObject {
	const qs = dateRangeQuery(ctx, itemIndex, filters);
	if (isSet(filters.statusContract)) qs.statusContract = filters.statusContract;
	if (isSet(filters.emailParticipant))
		qs.emailParticipant = requireEmail(
			ctx,
			itemIndex,
			filters.emailParticipant,
			'Participant Email',
		);
	if (isSet(filters.statusParticipant)) qs.statusParticipant = filters.statusParticipant;
	const pairs = ((filters.participantVariables as IDataObject | undefined)?.variables ??
		[]) as IDataObject[];
	const variables = participantVariablesQuery(ctx, itemIndex, pairs);
	if (variables) qs.participantVariables = variables;
	if (isSet(filters.templateId)) {
		const templateId = String(filters.templateId).trim();
		if (templateId.length !== TEMPLATE_ID_LENGTH) {
			fail(
				ctx,
				itemIndex,
				`The Template ID filter "${templateId}" has ${templateId.length} characters; template IDs have exactly 25`,
				'Copy the full ID from "Template → Get Many" or from the e-signature service.',
			);
		}
		qs.templateId = templateId;
	}
	return qs;
}
