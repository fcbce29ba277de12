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
// --write: one harmless contract lifecycle. Create V2 with a one-page PDF, notification "none" (TRATO sends nothing:
// trato-notes "Create V2") and one participant at example.com (a domain no one receives mail for), a custom property,
// then cancelled. Never a send, a reminder or a link renewal: the client refuses them (client.ts).
import { makePdf } from '../../test-support/files';
import { briefly, record, shown } from './client';
import { found, type ProbeContext } from './probes';

export interface Created {
	contractId: string;
	/** The signing links of the answer (secrets: only their form is reported). */
	links: string[];
}

/** Creates the contract; undefined when TRATO gave no contract id (the reason is in the findings). */
export async function createContract(
	ctx: ProbeContext,
	options: { email: string; webApp: string; now: Date },
): Promise<Created | undefined> {
	const pdf = await makePdf(
		'n8n-nodes-trato conformance check: this contract is cancelled right away.',
		1,
	);
	const answer = await ctx.api.send('POST', '/api/v2/create/contract', {
		body: {
			name: `n8n-nodes-trato conformance check ${options.now.toISOString()}`,
			language: 'es',
			expiryUndefined: true,
			externalId: 'n8n-nodes-trato-conformance-check',
			showSignLinks: true,
			notificationType: 'none',
			ownerSelfSign: false,
			signInOrder: false,
			signatureType: 'autograph',
			stampNom: false,
			file: `data:application/pdf;base64,${pdf.toString('base64')}`,
			participants: [
				{
					obligation: 'individual',
					name: 'Conformance',
					last_name: 'Check',
					label: 'Firmante',
					email: options.email,
					requestAgreement: false,
					signOrder: 0,
					isNotNegotiator: true,
					isNotSigner: false,
					signatures: [{ page: 1, top: 600, left: 100, width: 150, height: 75, customSize: true }],
				},
			],
		},
	});
	const body = record(answer.body) ?? {};
	const contract = record(body.contract) ?? {};
	const participants = (Array.isArray(contract.participants) ? contract.participants : []).map(
		(p) => record(p) ?? {},
	);
	const contractId = [contract._id, body.contractid, body.contractId].find(
		(v): v is string => typeof v === 'string' && v !== '',
	);
	if (answer.status !== 200 || !contractId) {
		found(ctx, 'create-v2-answer', 'differs', `${briefly(answer)}, no contract id`);
		return undefined;
	}
	const keys = participants.length ? Object.keys(participants[0]).join(', ') : 'none';
	const observed = `${typeof contract._id === 'string' ? 'contract._id' : 'contractid'}; participants' fields: ${keys}`;
	if (typeof contract._id === 'string' && participants.every((p) => typeof p._id === 'string'))
		found(ctx, 'create-v2-answer', 'as expected', observed);
	else if (typeof body.contractid === 'string')
		found(ctx, 'create-v2-answer', 'differs', observed, ['create-v2-contractid']);
	else found(ctx, 'create-v2-answer', 'differs', observed);

	const links = participants
		.map((p) => p.signUrl)
		.filter((u): u is string => typeof u === 'string' && u !== '');
	const status = await ctx.api.send('GET', `/api/contract/status/${contractId}`);
	const value = record(status.body)?.status;
	if (value === 'SENT_TO_SIGN') found(ctx, 'create-v2-sends', 'as expected', 'SENT_TO_SIGN');
	else if (value === '')
		found(ctx, 'create-v2-sends', 'differs', 'a draft ("")', ['create-v2-draft']);
	else
		found(ctx, 'create-v2-sends', 'differs', value === undefined ? briefly(status) : shown(value));
	linkForm(ctx, links[0], contractId, options.webApp);
	return { contractId, links };
}

/** The form of a signing link, never the link: origin, then `/sign/<contract id>/…` or `/sign/…`. */
function linkForm(ctx: ProbeContext, link: string | undefined, contractId: string, webApp: string) {
	if (!link) {
		ctx.notRun['sign-link-form'] = 'the answer carried no signing link';
		return;
	}
	let url: URL;
	try {
		url = new URL(link);
	} catch {
		found(ctx, 'sign-link-form', 'differs', 'not a URL');
		return;
	}
	const segments = url.pathname.split('/').filter(Boolean);
	const origin = url.origin === new URL(webApp).origin ? 'the web app' : url.origin;
	if (segments[0] === 'sign' && segments[1] === contractId && segments.length >= 3)
		found(
			ctx,
			'sign-link-form',
			origin === 'the web app' ? 'as expected' : 'differs',
			`${origin}: /sign/<contract id>/…`,
		);
	else if (segments[0] === 'sign' && segments.length === 2)
		found(ctx, 'sign-link-form', 'differs', `${origin}: /sign/<token>`, ['short-sign-links']);
	else found(ctx, 'sign-link-form', 'differs', `${origin}: a path of ${segments.length} parts`);
}

/**
 * A value of 200 characters in the form of what Wait for Signatures stores (a resume URL: letters, digits and
 * `:/.-_?=`), made up: it resumes nothing.
 */
export function longPropertyValue(length = 200): string {
	const head =
		'https://n8n.example.com/webhook-waiting/n8n-nodes-trato-check/conformance?signature=';
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	let tail = '';
	for (let i = 0; head.length + tail.length < length; i++)
		tail += alphabet[(i * 7) % alphabet.length];
	return head + tail;
}

const PROPERTY_NAME = 'n8n-nodes-trato-check';

/**
 * A custom property on the contract (so that the property probe has one to read) whose value is 200 characters,
 * read back: whether it comes back intact (trato-notes "Still unknown": limits of a value, whether a long one
 * comes back intact).
 */
export async function addProperty(ctx: ProbeContext, contractId: string): Promise<void> {
	const id = 'custom-property-long-value';
	const value = longPropertyValue();
	const path = `/api/contracts/${contractId}/customproperties`;
	const answer = await ctx.api.send('POST', path, {
		body: { properties: [{ name: PROPERTY_NAME, value }] },
	});
	if (answer.status !== 200 || record(answer.body)?.success === false) {
		found(ctx, id, 'differs', `writing it was refused: ${briefly(answer)}`);
		return;
	}
	const listed = await ctx.api.send('GET', path);
	const body = record(listed.body) ?? {};
	const properties = Array.isArray(listed.body)
		? listed.body
		: ((Object.values(body).find(Array.isArray) as unknown[] | undefined) ?? []);
	const back = properties.map((p) => record(p) ?? {}).find((p) => p.name === PROPERTY_NAME)?.value;
	if (typeof back !== 'string')
		found(ctx, id, 'differs', `not listed after writing it (${briefly(listed)})`);
	else if (back === value) found(ctx, id, 'as expected', `${value.length} characters, back intact`);
	else {
		let at = 0;
		while (at < back.length && back[at] === value[at]) at++;
		const how = value.startsWith(back)
			? `cut to ${back.length}`
			: `changed from character ${at + 1}`;
		found(ctx, id, 'differs', `${value.length} characters written, ${how} (${back.length} back)`);
	}
}

/** Cancels: DELETE, and POST once after a 404/405 (api-notes R1). Returns whether the contract is cancelled. */
export async function cancelContract(ctx: ProbeContext, contractId: string): Promise<boolean> {
	const path = `/api/contract/cancel/${contractId}`;
	const byDelete = await ctx.api.send('DELETE', path);
	let cancelled = byDelete.status === 200 && record(byDelete.body)?.success !== false;
	if (cancelled) found(ctx, 'cancel-method', 'as expected', briefly(byDelete));
	else if (byDelete.status === 404 || byDelete.status === 405) {
		const byPost = await ctx.api.send('POST', path);
		cancelled = byPost.status === 200 && record(byPost.body)?.success !== false;
		found(
			ctx,
			'cancel-method',
			'differs',
			`DELETE: ${briefly(byDelete)}; POST: ${briefly(byPost)}`,
			cancelled ? ['cancel-post-only'] : [],
		);
	} else found(ctx, 'cancel-method', 'differs', briefly(byDelete));
	const status = await ctx.api.send('GET', `/api/contract/status/${contractId}`);
	const value = record(status.body)?.status;
	found(
		ctx,
		'cancelled-status',
		value === 'CANCELED' ? 'as expected' : 'differs',
		value === undefined ? briefly(status) : shown(value),
	);
	return value === 'CANCELED' || cancelled;
}
