import type { IDataObject } from 'n8n-workflow';

/** Where the file goes in the body given to jsonBodyWithFile. */
export const FILE_SLOT = '\u0000file\u0000';

/**
 * A multiple of 3, so the chunks' Base64 joins into the Base64 of the whole file. 48 KB chunks make 64 KB
 * strings, which V8 keeps in its young generation and frees at once; chunks of 1 MB went to the large-object
 * space and stayed until a full GC (another Base64-sized copy at the peak; bench/README.md, group 3).
 */
const CHUNK = 3 * 16 * 1024;

/** The JSON text of `body` around FILE_SLOT: before the file's Base64 (its opening quote, then `prefix`) and after it. */
export function fileJsonParts(body: IDataObject, prefix = ''): { head: Buffer; tail: Buffer } {
	const text = JSON.stringify(body);
	const slot = JSON.stringify(FILE_SLOT);
	const at = text.indexOf(slot);
	if (at < 0) throw new Error('jsonBodyWithFile: the body has no FILE_SLOT');
	// `prefix` (a data URI's "data:<mime>;base64,") is written before the Base64, inside the same string
	return {
		head: Buffer.from(`${text.slice(0, at)}"${JSON.stringify(prefix).slice(1, -1)}`, 'utf8'),
		tail: Buffer.from(`"${text.slice(at + slot.length)}`, 'utf8'),
	};
}

/**
 * The JSON text of `body`, with the Base64 of `file` (after an optional `prefix`) as the string in place of
 * FILE_SLOT, built straight into one Buffer. A large document then costs one Base64-sized buffer: no Base64 string,
 * no JSON string, and no further copy when it is sent (a Buffer body goes out as is; a JSON object would be
 * stringified and copied).
 */
export function jsonBodyWithFile(body: IDataObject, file: Buffer, prefix = ''): Buffer {
	const { head, tail } = fileJsonParts(body, prefix);
	const out = Buffer.allocUnsafe(head.length + 4 * Math.ceil(file.length / 3) + tail.length);
	let offset = head.copy(out, 0);
	for (let start = 0; start < file.length; start += CHUNK) {
		offset += out.write(file.subarray(start, start + CHUNK).toString('base64'), offset, 'latin1');
	}
	tail.copy(out, offset);
	return out;
}

/**
 * The same JSON body, built while the file arrives (a File URL's download): each chunk's Base64 is written as it
 * comes, so the file itself is never held, only its Base64. With the size known (`start(expected)`), into one buffer
 * with room for the JSON before and after it, written at the end (`finish`: the JSON may depend on what the file
 * turned out to be); without it, or past it, in pieces joined at the end.
 */
export class StreamedJsonBody {
	private out: Buffer | undefined;
	private offset = 0;
	private parts: Buffer[] = [];
	/** The 0–2 bytes of the last chunk that did not make a group of 3 (Base64 encodes 3 bytes at a time). */
	private carry = Buffer.alloc(0);

	constructor(
		private readonly headRoom: number,
		private readonly tailRoom: number,
	) {}

	/** A new answer begins (again, after a retry): what came before is dropped. */
	start(expected?: number): void {
		this.parts = [];
		this.carry = Buffer.alloc(0);
		this.out =
			expected !== undefined && Number.isSafeInteger(expected) && expected >= 0
				? Buffer.allocUnsafe(this.headRoom + 4 * Math.ceil(expected / 3) + this.tailRoom)
				: undefined;
		this.offset = this.headRoom;
	}

	write(chunk: Buffer): void {
		let bytes = chunk;
		if (this.carry.length) {
			const first = Buffer.concat([this.carry, bytes.subarray(0, 3 - this.carry.length)]);
			bytes = bytes.subarray(3 - this.carry.length);
			this.carry = first;
			if (first.length < 3) return;
			this.emit(first);
		}
		const whole = bytes.length - (bytes.length % 3);
		for (let start = 0; start < whole; start += CHUNK)
			this.emit(bytes.subarray(start, Math.min(whole, start + CHUNK)));
		this.carry = Buffer.from(bytes.subarray(whole));
	}

	private emit(bytes: Buffer): void {
		const text = bytes.toString('base64');
		if (this.out && this.offset + text.length <= this.out.length - this.tailRoom) {
			this.offset += this.out.write(text, this.offset, 'latin1');
			return;
		}
		if (this.out) this.parts.push(this.out.subarray(this.headRoom, this.offset));
		this.out = undefined;
		this.parts.push(Buffer.from(text, 'latin1'));
	}

	/** The whole JSON: `head` and `tail` from `fileJsonParts` (each within the room given to the constructor). */
	finish({ head, tail }: { head: Buffer; tail: Buffer }): Buffer {
		if (this.carry.length) this.emit(this.carry);
		this.carry = Buffer.alloc(0);
		const out = this.out;
		if (out && head.length <= this.headRoom && tail.length <= this.tailRoom) {
			const start = this.headRoom - head.length;
			head.copy(out, start);
			tail.copy(out, this.offset);
			return out.subarray(start, this.offset + tail.length);
		}
		const base64 = out ? [out.subarray(this.headRoom, this.offset)] : this.parts;
		return Buffer.concat([head, ...base64, tail]);
	}
}
