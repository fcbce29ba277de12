import { DateTime, IANAZone } from 'luxon';
import type { IExecuteFunctions } from 'n8n-workflow';

import { fail } from './validate';

/** Dates and date-times from n8n's date picker, ISO text or Luxon/JS dates, read with Luxon as n8n does. */

/** A date as text: n8n's dateTime value, ISO text, or a Luxon/JS date. */
function dateText(value: unknown): string {
	if (value instanceof Date) return value.toISOString();
	if (value && typeof value === 'object' && 'toISO' in value)
		return String((value as { toISO(): string }).toISO());
	return String(value ?? '').trim();
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Turns a date or date-time (n8n's dateTime field, ISO text, or a Luxon/JS date) into YYYY-MM-DD. */
export function toDateOnly(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	const text = dateText(value);
	const day = text.slice(0, 10);
	if (!DATE_ONLY.test(day) || !DateTime.fromISO(day, { zone: 'utc' }).isValid) {
		fail(
			ctx,
			itemIndex,
			`${label} "${text}" is not a valid date`,
			'Use the date picker or a date such as 2026-12-31.',
		);
	}
	return day;
}

/**
 * Turns a date or date-time into an ISO 8601 timestamp. A value without a time zone (what n8n's date picker
 * gives) is read in the workflow's time zone (UTC if n8n gives none it knows), as n8n itself does. On the day
 * clocks go back, a time that happens twice is the first one; on the day they go forward, a time that never
 * happens moves forward by the change (Luxon's rule).
 */
export function toIsoTimestamp(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	const text = dateText(value);
	const workflowZone = ctx.getTimezone();
	const zone = workflowZone && IANAZone.isValidZone(workflowZone) ? workflowZone : 'UTC';
	const options = { zone, setZone: true }; // a zone or offset written in the text wins
	const reads = [DateTime.fromISO(text, options), DateTime.fromSQL(text, options)];
	const date = reads.find((read) => read.isValid);
	let ms = NaN; // ISO or SQL text of a day or time that does not exist
	if (date) {
		ms = Math.min(...date.getPossibleOffsets().map((read) => read.toMillis())); // a repeated time: the first
	} else if (reads.every((read) => read.invalidReason === 'unparsable')) {
		ms = Date.parse(text); // neither ISO nor SQL (e-mail style dates): as JavaScript reads it, as n8n does
	}
	if (!text || Number.isNaN(ms)) {
		fail(
			ctx,
			itemIndex,
			`${label} "${text}" is not a valid date and time`,
			'Use the date picker or an ISO date such as 2026-12-31T18:00:00Z.',
		);
	}
	return new Date(ms).toISOString();
}
