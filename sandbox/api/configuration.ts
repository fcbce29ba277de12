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
// The configuration fields of spec 4.4, read and checked (the configure route and Create V2's top-level settings).
import type { ContractConfig } from '../types';
import {
	badRequest,
	expectEnum,
	expectString,
	isValidYmd,
	parseFlag,
	rejectUnknownFields,
} from '../util';

/** The configuration fields of 4.4 (also the top-level settings of a Create V2 body). */
export function parseConfiguration(body: Record<string, unknown>): ContractConfig {
	const flags = [
		'validationRequired',
		'hasShield3AutoValidation',
		'negotiate',
		'allowAttachments',
		'stampNom',
		'password',
		'expiryUndefined',
		'ownerSelfSign',
	] as const;
	const allowed = [
		'name',
		'language',
		'notificationType',
		'signatureType',
		'blockchainType',
		'expiryStartDate',
		'expiryEndDate',
		'externalId',
		'webhook',
		...flags,
	];
	rejectUnknownFields(body, allowed, 'the contract configuration');
	if (Object.keys(body).length === 0)
		throw badRequest('The configuration body has no field to set');
	const cfg: ContractConfig = {};
	if (body.name !== undefined) cfg.name = expectString(body.name, 'name', { max: 300 }).trim();
	if (body.language !== undefined)
		cfg.language = expectEnum(body.language, 'language', ['es', 'en']);
	if (body.notificationType !== undefined)
		cfg.notificationType = expectEnum(body.notificationType, 'notificationType', [
			'email',
			'sms',
			'email-sms',
			'none',
		]);
	if (body.signatureType !== undefined) {
		cfg.signatureType = expectEnum(body.signatureType, 'signatureType', [
			'autograph',
			'certificate',
			'none',
			'shield2-certificate',
		]);
	}
	if (body.blockchainType !== undefined)
		cfg.blockchainType = expectEnum(body.blockchainType, 'blockchainType', ['basic', 'none']);
	for (const f of flags) if (body[f] !== undefined) cfg[f] = parseFlag(body[f], f);
	for (const f of ['expiryStartDate', 'expiryEndDate'] as const) {
		if (body[f] === undefined) continue;
		const v = expectString(body[f], f, { allowEmpty: true });
		if (v !== '' && !isValidYmd(v))
			throw badRequest(
				`Field '${f}' must be a date in the format YYYY-MM-DD, got ${JSON.stringify(v)}`,
			);
		cfg[f] = v || undefined;
	}
	if (body.externalId !== undefined)
		cfg.externalId = expectString(body.externalId, 'externalId', { allowEmpty: true, max: 200 });
	if (body.webhook !== undefined)
		cfg.webhook = expectString(body.webhook, 'webhook', { allowEmpty: true, max: 2000 });
	return cfg;
}
