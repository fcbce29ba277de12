import type { INodeProperties, NodeParameterValue } from 'n8n-workflow';

/** The action node's versions (a saved node keeps its own); a node added today gets the newest. */
export const NODE_VERSIONS = [1, 1.1];
export const DEFAULT_VERSION = 1.1;

type Version = (typeof NODE_VERSIONS)[number];

/**
 * Everything that differs between the versions, in one table: per row, a parameter's default in each version.
 * n8n does not store a parameter left at its default, so changing a default changes saved workflows; a new
 * default is a new row here (and a new version when no version has it yet).
 *
 * - `createV2Source` (Contract → Create With Signers, Source): 1 Template, 1.1 PDF. TRATO documents Create V2
 *   as the PDF/Word path and every public Create V2 body sends a `file` (trato-notes "Create V2"); a saved
 *   version-1 node that left Source at its default keeps creating from its template.
 * - `simplify` (Simplify on Contract → Get and Get Many, Participant → Get and Get Many): 1 off, 1.1 on. A saved
 *   version-1 node keeps its full output; a node added today outputs the simplified records (helpers/simplify.ts,
 *   api-notes O1–O4).
 */
export const VERSION_DEFAULTS = {
	createV2Source: { 1: 'template', 1.1: 'pdf' },
	simplify: { 1: false, 1.1: true },
} as const satisfies Record<string, Record<Version, NodeParameterValue>>;

/**
 * `field` once per distinct default of its row, each definition shown only in the versions that have that default
 * (n8n's `@version` display option): the editor, n8n's parameter resolution and the saved workflows all read the
 * default of the node's own version.
 */
export function perVersion(
	field: INodeProperties,
	row: keyof typeof VERSION_DEFAULTS,
): INodeProperties[] {
	const defaults: Record<number, NodeParameterValue> = VERSION_DEFAULTS[row];
	const byDefault = new Map<NodeParameterValue, number[]>();
	for (const version of NODE_VERSIONS) {
		const value = defaults[version];
		byDefault.set(value, [...(byDefault.get(value) ?? []), version]);
	}
	return [...byDefault].map(([value, versions]) => ({
		...field,
		default: value,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, '@version': versions },
		},
	}));
}

/**
 * Fields that only some versions show, kept for the saved workflows of those versions (a stored parameter must
 * keep working): per row, the versions that show it.
 *
 * - `participantRawOutput` (Participant → Get, Options → Raw Output, the record grouped as the API answers it):
 *   version 1 only. Version 1.1 has Simplify, as every operation with large records (api-notes O4).
 */
export const VERSION_ONLY = {
	participantRawOutput: [1],
} as const satisfies Record<string, readonly Version[]>;

/** `field` shown only in its row's versions. */
export function onlyIn(field: INodeProperties, row: keyof typeof VERSION_ONLY): INodeProperties {
	return {
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, '@version': [...VERSION_ONLY[row]] },
		},
	};
}

/** Whether a node of `version` has the field of `row`. */
export function hasField(version: number, row: keyof typeof VERSION_ONLY): boolean {
	return (VERSION_ONLY[row] as readonly number[]).includes(version);
}
