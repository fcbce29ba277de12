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
 * From a template to signing links, as whole saved workflows run by n8n-core (test-support/harness/workflow.ts):
 * example 1 as it is now (data → Create From Template and Send → Split Out), and the seven-node workflow it was
 * before (Create → Get participants → Set variables → Name the signers → Configure → Send → Split Out), kept as a
 * fixture: a workflow saved from the single operations runs unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { runWorkflow, type SavedWorkflow } from '../../test-support/harness/workflow';
import { FIXTURES, LEASE, useEnv } from '../helpers/env';

const env = useEnv(__filename);

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as SavedWorkflow;
const EXAMPLE_1 = join(__dirname, '..', '..', 'examples', '1-template-to-signing-links.json');
const SEVEN_NODES = join(FIXTURES, 'workflows', 'example-1-single-operations.json');

/** The lease every version of example 1 sends, as the sandbox holds it after the run. */
function expectLeaseSent(contractId: string, links: any[]) {
	const contract = env.sb.control.getContract(contractId)!;
	expect(contract.templateId).toBe(LEASE);
	expect(contract.status).toBe('SENT_TO_SIGN');
	expect(contract.name).toBe('Lease - Av. Reforma 222, Depto 5');
	expect(contract.config).toMatchObject({ language: 'es', stampNom: true });
	const byLabel = Object.fromEntries(contract.participants.map((p) => [p.label, p]));
	expect([byLabel.Arrendador.name, byLabel.Arrendador.email]).toEqual([
		'María Fernández',
		'maria.fernandez@example.com',
	]);
	expect([byLabel.Arrendatario.name, byLabel.Arrendatario.email]).toEqual([
		'Luis Ortega',
		'luis.ortega@example.com',
	]);
	expect(byLabel.Arrendador.variables.property_address.value).toBe(
		'Av. Reforma 222, Depto 5, Ciudad de México',
	);
	expect(byLabel.Arrendatario.variables.monthly_rent.value).toBe('12,500.00');
	expect((byLabel.Arrendatario.variables.rent_schedule.value as any).rows).toHaveLength(3);
	expect(links.map((l) => l.signUrl).sort()).toEqual(
		contract.participants.map((p) => `${env.sb.baseUrl}/sign/${contractId}/${p.signToken}`).sort(),
	);
}

test('example 1: data → Create From Template and Send → one signing link per signer; a second run sends nothing', async () => {
	const workflow = read(EXAMPLE_1);
	expect(workflow.nodes.filter((n) => n.type === 'n8n-nodes-trato.trato')).toHaveLength(1);
	const mark = env.mark();
	const first = await runWorkflow(workflow, { tratoCredential1: env.creds });
	expect(first.error).toBeUndefined();
	const [created] = first.output('Create and send from template').map((i) => i.json as any);
	expect(created.outcome).toBe('created');
	expectLeaseSent(
		created.contractId,
		first.output('Signing links').map((i) => i.json),
	);

	// the External ID (leaseId): running the example again returns the lease already sent
	const again = await runWorkflow(workflow, { tratoCredential1: env.creds });
	expect(again.error).toBeUndefined();
	expect(again.output('Signing links').map((i) => i.json)).toEqual(
		first.output('Signing links').map((i) => i.json),
	);
	const [second] = again.output('Create and send from template').map((i) => i.json as any);
	expect(second).toMatchObject({ contractId: created.contractId, outcome: 'alreadySent' });
	const posts = env.nodeRequests(mark).filter((r) => r.method === 'POST');
	expect(posts.filter((r) => r.path === '/api/create/contract')).toHaveLength(1);
	expect(posts.filter((r) => r.path.startsWith('/api/contract/send/'))).toHaveLength(1);
});

test('the seven-node workflow saved from the single operations still runs unchanged', async () => {
	const workflow = read(SEVEN_NODES);
	expect(workflow.nodes.map((n) => (n.parameters as any).operation).filter(Boolean)).toEqual([
		'create',
		'getAll',
		'set',
		'update',
		'configure',
		'send',
	]);
	const result = await runWorkflow(workflow, { tratoCredential1: env.creds });
	expect(result.error).toBeUndefined();
	const contractId = (result.output('Create from template')[0].json as any).contractId;
	expectLeaseSent(
		contractId,
		result.output('Signing links').map((i) => i.json),
	);
});
