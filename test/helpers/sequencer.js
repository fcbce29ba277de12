// Runs the operation-coverage test after every other test file (it reads their request logs).
const Sequencer = require('@jest/test-sequencer').default;

class CoverageLastSequencer extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const isCoverage = (t) => t.path.endsWith('operation-coverage.test.ts');
		return [...sorted.filter((t) => !isCoverage(t)), ...sorted.filter(isCoverage)];
	}
}

module.exports = CoverageLastSequencer;
