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
 * TRATO's web app per environment (trato-notes "What TRATO answers": signing links on the web app host,
 * enterprise.app.trato.io / enterprise-stage.app.trato.io): hints and errors that send the user to the web app name
 * the credential environment's app, never Production's on Staging; for Custom URL the address's own origin.
 */
import { webAppAddress, WEB_APP_URLS } from '../../nodes/Trato/helpers/environment';
import { buildApiError } from '../../nodes/Trato/transport/errors';
import { logIn } from '../../nodes/Trato/transport/login';
import { runNode, type CredentialInput } from '../../test-support/harness';
import { byId } from '../helpers/env';
import { pdfItem } from './chain';

const PRODUCTION = 'https://enterprise.app.trato.io';
const STAGING = 'https://enterprise-stage.app.trato.io';

test('the web app of each environment', () => {
	expect(WEB_APP_URLS).toEqual({ production: PRODUCTION, staging: STAGING });
	expect(webAppAddress({})).toBe(PRODUCTION); // a credential saved before Environment existed
	expect(webAppAddress({ environment: 'production' })).toBe(PRODUCTION);
	expect(webAppAddress({ environment: 'staging', baseUrl: 'http://ignored' })).toBe(STAGING);
	expect(
		webAppAddress({ environment: 'custom', baseUrl: 'https://proxy.example.com/trato/' }),
	).toBe('https://proxy.example.com');
	expect(webAppAddress({ environment: 'custom', baseUrl: '' })).toBeUndefined();
});

const credentials = (environment: 'production' | 'staging'): CredentialInput => ({
	environment,
	authentication: 'apiKey',
	apiKey: 'key-never-sent',
});

describe.each([
	['production', PRODUCTION],
	['staging', STAGING],
] as const)(
	'%s: an empty template is refused before any request, naming %s',
	(environment, app) => {
		// an expression that resolves to nothing; no request leaves (the hosts are not reachable from the tests)
		const emptyTemplate = byId('={{ $json.t }}');

		test('Contract → Create', async () => {
			const result = await runNode({
				parameters: {
					resource: 'contract',
					operation: 'create',
					source: 'template',
					templateId: emptyTemplate,
				},
				credentials: credentials(environment),
				items: [{ json: { t: '' } }],
			});
			expect(result.error?.message).toBe('The Template is empty');
			expect(result.error?.description).toBe(
				`Pick the template from the list, or copy its ID from the templates page of the TRATO web app (${app}, page /templates), or from "Template → Get Many".`,
			);
		});

		test('Create With Signers from a template', async () => {
			const result = await runNode({
				parameters: {
					resource: 'contract',
					operation: 'createV2',
					source: 'template',
					templateId: emptyTemplate,
					signers: {
						signer: [
							{
								obligation: 'individual',
								name: 'Ana',
								lastName: 'López',
								email: 'ana@example.com',
							},
						],
					},
				},
				credentials: credentials(environment),
				items: [{ json: { t: '' }, ...pdfItem() }],
			});
			expect(result.error?.message).toBe('The Template is empty');
			expect(result.error?.description).toContain(`TRATO web app (${app}, page /templates)`);
		});

		test("TRATO's text for a missing template names the environment's web app", () => {
			const error = buildApiError({ name: 'TRATO', type: 'n8n-nodes-trato.trato' } as any, {
				status: 400,
				body: {
					success: false,
					statusCode: 400,
					error:
						'Template ID is required to create a new contract when the source is a template or document.',
				},
				method: 'POST',
				path: '/api/create/contract',
				secrets: [],
				webApp: webAppAddress({ environment }),
			});
			expect(error.description).toContain(
				`copy its ID from the templates page of the TRATO web app (${app}, page /templates)`,
			);
		});

		test('a refused login names the web app the user signs in to', async () => {
			const helper = {
				helpers: {
					httpRequest: async () => ({
						statusCode: 401,
						headers: {},
						body: { success: false, statusCode: 401, error: 'Wrong password' },
					}),
				},
			};
			await expect(
				logIn.call(helper as any, {
					environment,
					authentication: 'emailPassword',
					email: 'ana@example.com',
					password: 'a-wrong-password',
				}),
			).rejects.toMatchObject({
				description: expect.stringContaining(`the ones you sign in to TRATO with (${app})`),
			});
		});
	},
);
