import type { IExecuteFunctions } from 'n8n-workflow';

import { describeOtherFile, detectDocumentKind, readDocument } from '../../helpers/binary';
import { maxFileBytes } from '../../helpers/files';
import { readFileUrl, shownFileUrl } from '../../helpers/fileUrl';
import { fail } from '../../helpers/validate';
import { fetchForeignFile } from '../../transport';

/** Where a new contract's document comes from (Create and Create With Signers, the Source field's values). */
export type DocumentSource = 'pdf' | 'word' | 'url';

/** The document a contract is created from, and what TRATO is told it is. */
export interface SourceDocument {
	buffer: Buffer;
	type: 'pdf' | 'word';
	fileName?: string;
}

/**
 * The document of a PDF, Word or File URL source, checked before anything reaches TRATO: PDF and Word from an input
 * binary field (the file must be what Source says), File URL fetched without the TRATO credential up to Max File
 * Size, its kind told from its bytes (api-notes F1–F5).
 */
export async function readSourceDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	source: DocumentSource,
): Promise<SourceDocument> {
	if (source !== 'url') {
		const field = ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data');
		const file = await readDocument(ctx, itemIndex, field, source);
		return { buffer: file.buffer, type: source, fileName: file.fileName };
	}
	const url = readFileUrl(ctx, itemIndex);
	const maxBytes = maxFileBytes(ctx, itemIndex);
	const file = await fetchForeignFile.call(ctx, url, { itemIndex, maxBytes });
	const kind = detectDocumentKind({ buffer: file.data });
	if (!kind) {
		const { what, fix } = describeOtherFile(file.data);
		const claimed = file.contentType ? ` (its host called it ${file.contentType})` : '';
		fail(
			ctx,
			itemIndex,
			`The File URL gave ${what}, not a PDF or Word (.docx) file`,
			`${shownFileUrl(url)} answered ${file.data.length} bytes${claimed}; nothing was sent to TRATO. ${fix}`,
		);
	}
	return { buffer: file.data, type: kind === 'pdf' ? 'pdf' : 'word', fileName: file.fileName };
}
