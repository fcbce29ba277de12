/**
 * Secret scrubbing for every text that can reach an error, a log line or execution output.
 * Whatever the API or the network layer says, these functions make sure no API key, token, JWT or signed-URL
 * query string survives in it.
 */

const JWT_PATTERN = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\b/g;
const BEARER_PATTERN = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{6,}/gi;
const URL_QUERY_PATTERN = /(https?:\/\/[^\s"'?#]+)\?[^\s"'#]*/gi;
const SECRET_ASSIGNMENT_PATTERN =
	/\b(apikey|api_key|api-key|token|access_token|signature|sig|x-amz-signature|x-amz-credential|jwt|password)=([^&\s"']+)/gi;

const USER_INFO_PATTERN = /\b(https?:\/\/)[^\s/"'@]*@/gi;

/**
 * The query string of a URL is where signed URLs keep their signature, and a `user:password@` before the host is a
 * password: keep origin and path only.
 */
export function redactUrl(url: string): string {
	const cut = url.search(/[?#]/);
	const address = (cut === -1 ? url : url.slice(0, cut)).replace(USER_INFO_PATTERN, '$1');
	return cut === -1 ? address : `${address}?[redacted]`;
}

/** Replaces every known secret and every secret-looking token in a text. */
export function redactText(text: string, secrets: string[] = []): string {
	let out = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
	}
	return out
		.replace(JWT_PATTERN, '[redacted JWT]')
		.replace(BEARER_PATTERN, '$1 [redacted]')
		.replace(URL_QUERY_PATTERN, '$1?[redacted]')
		.replace(USER_INFO_PATTERN, '$1[redacted]@')
		.replace(SECRET_ASSIGNMENT_PATTERN, '$1=[redacted]');
}
