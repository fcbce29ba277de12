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
 * Every resource and operation of the built action node, read from its description in dist/ (never a list kept
 * here), each with the parameters a user would fill in so that n8n has nothing to complain about: resource,
 * operation and every required field n8n shows for them, filled with a real sandbox ID or a sample value. Fields
 * that are not required keep their defaults, as on a freshly added node.
 */
import { join } from 'node:path';

import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyMode,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { REPO } from '../test-support/n8n/n8n';

type Values = Record<string, unknown>;

export interface OperationCase {
	resource: string;
	resourceName: string;
	operation: string;
	operationName: string;
	/** The text of the operation in the node creator ("Get a contract"), when the description has one. */
	action?: string;
	/** The node's parameters. */
	parameters: Values;
	/** The top-level fields n8n shows for these parameters (first of each name). */
	shown: Array<{ name: string; type: string }>;
}

export interface Samples {
	/** Value (mode ID) of a required resource locator, by parameter name: real sandbox IDs. */
	locators: Record<string, string>;
	/** Value of a required text field with an empty default, by parameter name. */
	strings?: Record<string, string>;
}

function loadClass<T>(file: string, name: string): T {
	// The pack n8n loads (installPack takes TRATO_PACK_DIR too).
	const pack = process.env.TRATO_PACK_DIR || REPO;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(join(pack, 'dist', file)) as Record<string, new () => T>;
	return new module[name]();
}

/** The built action node's description (dist/ must be built; TRATO_PACK_DIR: another pack's). */
export function actionDescription(): INodeTypeDescription {
	return loadClass<{ description: INodeTypeDescription }>('nodes/Trato/Trato.node.js', 'Trato')
		.description;
}

/** The built trigger node's description. */
export function triggerDescription(): INodeTypeDescription {
	return loadClass<{ description: INodeTypeDescription }>(
		'nodes/Trato/TratoTrigger.node.js',
		'TratoTrigger',
	).description;
}

/** The built instant (webhook) trigger's description. */
export function instantTriggerDescription(): INodeTypeDescription {
	return loadClass<{ description: INodeTypeDescription }>(
		'nodes/Trato/TratoWebhookTrigger.node.js',
		'TratoWebhookTrigger',
	).description;
}

/** The built credential's name in n8n's credential type list ("TRATO API"). */
export function credentialDisplayName(): string {
	return loadClass<{ displayName: string }>('credentials/TratoApi.credentials.js', 'TratoApi')
		.displayName;
}

function options(property: INodeProperties | undefined): INodePropertyOptions[] {
	return ((property?.options ?? []) as INodePropertyOptions[]).filter(
		(o) => o && typeof o === 'object' && 'value' in o,
	);
}

/** n8n's displayOptions (show / hide with lists of values) for the values at hand. */
function isShown(
	property: INodeProperties,
	valueOf: (name: string) => unknown,
	version: number,
): boolean {
	const check = (conditions: Record<string, unknown[] | undefined> | undefined, show: boolean) => {
		for (const [name, allowed] of Object.entries(conditions ?? {})) {
			const list = (allowed ?? []) as unknown[];
			if (list.some((v) => v !== null && typeof v === 'object' && '_cnd' in (v as object))) {
				throw new Error(
					`${property.name}: displayOptions with _cnd conditions are not supported by test-ui/operations.ts yet`,
				);
			}
			const value = name === '@version' ? version : valueOf(name);
			const hit = list.some((v) => JSON.stringify(v) === JSON.stringify(value));
			if (show ? !hit : hit) return false;
		}
		return true;
	};
	return check(property.displayOptions?.show, true) && check(property.displayOptions?.hide, false);
}

/** "e.g. 65f1c0d2a4b8e91f2c3d4e5f" → "65f1c0d2a4b8e91f2c3d4e5f". */
function example(placeholder: string | undefined): string | undefined {
	const text = placeholder?.replace(/^e\.g\.\s*/i, '').trim();
	return text ? text : undefined;
}

function isEmpty(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0) ||
		(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
	);
}

function locatorValue(property: INodeProperties, samples: Samples): Values {
	const idMode = (property.modes ?? []).find((m: INodePropertyMode) => m.name === 'id');
	if (!idMode) throw new Error(`${property.name}: a resource locator without an ID mode`);
	const value = samples.locators[property.name] ?? example(idMode.placeholder);
	if (!value)
		throw new Error(
			`${property.name}: no sample ID (add one to the samples of test-ui/ui.test.ts)`,
		);
	for (const rule of idMode.validation ?? []) {
		const regex = (rule as { properties?: { regex?: string } }).properties?.regex;
		if (regex && !new RegExp(regex).test(value)) {
			throw new Error(
				`${property.name}: the sample "${value}" fails the field's own check ${regex}`,
			);
		}
	}
	return { __rl: true, mode: 'id', value };
}

/** The value a user types into a required field, or undefined when its default already satisfies n8n. */
function requiredValue(property: INodeProperties, samples: Samples, version: number): unknown {
	const value = property.default;
	switch (property.type) {
		case 'resourceLocator':
			return locatorValue(property, samples);
		case 'string':
			if (!isEmpty(value)) return undefined;
			return (
				samples.strings?.[property.name] ??
				example(property.placeholder) ??
				`UI test ${property.displayName}`
			);
		case 'number':
			return isEmpty(value) ? 1 : undefined;
		case 'options':
			return isEmpty(value) ? options(property)[0]?.value : undefined;
		case 'multiOptions':
			return isEmpty(value) ? [options(property)[0]?.value] : undefined;
		case 'json':
			return isEmpty(value) ? '{}' : undefined;
		case 'dateTime':
			return isEmpty(value) ? '2030-01-31T12:00:00' : undefined;
		case 'fixedCollection':
			return fixedCollectionValue(property, samples, version);
		default:
			return undefined;
	}
}

/** Fills the required fields of one entry of a fixed collection (the entry's own fields decide what is shown). */
function fillEntry(
	fields: INodeProperties[],
	entry: Values,
	samples: Samples,
	version: number,
): Values {
	const values: Values = { ...entry };
	const valueOf = (name: string) =>
		name in values ? values[name] : fields.find((f) => f.name === name)?.default;
	for (const field of fields) {
		if (!field.required || !isShown(field, valueOf, version) || !isEmpty(values[field.name]))
			continue;
		const value = requiredValue(
			{ ...field, default: values[field.name] ?? field.default } as INodeProperties,
			samples,
			version,
		);
		if (value !== undefined) values[field.name] = value;
	}
	return values;
}

/**
 * A fixed collection: the entries of its default with their required fields filled, or, when it is required and
 * has no entry, one entry of its first kind.
 */
function fixedCollectionValue(
	property: INodeProperties,
	samples: Samples,
	version: number,
): Values | undefined {
	const collections = (property.options ?? []) as INodePropertyCollection[];
	const defaults = (property.default ?? {}) as Record<string, Values | Values[]>;
	const kinds = Object.keys(defaults).length
		? Object.keys(defaults)
		: property.required && collections[0]
			? [collections[0].name]
			: [];
	if (!kinds.length) return undefined;
	const multiple = property.typeOptions?.multipleValues === true;
	const result: Values = {};
	for (const kind of kinds) {
		const collection = collections.find((c) => c.name === kind);
		if (!collection) continue;
		const given = defaults[kind];
		const entries = given === undefined ? [{}] : Array.isArray(given) ? given : [given];
		const filled = entries.map((e) => fillEntry(collection.values, e, samples, version));
		result[kind] = multiple ? filled : filled[0];
	}
	return JSON.stringify(result) === JSON.stringify(property.default) ? undefined : result;
}

/** A node's newest version: what the node creator adds today. */
export function latestVersion(description: INodeTypeDescription): number {
	return Math.max(...([] as number[]).concat(description.version));
}

/** The parameters of one resource + operation, every required field shown filled. */
export function operationParameters(
	description: INodeTypeDescription,
	resource: string,
	operation: string,
	samples: Samples,
): Pick<OperationCase, 'parameters' | 'shown'> {
	const properties = description.properties;
	const version = latestVersion(description);
	const parameters: Values = { resource, operation };
	const valueOf = (name: string, depth = 0): unknown => {
		if (name in parameters) return parameters[name];
		if (depth > 10) return undefined;
		const property = properties.find(
			(p) => p.name === name && isShown(p, (n) => valueOf(n, depth + 1), version),
		);
		return property?.default;
	};
	// Until nothing changes: a filled field can show another one.
	for (let pass = 0, changed = true; changed && pass < 10; pass++) {
		changed = false;
		for (const property of properties) {
			if (property.name in parameters || !isShown(property, valueOf, version)) continue;
			if (!property.required && property.type !== 'fixedCollection') continue;
			const value = requiredValue(property, samples, version);
			if (value === undefined) continue;
			parameters[property.name] = value;
			changed = true;
		}
	}
	const shown: OperationCase['shown'] = [];
	for (const property of properties) {
		if (shown.some((s) => s.name === property.name) || !isShown(property, valueOf, version))
			continue;
		shown.push({ name: property.name, type: property.type });
	}
	return { parameters, shown };
}

/** Every resource × operation of the action node, in the order of its menus. */
export function operationCases(
	description: INodeTypeDescription,
	samples: Samples,
): OperationCase[] {
	const resourceProperty = description.properties.find((p) => p.name === 'resource');
	const cases: OperationCase[] = [];
	for (const resource of options(resourceProperty)) {
		const operationProperty = description.properties.find(
			(p) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource as unknown[] | undefined)?.includes(resource.value),
		);
		for (const operation of options(operationProperty)) {
			cases.push({
				resource: String(resource.value),
				resourceName: resource.name,
				operation: String(operation.value),
				operationName: operation.name,
				action: operation.action,
				...operationParameters(
					description,
					String(resource.value),
					String(operation.value),
					samples,
				),
			});
		}
	}
	return cases;
}

/** The n8n `data-test-id` that holds a top-level field of a given type in the node's panel, when it has one. */
export function fieldTestId(field: { name: string; type: string }): string | undefined {
	switch (field.type) {
		case 'collection':
		case 'notice':
		case 'hidden':
		case 'callout':
			return undefined;
		case 'fixedCollection':
			return `fixed-collection-${field.name}`;
		case 'resourceMapper':
			return 'resource-mapper-container';
		default:
			return `parameter-input-${field.name}`;
	}
}
