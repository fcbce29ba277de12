import type { IExecuteFunctions } from 'n8n-workflow';

import { decodeOrKeep, lastPathSegment } from './files';
import { fail } from './validate';

/**
 * The "File URL" a contract is created from (Create, Create With Signers): a web address a user or an AI agent
 * typed, often presigned (S3, Google Cloud Storage, Azure keep their signature in the query; Dropbox and Drive share
 * links keep theirs in the path). It is checked before any request and never shown whole (api-notes F2).
 */

/** The parameter that holds it. */
export const FILE_URL_PARAMETER = 'fileUrl';

/**
 * A path segment that reads as a file's real name (`lease-2026.pdf`, `Contrato_Arrendamiento.docx`): a name and an
 * extension, the name not a random key. Shared and public links often name the file by its key (Box's
 * `/shared/static/<key>.pdf`, an S3 object named by a UUID): such a name is the link's secret (api-notes F6).
 */
export function isRealFileName(segment: string): boolean {
	const match = /^([\w .()+,~-]{1,80})\.([A-Za-z0-9]{1,8})$/.exec(segment);
	return match !== null && !looksRandom(match[1]);
}

/**
 * A key rather than a name: 16 or more hex digits once separators are removed (a UUID, a hash), or a run of 12 or
 * more letters and digits that switches between them at least 4 times (`8nxc4ssv2a7vzeaq…`, base64 keys).
 */
function looksRandom(name: string): boolean {
	if (/^[0-9a-f]{16,}$/i.test(name.replace(/[-_ .]/g, ''))) return true;
	return (name.match(/[A-Za-z0-9]{12,}/g) ?? []).some(
		(run) => (run.match(/[A-Za-z](?=\d)|\d(?=[A-Za-z])/g) ?? []).length >= 4,
	);
}

/**
 * What may be shown of a File URL in an error: its origin only. The path may be a shared link's key (Box's `/s/<key>`,
 * Dropbox's `/s/<key>/…`, a short link) or a key used as the file's name; the user knows which link they gave.
 */
export function shownFileUrl(url: URL): string {
	return url.pathname === '/' || url.pathname === '' ? url.origin : `${url.origin}/…`;
}

/** The file's name as a File URL's last path segment gives it: only a real file name (`isRealFileName`). */
export function fileNameFromFileUrl(url: string): string | undefined {
	const last = lastPathSegment(url);
	return last && isRealFileName(last) ? last : undefined;
}

/** Why a File URL cannot be fetched, or the URL to fetch. Nothing of the value is repeated in the sentences. */
export function fileUrlProblem(
	value: unknown,
): { url: URL } | { problem: { message: string; description: string } } {
	const example = 'Enter the full address of the file, e.g. https://files.example.com/lease.pdf.';
	if (typeof value !== 'string') {
		return {
			problem: {
				message: `The File URL must be text, not ${value === null || value === undefined ? 'empty' : `a ${Array.isArray(value) ? 'list' : typeof value}`}`,
				description: `Its expression gave ${Array.isArray(value) ? 'a list' : value === null || value === undefined ? 'nothing' : `a ${typeof value}`}. ${example}`,
			},
		};
	}
	const text = value.trim();
	if (!text) return { problem: { message: 'The File URL is empty', description: example } };
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			problem: {
				message: 'The File URL is not a valid web address',
				description: `It must be a complete address that starts with https:// or http://. ${example}`,
			},
		};
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return {
			problem: {
				message: `The File URL must start with https:// or http://, not ${url.protocol}//`,
				description: `The node downloads the file over the web only (no ${url.protocol.slice(0, -1)} addresses). ${example}`,
			},
		};
	}
	if (url.username || url.password) {
		return {
			problem: {
				message: 'The File URL contains a user name or password',
				description:
					'The node does not send passwords written into an address (user:password@host). Use a link that needs no login, such as a presigned or shared link.',
			},
		};
	}
	url.hash = '';
	return { url };
}

/** The File URL parameter, checked: a sentence before any request when it cannot be fetched. */
export function readFileUrl(ctx: IExecuteFunctions, itemIndex: number): URL {
	const checked = fileUrlProblem(
		ctx.getNodeParameter(FILE_URL_PARAMETER, itemIndex, '') as unknown,
	);
	if ('problem' in checked)
		fail(ctx, itemIndex, checked.problem.message, checked.problem.description);
	return checked.url;
}

/**
 * What a signed or shared link may keep its key in, as sent and decoded: its query values and, for a File URL
 * (`withPath`), its path segments but the plain words (`files`, `Shared`) and real file names (`lease.pdf`), short
 * keys included (`/s/ab12cd`); of a file named by a key, the key. The transport removes them from any text the file's
 * host answers (S3 echoes the key and the signature it was given).
 */
export function linkSecrets(url: URL, withPath: boolean): string[] {
	const segments = withPath
		? url.pathname
				.split('/')
				.flatMap((part) => [part, decodeOrKeep(part)])
				.filter((part) => !/^([a-z]+|[A-Z][a-z]*|[A-Z]+)$/.test(part) && !isRealFileName(part))
				.map((part) => /^(.+)\.[A-Za-z0-9]{1,8}$/.exec(part)?.[1] ?? part)
		: [];
	const raw = url.search
		.slice(1)
		.split('&')
		.map((pair) => pair.slice(pair.indexOf('=') + 1));
	return [...segments, ...raw, ...url.searchParams.values()].filter((part) => part.length >= 4);
}
