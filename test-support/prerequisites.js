#!/usr/bin/env node
// Everything the suites use from outside `npm ci`, installed once before CI's lanes start (`.ci/run`), so that no
// two suites install the same thing side by side: Debian's chromium, postgresql and redis-server (apt-get, as
// root), node 24 and both pinned n8n versions (into the cache under ~/.cache). What is there already is kept.
// The Debian packages and each n8n version install in parallel child processes (mostly waiting on the network);
// each installer also takes a lock of its own, so a suite started by hand meanwhile waits instead of failing.
//
//   node test-support/prerequisites.js            → all of them
//   node test-support/prerequisites.js debian     → only the Debian packages (also: n8n1, n8n2)
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const PARTS = {
	debian: [
		'-e',
		`require(${JSON.stringify(join(__dirname, 'n8n', 'debian.js'))}).ensurePackages(['chromium', 'postgresql', 'redis-server'], (m) => process.stderr.write('[debian] ' + m + '\\n'))`,
	],
	n8n1: [join(__dirname, 'n8n', 'n8n-install.js'), '1'],
	n8n2: [join(__dirname, 'n8n', 'n8n-install.js'), '2'],
};

function run(name) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(process.execPath, PARTS[name], { stdio: ['ignore', 'ignore', 'inherit'] });
		const took = () => Math.round((Date.now() - started) / 1000);
		child.on('error', (error) => resolve({ name, ok: false, why: error.message, took: took() }));
		child.on('close', (code) =>
			resolve({ name, ok: code === 0, why: `exit ${code}`, took: took() }),
		);
	});
}

async function main() {
	const asked = process.argv.slice(2);
	const unknown = asked.filter((name) => !(name in PARTS));
	if (unknown.length) {
		process.stderr.write(
			`unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}\n`,
		);
		process.exit(2);
	}
	const results = await Promise.all((asked.length ? asked : Object.keys(PARTS)).map(run));
	for (const { name, ok, why, took } of results)
		process.stdout.write(
			`prerequisite ${name}: ${ok ? 'ready' : `FAILED (${why})`} after ${took} s\n`,
		);
	process.exit(results.every((r) => r.ok) ? 0 : 1);
}

void main();
