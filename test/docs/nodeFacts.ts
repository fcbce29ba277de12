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
 * What the docs may name, read from the node itself (the TypeScript classes n8n loads once built): the operations
 * per resource, every label the editor shows (node, resource, operation, field and option names), and the
 * messages the node and the credential show. A doc that names something else fails its test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IExecuteFunctions, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { TratoApi } from '../../credentials/TratoApi.credentials';
import { Trato } from '../../nodes/Trato/Trato.node';
import { TratoTrigger } from '../../nodes/Trato/TratoTrigger.node';
import { TratoWebhookTrigger } from '../../nodes/Trato/TratoWebhookTrigger.node';
import { CREATE_V2_ERRORS } from '../../nodes/Trato/helpers/createV2Errors';
import { requireTemplateId } from '../../nodes/Trato/helpers/validate';
import { TRATO_ERROR_TEXTS } from '../../nodes/Trato/transport/tratoErrors';
import { ROOT } from './markdown';

export const ACTION = new Trato().description;
export const POLLING = new TratoTrigger().description;
export const WEBHOOK = new TratoWebhookTrigger().description;
export const CREDENTIAL = new TratoApi();

type Option = { name?: string; displayName?: string; value?: unknown; values?: INodeProperties[] };

/** Resource display name → its operations' display names, in the Resource menu's order. */
export const OPERATIONS: Map<string, string[]> = (() => {
	const resources = ACTION.properties.find((p) => p.name === 'resource')!.options as Option[];
	return new Map(
		resources.map((resource) => {
			const menu = ACTION.properties.find(
				(p) =>
					p.name === 'operation' &&
					(p.displayOptions?.show?.resource as string[] | undefined)?.includes(
						resource.value as string,
					),
			)!;
			return [resource.name!, (menu.options as Option[]).map((o) => o.name!)];
		}),
	);
})();

export const OPERATION_COUNT = [...OPERATIONS.values()].reduce((sum, ops) => sum + ops.length, 0);

function collect(properties: INodeProperties[] | Option[] | undefined, into: Set<string>): void {
	for (const p of (properties ?? []) as Array<INodeProperties & Option>) {
		if (p.displayName) into.add(p.displayName);
		if (p.name && (p as Option).value !== undefined) into.add(p.name);
		if (Array.isArray(p.options)) collect(p.options as Option[], into);
		if (Array.isArray(p.values)) collect(p.values, into);
	}
}

function labelsOf(description: INodeTypeDescription): Set<string> {
	const labels = new Set<string>([description.displayName]);
	collect(description.properties, labels);
	return labels;
}

/** Every label the editor shows for the pack: node names, resources, operations, fields, options, credential. */
export const LABELS: Set<string> = (() => {
	const all = new Set<string>([CREDENTIAL.displayName]);
	for (const d of [ACTION, POLLING, WEBHOOK]) for (const label of labelsOf(d)) all.add(label);
	collect(CREDENTIAL.properties, all);
	return all;
})();

export const WEBHOOK_LABELS = labelsOf(WEBHOOK);
export const POLLING_LABELS = labelsOf(POLLING);

/** The webhook trigger's event values (the item's `event`), from its Events field. */
export const WEBHOOK_EVENTS = (
	WEBHOOK.properties.find((p) => p.name === 'events')!.options as Option[]
).map((o) => String(o.value));

function sourcesUnder(dir: string): string[] {
	return readdirSync(join(ROOT, dir), { recursive: true })
		.map(String)
		.filter((file) => file.endsWith('.ts'))
		.map((file) => readFileSync(join(ROOT, dir, file), 'utf8'));
}

/** The shipped source texts: where a message that is a fixed sentence (or starts with one) is written. */
const SHIPPED = [...sourcesUnder('nodes'), ...sourcesUnder('credentials')].join('\n');

/** Messages built from parts, as the node shows them. */
const BUILT: string[] = (() => {
	const ctx = {
		getNodeParameter: () => '',
		getNode: () => ({
			name: 'TRATO',
			type: 'n8n-nodes-trato.trato',
			typeVersion: 1.1,
			parameters: {},
		}),
	} as unknown as IExecuteFunctions;
	try {
		requireTemplateId(ctx, 0, undefined);
	} catch (error) {
		return [(error as Error).message];
	}
	throw new Error('an empty Template was accepted');
})();

const CREDENTIAL_TEST = (CREDENTIAL.test.rules ?? []).map(
	(rule) => (rule.properties as { message: string }).message,
);

/**
 * A message a doc quotes is the node's: one of TRATO's texts the node recognises (`<id>` for an id) or Create V2's
 * error names, a message
 * of the credential test or one the node builds, or a sentence written in the shipped code. `…` stands for a part
 * left out; every quoted part must be there.
 */
export function isNodeMessage(quoted: string): boolean {
	const sample = quoted.replace(/<id>|…/g, '0123456789abcdef01234567');
	if (TRATO_ERROR_TEXTS.some((known) => known.pattern.test(sample))) return true;
	// Create V2's error names, which the node shows with the participant they are about
	if (/^\w+\b/.test(quoted) && quoted.split(/\W/)[0] in CREATE_V2_ERRORS) return true;
	const parts = quoted
		.split('…')
		.map((part) => part.trim())
		.filter((part) => part.length > 0);
	return (
		parts.length > 0 &&
		parts.every(
			(part) =>
				[...CREDENTIAL_TEST, ...BUILT].some((message) => message.includes(part)) ||
				(part.length >= 12 && SHIPPED.includes(part)),
		)
	);
}
