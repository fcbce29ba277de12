import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { deriveKey, type KeyPurpose } from '../helpers/secrets';
import { type TratoContext, getCredentials } from './credentials';
import { usesSession } from './session';

/**
 * The key the pack seals or marks with what it writes on a contract (helpers/secrets.ts, api-notes WS11, N38): derived
 * from the TRATO credential's lasting secret, which every reader of the contract that holds no such credential
 * lacks: the API key, or the e-mail and password. An access token (JWT) lives minutes (trato-notes "Authentication"):
 * nothing written under it could be read again, so these uses refuse it. Undefined with an access token.
 */
export async function credentialKey(
	this: TratoContext,
	purpose: KeyPurpose,
): Promise<Buffer | undefined> {
	const { raw, origin } = await getCredentials.call(this);
	const material = keyMaterial(raw, origin);
	return material === undefined ? undefined : deriveKey(material, purpose);
}

/** What the keys are derived from: the API's origin and the lasting secret; undefined with an access token. */
export function keyMaterial(
	raw: ICredentialDataDecryptedObject,
	origin: string,
): string | undefined {
	const secret = usesSession(raw)
		? `${String(raw.email ?? '')
				.trim()
				.toLowerCase()}\n${String(raw.password ?? '')}`
		: raw.authentication === 'accessToken'
			? ''
			: String(raw.apiKey ?? '').trim();
	return secret ? `${origin}\n${secret}` : undefined;
}

/** The key, or the sentence that says an access token cannot give one (before any request): `what` needs it. */
export async function requireCredentialKey(
	this: TratoContext,
	purpose: KeyPurpose,
	what: string,
	itemIndex?: number,
): Promise<Buffer> {
	const key = await credentialKey.call(this, purpose);
	if (key) return key;
	throw new NodeOperationError(
		this.getNode(),
		`${what} needs a TRATO credential with an API key or an email and password`,
		{
			itemIndex,
			description:
				'An access token (JWT) lives a few minutes, and what this step writes on the contract must be read again later with the same credential. Switch the credential\'s Authentication to "API Key" or "Email and Password".',
		},
	);
}
