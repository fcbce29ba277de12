import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isImage, readInputFile } from './binary';
import { fail } from './validate';
import { tableFromJson, tableFromText, tableProblem } from './variables';

/** Builds the body of Set variables (spec 4.6) from the node's fields, refusing bad input before any request. */
export class VariablesBody {
	readonly body: IDataObject = {};

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly itemIndex: number,
	) {}

	private fail(message: string, description?: string): never {
		fail(this.ctx, this.itemIndex, message, description);
	}

	private reference(reference: unknown): string {
		const ref = String(reference ?? '').trim();
		if (!ref) {
			this.fail(
				'A variable reference is empty',
				'Fill in the Reference of every entry ("Variable → Get Many" lists the references).',
			);
		}
		return ref;
	}

	add(reference: unknown, value: unknown): void {
		const ref = this.reference(reference);
		if (ref in this.body)
			this.fail(`The variable "${ref}" is given twice`, 'Give each variable only once.');
		this.body[ref] = value as IDataObject[string];
	}

	text(reference: unknown, value: unknown): void {
		this.add(
			reference,
			value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? ''),
		);
	}

	/** An image variable from an input binary field, sent as plain Base64. */
	async image(reference: unknown, binaryField: unknown): Promise<void> {
		const ref = this.reference(reference);
		const field = String(binaryField ?? '').trim();
		if (field.length > 100 || field.startsWith('data:')) {
			this.fail(
				`The value of the image variable "${ref}" must be the name of an input binary field, not the image itself`,
				'Put the picture in a binary field (for example with "Convert to File") and enter that field\'s name, such as "data". To send Base64 text directly, use Input Mode "JSON".',
			);
		}
		const file = await readInputFile(
			this.ctx,
			this.itemIndex,
			field,
			`the image variable "${ref}"`,
		);
		if (!isImage(file.buffer)) {
			this.fail(
				`The file for the image variable "${ref}" is not an image`,
				`The binary field "${field}" holds ${file.fileName ? `"${file.fileName}" ` : ''}(${file.mimeType || 'unknown type'}). Use a PNG, JPEG, GIF or WebP picture.`,
			);
		}
		this.add(ref, file.buffer.toString('base64'));
	}

	/** A dynamic table given as a JSON value (object or JSON text); {} removes the table. */
	tableJson(reference: unknown, value: unknown): void {
		const ref = this.reference(reference);
		let parsed = value;
		if (typeof value === 'string') {
			try {
				parsed = JSON.parse(value);
			} catch {
				this.fail(
					`The JSON of the table "${ref}" is not valid JSON`,
					'Use {"headers": ["Month", "Amount"], "rows": [{"cols": ["January", "12000"]}]}.',
				);
			}
		}
		if (
			parsed !== null &&
			typeof parsed === 'object' &&
			!Array.isArray(parsed) &&
			Object.keys(parsed).length === 0
		) {
			this.add(ref, {});
			return;
		}
		const table = tableFromJson(parsed);
		if (!table) {
			this.fail(
				`The table "${ref}" is not in the expected shape`,
				'Use {"headers": ["Month", "Amount"], "rows": [{"cols": ["January", "12000"]}]} (rows may also be arrays of cells), or {} to remove the table.',
			);
		}
		this.checkTable(ref, table);
		this.add(ref, table);
	}

	private checkTable(ref: string, table: ReturnType<typeof tableFromText>): void {
		const problem = tableProblem(table);
		if (problem) {
			this.fail(
				`The table "${ref}" cannot be sent: ${problem}`,
				'Every row needs one cell per header; headers cannot be empty.',
			);
		}
	}

	/** The "Dynamic Tables" collection: headers and rows as text, JSON, or removal. */
	tables(entries: IDataObject[]): void {
		for (const entry of entries) {
			const ref = this.reference(entry.reference);
			const input = (entry.tableAction as string | undefined) ?? 'text';
			if (input === 'remove') {
				this.add(ref, {});
			} else if (input === 'json') {
				this.tableJson(ref, entry.tableJson);
			} else {
				const table = tableFromText(String(entry.headers ?? ''), String(entry.rows ?? ''));
				this.checkTable(ref, table);
				this.add(ref, table);
			}
		}
	}
}
