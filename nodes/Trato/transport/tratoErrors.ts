/**
 * TRATO's own error texts (trato-notes "Error answers", recovered from developer.trato.io/errorsolutions), each with
 * what the user should fix. The error keeps TRATO's text as its message; the sentence here is its description.
 * The HTTP status of these answers is not documented, so they are recognised by their text, never by a 404.
 */
export interface KnownTratoText {
	/** Stable name of the text (put on the error as `apiErrorKind`). */
	kind: string;
	/** TRATO's text; matched whole, case and a final period aside, after trimming. */
	pattern: RegExp;
	/** What to fix, in the node's terms; `{webApp}` stands for the credential environment's web app. */
	fix: string;
}

export const TRATO_ERROR_TEXTS: readonly KnownTratoText[] = [
	{
		kind: 'accountEmailRequired',
		pattern: /^Account email is required in order to process this request\.?$/i,
		fix: 'Check the TRATO credential: fill in the Email you log in to TRATO with (and its password), or use an API key.',
	},
	{
		kind: 'sourceRequired',
		pattern: /^Source parameter is required to create a new contract\.?$/i,
		fix: 'Choose a Source in the node (Template, PDF or Word).',
	},
	{
		kind: 'templateIdRequired',
		pattern:
			/^Template ID is required to create a new contract when the source is a template or document\.?$/i,
		fix: 'Choose a Template: TRATO needs one also for a contract made from a PDF or Word file. Pick it from the list, or copy its ID from the templates page of the TRATO web app ({webApp}, page /templates).',
	},
	{
		kind: 'documentTypeRequired',
		pattern: /^Document Type is required when the contract's source is a document\.?$/i,
		fix: 'Set Source to PDF or Word so the node sends the document type.',
	},
	{
		kind: 'documentDataRequired',
		pattern:
			/^Document Data -Base64 String- is required when the contract's source is a document\.?$/i,
		fix: "Check the Input Binary Field: it must name the input item's binary field that holds the PDF or Word file, and the file must not be empty.",
	},
	{
		kind: 'contractIdRequired',
		pattern: /^Contract ID is required in order to process this request\.?$/i,
		fix: 'Check the contract ID: it is empty or not an ID TRATO issues (24 hexadecimal characters, as in the output of Contract → Create or Get Many). Pick the contract from the list, or map the contractId of an earlier step.',
	},
	{
		kind: 'contractUnknown',
		pattern:
			/^The contract \S+ does not exist on the database or is not associated to your account\.?$/i,
		fix: 'Check the contract ID: TRATO does not know it or it belongs to another account. Pick the contract from the list, and check that the credential logs in to the account (and environment: Production or Staging) the contract was created in.',
	},
];

/** The known TRATO text among the answer's texts (`error`, then `message`), if any. */
export function knownTratoText(...texts: Array<string | undefined>): KnownTratoText | undefined {
	for (const text of texts) {
		if (!text) continue;
		const found = TRATO_ERROR_TEXTS.find((known) => known.pattern.test(text.trim()));
		if (found) return found;
	}
	return undefined;
}
