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
 * Import first in a process that runs the node's TypeScript under tsx (benchmarks, the model check's CLI).
 * Under tsx, `import … from './Trato.node'` resolves to the codex file `Trato.node.json` (Node's CommonJS
 * resolution tries `.json` before tsx's `.ts`); jest resolves `.ts` first. Point `*.node` imports at the
 * TypeScript file when there is one, as jest does.
 */
import { existsSync } from 'node:fs';
import Module from 'node:module';
import { dirname, resolve } from 'node:path';

const moduleWithResolve = Module as unknown as {
	_resolveFilename: (
		request: string,
		parent: { filename?: string } | undefined,
		...rest: unknown[]
	) => string;
};
const originalResolve = moduleWithResolve._resolveFilename;
moduleWithResolve._resolveFilename = function (request, parent, ...rest) {
	if (request.startsWith('.') && request.endsWith('.node') && parent?.filename) {
		const candidate = resolve(dirname(parent.filename), `${request}.ts`);
		if (existsSync(candidate)) return candidate;
	}
	return originalResolve.call(this, request, parent, ...rest);
};
