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
// The facts the conformance check reports (docs/api-notes.md "The conformance check"): what the sandbox answers by
// default (our decision where TRATO's documentation is silent), what TRATO answered, and the sandbox variant that
// answers the same way. The report is a table for people and a profile the sandbox loads (sandbox/profile.ts).

export type Verdict = 'as expected' | 'differs' | 'not observed';

export interface Fact {
	/** A stable id, e.g. `list-paging`. */
	id: string;
	/** Where the point is decided: the api-notes row (and trato-notes section). */
	ref: string;
	/** The question, in a few words. */
	question: string;
	/** What the sandbox answers by default. */
	expected: string;
	/** What TRATO answered (never a secret), or why it could not be seen. */
	observed: string;
	verdict: Verdict;
	/** The sandbox variants that answer as TRATO did (differs only). */
	variants?: string[];
}

/** What a probe found: the fact's id with the observation. */
export type Finding = Pick<Fact, 'id' | 'observed' | 'verdict' | 'variants'>;

/** Every fact the check can report, in the report's order. */
export const FACTS: ReadonlyArray<Omit<Fact, 'observed' | 'verdict' | 'variants'>> = [
	{
		id: 'authentication',
		ref: 'A8 (spec Part 5)',
		question: 'GET /api/authentication with the credential',
		expected: 'HTTP 200, "success": true',
	},
	{
		id: 'refused-key',
		ref: 'S1, A8 (notes "Error answers")',
		question: 'A key TRATO never issued',
		expected: 'HTTP 401, {success: false, statusCode: 401, error}',
	},
	{
		id: 'unknown-contract',
		ref: "S1, TRATO's error texts",
		question: 'GET /api/contract/status/<unknown 24-hex id>',
		expected: 'HTTP 404, "The contract <id> does not exist on the database or is not associated…"',
	},
	{
		id: 'malformed-contract-id',
		ref: "S1, TRATO's error texts",
		question: 'GET /api/contract/status/<not an id>',
		expected: 'HTTP 400, "Contract ID is required in order to process this request."',
	},
	{
		id: 'unknown-route',
		ref: 'R1–R4 (two forms of one operation)',
		question: 'A route that does not exist',
		expected: 'HTTP 404',
	},
	{
		id: 'login-missing-email',
		ref: 'A6 (notes "Authentication")',
		question: 'POST /api/authentication/token without an e-mail',
		expected: 'HTTP 400, "Account email is required in order to process this request."',
	},
	{
		id: 'login-refused',
		ref: 'A7 (open)',
		question: 'POST /api/authentication/token, an e-mail no account has',
		expected: 'HTTP 401, "The email or password is incorrect." (our text)',
	},
	{
		id: 'login-answer',
		ref: 'A2, H6 (notes "Authentication", "What TRATO answers")',
		question: 'POST /api/authentication/token with the e-mail and password',
		expected: 'HTTP 200, "success": true, a jwt, "ttl": 300',
	},
	{
		id: 'list-shape',
		ref: 'Open points: List shape (4.14)',
		question: 'The contract list answer',
		expected: 'a bare JSON array',
	},
	{
		id: 'list-fields',
		ref: 'P4 (notes "What TRATO answers")',
		question: 'A listed contract',
		expected: 'has _id, status, createdAt',
	},
	{
		id: 'list-external-id',
		ref: 'N36, W16 (notes "Still unknown"; 4.14: optional)',
		question: 'Listed contracts carry externalId',
		expected: 'some: those that have one (the --write contract has one)',
	},
	{
		id: 'list-totals',
		ref: 'S8, T1 (4.14)',
		question: 'X-Total-Pages and X-Total-Documents',
		expected: 'both sent, as numbers',
	},
	{
		id: 'list-paging',
		ref: 'S8, issue 34 (notes "What TRATO answers")',
		question: 'page=2&perPage=1 against page=1&perPage=1',
		expected: 'another contract',
	},
	{
		id: 'list-beyond-last',
		ref: 'S8',
		question: 'A page beyond the last',
		expected: 'HTTP 200, an empty list',
	},
	{
		id: 'list-default-page-size',
		ref: 'S8 (notes "Still unknown")',
		question: 'The list without page and perPage',
		expected: '20 contracts per page',
	},
	{
		id: 'list-page-size',
		ref: 'T11 (Part 8: at most 200)',
		question: 'perPage=200',
		expected: 'up to 200 contracts in one page',
	},
	{
		id: 'list-per-page-over-200',
		ref: 'S8 (Part 8)',
		question: 'perPage=201',
		expected: 'HTTP 400',
	},
	{
		id: 'list-order',
		ref: 'S4, T1 (4.14)',
		question: 'The order of the list',
		expected: 'newest first (createdAt descending)',
	},
	{
		id: 'created-at-precision',
		ref: 'S5, T1 (2.1)',
		question: 'How createdAt is written',
		expected: 'with milliseconds (…T10:00:00.123Z)',
	},
	{
		id: 'bounds-inclusive',
		ref: 'S5, T1 (4.14)',
		question: 'dateStart = dateEnd = a contract’s createdAt',
		expected: 'the contract is listed (inclusive bounds)',
	},
	{
		id: 'bounds-time-part',
		ref: 'S5, T3 (4.14)',
		question: 'A window of a contract’s day that leaves out its instant',
		expected: 'the contract is not listed (the time part counts)',
	},
	{
		id: 'templates',
		ref: 'R8 (notes "Ids and statuses")',
		question: 'GET /api/list/templates',
		expected: 'a bare array of {createdAt, name, templateId}',
	},
	{
		id: 'list-template-filter',
		ref: 'N33, N36, W16 (notes "Still unknown")',
		question: 'GET /api/list/contracts?templateId=<an id no template has>',
		expected: 'no contract (the filter filters)',
	},
	{
		id: 'contract-status',
		ref: 'P4 (notes "What TRATO answers")',
		question: 'GET /api/contract/status/<id>',
		expected: 'a top-level status',
	},
	{
		id: 'participant-id',
		ref: 'P1, issue 34 (4.7)',
		question: 'GET /api/contract/participant/<contract>/<participant>',
		expected: 'names its id (participantid or _id)',
	},
	{
		id: 'participant-statuses',
		ref: 'S2, P8 (notes "What TRATO answers")',
		question: 'information.status of participants',
		expected: 'PENDING, RECEIVED_TO_SIGN, SENT_SIGNED or REJECTED',
	},
	{
		id: 'milestones',
		ref: 'N12 (2.8)',
		question: 'GET /api/contract/milestones/<id>: completed',
		expected: 'true / false',
	},
	{
		id: 'custom-property-id',
		ref: 'R13 (2.5)',
		question: 'GET /api/contracts/<id>/customproperties: the id field',
		expected: '_id',
	},
	{
		id: 'custom-property-long-value',
		ref: 'WS1, WS4 (notes "Still unknown": limits of a value)',
		question: 'A custom property value of 200 characters, read back (--write)',
		expected: 'back intact',
	},
	{
		id: 'documents-method',
		ref: 'R2 (4.11)',
		question: 'GET /api/contract/documents/<id>',
		expected: 'the route answers (any answer but 404/405)',
	},
	{
		id: 'create-v2-answer',
		ref: 'P1, P2, P9 (notes "What TRATO answers")',
		question: 'POST /api/v2/create/contract (--write)',
		expected: 'contract._id and contract.participants[] {_id, email, signUrl}',
	},
	{
		id: 'create-v2-sends',
		ref: 'X20, N30 (notes "Create V2")',
		question: 'The status right after Create V2 (--write)',
		expected: 'SENT_TO_SIGN',
	},
	{
		id: 'sign-link-form',
		ref: 'P6, P11 (notes "What TRATO answers")',
		question: 'A signing link (--write; never shown)',
		expected: '<web app>/sign/<contract id>/<token>',
	},
	{
		id: 'cancel-method',
		ref: 'R1 (4.17)',
		question: 'DELETE /api/contract/cancel/<id> (--write)',
		expected: 'HTTP 200, "success": true',
	},
	{
		id: 'cancelled-status',
		ref: 'S3 (Part 3)',
		question: 'The status after cancelling (--write)',
		expected: 'CANCELED',
	},
	{
		id: 'webhook-encoding',
		ref: 'W15 (notes "What TRATO answers")',
		question: 'A webhook delivery’s body (--webhook-listen)',
		expected: 'JSON',
	},
	{
		id: 'webhook-event-field',
		ref: 'W12 (notes "Webhooks" M, "What TRATO answers")',
		question: 'A delivery names its event in the body',
		expected: 'no "event" field',
	},
	{
		id: 'webhook-event-names',
		ref: 'W2 (notes "Webhooks")',
		question: 'The events deliveries name (body or ?event=)',
		expected: "among the catalogue's documented events",
	},
	{
		id: 'webhook-secret-header',
		ref: 'W5 (notes "Webhooks")',
		question: 'X-Trato-Secret on deliveries (never shown)',
		expected: 'sent',
	},
];

/** A fact with its finding (or "not observed" with the reason when no probe reported it). */
export function factsOf(findings: Finding[], notRun: Record<string, string>): Fact[] {
	return FACTS.map((fact) => {
		const found = findings.find((f) => f.id === fact.id);
		if (found) return { ...fact, ...found };
		return {
			...fact,
			observed: notRun[fact.id] ?? 'not asked',
			verdict: 'not observed' as const,
		};
	});
}

/** The sandbox variants of every difference, each once, in the order of the facts. */
export function variantsOf(facts: Fact[]): string[] {
	const out: string[] = [];
	for (const fact of facts)
		for (const v of fact.variants ?? [])
			if (fact.verdict === 'differs' && !out.includes(v)) out.push(v);
	return out;
}

const MARK: Record<Verdict, string> = {
	'as expected': 'as expected',
	differs: 'DIFFERS',
	'not observed': 'not observed',
};

/** The report as a Markdown table (readable in a terminal, pasteable into an issue). */
export function renderTable(facts: Fact[]): string {
	const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
	const rows = facts.map((f) => {
		const result =
			f.verdict === 'differs' && f.variants?.length
				? `${MARK[f.verdict]} → ${f.variants.join(', ')}`
				: MARK[f.verdict];
		return `| ${cell(f.id)} | ${cell(f.expected)} | ${cell(f.observed)} | ${cell(result)} |`;
	});
	return [
		'| Fact | Sandbox default | TRATO answered | Result → sandbox variant |',
		'|---|---|---|---|',
		...rows,
	].join('\n');
}
