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
 * One editor-test environment: a sandbox (random ports), a real n8n of one major version (installed into the cache
 * on first use, shared with the e2e tests) in a fresh user folder with this pack copied in as an installed
 * community package, the owner account and a sandbox credential made through n8n's REST API (no CLI start: faster),
 * and headless Chromium signed in to the editor.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { startSandbox, type Sandbox } from '../sandbox';
import {
	launchBrowser,
	saveScreenshot,
	signIn,
	type EditorBrowser,
} from '../test-support/n8n/editor';
import {
	DEV_OWNER,
	N8nRest,
	credentialData,
	installN8nAsync,
	installPack,
	n8nEnv,
	readJsonLines,
	startN8n,
	type N8nInstall,
	type N8nMajor,
	type RunningN8n,
} from '../test-support/n8n/n8n';
import { ARTIFACTS } from '../test-support/n8n/screenshots';

/** The name of the credential example workflows use. */
export const CREDENTIAL_NAME = 'TRATO account';

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}

export interface WorkflowSpec {
	name: string;
	nodes: WorkflowNode[];
	connections?: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

export interface UiEnv {
	major: N8nMajor;
	install: N8nInstall;
	sb: Sandbox;
	n8n: RunningN8n;
	rest: N8nRest;
	browser: EditorBrowser;
	page: Page;
	credential: { id: string; name: string };
	/** The sandbox's request log so far. */
	requests(): Array<{ method: string; path: string; status: number }>;
	/** Folder of this version's screenshots. */
	artifacts: string;
	/** Stores a workflow through the REST API (every TRATO credential slot set to the sandbox one). */
	createWorkflow(spec: WorkflowSpec): Promise<string>;
	/**
	 * Saves a screenshot of the page as <artifacts>/<name>.png when pictures are asked for (TRATO_UI_SCREENSHOTS=1,
	 * which `npm run screenshot` sets) or when `always` (a failure's picture); else takes none.
	 */
	screenshot(name: string, always?: boolean): Promise<string | undefined>;
	close(): Promise<void>;
}

function log(message: string) {
	process.stderr.write(`[ui] ${message}\n`);
}

export async function startUiEnv(major: N8nMajor): Promise<UiEnv> {
	const started = Date.now();
	const install = await installN8nAsync(major);
	const dir = mkdtempSync(join(tmpdir(), `trato-ui-n8n${major}-`));
	const userFolder = join(dir, 'n8n');
	mkdirSync(userFolder);
	const requestLog = join(dir, 'sandbox-requests.jsonl');
	writeFileSync(requestLog, '');
	const artifacts = join(ARTIFACTS, `n8n-${major}`);
	mkdirSync(artifacts, { recursive: true });
	// Pictures are overwritten run after run; the failures of an earlier run must not linger.
	for (const name of readdirSync(artifacts))
		if (name.startsWith('FAILED-')) rmSync(join(artifacts, name), { force: true });

	const cleanups: Array<() => Promise<void>> = [];
	// n8n runs in its own process group: a test run that is interrupted must not leave it running.
	let n8nGroup: number | undefined;
	const killN8n = () => {
		if (n8nGroup === undefined) return;
		try {
			process.kill(-n8nGroup, 'SIGKILL');
		} catch {
			// already gone
		}
	};
	const onSignal = (signal: NodeJS.Signals) => {
		killN8n();
		if (!process.env.UI_KEEP) rmSync(dir, { recursive: true, force: true });
		process.exit(signal === 'SIGINT' ? 130 : 143);
	};
	process.once('SIGINT', onSignal).once('SIGTERM', onSignal).once('exit', killN8n);
	const close = async () => {
		for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
		n8nGroup = undefined;
		process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('exit', killN8n);
		if (!process.env.UI_KEEP) rmSync(dir, { recursive: true, force: true });
		else log(`kept ${dir}`);
	};
	try {
		const sb = await startSandbox({ port: 0, requestLog });
		cleanups.push(() => sb.close());
		installPack(userFolder, 'copy');
		const n8n = await startN8n(install, n8nEnv(install, userFolder), {
			logFile: join(dir, 'n8n.log'),
		});
		n8nGroup = n8n.child.pid;
		cleanups.push(() => n8n.stop());
		const rest = new N8nRest(n8n.url);
		await rest.ownerLogin(DEV_OWNER);
		const created = await rest.createCredential(
			CREDENTIAL_NAME,
			credentialData({ baseUrl: sb.baseUrl, apiKey: sb.apiKey }),
		);
		const credential = { id: created.id, name: created.name };
		const browser = await launchBrowser({ log, parent: dir });
		cleanups.push(() => browser.close());
		await signIn(browser.page, n8n.url, DEV_OWNER);
		log(
			`n8n ${install.version} on ${n8n.url}, sandbox on ${sb.baseUrl}, browser signed in: ${Math.round((Date.now() - started) / 1000)} s (user folder ${userFolder})`,
		);
		return {
			major,
			install,
			sb,
			n8n,
			rest,
			browser,
			page: browser.page,
			credential,
			artifacts,
			requests: () => readJsonLines<{ method: string; path: string; status: number }>(requestLog),
			async createWorkflow(spec) {
				const nodes = spec.nodes.map((node) =>
					node.credentials?.tratoApi || node.type.startsWith('n8n-nodes-trato.')
						? { ...node, credentials: { ...node.credentials, tratoApi: credential } }
						: node,
				);
				return await rest.createWorkflow({ ...spec, nodes });
			},
			screenshot: async (name, always = false) =>
				always || process.env.TRATO_UI_SCREENSHOTS === '1'
					? await saveScreenshot(browser.page, join(artifacts, `${name}.png`))
					: undefined,
			close,
		};
	} catch (error) {
		await close();
		throw error;
	}
}
