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
 * TRATO's answers where they differ from what the node expects in small ways (issue 34, items 4 and 5): flags
 * written as text (`"true"`/`"false"`: TRATO's portal types login's `success` as a string, trato-notes "What TRATO
 * answers"), a refusal with HTTP 200, a participant record without its id. Against the sandbox's variant profiles
 * (login-success-string, refusal-200, participant-without-id) and injected answers.
 */
import {
	HarnessCredentialsHelper,
	testCredential,
	type TestItem,
} from '../../test-support/harness';
import {
	byId,
	createTemplateContract,
	LEASE,
	participantsOf,
	PDF_MIME,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);
afterEach(() => {
	env.sb.control.setVariants([]);
	env.sb.control.clearFaults();
});

const getContract = (id: string) =>
	env.run({ resource: 'contract', operation: 'get', contractId: byId(id) });

describe('flags written as text', () => {
	test('a login answering "success": "true" logs in (variant login-success-string): the step and the credential test work', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		env.sb.control.setVariants(['login-success-string']);
		const n8n = new HarnessCredentialsHelper({ 'cred-1': env.passwordCreds as never });
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId(id) },
			undefined,
			{ credentials: env.passwordCreds, credentialsHelper: n8n },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.contractId).toBe(id);
		expect(await testCredential(env.passwordCreds)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	test('a login refused with "success": "false" is a refusal with TRATO\'s text, also with HTTP 200 (refusal-200)', async () => {
		env.sb.control.setVariants(['login-success-string', 'refusal-200']);
		const result = await env.run(
			{ resource: 'contract', operation: 'get', contractId: byId('0123456789abcdef01234567') },
			undefined,
			{ credentials: { ...env.passwordCreds, password: 'not-the-password' } },
		);
		expect(result.error?.message).toBe(
			'TRATO refused the login: The email or password is incorrect.',
		);
	});

	test('an answer with HTTP 200 and "success": "false" is a refusal with TRATO\'s text, not a result', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		env.sb.control.addFault({
			method: 'GET',
			path: `/api/contract/status/${id}`,
			status: 200,
			body: { success: 'false', statusCode: 409, error: 'The contract is busy' },
		});
		const result = await getContract(id);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe('TRATO refused the request: The contract is busy');
		expect(result.items).toHaveLength(0);
	});

	test('Validate NOM-151: "isValid": "true" reads as valid, "false" as not valid', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const certificate: TestItem = {
			json: {},
			binary: { data: { data: Buffer.from('%PDF-1.4 certificate'), mimeType: PDF_MIME } },
		};
		const outputs: unknown[] = [];
		for (const isValid of ['true', 'false', 'TRUE']) {
			env.sb.control.addFault({
				method: 'POST',
				path: `/api/contracts/${id}/validate/nom151`,
				status: 200,
				body: { isValid, data: null },
			});
			const result = await env.run(
				{ resource: 'contract', operation: 'validateNom151', contractId: byId(id) },
				[certificate],
			);
			expect(result.error).toBeUndefined();
			outputs.push(result.items[0].json.isValid);
		}
		expect(outputs).toEqual([true, false, true]);
	});
});

describe('refusals with HTTP 200 (variant refusal-200)', () => {
	test("an unknown contract: TRATO's text and what to do, as with HTTP 404", async () => {
		const unknown = '0123456789abcdef01234567';
		const as404 = await getContract(unknown);
		env.sb.control.setVariants(['refusal-200']);
		const as200 = await getContract(unknown);
		expect(as200.error?.message).toBe(as404.error?.message);
		expect(as200.error?.message).toMatch(/does not exist on the database/);
		expect(as200.error?.description).toBe(as404.error?.description);
	});
});

describe('Participant → Get: a record without its id (variant participant-without-id)', () => {
	test.each([false, true])('the participant ID given is output (Simplify %s)', async (simple) => {
		const id = await createTemplateContract(env.api, LEASE);
		const [lessor] = await participantsOf(env.api, id);
		env.sb.control.setVariants(['participant-without-id']);
		const result = await env.run({
			resource: 'participant',
			operation: 'get',
			contractId: byId(id),
			participantId: byId(lessor.participantid),
			simple,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			contractId: id,
			participantId: lessor.participantid,
			label: 'Arrendador',
		});
	});
});
