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
// What a contract must satisfy before it is sent to signature (spec 4.10, Create V2): every problem, in one list.
import type { ContractState, Credits } from './types';
import { hasEmailShape } from './util';

/**
 * Every problem that prevents sending `c` (empty when its configuration is valid); `today()` gives YYYY-MM-DD and is
 * read only when an expiry end date is checked.
 */
export function configurationProblems(
	c: ContractState,
	today: () => string,
	credits: Credits,
): string[] {
	const problems: string[] = [];
	const cfg = c.config;
	if (!c.name.trim()) problems.push('name is missing (set it with the contract configuration)');
	if (c.participants.length === 0) problems.push('the contract has no participants');
	const sms = cfg.notificationType === 'sms' || cfg.notificationType === 'email-sms';
	c.participants.forEach((p, i) => {
		const who = `participant ${i + 1} (${p.label}${p._id ? `, ${p._id}` : ''})`;
		if (!p.name.trim()) problems.push(`${who}: name is empty`);
		if (!p.email.trim()) problems.push(`${who}: e-mail is empty`);
		else if (!hasEmailShape(p.email)) problems.push(`${who}: e-mail "${p.email}" is not valid`);
		if (sms && !p.phone.trim())
			problems.push(`${who}: phone is required when notificationType is ${cfg.notificationType}`);
		if (p.obligation === 'legal' && !p.representative.trim())
			problems.push(`${who}: a legal entity needs a representative`);
	});
	const emails = c.participants.map((p) => p.email.trim().toLowerCase()).filter(Boolean);
	const dup = emails.find((e, i) => emails.indexOf(e) !== i);
	if (dup) problems.push(`two participants share the e-mail ${dup}`);
	if (cfg.expiryUndefined === false) {
		const ymd = /^\d{4}-\d{2}-\d{2}$/;
		if (!cfg.expiryStartDate)
			problems.push('expiryStartDate is missing (required when expiryUndefined is false)');
		else if (!ymd.test(cfg.expiryStartDate))
			problems.push(`expiryStartDate "${cfg.expiryStartDate}" is not YYYY-MM-DD`);
		if (!cfg.expiryEndDate)
			problems.push('expiryEndDate is missing (required when expiryUndefined is false)');
		else if (!ymd.test(cfg.expiryEndDate))
			problems.push(`expiryEndDate "${cfg.expiryEndDate}" is not YYYY-MM-DD`);
		if (cfg.expiryStartDate && cfg.expiryEndDate && cfg.expiryStartDate > cfg.expiryEndDate) {
			problems.push(
				`expiryStartDate (${cfg.expiryStartDate}) is after expiryEndDate (${cfg.expiryEndDate})`,
			);
		}
		if (cfg.expiryEndDate && cfg.expiryEndDate < today()) {
			problems.push(`expiryEndDate (${cfg.expiryEndDate}) is in the past`);
		}
	}
	if (cfg.signatureType === 'shield2-certificate' && credits.shield2 <= 0) {
		problems.push(
			'signatureType shield2-certificate needs shield-2 credits and none are available',
		);
	}
	return problems;
}
