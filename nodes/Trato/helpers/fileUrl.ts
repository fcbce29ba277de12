import type { IExecuteFunctions } from 'n8n-workflow';

import { decodeOrKeep } from './files';
import { fail } from './validate';

/**
 * The "File URL" a contract is created from (Create, Create With Signers): a web address a user or an AI agent
 * typed, often presigned (S3, Google Cloud Storage, Azure keep their signature in the query; Dropbox and Drive share
 * links keep theirs in the path). It is checked before any request and never shown whole (api-notes F2).
 */

/** The parameter that holds it. */
export const FILE_URL_PARAMETER = 'fileUrl';

/** A path segment shaped like a file name (`lease-2026.pdf`): shown in errors, unlike a shared link's key. */
const looksLikeFileName = (segment: string) => /^[\w.-]{1,80}\.[A-Za-z0-9]{1,8}$/.test(segment);

/** What may be shown of a File URL in an error: its origin and, when it looks like a file name, its last segment. */
export function shownFileUrl(url: URL): string {
	const last = url.pathname.split('/').pop() ?? '';
	if (url.pathname === '/' || url.pathname === '') return url.origin;
	return looksLikeFileName(last) ? `${url.origin}/…/${last}` : `${url.origin}/…`;
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
 * (`withPath`), its long path segments that are not file names. The transport removes them from any text the file's
 * host answers (S3 echoes the signature it was given).
 */
export function linkSecrets(url: URL, withPath: boolean): string[] {
	const segments = withPath
		? url.pathname.split('/').filter((part) => part.length >= 16 && !looksLikeFileName(part))
		: [];
	const raw = url.search
		.slice(1)
		.split('&')
		.map((pair) => pair.slice(pair.indexOf('=') + 1));
	return [...segments, ...segments.map(decodeOrKeep), ...raw, ...url.searchParams.values()].filter(
		(part) => part.length >= 4,
	);
}
