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
 */
export const VERSION_DEFAULTS = {
	createV2Source: { 1: 'template', 1.1: 'pdf' },
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
