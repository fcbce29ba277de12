import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shownFileUrl } from '../helpers/fileUrl';
import { redactUrl } from './redact';

/**
 * Where a request goes: its first address, and where a redirect may take it. Whether a hop is authenticated is
 * decided per chain in pipeline.ts: only while no hop has left the API origin.
 */

/** What these functions read of a request (pipeline.ts `Outgoing`). */
interface Destination {
	target: 'api' | 'file' | 'foreign';
	address: string;
	itemIndex?: number;
}

/**
 * The first address: a path on the Base URL (API), the file address the API returned (absolute or relative), or a
 * user's File URL (absolute only: helpers/fileUrl.ts checked it, and it is never read relative to TRATO's address).
 */
export function firstUrl(
	ctx: { getNode(): INode },
	out: Destination,
	credentials: { baseUrl: string },
): URL {
	if (out.target === 'api') {
		return new URL(`${credentials.baseUrl}${out.address.startsWith('/') ? '' : '/'}${out.address}`);
	}
	try {
		const url =
			out.target === 'foreign'
				? new URL(out.address)
				: new URL(out.address, `${credentials.baseUrl}/`);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
		return url;
	} catch {
		// a user's File URL is never repeated (its path may be a shared link's key: api-notes F2)
		const shown = out.target === 'foreign' ? '' : ` "${redactUrl(String(out.address))}"`;
		throw new NodeOperationError(
			ctx.getNode(),
			`The file address${shown} is not a valid http(s) URL`,
			{
				itemIndex: out.itemIndex,
			},
		);
	}
}

/** Where a redirect may go: within the API origin always; elsewhere only for files, and without credentials. */
export function followRedirect(
	node: INode,
	out: Destination,
	from: URL,
	location: string,
	origin: string,
) {
	const who = out.target === 'api' ? 'The API' : 'The file address';
	let target: URL;
	try {
		target = new URL(location, from);
	} catch {
		// the Location is never repeated: it may carry a signature
		throw new NodeOperationError(
			node,
			`${who} at ${from.origin} redirected to an address that is not valid`,
			{
				itemIndex: out.itemIndex,
				description: `${from.origin} answered a redirect whose Location header is not a web address, so the node could not follow it. ${out.target === 'api' ? "Check the credential's Base URL." : 'Check the link, or ask its host for a direct link.'}`,
			},
		);
	}
	if (from.protocol === 'https:' && target.protocol === 'http:') {
		throw new NodeOperationError(
			node,
			`${who} at ${from.origin} redirected to an unencrypted http address (${target.origin}); the node does not follow that`,
			{
				itemIndex: out.itemIndex,
				description:
					'A redirect from https to http would send the request and the file in the clear. Use a link that stays on https.',
			},
		);
	}
	if (target.protocol !== 'http:' && target.protocol !== 'https:') {
		throw new NodeOperationError(
			node,
			`The file address redirected to a ${target.protocol.slice(0, -1)} address; the node follows web (http, https) addresses only`,
			{ itemIndex: out.itemIndex },
		);
	}
	if (out.target === 'api' && target.origin !== origin) {
		throw new NodeOperationError(
			node,
			`The API redirected to another address (${target.origin}); the node does not send your credentials there`,
			{
				itemIndex: out.itemIndex,
				description:
					"Check the credential's Base URL: use the address TRATO redirects to if you trust it.",
			},
		);
	}
	return target;
}

/** How a request's address appears in an error: the API path, a file address without its query, a File URL's origin. */
export function shownAddress(target: Destination['target'], url: URL): string {
	if (target === 'api') return url.pathname;
	return target === 'foreign' ? shownFileUrl(url) : redactUrl(url.toString());
}
