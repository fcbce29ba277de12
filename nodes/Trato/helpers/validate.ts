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

/** A name, trimmed: an empty one (also from an expression that resolves to nothing) is refused. */
export function requireName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: string,
	refusal: { message: string; description: string },
): string {
	const name = value.trim();
	if (!name) fail(ctx, itemIndex, refusal.message, refusal.description);
	return name;
}

/** Longest ID accepted: TRATO's ids have 24 or 25 characters; anything far beyond is a mistake, not an ID. */
export const MAX_ID_LENGTH = 200;

/** Characters that change a URL path or query when put in it ("/", "\", "?", "#", "%"), or are invisible. */
const PATH_CHANGING = /[/\\?#%]/;
/** C0 and C1 control characters (line breaks, tabs, NUL…): never part of an ID. */
const isControl = (value: string) =>
	[...value].some((ch) => {
		const code = ch.charCodeAt(0);
		return code < 0x20 || (code >= 0x7f && code <= 0x9f);
	});

function printable(value: string): string {
	const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
	return JSON.stringify(shown).slice(1, -1);
}

/**
 * Why a text cannot be an ID, or undefined when it can be one. Only what no ID can be is refused (trato-notes
 * "Ids and statuses": real ids are 24 hexadecimal characters while the portal says 25 for templates, so neither
 * length nor alphabet is checked): empty, longer than MAX_ID_LENGTH, control characters, spaces, or a
 * character that would change the request's path ("/", "\", "?", "#", "%", or the whole ID "." / "..").
 */
export function idProblem(value: string): { message: string; description: string } | undefined {
	if (!value) return undefined;
	if (value.length > MAX_ID_LENGTH)
		return {
			message: `is ${value.length} characters long`,
			description: `TRATO's IDs have about 24 characters; at most ${MAX_ID_LENGTH} are accepted. Check the expression: it may have put a whole text or item in the ID field.`,
		};
	if (isControl(value))
		return {
			message: `"${printable(value)}" contains a control character (such as a line break or tab)`,
			description:
				'Copy the ID again without the invisible characters, or trim them in the expression (e.g. {{ $json.id.trim() }}).',
		};
	if (/\s/.test(value) || PATH_CHANGING.test(value) || value === '.' || value === '..')
		return {
			message: `"${printable(value)}" is not a valid ID`,
			description:
				'IDs contain no spaces, slashes, backslashes, "?", "#" or "%". Pick the record from the list, or copy its ID from TRATO.',
		};
	return undefined;
}

/**
 * Reads a resource locator (or plain string) parameter after expressions, and insists on a non-empty value that
 * can be an ID (`idProblem`). `emptyHint` replaces the default "choose from the list" advice.
 */
export function requireId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
	emptyHint?: string,
): string {
	const raw = ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true });
	if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') {
		fail(
			ctx,
			itemIndex,
			`The ${label} ID is ${Array.isArray(raw) ? 'a list' : typeof raw === 'object' ? 'an object' : `a ${typeof raw}`}, not an ID`,
			'Check the expression: it should give the ID text (e.g. {{ $json.contractId }}), not a whole object or list.',
		);
	}
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
	const problem = idProblem(value);
	if (problem) fail(ctx, itemIndex, `The ${label} ID ${problem.message}`, problem.description);
	return value;
}

/**
 * Where a user finds a template ID in TRATO (trato-notes "Portal pages"): the web app of the credential's
 * environment (helpers/environment.ts `webAppAddress`), named when known.
 */
export function templateIdHint(webApp: string | undefined): string {
	return `Pick the template from the list, or copy its ID from the templates page of the TRATO web app${webApp ? ` (${webApp}, page /templates)` : ''}, or from "Template → Get Many".`;
}

/** A template ID, required (create, Create V2): any ID TRATO can issue, 24 hexadecimal characters in practice. */
export function requireTemplateId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	webApp: string | undefined,
	parameter = 'templateId',
): string {
	return requireId(ctx, itemIndex, parameter, 'Template', templateIdHint(webApp));
}

/**
 * A count (limit, page size, concurrency…) as a positive whole number, checked after expressions: a negative,
 * fractional, non-numeric or too large value is refused before any request.
 */
export function positiveInteger(
	value: unknown,
	max?: number,
): { ok: true; value: number } | { ok: false; why: string } {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isFinite(n))
		return { ok: false, why: `"${printable(String(value ?? ''))}" is not a number` };
	if (!Number.isInteger(n)) return { ok: false, why: `${n} is not a whole number` };
	if (n < 1) return { ok: false, why: `${n} is not positive` };
	if (max !== undefined && n > max) return { ok: false, why: `${n} is more than ${max}` };
	return { ok: true, value: n };
}

/** A count parameter read after expressions, refused with a sentence unless it is a positive whole number. */
export function requirePositiveInteger(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
	max?: number,
): number {
	const checked = positiveInteger(value, max);
	if (!checked.ok)
		fail(
			ctx,
			itemIndex,
			`${label} must be a positive whole number: ${checked.why}`,
			`Enter a number such as 1, 10 or 50${max === undefined ? '' : ` (at most ${max})`}. If it comes from an expression, check what the expression gives for this item.`,
		);
	return checked.value;
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
			`${label} "${text}" is not a valid email address`,
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
