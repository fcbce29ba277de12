/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/**
 * A manual `npm publish` from a laptop is refused: by the prepublishOnly guard (when npm runs lifecycle scripts)
 * and by npm itself (publishConfig.provenance: no CI provider can sign the provenance statement). Checked with
 * the guard alone, then with the real npm against a throw-away registry on loopback that records what reaches it.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { publishProblems } from '../../scripts/release/guard-publish';
import { laptopEnv, readPackageJson, ROOT, run, TSX } from './helpers';

const pkg = readPackageJson();

/** The environment of the publish job in .github/workflows/publish.yml, for the tag of the current version. */
function publishJobEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		GITHUB_ACTIONS: 'true',
		GITHUB_REF_TYPE: 'tag',
		GITHUB_REF_NAME: pkg.version,
		ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.example/request',
		ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token',
		NPM_CONFIG_PROVENANCE: 'true',
		...overrides,
	};
	for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
	return env;
}

describe('prepublishOnly guard (scripts/release/guard-publish.ts)', () => {
	it('accepts the publish job of a version tag with the OIDC permission and provenance', () => {
		expect(publishProblems(publishJobEnv(), pkg as any)).toEqual([]);
	});

	it('refuses a laptop, a job without id-token: write, a branch build and a tag of another version', () => {
		expect(publishProblems({}, pkg as any)).toEqual([
			'this is not a GitHub Actions job (GITHUB_ACTIONS is not "true")',
		]);
		expect(
			publishProblems(publishJobEnv({ ACTIONS_ID_TOKEN_REQUEST_URL: undefined }), pkg as any),
		).toEqual([expect.stringContaining('"permissions: id-token: write"')]);
		expect(
			publishProblems(
				publishJobEnv({ GITHUB_REF_TYPE: 'branch', GITHUB_REF_NAME: 'main' }),
				pkg as any,
			),
		).toEqual([expect.stringContaining('not started by a version tag')]);
		expect(publishProblems(publishJobEnv({ GITHUB_REF_NAME: '9.9.9' }), pkg as any)).toEqual([
			`the tag "9.9.9" is not the version in package.json ("${pkg.version}")`,
		]);
	});

	it('refuses when provenance is off, and package.json turns it on', () => {
		const withoutPublishConfig = { ...pkg, publishConfig: undefined } as any;
		expect(
			publishProblems(publishJobEnv({ NPM_CONFIG_PROVENANCE: undefined }), withoutPublishConfig),
		).toEqual([expect.stringContaining('provenance is off')]);
		expect(pkg.publishConfig).toEqual({ access: 'public', provenance: true });
	});

	it('exits 1 with the way to release on a laptop, 0 in the publish job (the script npm runs)', () => {
		const refused = run(TSX, ['scripts/release/guard-publish.ts'], { cwd: ROOT, env: laptopEnv() });
		expect(refused.status).toBe(1);
		expect(refused.stderr).toContain(`refusing to publish ${pkg.name}@${pkg.version}`);
		expect(refused.stderr).toContain('`npm run release` on main');

		const accepted = run(TSX, ['scripts/release/guard-publish.ts'], {
			cwd: ROOT,
			env: laptopEnv(publishJobEnv() as Record<string, string>),
		});
		expect(accepted.stdout).toContain(
			`publishing ${pkg.name}@${pkg.version} from its tag, with provenance`,
		);
		expect(accepted.status).toBe(0);
	});
});

describe('npm publish from a laptop, against a throw-away registry', () => {
	let work: string;
	let server: Server;
	let registry: string;
	const received: string[] = [];

	/** `npm publish` in a copy of the package (package.json, .npmrc, the guard), with a laptop's environment. */
	function publish(args: string[]): Promise<{ status: number | null; output: string }> {
		const dir = mkdtempSync(join(work, 'pkg-'));
		for (const file of ['package.json', '.npmrc', 'README.md', 'LICENSE.md']) {
			cpSync(join(ROOT, file), join(dir, file));
		}
		mkdirSync(join(dir, 'scripts', 'release'), { recursive: true });
		cpSync(
			join(ROOT, 'scripts', 'release', 'guard-publish.ts'),
			join(dir, 'scripts', 'release', 'guard-publish.ts'),
		);
		symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
		const host = registry.replace(/^http:/, '');
		const env = {
			PATH: process.env.PATH ?? '',
			HOME: join(work, 'home'),
			npm_config_update_notifier: 'false',
		};
		return new Promise((resolve, reject) => {
			const child = spawn(
				'npm',
				['publish', '--registry', registry, `--${host}:_authToken=not-a-real-token`, ...args],
				{ cwd: dir, env },
			);
			let output = '';
			child.stdout.on('data', (chunk) => (output += chunk));
			child.stderr.on('data', (chunk) => (output += chunk));
			child.on('error', reject);
			child.on('close', (status) => resolve({ status, output }));
		});
	}

	beforeAll(async () => {
		work = mkdtempSync(join(tmpdir(), 'trato-publish-'));
		mkdirSync(join(work, 'home'));
		server = createServer((req, res) => {
			req.resume();
			req.on('end', () => {
				received.push(`${req.method} ${req.url}`);
				if (req.method === 'PUT') {
					res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
				} else {
					res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
				}
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
	});

	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
		rmSync(work, { recursive: true, force: true });
	});

	beforeEach(() => {
		received.length = 0;
	});

	const uploads = () => received.filter((request) => request.startsWith('PUT'));

	it('is refused by npm (publishConfig.provenance) even though .npmrc skips lifecycle scripts', async () => {
		const result = await publish([]);
		expect(result.output).toContain(
			'Automatic provenance generation not supported for provider: null',
		);
		expect(result.status).not.toBe(0);
		expect(uploads()).toEqual([]);
	}, 60_000);

	it('is refused by the prepublishOnly guard when lifecycle scripts run', async () => {
		const result = await publish(['--ignore-scripts=false']);
		expect(result.output).toContain(
			`prepublishOnly: refusing to publish ${pkg.name}@${pkg.version}`,
		);
		expect(result.status).not.toBe(0);
		expect(uploads()).toEqual([]);
	}, 60_000);

	it('reaches the registry once both guards are switched off (the control: the refusals above are theirs)', async () => {
		const result = await publish(['--provenance=false']);
		expect(result.status).toBe(0);
		expect(result.output).toContain(`+ ${pkg.name}@${pkg.version}`);
		expect(uploads()).toEqual([`PUT /${pkg.name}`]);
	}, 60_000);
});
