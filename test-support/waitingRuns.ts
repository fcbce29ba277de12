/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/**
 * What Wait for Signatures stores on a contract, read as a test (or an attacker holding the credential) can: the
 * sealed values of the custom property `n8n_waiting_run`, and what they open to with the credential's key.
 */
import { deriveKey, unseal, type KeyPurpose } from '../nodes/Trato/helpers/secrets';
import { RESUME_PROPERTY } from '../nodes/Trato/helpers/waiting';
import { keyMaterial } from '../nodes/Trato/transport/keys';

export { RESUME_PROPERTY };
/** How long a listener waits for a resume call (the bench holds the longest call against it). */
export { RESUME_TIMEOUT_MS } from '../nodes/Trato/transport/resume';
/** What a restart of n8n does to what the node knows of its waiting runs (tests and benchmarks only). */
export { forgetRuns as restartForgetsRuns } from '../nodes/Trato/actions/contract/waitForSignatures/knowledge';

/** The credential's key for `purpose`, as the node derives it (an API-key or e-mail and password credential). */
export function credentialKeyOf(creds: object, purpose: KeyPurpose): Buffer {
	const material = keyMaterial(creds as any, new URL(String((creds as any).baseUrl)).origin);
	if (!material) throw new Error('this credential gives no key (an access token?)');
	return deriveKey(material, purpose);
}

/** The values stored under the waiting-run property, as TRATO keeps them. */
export function storedValues(properties: Array<{ name: string; value: unknown }>): string[] {
	return properties.filter((p) => p.name === RESUME_PROPERTY).map((p) => String(p.value));
}

/** A stored value opened with the credential's key (undefined: not one this credential sealed for this contract). */
export function openStored(creds: object, contractId: string, value: string): string | undefined {
	return unseal(credentialKeyOf(creds, 'waiting-run'), value, contractId);
}

/** A contract sent for signature in the sandbox (one signer), to wait for: its ID. */
export function contractToWaitFor(sb: {
	control: { createContract(input: object): { _id: string } };
}): string {
	return sb.control.createContract({
		name: 'Waited for',
		status: 'SENT_TO_SIGN',
		participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
	})._id;
}
