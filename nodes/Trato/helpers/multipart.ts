/**
 * A multipart/form-data body built by hand as one Buffer (RFC 7578), for endpoints that take a file upload.
 * No dependency: the parts are small and known, and the transport sends a Buffer body as is.
 */

export interface MultipartFile {
	/** Form field name (the part's `name`). */
	name: string;
	data: Buffer;
	fileName?: string;
	contentType?: string;
}

export interface MultipartBody {
	body: Buffer;
	/** The Content-Type header to send with the body, boundary included. */
	contentType: string;
}

/** Quoted-string value for a Content-Disposition parameter: no CR/LF, quotes and backslashes escaped. */
function quoted(value: string): string {
	return `"${value.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}

function randomBoundary(): string {
	let token = '';
	while (token.length < 24) token += Math.random().toString(36).slice(2);
	return `----n8nTrato${token.slice(0, 24)}`;
}

/**
 * Builds the body. The boundary is random and checked against the file bytes (a boundary that occurs in a
 * part would cut it short), so any file can be sent.
 */
export function buildMultipart(
	files: MultipartFile[],
	random: () => string = randomBoundary,
): MultipartBody {
	let boundary = random();
	for (let tries = 0; files.some((f) => f.data.includes(boundary)); tries++) {
		if (tries > 10)
			throw new Error('Could not find a multipart boundary that does not occur in the file');
		boundary = random();
	}
	const chunks: Buffer[] = [];
	for (const file of files) {
		let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.name)}`;
		if (file.fileName !== undefined) head += `; filename=${quoted(file.fileName)}`;
		head += `\r\nContent-Type: ${file.contentType || 'application/octet-stream'}\r\n\r\n`;
		chunks.push(Buffer.from(head, 'utf8'), file.data, Buffer.from('\r\n', 'utf8'));
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
	return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
