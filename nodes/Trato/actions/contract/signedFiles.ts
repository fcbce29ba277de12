import type { IExecuteFunctions } from 'n8n-workflow';

import { maxFileBytes, requireFieldName } from '../../helpers/files';
import { fail } from '../../helpers/validate';
import type { SignedFileFields } from '../../transport';

/**
 * Where an operation puts the signed files (descriptions/signedFiles.ts: Put Contract in Field, Put Certificate in
 * Field; Options → Max File Size), checked before any request, for the transport's `readSignedDocuments`.
 * `clashes`: other fields the operation fills (Get Signed Documents' videos).
 */
export function readSignedFileFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	clashes: (field: string) => boolean = () => false,
): SignedFileFields {
	const pdfField = requireFieldName(ctx, itemIndex, 'contractBinaryField', 'Put Contract in Field');
	const certificateField = requireFieldName(
		ctx,
		itemIndex,
		'certificateBinaryField',
		'Put Certificate in Field',
	);
	if (pdfField === certificateField || clashes(pdfField) || clashes(certificateField)) {
		fail(
			ctx,
			itemIndex,
			'Two downloaded files would go to the same binary field',
			'Give each downloaded file a different field name.',
		);
	}
	return { pdfField, certificateField, maxBytes: maxFileBytes(ctx, itemIndex) };
}
