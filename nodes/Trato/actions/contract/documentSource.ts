import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readDocument } from '../../helpers/binary';
import {
	FileSniffer,
	type FileFacts,
	describeOtherFile,
	documentKindOf,
} from '../../helpers/fileKind';
import { maxFileBytes } from '../../helpers/files';
import { readFileUrl, shownFileUrl } from '../../helpers/fileUrl';
import { StreamedJsonBody, fileJsonParts, jsonBodyWithFile } from '../../helpers/jsonBodyWithFile';
import { fail } from '../../helpers/validate';
import { type ByteSink, fetchForeignFile } from '../../transport';

/** Where a new contract's document comes from (Create and Create With Signers, the Source field's values). */
export type DocumentSource = 'pdf' | 'word' | 'url';

/** What TRATO is told the document is. */
export type DocumentType = 'pdf' | 'word';

/** The request's JSON for a document of each type: FILE_SLOT where the Base64 goes, `prefix` before the Base64. */
export type BodyLayout = (type: DocumentType) => { body: IDataObject; prefix?: string };

/** The request body with the document in it, and what the document was. */
export interface SourceBody {
	body: Buffer;
	type: DocumentType;
	fileName?: string;
}

/**
 * A File URL's download, taken in as it arrives: its Base64 straight into the request's JSON (the file itself is
 * never held: bench/README.md, group 3) and the facts its kind is told from (helpers/fileKind.ts).
 */
class DocumentSink implements ByteSink {
	private sniffer = new FileSniffer();
	private readonly json: StreamedJsonBody;

	constructor(parts: Array<{ head: Buffer; tail: Buffer }>) {
		this.json = new StreamedJsonBody(
			Math.max(...parts.map((part) => part.head.length)),
			Math.max(...parts.map((part) => part.tail.length)),
		);
	}

	start(expected?: number): void {
		this.sniffer = new FileSniffer();
		this.json.start(expected);
	}

	write(chunk: Buffer): void {
		this.sniffer.write(chunk);
		this.json.write(chunk);
	}

	facts(): FileFacts {
		return this.sniffer.facts();
	}

	finish(part: { head: Buffer; tail: Buffer }): Buffer {
		return this.json.finish(part);
	}
}

/**
 * The request body with the document of a PDF, Word or File URL source, checked before anything reaches TRATO: PDF
 * and Word from an input binary field (the file must be what Source says), File URL fetched without the TRATO
 * credential up to Max File Size, its kind told from its bytes (api-notes F1–F5), its Base64 written into the body as
 * it arrives. One Buffer for the whole JSON: a large file costs its Base64 once (bench/README.md, group 3).
 */
export async function sourceBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	source: DocumentSource,
	layout: BodyLayout,
): Promise<SourceBody> {
	if (source !== 'url') {
		const field = ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data');
		const file = await readDocument(ctx, itemIndex, field, source);
		const { body, prefix } = layout(source);
		return {
			body: jsonBodyWithFile(body, file.buffer, prefix),
			type: source,
			fileName: file.fileName,
		};
	}
	const url = readFileUrl(ctx, itemIndex);
	const maxBytes = maxFileBytes(ctx, itemIndex);
	const parts = {
		pdf: fileJsonParts(layout('pdf').body, layout('pdf').prefix),
		word: fileJsonParts(layout('word').body, layout('word').prefix),
	};
	const sink = new DocumentSink([parts.pdf, parts.word]);
	const file = await fetchForeignFile.call(ctx, url, { itemIndex, maxBytes, sink });
	const facts = sink.facts();
	const kind = documentKindOf(facts);
	if (!kind) {
		const { what, fix } = describeOtherFile(facts);
		const claimed = file.contentType ? ` (its host called it ${file.contentType})` : '';
		fail(
			ctx,
			itemIndex,
			`The File URL gave ${what}, not a PDF or Word (.docx) file`,
			`${shownFileUrl(url)} answered ${facts.size} bytes${claimed}; nothing was sent to TRATO. ${fix}`,
		);
	}
	const type = kind === 'pdf' ? 'pdf' : 'word';
	return { body: sink.finish(parts[type]), type, fileName: file.fileName };
}
