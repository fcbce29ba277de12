/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
// Reading a request's body: the raw bytes (size-capped) and multipart parts in the order sent.
import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import type { MultipartSummary } from './requestLog';
import { ApiError } from './util';

export interface MultipartPart extends MultipartSummary {
	data: Buffer;
}

const MAX_BODY = 64 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY) throw new ApiError(413, `Request body larger than ${MAX_BODY} bytes`);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

export function parseMultipart(req: IncomingMessage, raw: Buffer): Promise<MultipartPart[]> {
	return new Promise((resolve, reject) => {
		let bb: Busboy.Busboy;
		try {
			bb = Busboy({ headers: req.headers, limits: { fileSize: MAX_BODY } });
		} catch (error) {
			reject(new ApiError(400, `Invalid multipart request: ${(error as Error).message}`));
			return;
		}
		const parts: MultipartPart[] = [];
		bb.on('file', (name, stream, info) => {
			// keep the order of the parts as sent
			const part: MultipartPart = {
				name,
				filename: info.filename ?? null,
				contentType: info.mimeType,
				size: 0,
				data: Buffer.alloc(0),
			};
			parts.push(part);
			const chunks: Buffer[] = [];
			stream.on('data', (d: Buffer) => chunks.push(d));
			stream.on('end', () => {
				part.data = Buffer.concat(chunks);
				part.size = part.data.length;
			});
		});
		bb.on('field', (name, value, info) => {
			const data = Buffer.from(value);
			parts.push({ name, filename: null, contentType: info.mimeType, size: data.length, data });
		});
		bb.on('close', () => resolve(parts));
		bb.on('error', (error) =>
			reject(new ApiError(400, `Invalid multipart body: ${(error as Error).message}`)),
		);
		bb.end(raw);
	});
}
