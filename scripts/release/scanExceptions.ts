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
 * `npm run scan`'s declared exceptions: findings of n8n's rules the project accepts, each stated in the code it is
 * about (docs/verification.md). Pure: read by scripts/release/scan.ts and its tests.
 */
/** A finding of n8n's rules the project accepts: where, which rule, and why (the reason is also in the code). */
export interface DeclaredException {
	leg: 'tarball' | 'source';
	/** Path inside the leg's folder. */
	file: string;
	rule: string;
	why: string;
}

export const DECLARED_EXCEPTIONS: readonly DeclaredException[] = [
	{
		leg: 'source',
		file: 'nodes/Trato/TratoWebhookTrigger.node.ts',
		rule: '@n8n/community-nodes/webhook-lifecycle-complete',
		why: 'TRATO has no API to register a webhook: the user pastes the URL into their TRATO profile (docs/verification.md)',
	},
	{
		leg: 'source',
		file: 'nodes/Trato/Trato.node.ts',
		rule: '@n8n/community-nodes/webhook-lifecycle-complete',
		why: "its only webhook resumes a run waiting at Wait for Signatures (as n8n's send-and-wait nodes): n8n serves it, nothing is registered (docs/verification.md)",
	},
];

/** One ESLint message, with the text of its file (to read the comment above it). */
export interface Finding {
	leg: string;
	/** Path inside the leg's folder. */
	file: string;
	line: number;
	rule: string | null;
	severity: number;
	message: string;
}

/**
 * The declared exception `finding` is, or undefined. It is one only when the line above it in `fileText` is the
 * `// eslint-disable-next-line <rule> -- <reason>` that states it in the code.
 */
export function declaredExceptionOf(
	finding: Finding,
	fileText: string,
	declared: readonly DeclaredException[] = DECLARED_EXCEPTIONS,
): DeclaredException | undefined {
	const exception = declared.find(
		(d) => d.leg === finding.leg && d.file === finding.file && d.rule === finding.rule,
	);
	if (!exception) return undefined;
	const above = fileText.split('\n')[finding.line - 2] ?? '';
	const stated = new RegExp(
		`^\\s*//\\s*eslint-disable-next-line\\s+${exception.rule.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s+--\\s+\\S`,
	);
	return stated.test(above) ? exception : undefined;
}

/** The declared exceptions no finding of the legs matched: stale, or hidden from n8n's rules. */
export function unmatchedExceptions(
	matched: readonly DeclaredException[],
	legs: readonly string[],
	declared: readonly DeclaredException[] = DECLARED_EXCEPTIONS,
): DeclaredException[] {
	return declared.filter((d) => legs.includes(d.leg) && !matched.includes(d));
}
