/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testTimeout: 30000,
	testSequencer: '<rootDir>/test/helpers/sequencer.js',
	globalSetup: '<rootDir>/test/helpers/globalSetup.ts',
	setupFiles: ['<rootDir>/test-support/harness/setup-env.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
};
