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
 * The n8n editor in a real browser, for `npm run test:ui` and `npm run screenshot`: Debian's `chromium` driven by
 * playwright-core (this machine reaches no CDN, so `npx playwright install` cannot fetch a browser), headless, with a
 * fresh profile and every background service off (it would flood a closed network otherwise).
 *
 * The selectors are n8n's own `data-test-id`s, the same in n8n 1.x and 2.x unless noted.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

import type { Owner } from './n8n';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const debian = require('./debian.js') as {
	CHROMIUM: string;
	ensurePackages(names: string[], log?: (message: string) => void): void;
};

export const CHROMIUM = debian.CHROMIUM;

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** Where n8n marks a parameter it considers wrong (a red triangle next to the input), in n8n 1.x and 2.x. */
export const PARAMETER_ISSUES = '[data-test-id="parameter-issues"]';
/** The warning n8n shows on a canvas node with parameter or credential issues, in n8n 1.x and 2.x. */
export const NODE_ISSUES = '[data-test-id="node-issues"]';

/** Installs Debian's chromium when it is missing (as root, one installer at a time); throws when it cannot. */
export function ensureChromium(log: (message: string) => void = () => undefined): string {
	debian.ensurePackages(['chromium'], log);
	return CHROMIUM;
}

export interface EditorBrowser {
	context: BrowserContext;
	page: Page;
	close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile folder (in `parent`, default the system's temporary folder; removed on
 * close) and one page of 1600 × 1000.
 */
export async function launchBrowser(
	options: { timeoutMs?: number; log?: (message: string) => void; parent?: string } = {},
): Promise<EditorBrowser> {
	const executablePath = ensureChromium(options.log);
	const profile = mkdtempSync(join(options.parent ?? tmpdir(), 'trato-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: 1600, height: 1000 },
		deviceScaleFactor: 1,
	});
	context.setDefaultTimeout(options.timeoutMs ?? 45_000);
	const page = context.pages()[0] ?? (await context.newPage());
	// Leaving a workflow with unsaved changes asks "leave the page?": yes.
	page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
	return {
		context,
		page,
		async close() {
			await context.close().catch(() => undefined);
			rmSync(profile, { recursive: true, force: true });
		},
	};
}

/** Signs in through the sign-in page (n8n binds its session cookie to the browser: a REST session cannot be reused). */
export async function signIn(page: Page, n8nUrl: string, owner: Owner): Promise<void> {
	await page.goto(`${n8nUrl}/signin`, { waitUntil: 'networkidle' });
	await page
		.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]')
		.first()
		.fill(owner.email);
	await page.locator('input[type="password"]').first().fill(owner.password);
	await page.keyboard.press('Enter');
	await page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 60_000 });
}

export function canvasNode(page: Page, name: string): Locator {
	return page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
}

/** The node details view (the node's panel). */
export function ndv(page: Page): Locator {
	return page.locator('[data-test-id="ndv"]');
}

/** The output side of the open node panel. */
export function outputPanel(page: Page): Locator {
	return ndv(page).locator('[data-test-id="output-panel"]');
}

/** Opens a stored workflow in the editor and waits for its canvas. */
export async function openWorkflow(page: Page, n8nUrl: string, workflowId: string): Promise<void> {
	await page.goto(`${n8nUrl}/workflow/${workflowId}`, { waitUntil: 'networkidle' });
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
}

/** Opens a node's panel by double-clicking it on the canvas. */
export async function openNode(page: Page, name: string): Promise<Locator> {
	await canvasNode(page, name).dblclick();
	const panel = ndv(page);
	await panel.locator('[data-test-id="node-parameters"]').waitFor();
	return panel;
}

/** Closes the node's panel (Escape; n8n 1.x "Back to canvas", n8n 2.x the × button otherwise). */
export async function closeNode(page: Page): Promise<void> {
	const panel = ndv(page);
	if (!(await panel.isVisible())) return;
	await page.keyboard.press('Escape');
	try {
		await panel.waitFor({ state: 'hidden', timeout: 5_000 });
	} catch {
		await page
			.locator('[data-test-id="back-to-canvas"], [data-test-id="ndv-close-button"]')
			.first()
			.click();
		await panel.waitFor({ state: 'hidden' });
	}
}

/** Closes the toasts n8n leaves in the lower right corner. */
export async function dismissToasts(page: Page): Promise<void> {
	for (const close of await page.locator('.el-notification__closeBtn').all())
		await close.click().catch(() => undefined);
}

/** Runs the open workflow with its "Execute workflow" button and waits until the given node shows success. */
export async function executeWorkflow(page: Page, lastNode: string): Promise<void> {
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	await canvasNode(page, lastNode)
		.locator('[data-test-id="canvas-node-status-success"]')
		.first()
		.waitFor({ timeout: 90_000 });
	await dismissToasts(page);
}

/** A screenshot of the whole page into a PNG file (its folder created). */
export async function saveScreenshot(page: Page, file: string): Promise<string> {
	mkdirSync(dirname(file), { recursive: true });
	await page.screenshot({ path: file });
	return file;
}
