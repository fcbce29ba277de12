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
// --webhook-listen: a receiver for TRATO's deliveries (set its public address, e.g. through a tunnel, in the TRATO
// profile's webhook settings, and press the profile's test button). It answers 200 to every POST and keeps what the
// facts need: the encoding, the event named in the body or the URL, whether X-Trato-Secret came (never its value).
// Its address is public while it listens: a body over MAX_BODY_BYTES is answered 413 and not kept (issue 40).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { record } from './client';
import { found, type ProbeContext } from './probes';

/** The most a delivery's body may hold (TRATO's deliveries are a few short fields, trato-notes "Webhooks"). */
export const MAX_BODY_BYTES = 64 * 1024;

/** One delivery as received. */
export interface Received {
	contentType: string;
	encoding: 'json' | 'form' | 'other';
	/** `event` in the body, when there is one. */
	bodyEvent?: string;
	/** `event` in the URL's query, when there is one. */
	queryEvent?: string;
	secretHeader: boolean;
	testDelivery: boolean;
}

export interface Listener {
	url: string;
	received: Received[];
	/** Resolves after `waitMs`, or as soon as `count` deliveries have come. */
	wait(waitMs: number, count?: number): Promise<void>;
	close(): Promise<void>;
}

function parse(
	contentType: string,
	raw: string,
): { encoding: Received['encoding']; fields?: Record<string, unknown> } {
	if (/application\/x-www-form-urlencoded/i.test(contentType))
		return { encoding: 'form', fields: Object.fromEntries(new URLSearchParams(raw)) };
	try {
		const fields = record(JSON.parse(raw));
		return { encoding: fields ? 'json' : 'other', fields };
	} catch {
		return { encoding: 'other' };
	}
}

export async function listen(host: string, port: number): Promise<Listener> {
	const received: Received[] = [];
	let notify: (() => void) | undefined;
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const tooLarge = () => {
			res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
			res.end(`{"status":"refused","reason":"body over ${MAX_BODY_BYTES} bytes"}`);
			// read on without keeping anything (the connection closes once the answer is out)
			req.removeAllListeners('data');
			req.resume();
		};
		if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge();
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				chunks.length = 0;
				tooLarge();
			} else chunks.push(chunk);
		});
		req.on('end', () => {
			if (res.headersSent) return;
			if (req.method === 'POST') {
				const contentType = String(req.headers['content-type'] ?? '');
				const { encoding, fields } = parse(contentType, Buffer.concat(chunks).toString('utf8'));
				const query = new URL(req.url ?? '/', 'http://listener').searchParams;
				received.push({
					contentType: contentType.split(';')[0],
					encoding,
					bodyEvent: typeof fields?.event === 'string' ? fields.event : undefined,
					queryEvent: query.get('event') ?? undefined,
					secretHeader: typeof req.headers['x-trato-secret'] === 'string',
					testDelivery: fields?.externalId === 'TEST ID',
				});
				notify?.();
			}
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end('{"status":"ok"}');
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});
	const address = server.address() as AddressInfo;
	const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
	return {
		url: `http://${shownHost}:${address.port}/`,
		received,
		wait: (waitMs, count) =>
			new Promise<void>((resolve) => {
				const done = () => {
					clearTimeout(timer);
					notify = undefined;
					resolve();
				};
				const timer = setTimeout(done, waitMs);
				notify = () => {
					if (count !== undefined && received.length >= count) done();
				};
				notify();
			}),
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

const EVENTS = [
	'signed',
	'signed-all',
	'document-finalized',
	'document-removed',
	'milestone-completed',
	'all-milestones-completed',
];

/** The webhook facts from what the listener received. */
export function webhookFindings(ctx: ProbeContext, received: Received[], waitedMs: number): void {
	if (received.length === 0) {
		for (const id of [
			'webhook-encoding',
			'webhook-event-field',
			'webhook-event-names',
			'webhook-secret-header',
		])
			ctx.notRun[id] = `no delivery came in ${Math.round(waitedMs / 1000)} s`;
		return;
	}
	const n = received.length;
	const tests = received.filter((r) => r.testDelivery).length;
	const of = `${n} deliver${n === 1 ? 'y' : 'ies'}${tests ? `, ${tests} of them the test delivery` : ''}`;
	const encodings = [...new Set(received.map((r) => r.encoding))];
	const types = [...new Set(received.map((r) => r.contentType || 'no Content-Type'))].join(', ');
	if (encodings.length === 1 && encodings[0] === 'json')
		found(ctx, 'webhook-encoding', 'as expected', `JSON (${types}); ${of}`);
	else if (encodings.length === 1 && encodings[0] === 'form')
		found(ctx, 'webhook-encoding', 'differs', `form fields (${types}); ${of}`, ['webhook-form']);
	else found(ctx, 'webhook-encoding', 'differs', `${encodings.join(' and ')} (${types}); ${of}`);

	const inBody = received.filter((r) => r.bodyEvent !== undefined);
	if (inBody.length === 0) found(ctx, 'webhook-event-field', 'as expected', `none of ${of}`);
	else
		found(
			ctx,
			'webhook-event-field',
			'differs',
			`${inBody.length} of ${n}: ${[...new Set(inBody.map((r) => r.bodyEvent))].join(', ')}`,
			['webhook-event-field'],
		);

	const names = [
		...new Set(
			received.flatMap((r) => [r.bodyEvent, r.queryEvent]).filter((e): e is string => !!e),
		),
	];
	if (names.length === 0)
		ctx.notRun['webhook-event-names'] = 'no delivery named an event (body or ?event=)';
	else
		found(
			ctx,
			'webhook-event-names',
			names.every((e) => EVENTS.includes(e)) ? 'as expected' : 'differs',
			names.join(', '),
		);

	const withSecret = received.filter((r) => r.secretHeader).length;
	found(
		ctx,
		'webhook-secret-header',
		withSecret === n ? 'as expected' : 'differs',
		`on ${withSecret} of ${n}`,
	);
}
