import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * A request n8n itself refused to send: n8n 2.x's SSRF protection (`N8N_SSRF_PROTECTION_ENABLED=true`) blocks
 * addresses that resolve to private, loopback or link-local ranges, and host names on its deny-list, on every hop, for
 * every node (n8n's `@n8n/backend-network`: SsrfBlockedIpError, SsrfBlockedHostnameError, both marked not
 * retryable). Said as such, never repeated: asking again gets the same refusal.
 */

/** The sentences n8n's two SSRF errors start with (n8n 2.41), and their names. */
const SSRF_TEXT =
	/^The request was blocked because (it resolves to a restricted IP address|the destination hostname is restricted)/;
const SSRF_NAME = /^SsrfBlocked(Ip|Hostname)Error$/;

/** Every text an error carries, its causes' too (n8n wraps a helper's error in a NodeApiError). */
function texts(error: unknown, depth = 0): string[] {
	if (!error || typeof error !== 'object' || depth > 4) return [];
	const err = error as {
		name?: unknown;
		message?: unknown;
		messages?: unknown;
		description?: unknown;
		cause?: unknown;
	};
	return [
		err.name,
		err.message,
		err.description,
		...(Array.isArray(err.messages) ? err.messages : []),
		...texts(err.cause, depth + 1),
	].filter((text): text is string => typeof text === 'string');
}

/** Whether n8n's SSRF protection refused the request. */
export function isSsrfBlock(error: unknown): boolean {
	return texts(error).some((text) => SSRF_TEXT.test(text) || SSRF_NAME.test(text));
}

/** The sentence for a request n8n's SSRF protection refused, naming the host (never a path or a query). */
export function blockedByN8n(
	node: INode,
	error: unknown,
	url: URL,
	out: { target: 'api' | 'file' | 'foreign'; itemIndex?: number },
): NodeOperationError | undefined {
	if (!isSsrfBlock(error)) return undefined;
	const what =
		out.target === 'foreign'
			? "the File URL's host"
			: out.target === 'file'
				? "the file's host"
				: "TRATO's address";
	return new NodeOperationError(
		node,
		`n8n's SSRF protection blocked ${what} ${url.host}: allow it in n8n's settings to reach it`,
		{
			itemIndex: out.itemIndex,
			description: `n8n refused to connect to ${url.origin} because it is a private, internal or blocked address (N8N_SSRF_PROTECTION_ENABLED is on). If the address is meant to be reached, ask your n8n administrator to allow it with N8N_SSRF_ALLOWED_HOSTNAMES (e.g. ${url.hostname}) or N8N_SSRF_ALLOWED_IP_RANGES; otherwise use another address.${out.target === 'foreign' ? ' Nothing was sent to TRATO.' : ''}`,
		},
	);
}
