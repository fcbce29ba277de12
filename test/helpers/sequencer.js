// The order in which jest hands the test files to its workers (jest.config.js maxWorkers): the model check first
// (the longest file: started first, it does not end the run alone), then jest's own order (slowest first from the
// last run, else largest), test/operation-coverage.test.ts last. The coverage test waits for every other file of
// the run (test/helpers/ledger.js): last in the queue, no file waits behind it for the worker it holds.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = 'test/trigger/model.test.ts';
const LAST = 'test/operation-coverage.test.ts';

class ModelFirstCoverageLastSequencer extends Sequencer {
	sort(tests) {
		const rank = (t) => (t.path.endsWith(FIRST) ? 0 : t.path.endsWith(LAST) ? 2 : 1);
		return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = ModelFirstCoverageLastSequencer;
