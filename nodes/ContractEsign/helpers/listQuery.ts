import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	fail,
	isTemplateId,
	requireEmail,
	templateIdProblem,
	toDateOnly,
	toIsoTimestamp,
} from './validate';

/** Query building and result limits shared by the Get Many operations (spec 4.14, 4.26). */

/**
 * Return All / Limit of a Get Many operation: undefined when every result is wanted, else the Limit. Read it
 * before the request; for endpoints that answer with the whole list at once, apply it with `slice(0, max)`.
 */
export function resultLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const all = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return all ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
}

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

/** participantVariables as the API takes it: `name|value;name2|value2` (api-notes S6). */
function participantVariablesQuery(
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
		if (!isTemplateId(templateId)) {
			fail(
				ctx,
				itemIndex,
				`The Template ID filter ${templateIdProblem(templateId)}`,
				'Copy the full ID from "Template → Get Many" or from the e-signature service.',
			);
		}
		qs.templateId = templateId;
	}
	return qs;
}
