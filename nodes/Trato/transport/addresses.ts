import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { redactUrl } from './redact';

/**
 * Where a request goes: its first address, and where a redirect may take it. Whether a hop is authenticated is
 * decided per chain in pipeline.ts: only while no hop has left the API origin.
 */

/** What these functions read of a request (pipeline.ts `Outgoing`). */
interface Destination {
	target: 'api' | 'file';
	address: string;
	itemIndex?: number;
}

/** The first address: a path on the Base URL (API), or the file address the API returned (absolute or relative). */
export function firstUrl(node: INode, out: Destination, credentials: { baseUrl: string }): URL {
	if (out.target === 'api') {
		return new URL(`${credentials.baseUrl}${out.address.startsWith('/') ? '' : '/'}${out.address}`);
	}
	try {
		const url = new URL(out.address, `${credentials.baseUrl}/`);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
		return url;
	} catch {
		throw new NodeOperationError(
			node,
			`The file address "${redactUrl(String(out.address))}" is not a valid http(s) URL`,
			{ itemIndex: out.itemIndex },
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
	const target = new URL(location, from);
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
