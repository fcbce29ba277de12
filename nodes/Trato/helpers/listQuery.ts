import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { toDateOnly, toIsoTimestamp } from './dates';
import { participantStatusToSend } from './status';
import {
	fail,
	idProblem,
	isSet,
	locatorValue,
	requireEmail,
	requirePositiveInteger,
} from './validate';

/** Query building and result limits shared by the Get Many operations (spec 4.14, 4.26). */

/**
 * Return All / Limit of a Get Many operation: undefined when every result is wanted, else the Limit. Read it
 * before the request; for endpoints that answer with the whole list at once, apply it with `slice(0, max)`.
 */
export function resultLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const all = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	if (all) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as unknown;
	return requirePositiveInteger(ctx, itemIndex, limit, 'Limit');
}

/** A date, or a date at midnight as n8n's date picker gives it (no time zone: the workflow's). */
const WHOLE_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]00:00(?::00(?:\.0{1,3})?)?)?$/;

/**
 * A date bound as an ISO timestamp, read in the workflow's time zone. An end given as a day (typed, or picked:
 * the picker gives midnight) includes that whole day, so the same-looking input gives the same range.
 */
function dateBound(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
	end: boolean,
): string {
	const day = end && typeof value === 'string' ? WHOLE_DAY.exec(value.trim()) : null;
	if (!day) return toIsoTimestamp(ctx, itemIndex, value, label);
	toDateOnly(ctx, itemIndex, value, label); // a real calendar day, or a clear error
	const next = new Date(Date.UTC(+day[1], +day[2] - 1, +day[3] + 1)).toISOString().slice(0, 10);
	return new Date(Date.parse(toIsoTimestamp(ctx, itemIndex, next, label)) - 1).toISOString();
}

/** dateStart/dateEnd query values from the Created From / Created Until filters; refuses an empty interval. */
export function dateRangeQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
): IDataObject {
	const qs: IDataObject = {};
	if (isSet(filters.dateStart))
		qs.dateStart = dateBound(ctx, itemIndex, filters.dateStart, 'Created From', false);
	if (isSet(filters.dateEnd))
		qs.dateEnd = dateBound(ctx, itemIndex, filters.dateEnd, 'Created Until', true);
	if (
		qs.dateStart &&
		qs.dateEnd &&
		Date.parse(qs.dateStart as string) > Date.parse(qs.dateEnd as string)
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
				'TRATO separates pairs with ";" and name from value with "|", so a variable name cannot contain either and a value cannot contain ";".',
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
	// an earlier list value stored in the workflow is read as TRATO's (api-notes P5); anything else as it is
	const stored = (ctx.getNode().parameters.filters as IDataObject | undefined)?.statusParticipant;
	const statusParticipant = participantStatusToSend(stored, filters.statusParticipant);
	if (statusParticipant) qs.statusParticipant = statusParticipant;
	const pairs = ((filters.participantVariables as IDataObject | undefined)?.variables ??
		[]) as IDataObject[];
	const variables = participantVariablesQuery(ctx, itemIndex, pairs);
	if (variables) qs.participantVariables = variables;
	// the Template filter is a picker; workflows saved before hold a plain ID text: both are read
	const templateId = locatorValue(filters.templateId);
	if (templateId) {
		const problem = idProblem(templateId);
		if (problem)
			fail(ctx, itemIndex, `The Template filter ID ${problem.message}`, problem.description);
		qs.templateId = templateId;
	}
	return qs;
}
