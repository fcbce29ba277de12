import type { IExecuteFunctions } from 'n8n-workflow';

import { fail } from './validate';

/** Dates and date-times from n8n's date picker, ISO text or Luxon/JS dates, refused with a plain sentence. */

/** A date as text: n8n's dateTime value, ISO text, or a Luxon/JS date. */
function dateText(value: unknown): string {
	if (value instanceof Date) return value.toISOString();
	if (value && typeof value === 'object' && 'toISO' in value)
		return String((value as { toISO(): string }).toISO());
	return String(value ?? '').trim();
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Turns a date or date-time (n8n's dateTime field, ISO text, or a Luxon/JS date) into YYYY-MM-DD. */
export function toDateOnly(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	const text = dateText(value);
	const match = DATE_ONLY.exec(text.slice(0, 10));
	const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : undefined;
	if (
		!match ||
		!date ||
		Number.isNaN(date.getTime()) ||
		date.toISOString().slice(0, 10) !== text.slice(0, 10)
	) {
		fail(
			ctx,
			itemIndex,
			`${label} "${text}" is not a valid date`,
			'Use the date picker or a date such as 2026-12-31.',
		);
	}
	return text.slice(0, 10);
}

/** Offset of a time zone from UTC, in ms, at a given instant (Intl only, no date library). */
function zoneOffsetMs(timeZone: string, utcMs: number): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
	const wallClock = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return wallClock - Math.floor(utcMs / 1000) * 1000;
}

const LOCAL_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Turns a date or date-time into an ISO 8601 timestamp. A value without a time zone (what n8n's date picker
 * gives) is read in the workflow's time zone, as n8n itself does.
 */
export function toIsoTimestamp(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	const text = dateText(value);
	const local = LOCAL_DATE_TIME.exec(text);
	let parsed: number;
	if (local) {
		const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = local;
		const naive = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec, +ms.padEnd(3, '0'));
		let timeZone = 'UTC';
		try {
			timeZone = ctx.getTimezone() || 'UTC';
			zoneOffsetMs(timeZone, naive);
		} catch {
			timeZone = 'UTC';
		}
		const firstGuess = naive - zoneOffsetMs(timeZone, naive);
		parsed = naive - zoneOffsetMs(timeZone, firstGuess);
		if (new Date(naive).toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) parsed = NaN;
	} else {
		parsed = Date.parse(text);
	}
	if (!text || Number.isNaN(parsed)) {
		fail(
			ctx,
			itemIndex,
			`${label} "${text}" is not a valid date and time`,
			'Use the date picker or an ISO date such as 2026-12-31T18:00:00Z.',
		);
	}
	return new Date(parsed).toISOString();
}
