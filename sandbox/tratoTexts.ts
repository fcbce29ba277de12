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
// TRATO's own error texts, word for word, as recovered from its error page (developer.trato.io/errorsolutions;
// trato-notes "Error answers", docs/api-notes.md; paths there are written without /api). The sandbox answers them in TRATO's envelope
// {success:false, statusCode, error} (sandbox/http.ts).

export const TRATO_TEXTS = {
	/** POST /api/create/contract without `source`. */
	sourceRequired: 'Source parameter is required to create a new contract.',
	/** POST /api/create/contract without `templateid`, for a template and also for a document source. */
	templateIdRequired:
		'Template ID is required to create a new contract when the source is a template or document.',
	/** POST /api/create/contract, document source without `document.type`. */
	documentTypeRequired: "Document Type is required when the contract's source is a document.",
	/** POST /api/create/contract, document source without `document.data`. */
	documentDataRequired:
		"Document Data -Base64 String- is required when the contract's source is a document.",
	/** Every {contractID} path: the id is missing or malformed (not an id the service can issue). */
	contractIdRequired: 'Contract ID is required in order to process this request.',
	/** Every {contractID} path: no such contract in this account; `<id>` is the id sent. */
	contractUnknown: (id: string) =>
		`The contract ${id} does not exist on the database or is not associated to your account`,
} as const;
