/** Varints, short texts and 12-byte hex ids in a growing buffer: the encoding of the trigger's state (state.ts). */

export class ByteWriter {
	private buf = Buffer.allocUnsafe(1 << 16);
	private pos = 0;

	private ensure(n: number): void {
		if (this.pos + n <= this.buf.length) return;
		const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
		this.buf.copy(next, 0, 0, this.pos);
		this.buf = next;
	}

	byte(b: number): void {
		this.ensure(1);
		this.buf[this.pos++] = b & 0xff;
	}

	varint(value: number): void {
		this.ensure(8);
		let v = Math.max(0, Math.floor(value));
		while (v >= 0x80) {
			this.buf[this.pos++] = v % 0x80 | 0x80;
			v = Math.floor(v / 0x80);
		}
		this.buf[this.pos++] = v;
	}

	text(value: string): void {
		const length = Buffer.byteLength(value, 'utf8');
		this.varint(length);
		this.ensure(length);
		this.pos += this.buf.write(value, this.pos, 'utf8');
	}

	hex(value: string): void {
		this.ensure(12);
		this.pos += this.buf.write(value, this.pos, 12, 'hex');
	}

	base64(): string {
		return this.buf.subarray(0, this.pos).toString('base64');
	}
}

export class ByteReader {
	private pos = 0;

	constructor(private readonly data: Buffer) {}

	get done(): boolean {
		return this.pos >= this.data.length;
	}

	byte(): number {
		if (this.pos >= this.data.length) throw new Error('truncated state');
		return this.data[this.pos++];
	}

	varint(): number {
		let value = 0;
		let scale = 1;
		for (;;) {
			const b = this.byte();
			value += (b & 0x7f) * scale;
			if (b < 0x80) return value;
			scale *= 0x80;
			if (scale > 2 ** 49) throw new Error('bad varint');
		}
	}

	text(): string {
		const length = this.varint();
		if (this.pos + length > this.data.length) throw new Error('truncated state');
		const value = this.data.subarray(this.pos, this.pos + length).toString('utf8');
		this.pos += length;
		return value;
	}

	hex(): string {
		if (this.pos + 12 > this.data.length) throw new Error('truncated state');
		const value = this.data.subarray(this.pos, this.pos + 12).toString('hex');
		this.pos += 12;
		return value;
	}
}
