import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { type ApiFailure, apiErrorText } from './errors';
import { redactText } from './redact';

/** What a File URL's host (S3, Google Cloud Storage, a web server) answered with an error: its code and message. */
function fileHostText(body: unknown): string | undefined {
	if (typeof body === 'string') {
		// S3 and Google Cloud Storage answer XML: <Code>AccessDenied</Code><Message>Request has expired</Message>
		const tag = (name: string) =>
			new RegExp(`<${name}>([^<]{1,300})</${name}>`).exec(body)?.[1].trim();
		const code = tag('Code');
		const message = tag('Message');
		if (code || message) return [code, message].filter(Boolean).join(': ');
	}
	const { error, message } = apiErrorText(body);
	const text = [error, message].filter(Boolean).join(': ');
	return text ? text.slice(0, 300) : undefined;
}

const FILE_URL_HINTS: Record<number, string> = {
	401: 'The file host wants a login. The node sends no credential with a File URL (not even the TRATO credential): use a link that needs none, such as a presigned or public link.',
	403: 'The file host refused the link: it may have expired, or it needs a login the node does not send (not even the TRATO credential). Make a new presigned or public link.',
	404: 'Nothing was found at the link. Check the address, or make a new link.',
	410: 'The file is gone from the link. Make a new link.',
};

/**
 * A File URL that answered an error (HTTP 4xx/5xx, after the retries a safe download gets): the host's own short
 * text, the status, what to do. Nothing reached TRATO; the address is shown only as `shownFileUrl` gives it.
 */
export function foreignFileError(node: INode, failure: ApiFailure): NodeApiError {
	const { secrets } = failure;
	const status = failure.status ?? 0;
	const text = fileHostText(failure.body);
	const clean = (value: string) => redactText(value, secrets);
	const message = `The File URL answered HTTP ${status}${text ? ` (${text})` : ''}`;
	const tried = failure.attempts && failure.attempts > 1 ? ` Tried ${failure.attempts} times.` : '';
	const hint =
		FILE_URL_HINTS[status] ??
		(status === 429 || status >= 500
			? 'The file host is busy or has a problem. Try again later.'
			: 'The file host refused the request. Check the link.');
	const description = `${failure.path} could not be downloaded, so nothing was sent to TRATO. ${hint}${tried}`;
	const errorResponse: JsonObject = {
		message: clean(message),
		httpCode: String(status),
		request: `${failure.method} ${failure.path}`,
	};
	const apiError = new NodeApiError(node, errorResponse, {
		message: clean(message),
		description: clean(description),
		httpCode: String(status),
		itemIndex: failure.itemIndex,
	});
	apiError.message = clean(message);
	return apiError;
}
