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
import axios from 'axios';

import { createTemplateContract, LEASE, prepareForSending, useEnv } from '../helpers/env';

const env = useEnv(__filename);

/** A sent contract and the signing links of its participants (test setup through the API). */
async function sentContractLinks(): Promise<{
	id: string;
	links: Array<{ participantid: string; signUrl: string }>;
}> {
	const id = await createTemplateContract(env.api, LEASE);
	await prepareForSending(env.api, id);
	const res = await env.api.post(`/api/contract/send/${id}?showSignLinks=true`);
	return { id, links: res.data.contract.participants };
}

const status = async (url: string) => (await axios.get(url, { validateStatus: () => true })).status;

describe('signingLink → renew', () => {
	test('returns the new link; the old one stops working', async () => {
		const { links } = await sentContractLinks();
		const old = links[1].signUrl;
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'signingLink', operation: 'renew', url: '={{ $json.link }}' },
			[{ json: { link: old } }],
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out).toEqual({
			url: expect.stringMatching(new RegExp(`^${env.sb.baseUrl}/sign/`)),
			previousUrl: old,
			renewed: true,
		});
		expect(out.url).not.toBe(old);
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /api/sign-url/renew 200',
		]);
		// the request log keeps no signing link (issue 40); the sandbox renewed the one sent: it answers 404 now
		expect(requests[0].body).toEqual({ url: `${env.sb.baseUrl}/sign/<redacted>` });
		expect(await status(old)).toBe(404);
		expect(await status(String(out.url))).toBe(200);
		expect(await status(links[0].signUrl)).toBe(200); // the other participant's link is untouched
	});

	test.each([
		['empty', '', 'The Signing URL is empty'],
		['not a URL', 'sign/AbC123', 'The Signing URL "sign/AbC123" is not a valid http(s) address'],
		[
			'another scheme, with a query string kept out of the message',
			'ftp://files.example.com/sign/x?token=s3cr3t',
			'The Signing URL "ftp://files.example.com/sign/x?[redacted]" is not a valid http(s) address',
		],
	])('%s: refused before any request', async (_name, url, message) => {
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'signingLink', operation: 'renew', url: '={{ $json.link }}' },
			[{ json: { link: url } }],
		);
		expect(result.error?.message).toBe(message);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(JSON.stringify(result.error)).not.toContain('s3cr3t');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a link already renewed: NodeApiError with the API text and the rule, nothing of the query string', async () => {
		const { links } = await sentContractLinks();
		await env.api.post('/api/sign-url/renew', { url: links[0].signUrl });
		const result = await env.run({
			resource: 'signingLink',
			operation: 'renew',
			url: `${links[0].signUrl}?sig=topsecret`,
		});
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe(
			'TRATO refused the request: Signing URL not found (unknown, or already renewed)',
		);
		expect(result.error?.description).toMatch(
			/^Only the newest link of a participant can be renewed/,
		);
		expect(
			JSON.stringify({ message: result.error?.message, description: result.error?.description }),
		).not.toContain('topsecret');
	});

	test('a participant who has signed: refused with the state explained', async () => {
		const { id, links } = await sentContractLinks();
		env.sb.control.sign(id, { participantId: links[0].participantid });
		const result = await env.run({
			resource: 'signingLink',
			operation: 'renew',
			url: links[0].signUrl,
		});
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toBe(
			'TRATO refused the request: The participant has already signed; the link cannot be renewed',
		);
		expect(result.error?.description).toMatch(/has not signed/);
	});

	test('an answer without a new URL is reported, not output as an empty link', async () => {
		const { links } = await sentContractLinks();
		env.sb.control.addFault({ path: '/api/sign-url/renew', status: 200, body: { success: true } });
		const result = await env.run({
			resource: 'signingLink',
			operation: 'renew',
			url: links[0].signUrl,
		});
		expect(result.error?.message).toBe('TRATO renewed the link but returned no new URL');
		expect(result.items).toHaveLength(0);
	});
});
