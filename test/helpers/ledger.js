// Jest reporter: writes into the run's folder (test/helpers/globalSetup.ts) how many test files the run has
// (ledger.total) and each file as it finishes, passed, failed or crashed (ledger.finished, one path a line), so
// that test/operation-coverage.test.ts knows when every other file of the run is done.
const { appendFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class RunLedger {
	onRunStart(results) {
		const dir = process.env.TRATO_TEST_RUN_DIR;
		if (!dir) return;
		writeFileSync(join(dir, 'ledger.finished'), '');
		writeFileSync(join(dir, 'ledger.total'), String(results.numTotalTestSuites));
	}

	onTestFileResult(test) {
		const dir = process.env.TRATO_TEST_RUN_DIR;
		if (dir) appendFileSync(join(dir, 'ledger.finished'), `${test.path}\n`);
	}

	getLastError() {
		return undefined;
	}
}

module.exports = RunLedger;
