import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Bad input is refused with a plain sentence before any request. */
export function fail(
	ctx: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description?: string,
): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/**
 * Reads a resource locator (or plain string) parameter and insists on a non-empty value that is safe in a URL
 * path. `emptyHint` replaces the default "choose from the list" advice (for plain ID fields).
 */
export function requireId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
	emptyHint?: string,
): string {
	const raw = ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	if (!value) {
		fail(
			ctx,
			itemIndex,
			`The ${label} is empty`,
			emptyHint ??
				`Choose a ${label.toLowerCase()} from the list or enter its ID (an expression may have resolved to nothing).`,
		);
	}
	if (/[\s/?#]/.test(value)) {
		fail(
			ctx,
			itemIndex,
			`The ${label} "${value}" is not a valid ID`,
			'IDs contain no spaces, slashes, "?" or "#".',
		);
	}
	return value;
}

/**
 * A template ID: 25 characters as the samples and limits show, or a number, as the field's documented type
 * (integer) allows (spec 2.7, api-notes R8).
 */
export function isTemplateId(value: string): boolean {
	return /^\S{25}$/.test(value) || /^\d{1,20}$/.test(value);
}

/** Why a text is not a template ID, for error messages. */
export function templateIdProblem(value: string): string {
	return `"${value}" has ${value.length} characters; a template ID has exactly 25 characters (or is a number)`;
}

export function requireTemplateId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter = 'templateId',
): string {
	const value = requireId(ctx, itemIndex, parameter, 'Template');
	if (!isTemplateId(value)) {
		fail(
			ctx,
			itemIndex,
			`The template ID ${templateIdProblem(value)}`,
			'Pick the template from the list, or copy its full ID from the e-signature service.',
		);
	}
	return value;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Turns a date or date-time (n8n's dateTime field, ISO text, or a Luxon/JS date) into YYYY-MM-DD. */
export function toDateOnly(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	let text: string;
	if (value instanceof Date) text = value.toISOString();
	else if (value && typeof value === 'object' && 'toISO' in value)
		text = String((value as { toISO(): string }).toISO());
	else text = String(value ?? '').trim();
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
	let text: string;
	if (value instanceof Date) text = value.toISOString();
	else if (value && typeof value === 'object' && 'toISO' in value)
		text = String((value as { toISO(): string }).toISO());
	else text = String(value ?? '').trim();
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
	return EMAIL.test(value);
}

export function requireEmail(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
): string {
	const text = String(value ?? '').trim();
	if (!isEmail(text)) {
		fail(
			ctx,
			itemIndex,
			`${label} "${text}" is not a valid e-mail address`,
			'Use an address such as ana@example.com.',
		);
	}
	return text;
}

/** The value of a resource locator read raw from a collection ({__rl, mode, value}), or of a plain ID text. */
export function locatorValue(value: unknown): string {
	if (value && typeof value === 'object' && 'value' in value)
		return String((value as IDataObject).value ?? '').trim();
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** Whether a field holds something: not missing, not null, not only blanks. */
export function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}
