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
 * Each error text of TRATO's error page (trato-notes "Error answers") reaches the user as a NodeApiError whose
 * message keeps TRATO's text and whose description says what to fix. Where the sandbox answers the text itself
 * the node gets it from there; texts the node's own checks never let happen are answered by an injected fault with
 * TRATO's envelope. The HTTP status of these answers is not documented: the text decides, not a 404.
 */
import {
	byId,
	createTemplateContract,
	fixture,
	fromList,
	LEASE,
	PDF_MIME,
	useEnv,
} from '../helpers/env';

const env = useEnv(__filename);
afterEach(() => {
	env.sb.control.clearFaults();
});

const UNKNOWN = '0123456789abcdef01234567';
const UNKNOWN_TEXT = `The contract ${UNKNOWN} does not exist on the database or is not associated to your account`;
const UNKNOWN_FIX =
	'Check the contract ID: TRATO does not know it or it belongs to another account. Pick the contract from the list, and check that the credential logs in to the account (and environment: Production or Staging) the contract was created in.';
const MALFORMED_TEXT = 'Contract ID is required in order to process this request.';
const MALFORMED_FIX =
	'Check the contract ID: it is empty or not an ID TRATO issues (24 hexadecimal characters, as in the output of Contract → Create or Get Many). Pick the contract from the list, or map the contractId of an earlier step.';

const getContract = (id: string) =>
	env.run({ resource: 'contract', operation: 'get', contractId: byId(id) });

/** TRATO's envelope for a text, as an injected answer on one route. */
const tratoAnswer = (method: string, path: string, text: string, status = 400) =>
	env.sb.control.addFault({
		method,
		path,
		status,
		body: { success: false, statusCode: status, error: text },
	});

const pdfItem = {
	binary: { data: { data: fixture('lease.pdf'), fileName: 'lease.pdf', mimeType: PDF_MIME } },
};

describe("TRATO's error texts reach the user with what to fix", () => {
	test('an unknown contract (the sandbox answers the text): Contract → Get', async () => {
		const result = await getContract(UNKNOWN);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(`TRATO refused the request: ${UNKNOWN_TEXT}`);
		expect(result.error?.description).toBe(UNKNOWN_FIX);
	});

	test.each([
		['HTTP 400', 400],
		['HTTP 200 with success:false', 200],
		['HTTP 422', 422],
	])('the same text with %s: recognised by its text, not by a 404', async (_name, status) => {
		tratoAnswer('GET', '/api/contract/status/*', UNKNOWN_TEXT, status);
		const result = await getContract(UNKNOWN);
		expect(result.error?.message).toBe(`TRATO refused the request: ${UNKNOWN_TEXT}`);
		expect(result.error?.description).toBe(UNKNOWN_FIX);
	});

	test('an ID TRATO cannot have issued (the sandbox answers the text): Contract → Get', async () => {
		const result = await getContract('not-an-id');
		expect(result.error?.message).toBe(`TRATO refused the request: ${MALFORMED_TEXT}`);
		expect(result.error?.description).toBe(MALFORMED_FIX);
	});

	test('an unknown contract on an operation TRATO shows in two forms: the answer is final, no second form', async () => {
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'cancel',
			contractId: byId(UNKNOWN),
		});
		expect(result.error?.message).toBe(`TRATO refused the request: ${UNKNOWN_TEXT}`);
		expect(result.error?.description).toBe(UNKNOWN_FIX);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/contract/cancel/${UNKNOWN} 404`,
		]);
	});

	test.each([
		[
			'Template ID is required to create a new contract when the source is a template or document.',
			'Choose a Template: TRATO needs one also for a contract made from a PDF or Word file. Pick it from the list, or copy its ID from the templates page of the TRATO web app (<web app>, page /templates).',
		],
		[
			'Source parameter is required to create a new contract.',
			'Choose a Source in the node (Template, PDF or Word).',
		],
		[
			"Document Type is required when the contract's source is a document.",
			'Set Source to PDF or Word so the node sends the document type.',
		],
		[
			"Document Data -Base64 String- is required when the contract's source is a document.",
			"Check the Input Binary Field: it must name the input item's binary field that holds the PDF or Word file, and the file must not be empty.",
		],
	])('Create: "%s"', async (text, fix) => {
		tratoAnswer('POST', '/api/create/contract', text);
		const result = await env.run(
			{ resource: 'contract', operation: 'create', source: 'pdf', templateId: fromList(LEASE) },
			[pdfItem],
		);
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(`TRATO refused the request: ${text}`);
		// the web app of the credential's environment: for Custom URL, its own origin (the sandbox's)
		expect(result.error?.description).toBe(fix.replace('<web app>', env.sb.baseUrl));
	});

	test('the token text: "Account email is required in order to process this request."', async () => {
		const text = 'Account email is required in order to process this request.';
		tratoAnswer('GET', '/api/list/templates', text);
		const result = await env.run({ resource: 'template', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toBe(`TRATO refused the request: ${text}`);
		expect(result.error?.description).toBe(
			'Check the TRATO credential: fill in the Email you log in to TRATO with (and its password), or use an API key.',
		);
	});
});

describe('how the answer is read: error, then message, then the raw text', () => {
	test('a text in `message` instead of `error` (as the API catalog claims) is recognised too', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/contract/status/*',
			status: 404,
			body: { success: false, message: UNKNOWN_TEXT },
		});
		const result = await getContract(UNKNOWN);
		expect(result.error?.message).toBe(`TRATO refused the request: ${UNKNOWN_TEXT}`);
		expect(result.error?.description).toBe(UNKNOWN_FIX);
	});

	test('`error` wins over `message`', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/contract/status/*',
			status: 400,
			body: { success: false, statusCode: 400, error: MALFORMED_TEXT, message: 'Bad Request' },
		});
		const result = await getContract(UNKNOWN);
		expect(result.error?.message).toBe(`TRATO refused the request: ${MALFORMED_TEXT}`);
		expect(result.error?.description).toBe(MALFORMED_FIX);
	});

	test('a body that is not JSON (a proxy page): its text, without HTML', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/configuration/*',
			status: 400,
			body: '<html><head><title>400</title></head><body><h1>Bad Request</h1><p>Request header too large</p></body></html>',
			contentType: 'text/html',
		});
		const result = await env.run({
			resource: 'contract',
			operation: 'configure',
			contractId: byId(id),
			updateFields: { name: 'X' },
		});
		expect(result.error?.message).toBe(
			'TRATO refused the request: 400 Bad Request Request header too large',
		);
		expect(result.error?.description).toMatch(/refused the request as invalid/);
	});
});
