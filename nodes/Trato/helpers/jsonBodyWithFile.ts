import type { IDataObject } from 'n8n-workflow';

/** Where the file goes in the body given to jsonBodyWithFile. */
export const FILE_SLOT = '\u0000file\u0000';

/**
 * A multiple of 3, so the chunks' Base64 joins into the Base64 of the whole file. 48 KB chunks make 64 KB
 * strings, which V8 keeps in its young generation and frees at once; chunks of 1 MB went to the large-object
 * space and stayed until a full GC (another Base64-sized copy at the peak; bench/README.md, group 3).
 */
const CHUNK = 3 * 16 * 1024;

/**
 * The JSON text of `body`, with the Base64 of `file` (after an optional `prefix`) as the string in place of
 * FILE_SLOT, built straight into
 * one Buffer. A large document then costs one Base64-sized buffer: no Base64 string, no JSON string, and no
 * further copy when it is sent (a Buffer body goes out as is; a JSON object would be stringified and copied).
 */
export function jsonBodyWithFile(body: IDataObject, file: Buffer, prefix = ''): Buffer {
	const text = JSON.stringify(body);
	const slot = JSON.stringify(FILE_SLOT);
	const at = text.indexOf(slot);
	if (at < 0) throw new Error('jsonBodyWithFile: the body has no FILE_SLOT');
	// `prefix` (a data URI's "data:<mime>;base64,") is written before the Base64, inside the same string
	const head = Buffer.from(`${text.slice(0, at)}"${JSON.stringify(prefix).slice(1, -1)}`, 'utf8');
	const tail = Buffer.from(`"${text.slice(at + slot.length)}`, 'utf8');
	const out = Buffer.allocUnsafe(head.length + 4 * Math.ceil(file.length / 3) + tail.length);
	let offset = head.copy(out, 0);
	for (let start = 0; start < file.length; start += CHUNK) {
		offset += out.write(file.subarray(start, start + CHUNK).toString('base64'), offset, 'latin1');
	}
	tail.copy(out, offset);
	return out;
}
