import type { EsignContext } from './credentials';
import { getCredentials } from './credentials';

/**
 * What the transport learned about the service behind a credential, in memory for the life of the n8n process:
 * for an operation the spec shows in two forms, which form the service answered (api-notes R1–R5). A restart
 * learns again with one extra request; a wrong memory is corrected the same way.
 */
const learned = new Map<string, string>();

export function recall(credentialKey: string, topic: string): string | undefined {
	return learned.get(`${credentialKey} ${topic}`);
}

export function learn(credentialKey: string, topic: string, answer: string): void {
	learned.set(`${credentialKey} ${topic}`, answer);
}

/** recall() for the credential of this context. */
export async function recallFor(ctx: EsignContext, topic: string): Promise<string | undefined> {
	return recall((await getCredentials.call(ctx)).key, topic);
}

/** learn() for the credential of this context. */
export async function learnFor(ctx: EsignContext, topic: string, answer: string): Promise<void> {
	learn((await getCredentials.call(ctx)).key, topic, answer);
}
