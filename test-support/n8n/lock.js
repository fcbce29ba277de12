// A lock between processes of this machine, for installers that two suites (or two checkouts) may start at once:
// the second waits for the first instead of failing on dpkg's lock or installing the same n8n twice.
// A lock is a folder made atomically by mkdir, holding the owner's pid; a lock whose owner is gone is taken over.
const { mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');

const pause = new Int32Array(new SharedArrayBuffer(4));

function sleepSync(ms) {
	Atomics.wait(pause, 0, 0, ms);
}

function alive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

function ownerOf(dir) {
	try {
		return Number(readFileSync(`${dir}/pid`, 'utf8'));
	} catch {
		return NaN;
	}
}

/**
 * Runs `work` holding the lock `dir` (synchronously); waits up to `timeoutMs` for another holder, saying once
 * through `log` whom it waits for.
 */
function withLock(dir, work, { timeoutMs = 30 * 60_000, log = () => undefined } = {}) {
	const deadline = Date.now() + timeoutMs;
	let said = false;
	for (;;) {
		try {
			mkdirSync(dir, { recursive: false });
			writeFileSync(`${dir}/pid`, String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			const owner = ownerOf(dir);
			// a folder without a pid yet is being made right now; one whose owner is gone is stale
			if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
				rmSync(dir, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline)
				throw new Error(`${dir} is still held by process ${owner} after ${timeoutMs / 1000} s`);
			if (!said) log(`waiting for process ${owner}, which holds ${dir}`);
			said = true;
			sleepSync(1000);
		}
	}
	try {
		return work();
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

module.exports = { withLock };
