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
 * What a language model sees of each operation when the node is an AI tool, computed with n8n's own functions:
 * the tool's default description is "<action> in TRATO", and the tool's name is the node's default name
 * ("<action> in TRATO") with every other character than letters, digits, "_" and "-" turned into "_". OpenAI
 * refuses tool names longer than 64 characters, and n8n 1.x does not shorten them (2.x cuts them), so every
 * default tool name must fit, with room for the number n8n appends to a second node of the same name.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, nodeNameToToolName } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';

const node = new Trato().description;
/** The tool variant n8n makes of a `usableAsTool` node (n8n's convertNodeToAiTool, both majors). */
const tool: INodeTypeDescription = {
	...node,
	name: `${node.name}Tool`,
	displayName: `${node.displayName} Tool`,
	inputs: [],
	outputs: [NodeConnectionTypes.AiTool],
};

const operations = node.properties
	.filter((p): p is INodeProperties & { options: any[] } => p.name === 'operation')
	.flatMap((menu) =>
		menu.options.map((option: any) => ({
			resource: (menu.displayOptions?.show?.resource as string[])[0],
			operation: option.value as string,
			action: option.action as string,
		})),
	);

test('the node is usable as a tool and named TRATO in what the model reads', () => {
	expect(node.usableAsTool).toBe(true);
	expect(node.defaults.name).toBe('TRATO');
	expect(operations.length).toBeGreaterThanOrEqual(30);
});

test.each(operations)(
	'$resource → $operation: default tool description and name',
	({ resource, operation, action }) => {
		const parameters = { resource, operation };
		expect(NodeHelpers.makeDescription(parameters, tool)).toBe(`${action} in TRATO`);
		const toolName = nodeNameToToolName(NodeHelpers.makeNodeName(parameters, tool));
		expect(toolName).toMatch(/^[a-zA-Z0-9_-]+$/);
		// "…_in_TRATO12": room for n8n's suffix when the same operation is used twice.
		expect(toolName.length + 2).toBeLessThanOrEqual(64);
	},
);

test('every operation has its own action, so two tools never get the same default name', () => {
	const actions = operations.map((o) => o.action.toLowerCase());
	expect(new Set(actions).size).toBe(actions.length);
});
