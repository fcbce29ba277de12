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
 * The Operation menus and the operation modules agree: every menu entry has a module that runs it, every
 * module is reachable from a menu (the stored values themselves are kept by storedNames.test.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';
import { RESOURCES } from '../../nodes/Trato/actions/resources';

const properties = new Trato().description.properties;
const values = (p: INodeProperties | undefined) =>
	((p?.options ?? []) as Array<{ value: string }>).map((o) => o.value).sort();

const resourceMenu = properties.find((p) => p.name === 'resource');
const operationMenus = properties.filter((p) => p.name === 'operation');

test('the Resource menu lists exactly the resources that have modules', () => {
	expect(values(resourceMenu)).toEqual(Object.keys(RESOURCES).sort());
});

describe.each(Object.keys(RESOURCES))('%s', (resource) => {
	const menu = operationMenus.filter((p) =>
		(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
	);
	const modules = RESOURCES[resource as keyof typeof RESOURCES].operations as Record<
		string,
		{ execute?: unknown; description?: unknown }
	>;

	test('one Operation menu, each entry with a module and each module in the menu', () => {
		expect(menu).toHaveLength(1);
		expect(values(menu[0])).toEqual(Object.keys(modules).sort());
	});

	test('every module runs and describes its fields for its own operation only', () => {
		for (const [operation, module] of Object.entries(modules)) {
			expect(typeof module.execute).toBe('function');
			for (const field of module.description as INodeProperties[]) {
				expect(field.displayOptions?.show?.resource).toEqual([resource]);
				expect(field.displayOptions?.show?.operation).toEqual([operation]);
			}
		}
	});
});
