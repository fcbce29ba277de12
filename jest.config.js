/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testTimeout: 30000,
	// Two workers (this machine has 2 cores; jest's default is one fewer than the cores): the files are safe to run
	// side by side (random ports, temporary folders, no shared state but the run's folder, whose files are per process).
	maxWorkers: 2,
	testSequencer: '<rootDir>/test/helpers/sequencer.js',
	// jest's own reporter, and the run ledger that tells test/operation-coverage.test.ts when every other file is done
	reporters: ['default', '<rootDir>/test/helpers/ledger.js'],
	globalSetup: '<rootDir>/test/helpers/globalSetup.ts',
	setupFiles: ['<rootDir>/test-support/harness/setup-env.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
};
