// The Debian packages the suites use (chromium for the editor; postgresql and redis-server for queue mode),
// found where Debian puts them and installed with apt-get when missing: one installer at a time on this machine
// (a lock of our own, and dpkg's lock waited for when someone else holds it), `apt-get update` only when the
// package lists are empty or an install fails on them.
const { execFileSync, spawnSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const { withLock } = require('./lock.js');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const APT_LOCK = '/tmp/n8n-nodes-trato-apt.lock';

/** The newest installed Postgres server's bin folder (Debian: /usr/lib/postgresql/<major>/bin). */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const majors = readdirSync(root)
		.filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? join(root, majors[0], 'bin') : undefined;
}

function redisBin() {
	return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((f) => existsSync(f));
}

function userExists(name) {
	return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** Each package the suites use, and whether this machine has what it gives. */
const PACKAGES = {
	chromium: () => existsSync(CHROMIUM),
	postgresql: () => postgresBin() !== undefined && userExists('postgres'),
	'redis-server': () => redisBin() !== undefined,
};

function missing(names) {
	return names.filter((name) => !PACKAGES[name]());
}

function listsEmpty() {
	const lists = '/var/lib/apt/lists';
	return !existsSync(lists) || !readdirSync(lists).some((f) => f.includes('_Packages'));
}

/**
 * Installs those of `names` (keys of PACKAGES) this machine lacks, in one apt-get call; throws with the command to
 * run when it cannot (not root, or CHROMIUM_PATH names a browser that is not there).
 */
function ensurePackages(names, log = () => undefined) {
	if (missing(names).length === 0) return;
	if (process.getuid?.() !== 0 || (names.includes('chromium') && process.env.CHROMIUM_PATH))
		throw new Error(
			`missing: ${missing(names).join(', ')}; install as root: apt-get install -y ${missing(names).join(' ')}`,
		);
	withLock(
		APT_LOCK,
		() => {
			const lacking = missing(names); // another process may have installed them while this one waited
			if (lacking.length === 0) return;
			const apt = (args) => {
				log(`apt-get ${args.join(' ')}`);
				execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=900', ...args], {
					stdio: ['ignore', 'inherit', 'inherit'],
					env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
				});
			};
			// with their recommended packages, as a user installs them (chromium's fonts among them)
			const install = ['install', '-y', '-qq', ...lacking];
			if (listsEmpty()) apt(['update', '-qq']);
			try {
				apt(install);
			} catch {
				// stale package lists (a package moved to a newer version): read them again once
				apt(['update', '-qq']);
				apt(install);
			}
		},
		{ log },
	);
	const still = missing(names);
	if (still.length)
		throw new Error(`apt-get installed ${names.join(' ')}, but ${still} is missing`);
}

module.exports = { CHROMIUM, PACKAGES, ensurePackages, postgresBin, redisBin };
