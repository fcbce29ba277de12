/**
 * Where a TRATO credential sends its requests: the address of its Environment (trato-notes "Hosts"), or the Base URL
 * the user typed for Custom URL. The credential (test request, login, `authenticate`) and the node's transport read
 * the address here, so both always agree on the one origin that may receive the credential's secrets.
 */

/** The Environment values stored in users' credentials. */
export const ENVIRONMENTS = ['production', 'staging', 'custom'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** TRATO's API hosts (trato-notes "Hosts", confidence H). */
export const ENVIRONMENT_URLS = {
	production: 'https://enterprise.api.trato.io',
	staging: 'https://enterprise-stage.api.trato.io',
} as const;

/**
 * TRATO's web app per environment, where participants sign (`<app>/sign/<contract id>/…`) and users find their
 * templates (page /templates) and API key (trato-notes "What TRATO answers" and "Portal pages", H-/H).
 */
export const WEB_APP_URLS = {
	production: 'https://enterprise.app.trato.io',
	staging: 'https://enterprise-stage.app.trato.io',
} as const;

/**
 * The web app of a credential's Environment: TRATO's for Production and Staging; for Custom URL the Base URL's own
 * origin (a stand-in such as the sandbox serves its signing pages there). Undefined when the address is unusable.
 */
export function webAppAddress(data: {
	environment?: unknown;
	baseUrl?: unknown;
}): string | undefined {
	const environment = data.environment ?? 'production';
	if (environment === 'production' || environment === 'staging') return WEB_APP_URLS[environment];
	const address = credentialAddress(data);
	return 'problem' in address ? undefined : address.origin;
}

/** A sentence for the user: what is wrong (message) and how to fix it (description). */
export interface Problem {
	message: string;
	description: string;
}

export type Address = { baseUrl: string; origin: string } | { problem: Problem };

/**
 * The Base URL as typed, without surrounding blanks, trailing slashes or a trailing `/api`: the API's paths all
 * start with /api, so `https://host/api/` is the same address as `https://host` (without this every request went
 * to /api/api/…). The credential test's `baseURL` expression applies the same pattern, BASE_URL_END.
 */
export const BASE_URL_END = /(\/api)?\/*$/i;

export function normaliseBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(BASE_URL_END, '');
}

/** Only what identifies an address; a query string or user info typed by mistake is not repeated in messages. */
function shown(url: string): string {
	try {
		const { protocol, host, pathname } = new URL(url);
		return `${protocol}//${host}${pathname === '/' && !url.endsWith('/') ? '' : pathname}`;
	} catch {
		return url.replace(/[?#].*$/, '').replace(/\/\/.*@/, '//');
	}
}

/** The credential field that lets a Custom URL use plain http:// to another computer. */
export const ALLOW_HTTP = 'allowUnencryptedHttp';

/** This computer's own addresses (127.0.0.0/8, ::1, localhost): plain http:// to them never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A Custom URL the credential refuses to send anything to: user info in it (it would be sent as a Basic
 * Authorization header and shown in messages), or plain http:// to another computer without the explicit opt-in.
 */
function customUrlProblem(parsed: URL, baseUrl: string, allowHttp: unknown): Problem | undefined {
	if (parsed.username || parsed.password) {
		return {
			message: `The TRATO credential's Base URL "${shown(baseUrl)}" contains a user name or password`,
			description:
				'Open the credential and remove the "user:password@" part of the Base URL: the node never sends credentials in an address. The API key, email and password or token go in their own fields.',
		};
	}
	if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname) && allowHttp !== true) {
		return {
			message: `The TRATO credential's Base URL "${shown(baseUrl)}" is not encrypted (http://)`,
			description:
				'The API key, password or token would travel in clear to it. Use https://, or turn on "Allow Unencrypted HTTP" in the credential if you trust every network between n8n and that address. This computer\'s own addresses (localhost, 127.0.0.1, ::1) need no such switch.',
		};
	}
	return undefined;
}

/**
 * The API address of a credential's data (`environment`, `baseUrl`, `allowUnencryptedHttp`), or the sentence saying
 * what to fix.
 */
export function credentialAddress(data: {
	environment?: unknown;
	baseUrl?: unknown;
	allowUnencryptedHttp?: unknown;
}): Address {
	const environment = data.environment ?? 'production';
	if (environment === 'production' || environment === 'staging') {
		const baseUrl = ENVIRONMENT_URLS[environment];
		return { baseUrl, origin: baseUrl };
	}
	if (environment !== 'custom') {
		return {
			problem: {
				message: `The TRATO credential's Environment "${String(environment)}" is unknown`,
				description: 'Open the credential and choose Production, Staging or Custom URL.',
			},
		};
	}
	const baseUrl = normaliseBaseUrl(data.baseUrl);
	if (baseUrl === '') {
		return {
			problem: {
				message: 'The TRATO credential has no Base URL',
				description:
					'Open the credential and enter the address of your proxy or stand-in of the TRATO API (e.g. https://trato-proxy.example.com), or choose the Production or Staging environment.',
			},
		};
	}
	let parsed: URL;
	try {
		parsed = new URL(baseUrl);
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
	} catch {
		return {
			problem: {
				message: `The TRATO credential's Base URL "${shown(baseUrl)}" is not a valid http(s) address`,
				description:
					'Open the credential and enter an address such as https://trato-proxy.example.com, or choose the Production or Staging environment.',
			},
		};
	}
	const problem = customUrlProblem(parsed, baseUrl, data[ALLOW_HTTP]);
	return problem ? { problem } : { baseUrl, origin: parsed.origin };
}
