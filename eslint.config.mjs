// Lint: n8n's own rule sets for what we publish (package.json, nodes/, credentials/), exactly as
// `@n8n/node-cli` configures them for community packages (community-nodes recommended, n8n-nodes-base
// community/credentials/nodes, no-console); a plain TypeScript lint for tests, sandbox, scripts and benchmarks.
import js from '@eslint/js';
import { config as n8nCommunityConfig } from '@n8n/node-cli/eslint';
import tseslint from 'typescript-eslint';

const shipped = ['nodes/**/*.ts', 'credentials/**/*.ts'];

// The node-cli config targets every **/*.ts; narrow those blocks to the shipped folders only.
const n8nBlocks = n8nCommunityConfig.map((block) =>
	Array.isArray(block.files) && block.files.includes('**/*.ts')
		? { ...block, files: shipped }
		: block,
);

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.n8n-dev/**', '**/*.js', '**/*.mjs'] },
	...n8nBlocks,
	...tseslint.config({
		files: [
			'test/**/*.ts',
			'test-e2e/**/*.ts',
			'test-ui/**/*.ts',
			'sandbox/**/*.ts',
			'scripts/**/*.ts',
			'bench/**/*.ts',
		],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
		},
	}),
];
