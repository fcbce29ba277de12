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
 * The template's own fields at design time (resource mapper `getTemplateFields` of Create From Template and Send):
 * each role with its signer and its variables, read from the newest contract made from the template; reads only,
 * nothing created, changed or sent while the editor loads them; a template with no contract yet, an expression or
 * no template at all say so instead.
 */
import { resourceMapping } from '../../test-support/harness';
import {
	byId,
	createTemplateContract,
	fromList,
	LEASE,
	NDA,
	SERVICES,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);

const fieldsOf = (templateId: unknown) =>
	resourceMapping('getTemplateFields', env.creds, {
		resource: 'contract',
		operation: 'createFromTemplate',
		templateId: templateId as any,
	});

const column = (id: string, displayName: string) => ({
	id,
	displayName,
	type: 'string',
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
});

test('a template with contracts: every role with its signer, then its variables of every kind; reads only', async () => {
	const contractId = await createTemplateContract(env.api, LEASE);
	const count = env.sb.control.contractCount();
	const mark = env.mark();
	const { fields } = await fieldsOf(fromList(LEASE));
	expect(fields).toEqual([
		column('signer|Arrendador|name', 'Arrendador: Name'),
		column('signer|Arrendador|lastName', 'Arrendador: Last Name'),
		column('signer|Arrendador|email', 'Arrendador: Email'),
		column('signer|Arrendador|phone', 'Arrendador: Phone'),
		column('text|Arrendador|lessor_name', 'Arrendador: Nombre del arrendador'),
		column('text|Arrendador|property_address', 'Arrendador: Domicilio del inmueble'),
		column(
			'image|Arrendador|property_photo',
			'Arrendador: Fotografía del inmueble (Image: Binary Field)',
		),
		column('signer|Arrendatario|name', 'Arrendatario: Name'),
		column('signer|Arrendatario|lastName', 'Arrendatario: Last Name'),
		column('signer|Arrendatario|email', 'Arrendatario: Email'),
		column('signer|Arrendatario|phone', 'Arrendatario: Phone'),
		column('text|Arrendatario|tenant_name', 'Arrendatario: Nombre del arrendatario'),
		column('text|Arrendatario|monthly_rent', 'Arrendatario: Renta mensual'),
		column(
			'dynamictable|Arrendatario|rent_schedule',
			'Arrendatario: Calendario de pagos (Dynamic Table: JSON)',
		),
	]);
	const requests = env.nodeRequests(mark);
	expect(requests.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
	expect(requests[0]).toMatchObject({
		path: '/api/list/contracts',
		query: { templateId: LEASE, page: '1', perPage: '200' },
	});
	expect(requests.slice(1).map((r) => r.path)).toEqual([
		`/api/contract/variables/${contractId}`,
		expect.stringMatching(`^/api/contract/participant/${contractId}/`),
		expect.stringMatching(`^/api/contract/participant/${contractId}/`),
	]);
	expect(env.sb.control.contractCount()).toBe(count);
	expect(env.sb.control.getContract(contractId)?.status).toBe('');
});

test('a legal entity signs with a company name and a representative', async () => {
	await createTemplateContract(env.api, NDA);
	const { fields } = await fieldsOf(byId(NDA));
	expect(fields.map((f) => f.displayName).slice(0, 5)).toEqual([
		'Parte reveladora: Company Name',
		'Parte reveladora: Representative',
		'Parte reveladora: Email',
		'Parte reveladora: Phone',
		'Parte reveladora: Razón social',
	]);
});

test('the newest contract of the template is the one read', async () => {
	// an older contract of the template whose participants were relabelled: not the one read
	env.sb.control.createContract({
		templateId: LEASE,
		createdAt: '2020-01-01T00:00:00.000Z',
		participants: [{ label: 'Antiguo' }, { label: 'Anterior' }],
	});
	const newest = env.sb.control.createContract({
		templateId: LEASE,
		participants: [{ label: 'Propietario' }, { label: 'Propietario' }],
	});
	const { fields } = await fieldsOf(fromList(LEASE));
	expect(fields.filter((f) => f.id.endsWith('|email')).map((f) => f.displayName)).toEqual([
		'Propietario: Email',
		'Propietario (2): Email',
	]);
	expect(env.sb.control.getContract(newest._id)?.status).toBe('');
});

test('a template no contract was made from: one read, and how to go on', async () => {
	const mark = env.mark();
	const result = await fieldsOf(fromList(SERVICES));
	expect(result.fields).toEqual([]);
	expect(result.emptyFieldsNotice).toBe(
		'No contract has been made from this template yet, and TRATO shows a template\'s roles and variables only on its contracts. Set Input Mode to "Define Below" and type the roles and variable references as the template names them (the run checks them on the contract it creates), or create one contract from this template (Contract → Create) and open this list again.',
	);
	expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path}`)).toEqual([
		'GET /api/list/contracts',
	]);
});

test('no template, or one given by an expression: nothing asked, what to do said', async () => {
	const mark = env.mark();
	expect((await fieldsOf(fromList(''))).emptyFieldsNotice).toBe(
		'Choose a template to see its roles and variables here.',
	);
	const expression = await fieldsOf(byId('={{ $json.templateId }}'));
	expect(expression.fields).toEqual([]);
	expect(expression.emptyFieldsNotice).toMatch(
		/^The template is an expression: its roles and variables are known only when the node runs\. Set Input Mode to "Define Below" or "JSON"/,
	);
	expect(env.nodeRequests(mark)).toEqual([]);
});
