import {
	createCipheriv,
	createDecipheriv,
	createHash,
	createHmac,
	hkdfSync,
	randomBytes,
	timingSafeEqual,
} from 'node:crypto';

/**
 * What the pack writes on a contract is read by every API key and login of the TRATO account, and perhaps by its web
 * app (api-notes WS11, N38): so it writes ciphertext and marks, never a capability. Both are keyed by a secret only
 * the holders of the n8n credential have: a key derived from the credential's API key (or e-mail and password), for
 * one purpose each, so a key for one use opens nothing of the other.
 */

/** SHA-256 of a text's UTF-16 code units: equal digests for equal texts, 32 bytes whatever the length. */
function digest(text: string): Buffer {
	return createHash('sha256').update(Buffer.from(text, 'utf16le')).digest();
}

/**
 * Whether a secret a caller gave equals the expected one, in constant time: both are hashed to 32 bytes and compared
 * with crypto.timingSafeEqual, so the answer's timing tells nothing about how much of it was right, nor the expected
 * secret's length. An empty expected secret matches nothing.
 */
export function secretsMatch(expected: string, provided: string): boolean {
	if (expected.length === 0) return false;
	return timingSafeEqual(digest(expected), digest(provided));
}

/** What a key is for: sealing a waiting run's resume URL, or marking a contract as made by a workflow. */
export type KeyPurpose = 'waiting-run' | 'external-id';

/** A key of 32 bytes for `purpose`, derived (HKDF-SHA-256) from the credential's secret. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
	return Buffer.from(hkdfSync('sha256', secret, 'n8n-nodes-trato', `${purpose} v1`, 32));
}

/** The prefix of every sealed value: names the format, so another version's value is recognised as such. */
export const SEALED_PREFIX = 'n8n1.';

/**
 * `text` encrypted and authenticated (AES-256-GCM, a random 96-bit nonce) and bound to `context` (the contract's ID:
 * a value copied onto another contract does not open there). Printable, about 1.4 times the text's length + 50.
 */
export function seal(key: Buffer, text: string, context: string): string {
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', key, iv);
	cipher.setAAD(Buffer.from(context, 'utf8'));
	const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
	return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The text of a sealed value, or undefined when it is not one, was sealed with another key or for another context. */
export function unseal(key: Buffer, value: unknown, context: string): string | undefined {
	if (typeof value !== 'string' || !value.startsWith(SEALED_PREFIX)) return undefined;
	const raw = Buffer.from(value.slice(SEALED_PREFIX.length), 'base64url');
	if (raw.length < 12 + 16) return undefined;
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
		decipher.setAAD(Buffer.from(context, 'utf8'));
		decipher.setAuthTag(raw.subarray(raw.length - 16));
		return Buffer.concat([
			decipher.update(raw.subarray(12, raw.length - 16)),
			decipher.final(),
		]).toString('utf8');
	} catch {
		return undefined;
	}
}

/** A mark over `parts` (HMAC-SHA-256, base64url): unguessable without the key, the same for the same parts. */
export function markOf(key: Buffer, parts: readonly string[]): string {
	const hmac = createHmac('sha256', key);
	for (const part of parts) hmac.update(`${part.length}:${part};`);
	return hmac.digest('base64url');
}

/** A short digest of `parts` (SHA-256, base64url, 16 characters): names them without a key, reveals none of them. */
export function digestOf(parts: readonly string[]): string {
	const hash = createHash('sha256');
	for (const part of parts) hash.update(`${part.length}:${part};`);
	return hash.digest('base64url').slice(0, 16);
}
