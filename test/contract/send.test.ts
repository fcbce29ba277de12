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

import {
	byId,
	createPdfContract,
	createTemplateContract,
	fromList,
	LEASE,
	prepareForSending,
	sendContract,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

describe('contract → send', () => {
	test('sends a ready contract: output names it, no signing links asked for', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		await prepareForSending(env.api, id);
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'send',
			contractId: fromList(id),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ contractId: id, sent: true }]);
		const requests = env.nodeRequests(mark);
		expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contract/send/${id} 200`,
		]);
		expect(requests[0].query).toEqual({});
		expect(env.sb.control.getContract(id)?.status).toBe('SENT_TO_SIGN');
	});

	test('Return Signing Links: showSignLinks=true in the query, one working link per participant', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const participantIds = await prepareForSending(env.api, id);
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'send',
			contractId: byId(id),
			options: { returnSignLinks: true },
		});
		expect(result.error).toBeUndefined();
		const out = result.items[0].json as any;
		expect(out.contractId).toBe(id);
		expect(out.sent).toBe(true);
		expect(out.signingLinks.map((l: any) => l.participantId)).toEqual(participantIds);
		for (const link of out.signingLinks) {
			// TRATO's form: <web app>/sign/<contract id>/<per participant>
			expect(link.signUrl).toMatch(new RegExp(`^${env.sb.baseUrl}/sign/${id}/[A-Za-z0-9_-]+$`));
			const page = await axios.get(link.signUrl, { validateStatus: () => true });
			expect(page.status).toBe(200);
		}
		expect(new Set(out.signingLinks.map((l: any) => l.signUrl)).size).toBe(participantIds.length);
		const request = env.nodeRequests(mark)[0];
		expect(request.query).toEqual({ showSignLinks: 'true' });
		expect(request.body).toBeNull();
	});

	test('configuration problems: a NodeApiError listing every problem, with how to fix them', async () => {
		const id = await createPdfContract(env.api); // no name, two empty participants
		const result = await env.run({ resource: 'contract', operation: 'send', contractId: byId(id) });
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.message).toMatch(
			/^TRATO refused the request: Invalid contract configuration: /,
		);
		expect(result.error?.message).toMatch(/name is missing/);
		expect(result.error?.message).toMatch(
			/participant 1 \(Signer 1, [0-9a-f]{24}\): name is empty/,
		);
		expect(result.error?.message).toMatch(
			/participant 2 \(Signer 2, [0-9a-f]{24}\): e-mail is empty/,
		);
		expect(result.error?.description).toMatch(
			/fix each one \(name and expiry with "Contract → Configure"; participant names, emails and phones with "Participant → Update"\)/,
		);
		expect(env.sb.control.getContract(id)?.status).toBe('');
	});

	test('a contract already sent is refused with the state explained', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		await prepareForSending(env.api, id);
		await sendContract(env.api, id);
		const result = await env.run({ resource: 'contract', operation: 'send', contractId: byId(id) });
		expect(result.error?.message).toBe(
			`TRATO refused the request: Contract ${id} cannot be sent to signature in status SENT_TO_SIGN`,
		);
		expect(result.error?.description).toMatch(/cannot be sent again/);
		expect(result.error?.httpCode).toBe('409');
	});

	test('an empty contract ID is refused before any request', async () => {
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'contract', operation: 'send', contractId: byId('={{ $json.id }}') },
			[{ json: {} }],
		);
		expect(result.error?.message).toBe('The Contract is empty');
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});
