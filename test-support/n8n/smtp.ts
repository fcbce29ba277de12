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
/**
 * A local SMTP server that accepts every message and keeps it in memory: the mail server of example 5's "Send
 * Email" step in the end-to-end tests and `npm run dev` (n8n's own node and nodemailer talk to it as to any SMTP
 * server: plain SMTP, no TLS, any or no login). Messages are parsed enough to read their subject, recipients and
 * attachments.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

import type { StoredCredential } from './running';

/** The SMTP credential example 5 names ("SMTP account (replace me)"). */
export const SMTP_CREDENTIAL = { id: 'smtpCredential1', name: 'SMTP account (replace me)' };

export interface MailAttachment {
	filename: string;
	contentType: string;
	content: Buffer;
}

export interface Mail {
	from: string;
	to: string[];
	subject: string;
	text: string;
	attachments: MailAttachment[];
	raw: string;
}

export interface SmtpSink {
	host: string;
	port: number;
	messages: Mail[];
	/** Called for every message once received (dev prints a line). */
	onMessage?: (mail: Mail) => void;
	close(): Promise<void>;
}

/** Headers (unfolded, lower-case names) and body of a MIME entity. */
function entity(raw: string): { headers: Record<string, string>; body: string } {
	const split = raw.search(/\r?\n\r?\n/);
	const head = split < 0 ? raw : raw.slice(0, split);
	const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
	const match = new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(header ?? '');
	return match?.[1];
}

function decode(body: string, encoding: string | undefined): Buffer {
	if (/base64/i.test(encoding ?? '')) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
	if (/quoted-printable/i.test(encoding ?? '')) {
		const text = body
			.replace(/=\r?\n/g, '')
			.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
		return Buffer.from(text, 'latin1');
	}
	return Buffer.from(body, 'utf8');
}

/** Walks a MIME message: the first text/plain part and every attachment. */
function walk(raw: string, mail: Pick<Mail, 'text' | 'attachments'>): void {
	const { headers, body } = entity(raw);
	const type = headers['content-type'] ?? 'text/plain';
	const boundary = parameter(type, 'boundary');
	if (/^multipart\//i.test(type) && boundary) {
		const parts = body.split(`--${boundary}`).slice(1);
		for (const part of parts) {
			if (part.startsWith('--')) break;
			walk(part.replace(/^\r?\n/, ''), mail);
		}
		return;
	}
	const disposition = headers['content-disposition'];
	const content = decode(body, headers['content-transfer-encoding']);
	const filename = parameter(disposition, 'filename') ?? parameter(type, 'name');
	if (filename || /^attachment/i.test(disposition ?? '')) {
		mail.attachments.push({
			filename: filename ?? 'unnamed',
			contentType: type.split(';')[0].trim(),
			content,
		});
	} else if (/^text\/plain/i.test(type) && !mail.text) {
		mail.text = content.toString('utf8');
	}
}

/** A header with RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as plain text. */
function decodeWords(value: string): string {
	return value
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(
			/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
			(_, charset: string, kind: string, text: string) => {
				const bytes =
					kind.toUpperCase() === 'B'
						? Buffer.from(text, 'base64')
						: decode(text.replace(/_/g, ' '), 'quoted-printable');
				return bytes.toString(/utf-?8/i.test(charset) ? 'utf8' : 'latin1');
			},
		);
}

export function parseMail(raw: string, from: string, to: string[]): Mail {
	const mail: Mail = { from, to, subject: '', text: '', attachments: [], raw };
	mail.subject = decodeWords(entity(raw).headers.subject ?? '');
	walk(raw, mail);
	return mail;
}

export async function startSmtpSink(port = 0, host = '127.0.0.1'): Promise<SmtpSink> {
	const sockets = new Set<Socket>();
	const sink: SmtpSink = {
		host,
		port: 0,
		messages: [],
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const server: Server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => undefined);
		let buffer = '';
		let data: string[] | undefined;
		let from = '';
		let to: string[] = [];
		let login = 0;
		const say = (line: string) => socket.write(`${line}\r\n`);
		say('220 trato-e2e SMTP sink ready');
		socket.on('data', (chunk: Buffer) => {
			buffer += chunk.toString('latin1');
			let end: number;
			while ((end = buffer.indexOf('\r\n')) >= 0) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (data) {
					if (line === '.') {
						const raw = Buffer.from(data.join('\r\n'), 'latin1').toString('utf8');
						const mail = parseMail(raw, from, to);
						sink.messages.push(mail);
						sink.onMessage?.(mail);
						data = undefined;
						say('250 OK: message accepted');
					} else data.push(line.startsWith('..') ? line.slice(1) : line);
					continue;
				}
				if (login === 1) {
					// AUTH LOGIN: the user name came, ask for the password
					login = 2;
					say('334 UGFzc3dvcmQ6');
					continue;
				}
				if (login === 2) {
					login = 0;
					say('235 Authenticated');
					continue;
				}
				const command = line.slice(0, 4).toUpperCase();
				if (command === 'EHLO') say('250-trato-e2e\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME');
				else if (command === 'HELO') say('250 trato-e2e');
				else if (command === 'AUTH') {
					const [, mechanism, initial] = line.split(' ');
					if (/^LOGIN$/i.test(mechanism)) {
						login = initial ? 2 : 1;
						say(initial ? '334 UGFzc3dvcmQ6' : '334 VXNlcm5hbWU6');
					} else if (initial) say('235 Authenticated');
					else {
						login = 2;
						say('334 ');
					}
				} else if (command === 'MAIL') {
					from = /<([^>]*)>/.exec(line)?.[1] ?? '';
					to = [];
					say('250 OK');
				} else if (command === 'RCPT') {
					to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
					say('250 OK');
				} else if (command === 'DATA') {
					data = [];
					say('354 End data with <CR><LF>.<CR><LF>');
				} else if (command === 'QUIT') {
					say('221 Bye');
					socket.end();
				} else say('250 OK');
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(port, host, resolve));
	sink.port = (server.address() as AddressInfo).port;
	return sink;
}

/** The SMTP credential example 5 uses, pointing at this sink (no TLS, no login), for `importAll`. */
export function smtpCredential(sink: Pick<SmtpSink, 'host' | 'port'>): StoredCredential {
	return {
		...SMTP_CREDENTIAL,
		type: 'smtp',
		data: {
			user: '',
			password: '',
			host: sink.host,
			port: sink.port,
			secure: false,
			disableStartTls: true,
		},
	};
}
