import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { expiredTokenMessage, isPastExpiry, jwtExpiresAt, withoutBearer } from '../helpers/jwt';
import { redactUrl } from './redact';

export const CREDENTIAL_TYPE = 'tratoApi';

/** Every context our code calls the API from: the action node, its list searches and the trigger. */
export type TratoContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ResolvedCredentials {
	/** The credential's Base URL without trailing slashes. */
	baseUrl: string;
	/** Origin of the Base URL: the only origin that ever receives the credentials. */
	origin: string;
	/** The API key and token as sent, so that errors can remove them. */
	secrets: string[];
	/** Identifies the credential (its n8n id and Base URL) for what the transport learns about the service. */
	key: string;
	/** With Access Token: the JWT's expiry (ms), when it carries one. */
	tokenExpiresAt?: number;
	raw: ICredentialDataDecryptedObject;
}

const credentialCache = new WeakMap<object, Promise<ResolvedCredentials>>();

function normaliseBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** Refuses an incomplete credential before any request (n8n would otherwise report it as a network error). */
function assertSecretPresent(ctx: TratoContext, raw: ICredentialDataDecryptedObject): void {
	const useToken = raw.authentication === 'accessToken';
	const secret = String((useToken ? raw.accessToken : raw.apiKey) ?? '')
		.trim()
		.replace(/^bearer\s*/i, '');
	if (!secret) {
		throw new NodeOperationError(
			ctx.getNode(),
			useToken
				? 'The TRATO credential has no access token. Open the credential and paste the JWT, or switch Authentication to API Key.'
				: 'The TRATO credential has no API key. Open the credential and paste the API key, or switch Authentication to Access Token (JWT).',
		);
	}
}

async function resolve(ctx: TratoContext): Promise<ResolvedCredentials> {
	const raw = await ctx.getCredentials(CREDENTIAL_TYPE);
	assertSecretPresent(ctx, raw);
	const baseUrl = normaliseBaseUrl(raw.baseUrl);
	if (baseUrl === '') {
		throw new NodeOperationError(ctx.getNode(), 'The TRATO credential has no Base URL', {
			description:
				"Open the credential and enter your account's API address as the service gives it, e.g. https://api.your-esign-tenant.com (without /api).",
		});
	}
	let origin: string;
	try {
		const parsed = new URL(baseUrl);
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
		origin = parsed.origin;
	} catch {
		throw new NodeOperationError(
			ctx.getNode(),
			`The credential's Base URL "${redactUrl(baseUrl)}" is not a valid http(s) address`,
			{
				description:
					'Open the TRATO credential and enter an address such as https://api.example.com.',
			},
		);
	}
	const secrets = [raw.apiKey, raw.accessToken].map(withoutBearer).filter((s) => s.length > 0);
	const id = ctx.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
	const tokenExpiresAt =
		raw.authentication === 'accessToken' ? jwtExpiresAt(withoutBearer(raw.accessToken)) : undefined;
	if (isPastExpiry(tokenExpiresAt)) {
		throw new NodeOperationError(ctx.getNode(), expiredTokenMessage(tokenExpiresAt), {
			description: 'Nothing was sent to the service.',
		});
	}
	return { baseUrl, origin, secrets, raw, key: `${id}@${baseUrl}`, tokenExpiresAt };
}

/** Reads the credential once per node execution (n8n decrypts it on every call otherwise). */
export async function getCredentials(this: TratoContext): Promise<ResolvedCredentials> {
	let cached = credentialCache.get(this);
	if (!cached) {
		cached = resolve(this);
		credentialCache.set(this, cached);
		cached.catch(() => credentialCache.delete(this));
	}
	return await cached;
}
