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
// A conformance profile: what `npm run check:trato` observed on a real TRATO account, as the sandbox options that
// answer the same way (docs/sandbox.md "Profiles from a real account"). Only `sandbox` is read here; the facts
// beside it are the report, for people.
import { Variants } from './variants';

/** The `kind` every profile carries, so that any other JSON file is refused with a sentence. */
export const PROFILE_KIND = 'n8n-nodes-trato/trato-profile';

/** The sandbox options a profile sets. */
export interface ProfileOptions {
	variants: string[];
	tokenTtlSeconds?: number;
}

/** Reads a profile (parsed JSON); throws an Error naming what is wrong. Its variants are checked as `--variant`'s. */
export function readProfile(profile: unknown): ProfileOptions {
	const record = (value: unknown): Record<string, unknown> | undefined =>
		value !== null && typeof value === 'object' && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	const top = record(profile);
	if (!top || top.kind !== PROFILE_KIND)
		throw new Error(
			`A profile is a JSON object with "kind": "${PROFILE_KIND}" (npm run check:trato writes one)`,
		);
	if (top.version !== 1)
		throw new Error(`Profile version ${JSON.stringify(top.version)} is not known (1 is)`);
	const options = record(top.sandbox);
	if (!options) throw new Error('The profile has no "sandbox" object');
	const variants = Variants.parse(options.variants ?? []).list();
	const ttl = options.tokenTtlSeconds;
	if (
		ttl !== undefined &&
		(typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > 86_400)
	)
		throw new Error(
			'The profile\'s "tokenTtlSeconds" must be a whole number of seconds from 1 to 86400',
		);
	return ttl === undefined ? { variants } : { variants, tokenTtlSeconds: ttl };
}
