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
 * Create From Template and Send with an External ID in a real n8n (issue 40), for the end-to-end suite (one n8n) and
 * queue mode (two workers): a CRM's webhook delivered twice at once starts two runs with one External ID, and one
 * contract is sent; another team's draft with the same External ID (made in TRATO, no mark of this workflow) is never
 * sent, nor its signers e-mailed.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';

import type { Sandbox } from '../sandbox';
import { LEASE_TEMPLATE } from '../test-support/templates';

/** Webhook (answers with the last node's output) → Create From Template and Send, External ID from the body. */
export function externalIdWorkflow(path: string, credentialId: string, credentialName: string) {
	const nodes: Array<Record<string, any>> = [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
		},
		{
			name: 'Create and send from template',
			type: 'n8n-nodes-trato.trato',
			typeVersion: 1.1,
			parameters: {
				resource: 'contract',
				operation: 'createFromTemplate',
				templateId: { __rl: true, mode: 'id', value: LEASE_TEMPLATE },
				externalId: '={{ $json.body.dealId }}',
				inputMode: 'json',
				signersJson: '={{ JSON.stringify($json.body.signers) }}',
				variablesJson: '={{ JSON.stringify($json.body.variables) }}',
				additionalFields: {},
				options: {},
			},
			credentials: { tratoApi: { id: credentialId, name: credentialName } },
		},
	];
	nodes.forEach((node, i) => {
		node.id = randomUUID();
		node.position = [i * 240, 300];
	});
	return {
		name: `E2E: a CRM deal → Create From Template and Send (External ID) (${path})`,
		nodes,
		connections: {
			Webhook: { main: [[{ node: nodes[1].name, type: 'main', index: 0 }]] },
		},
	};
}

const SIGNERS = {
	Arrendador: { name: 'María Fernández', email: 'maria.deal@example.com' },
	Arrendatario: { name: 'Luis Ortega', email: 'luis.deal@example.com' },
};

/**
 * The CRM delivers the same deal twice at once; another team made a draft with the same External ID before. `post`
 * calls the workflow's production webhook and returns its answer. Asserts one contract sent for the deal, the other
 * run's draft cancelled before any send (or never made), and the other team's draft untouched.
 */
export async function overlappingDeliveriesSendOne(
	label: string,
	sb: Sandbox,
	post: (body: object) => Promise<{ status: number; json: any }>,
): Promise<void> {
	const dealId = `deal-${randomBytes(4).toString('hex')}`;
	const theirs = sb.control.createContract({
		templateId: LEASE_TEMPLATE,
		externalId: dealId,
		participants: [
			{ name: 'Otro', email: 'otro.equipo@example.com' },
			{ name: 'Tercero', email: 'tercero@example.com' },
		],
	})._id;
	// both runs make their draft before either has set its variables
	sb.control.addFault({
		method: 'POST',
		path: '/api/contract/variables/*',
		latencyMs: 1500,
		times: 2,
	});
	const body = { dealId, signers: SIGNERS, variables: { Arrendatario: { tenant_name: 'Luis' } } };
	const answers = await Promise.all([post(body), post(body)]);
	sb.control.clearFaults();
	assert.deepEqual(
		answers.map((a) => a.status),
		[200, 200],
		JSON.stringify(answers),
	);
	const listed = (await (
		await fetch(`${sb.baseUrl}/api/list/contracts?templateId=${LEASE_TEMPLATE}&perPage=200`, {
			headers: { apikey: sb.apiKey },
		})
	).json()) as Array<{ _id: string; externalId?: string }>;
	const contracts = listed
		.filter((c) => c.externalId === dealId)
		.map((c) => sb.control.getContract(c._id)!);
	const sent = contracts.filter((c) => c.status === 'SENT_TO_SIGN');
	const outcomes = answers.map((a) => a.json.outcome).sort();
	process.stderr.write(
		`[e2e] ${label}: two deliveries of one deal: ${contracts.length} contracts with its External ID (${contracts.map((c) => c.status || 'draft').join(', ')}); outcomes ${outcomes.join(', ')}\n`,
	);
	assert.equal(sent.length, 1, 'one contract sent for the deal');
	assert.deepEqual(
		sent[0].participants.map((p) => p.email),
		[SIGNERS.Arrendador.email, SIGNERS.Arrendatario.email],
	);
	assert.ok(
		answers.every((a) => a.json.contractId === sent[0]._id),
		'both runs name the contract sent',
	);
	const other = sb.control.getContract(theirs)!;
	assert.equal(other.status, '', "another team's draft is not sent");
	assert.deepEqual(
		other.participants.map((p) => p.email),
		['otro.equipo@example.com', 'tercero@example.com'],
	);
	for (const c of contracts)
		if (c._id !== sent[0]._id && c._id !== theirs) assert.equal(c.status, 'CANCELED');
}
