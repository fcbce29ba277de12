import type { IDataObject } from 'n8n-workflow';

/** Variable kinds of spec 2.3: an entry without `type` is text. */
export type VariableKind = 'text' | 'image' | 'dynamictable';

export interface VariableEntry {
	reference: string;
	name: string;
	value: IDataObject[string];
	kind: VariableKind;
}

export interface ParticipantVariables {
	participantId: string;
	participantName: string;
	label: string;
	variables: VariableEntry[];
	attachments: IDataObject[];
}

export interface ContractVariables {
	contractId: string;
	contractName: string;
	participants: ParticipantVariables[];
}

/** The value when it is a plain object, else an empty one (for parts of an answer that may be missing). */
export const object = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: {};

function variableKind(entry: IDataObject): VariableKind {
	return entry.type === 'image' || entry.type === 'dynamictable' ? entry.type : 'text';
}

/** Normalises the answer of Get variables (spec 4.5) into lists with readable names. */
export function parseVariablesResponse(
	response: IDataObject,
	contractId: string,
): ContractVariables {
	const participants = Array.isArray(response.participants)
		? (response.participants as IDataObject[])
		: [];
	return {
		contractId: String(response.contractid ?? contractId),
		contractName: String(response.name ?? ''),
		participants: participants.map((p) => ({
			participantId: String(p.participantid ?? ''),
			participantName: String(p.name ?? ''),
			label: String(p.label ?? ''),
			variables: Object.entries(object(p.variables)).map(([reference, raw]) => {
				const entry = object(raw);
				return {
					reference,
					name: String(entry.name ?? reference),
					value: entry.value ?? null,
					kind: variableKind(entry),
				};
			}),
			attachments: Object.entries(object(p.attachments)).map(([id, raw]) => {
				const { _id, ...rest } = object(raw);
				return { attachmentId: String(_id ?? id), ...rest };
			}),
		})),
	};
}

export interface DynamicTable extends IDataObject {
	headers: string[];
	rows: Array<{ cols: string[] }>;
}

/** Why a table cannot be sent, or undefined when it is well-formed. */
export function tableProblem(table: DynamicTable): string | undefined {
	if (table.headers.length === 0) return 'it has no headers';
	if (table.headers.some((h) => h === '')) return 'a header is empty';
	const bad = table.rows.findIndex((r) => r.cols.length !== table.headers.length);
	if (bad >= 0) {
		return `row ${bad + 1} has ${table.rows[bad].cols.length} cells but the table has ${table.headers.length} headers`;
	}
	return undefined;
}

/** Headers separated by commas; rows one per line with cells separated by "|". Blank lines are skipped. */
export function tableFromText(headers: string, rows: string): DynamicTable {
	return {
		headers: headers.split(',').map((h) => h.trim()),
		rows: rows
			.split(/\r?\n/)
			.filter((line) => line.trim() !== '')
			.map((line) => ({ cols: line.split('|').map((c) => c.trim()) })),
	};
}

/**
 * A table given as JSON: {headers: string[], rows: [{cols: string[]}]} as the API takes it, or rows as plain
 * arrays of cells. Returns undefined when the shape is not one of those.
 */
export function tableFromJson(value: unknown): DynamicTable | undefined {
	const input = object(value);
	if (!Array.isArray(input.headers) || (input.rows !== undefined && !Array.isArray(input.rows)))
		return undefined;
	const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
	const rows: Array<{ cols: string[] }> = [];
	for (const row of (input.rows as unknown[]) ?? []) {
		const cols = Array.isArray(row)
			? row
			: Array.isArray(object(row).cols)
				? (object(row).cols as unknown[])
				: undefined;
		if (!cols) return undefined;
		rows.push({ cols: cols.map(cell) });
	}
	return { headers: (input.headers as unknown[]).map(cell), rows };
}
