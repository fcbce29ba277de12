/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
/**
 * `npm run screenshot`: opens the n8n editor in headless Chromium on example workflow 1, runs it against a sandbox,
 * opens the Contract E-Sign node's panel and saves a PNG into docs/.
 *
 * Needs Debian's `chromium` (apt-get install chromium) and a built pack (npm run build).
 *   npm run screenshot -- [--n8n 2|1] [--node "Send for signature"] [--out docs/screenshot.png] [--keep]
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium, type Page } from 'playwright-core';

import { startSandbox } from '../sandbox';
import {
	DEV_OWNER,
	N8N_VERSIONS,
	N8nRest,
	REPO,
	importCredential,
	importWorkflow,
	installN8n,
	installPack,
	n8nEnv,
	startN8n,
	type N8nMajor,
} from './e2e/n8n';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const EXAMPLE = join(REPO, 'examples', '1-template-to-signing-links.json');

function say(message: string) {
	process.stdout.write(`[screenshot] ${message}\n`);
}

async function main() {
	const { values } = parseArgs({
		options: {
			n8n: { type: 'string', default: '2' },
			node: { type: 'string', default: 'Send for signature' },
			out: { type: 'string', default: 'docs/screenshot.png' },
			keep: { type: 'boolean', default: false },
		},
	});
	const major = values.n8n as N8nMajor;
	if (!(major in N8N_VERSIONS)) throw new Error(`--n8n must be 1 or 2, not "${values.n8n}"`);
	const out = resolve(REPO, values.out);
	const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as {
		id: string;
		nodes: Array<{ id: string; name: string }>;
	};
	const node = workflow.nodes.find((n) => n.name === values.node);
	if (!node) throw new Error(`Example 1 has no node "${values.node}"`);

	const install = installN8n(major);
	const dir = mkdtempSync(join(tmpdir(), 'esign-screenshot-'));
	const userFolder = join(dir, 'n8n');
	mkdirSync(userFolder);
	const sb = await startSandbox({ port: 0, seed: 12 });
	let stopN8n: (() => Promise<void>) | undefined;
	try {
		installPack(userFolder, 'copy');
		const env = n8nEnv(install, userFolder);
		await importCredential(install, env, dir, {
			id: 'esignCredential1',
			name: 'Contract E-Sign account',
			baseUrl: sb.baseUrl,
			apiKey: sb.apiKey,
			uploadUrl: sb.uploadUrl,
		});
		for (const name of readdirSync(join(REPO, 'examples')).filter((n) => n.endsWith('.json'))) {
			await importWorkflow(install, env, join(REPO, 'examples', name));
		}
		const n8n = await startN8n(install, env, { logFile: join(dir, 'n8n.log') });
		stopN8n = n8n.stop;
		say(`n8n ${install.version} on ${n8n.url}`);
		const rest = new N8nRest(n8n.url);
		await rest.ownerLogin(DEV_OWNER); // the owner account, set up through n8n's REST API

		const browser = await chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--disable-quic',
				'--no-first-run',
			],
		});
		try {
			const context = await browser.newContext({
				viewport: { width: 1600, height: 1000 },
				deviceScaleFactor: 1,
			});
			const page = await context.newPage();
			try {
				await shoot(page, `${n8n.url}/workflow/${workflow.id}`, node.name, out);
			} catch (error) {
				const failed = join(tmpdir(), 'esign-screenshot-failed.png');
				await page.screenshot({ path: failed }).catch(() => undefined);
				say(`failed; the page as it was is in ${failed}`);
				throw error;
			}
		} finally {
			await browser.close();
		}
	} finally {
		await stopN8n?.();
		await sb.close();
		if (!values.keep) rmSync(dir, { recursive: true, force: true });
		else say(`kept ${dir}`);
	}
}

async function shoot(page: Page, url: string, nodeName: string, out: string) {
	// Sign in as the owner (n8n binds its session cookie to the browser, so the REST session cannot be reused).
	await page.goto(`${new URL(url).origin}/signin`, { waitUntil: 'networkidle' });
	await page
		.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]')
		.first()
		.fill(DEV_OWNER.email);
	await page.locator('input[type="password"]').first().fill(DEV_OWNER.password);
	await page.keyboard.press('Enter');
	await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 30_000 });
	await page.goto(url, { waitUntil: 'networkidle' });
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });

	// Run the workflow so the panel shows what the node produced.
	const execute = page.locator('[data-test-id="execute-workflow-button"]').first();
	await execute.click();
	await page
		.locator(
			'[data-test-id="canvas-node"][data-node-name="Signing links"] [data-test-id="canvas-node-status-success"], [data-test-id="canvas-node"][data-node-name="Signing links"].success',
		)
		.first()
		.waitFor({ timeout: 60_000 })
		.catch(() => say('could not confirm the run finished; taking the picture anyway'));
	await page.waitForTimeout(1000);

	// Close the "workflow executed" toast, then open the node's panel (NDV) by double-clicking it on the canvas.
	for (const close of await page.locator('.el-notification__closeBtn').all())
		await close.click().catch(() => undefined);
	await page
		.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`)
		.first()
		.dblclick();
	await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(1500);
	mkdirSync(dirname(out), { recursive: true });
	await page.screenshot({ path: out });
	say(`saved ${out}`);
}

main().catch((error) => {
	process.stderr.write(`[screenshot] ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
