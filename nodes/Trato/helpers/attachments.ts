import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { DocumentKind, InputFile } from './binary';
import { declaredKind, detectDocumentKind, readInputFile } from './binary';
import { fail, requireName } from './validate';

/**
 * Attachment uploads shared by participant attachments (spec 4.9) and confidential attachments (4.12):
 * the same body {name, filename, validated, required, document: {type, data}} (fields in descriptions/attachment).
 */

export interface AttachmentBody extends IDataObject {
	name: string;
	filename: string;
	validated: boolean;
	required: boolean;
	/** Attachments use pdf/docx (api-notes R9), unlike contract creation (pdf/word). */
	document: { type: DocumentKind; data: string };
}

const KIND_LABEL: Record<DocumentKind, string> = { pdf: 'PDF', docx: 'Word (.docx)' };

/** PDF or DOCX: the content decides; the MIME type or extension only when the content is not recognised. */
function resolveDocumentKind(
	ctx: IExecuteFunctions,
	itemIndex: number,
	file: InputFile,
	requested: string,
): DocumentKind {
	const detected = detectDocumentKind(file);
	const name = file.fileName ? `"${file.fileName}"` : 'in the input binary field';
	if (requested === 'pdf' || requested === 'docx') {
		if (detected && detected !== requested) {
			fail(
				ctx,
				itemIndex,
				`The file ${name} is a ${KIND_LABEL[detected]}, but Document Type is set to ${KIND_LABEL[requested]}`,
				'Set Document Type to "Auto-Detect" or to the type of the file.',
			);
		}
		return requested;
	}
	const kind = detected ?? declaredKind(file);
	if (!kind) {
		fail(
			ctx,
			itemIndex,
			`The file ${name} is neither a PDF nor a Word (.docx) document`,
			`Its type is ${file.mimeType || 'unknown'}. Attachments must be PDF or .docx files. If the file is one of them but is not recognised, choose its Document Type.`,
		);
	}
	return kind;
}

/** Reads the attachment fields and the input file of one item and builds the request body (nothing is sent). */
export async function buildAttachmentBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<AttachmentBody> {
	const name = requireName(
		ctx,
		itemIndex,
		String(ctx.getNodeParameter('attachmentName', itemIndex, '') ?? ''),
		{
			message: 'The Attachment Name is empty',
			description: 'Enter the name shown in the contract, e.g. "Proof of address".',
		},
	);
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const binaryField = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '');
	const file = await readInputFile(ctx, itemIndex, binaryField, 'the attachment');
	const type = resolveDocumentKind(
		ctx,
		itemIndex,
		file,
		String(ctx.getNodeParameter('documentType', itemIndex, 'auto') ?? 'auto'),
	);
	const givenName = typeof additional.fileName === 'string' ? additional.fileName.trim() : '';
	const filename = givenName || file.fileName || `${name}.${type}`;
	return {
		name,
		filename,
		validated: additional.validated === true,
		required: additional.required === true,
		document: { type, data: file.buffer.toString('base64') },
	};
}
