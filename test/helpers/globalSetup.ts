// Jest globalSetup: one folder per `npm test` run where every node test file writes its sandbox request log,
// so the operation-coverage test can check what the node sent during the whole suite.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function globalSetup(): void {
	process.env.ESIGN_TEST_RUN_DIR = mkdtempSync(join(tmpdir(), 'esign-test-run-'));
}
