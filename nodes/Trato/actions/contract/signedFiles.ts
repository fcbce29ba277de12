import type { IBinaryData, IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { fileFacts, fileNameFromUrl, requireFieldName } from '../../helpers/files';
import { fail } from '../../helpers/validate';
import { download } from '../../transport';

/** The binary fields of the signed files (descriptions/signedFiles.ts), checked before any request. */
export function signedFileFieldNames(
	ctx: IExecuteFunctions,
	itemIndex: number,
	clashes: (field: string) => boolean = () => false,
): { contract: string; certificate: string } {
	const contract = requireFieldName(ctx, itemIndex, 'contractBinaryField', 'Put Contract in Field');
	const certificate = requireFieldName(
		ctx,
		itemIndex,
		'certificateBinaryField',
		'Put Certificate in Field',
	);
	if (contract === certificate || clashes(contract) || clashes(certificate)) {
		fail(
			ctx,
			itemIndex,
			'Two downloaded files would go to the same binary field',
			'Give each downloaded file a different field name.',
		);
	}
	return { contract, certificate };
}

/**
 * Files of an item, downloaded through the transport (credentials only ever to the API's origin; TRATO's file
 * addresses elsewhere are fetched without them): `add` puts one in a field, `facts` lists them for the item's JSON.
 */
export class ItemFiles {
	readonly binary: Record<string, IBinaryData> = {};

	constructor(
		private readonly ctx: IExecuteFunctions | IWebhookFunctions,
		private readonly itemIndex: number,
		/** Max File Size (helpers/files.ts maxFileBytes), read before any request. */
		private readonly maxBytes: number,
	) {}

	/** Downloads `url` into `field`; false when there is no address. */
	async add(url: unknown, field: string, fallbackName: string): Promise<boolean> {
		if (typeof url !== 'string' || !url) return false;
		this.binary[field] = await download.call(this.ctx, url, {
			itemIndex: this.itemIndex,
			fileName: fileNameFromUrl(url, fallbackName),
			maxBytes: this.maxBytes,
		});
		return true;
	}

	facts(): IDataObject[] {
		return Object.entries(this.binary).map(([field, file]) => fileFacts(field, file));
	}
}
