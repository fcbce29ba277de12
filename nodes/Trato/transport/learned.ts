import type { TratoContext } from './credentials';
import { getCredentials } from './credentials';

/**
 * What the transport learned about the service behind a credential, in memory for the life of the n8n process:
 * for an operation the spec shows in two forms, which form the service answered (api-notes R1–R5). A restart
 * learns again with one extra request. Once a form is remembered, a 404/405 from it is reported as it is (it may
 * be a missing record), never answered by trying the other form.
 */
const learned = new Map<string, string>();

function recall(credentialKey: string, topic: string): string | undefined {
	return learned.get(`${credentialKey} ${topic}`);
}

function learn(credentialKey: string, topic: string, answer: string): void {
	learned.set(`${credentialKey} ${topic}`, answer);
}

/** recall() for the credential of this context. */
export async function recallFor(ctx: TratoContext, topic: string): Promise<string | undefined> {
	return recall((await getCredentials.call(ctx)).key, topic);
}

/** learn() for the credential of this context. */
export async function learnFor(ctx: TratoContext, topic: string, answer: string): Promise<void> {
	learn((await getCredentials.call(ctx)).key, topic, answer);
}
