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
 * The editor as a user clicks it, in headless Chromium against a real n8n (1.x, then 2.x; UI_N8N=1 or 2 for one)
 * with the built pack and a sandbox:
 *  - the credential dialog: Save tests the connection; the sandbox key succeeds; a wrong key fails and the page
 *    never shows it;
 *  - the node creator: "Contract" finds the node, every operation is listed, one is added;
 *  - every resource × operation of the built description, configured with its required fields: the panel renders
 *    them and n8n shows no parameter issue (a control node with an empty required field shows one, so the check can
 *    fail);
 *  - the template, contract and participant pickers list the sandbox's records and typing filters them; the variable
 *    mapper shows the chosen participant's variables; Create From Template and Send shows the chosen template's roles
 *    and variables (read, nothing created), and says so for a template no contract was made from;
 *  - the trigger's "Fetch Test Event" on a sandbox with a signed contract: one item with its eventId;
 *  - the node creator lists both triggers under names that tell them apart; the instant trigger's panel shows its
 *    Test and Production URLs and where to paste them; "Listen for test event" + a sandbox delivery: one item;
 *  - a failing test leaves the page as it was in test-ui/artifacts/n8n-<major>/FAILED-<name>.png (CI artifacts); with
 *    TRATO_UI_SCREENSHOTS=1 every panel is pictured there too, and example 1's "Create and send from template" panel after a run
 *    is the README picture (npm run screenshot sets it and copies the pictures to docs/).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { TEMPLATES, type Sandbox } from '../sandbox';
import {
	NODE_ISSUES,
	PARAMETER_ISSUES,
	canvasNode,
	closeNode,
	dismissToasts,
	executeWorkflow,
	ndv,
	openNode,
	openWorkflow,
	outputPanel,
} from '../test-support/n8n/editor';
import {
	N8N_VERSIONS,
	NODE_TYPE,
	PACKAGE_NAME,
	TRIGGER_TYPE,
	n8nMajors,
} from '../test-support/n8n/n8n';
import {
	README_ARTIFACT,
	README_EXAMPLE,
	README_NODE,
	README_TEST,
	INSTANT_ARTIFACT,
	INSTANT_TEST,
} from '../test-support/n8n/screenshots';

const INSTANT_TRIGGER_TYPE = `${PACKAGE_NAME}.tratoWebhookTrigger`;
import { startUiEnv, type UiEnv, type WorkflowNode } from './env';
import {
	actionDescription,
	credentialDisplayName,
	fieldTestId,
	instantTriggerDescription,
	latestVersion,
	operationCases,
	operationParameters,
	triggerDescription,
	type OperationCase,
	type Samples,
} from './operations';

const MAJORS = n8nMajors(process.env.UI_N8N);

const LEASE = TEMPLATES[0];
/** A template no contract is made from in these tests (the services contract). */
const FRESH = TEMPLATES[2];

/** Sandbox records the tests need, made before the editor opens. */
interface Fixtures {
	/** A contract from the lease template, with a custom property and a spectator. */
	lease: { id: string; participants: Array<{ id: string; label: string }> };
	propertyId: string;
	spectatorId: string;
	/** Contracts with distinct names for the contract picker. */
	named: Array<{ id: string; name: string }>;
	/** A contract everybody signed (RECEIVED_SIGNED). */
	signed: string;
}

async function api(sb: Sandbox, method: string, path: string, body?: unknown): Promise<any> {
	const response = await fetch(`${sb.baseUrl}${path}`, {
		method,
		headers: { apikey: sb.apiKey, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = (await response.json()) as any;
	assert.ok(response.ok && json.success !== false, `${method} ${path}: ${JSON.stringify(json)}`);
	return json;
}

async function makeFixtures(sb: Sandbox, run: string): Promise<Fixtures> {
	const lease = sb.control.createContract({
		templateId: LEASE.templateId,
		name: `UI lease ${run}`,
	});
	await api(sb, 'POST', `/api/contracts/${lease._id}/customproperties`, {
		properties: [{ name: 'department', value: 'Legal' }],
	});
	const properties = await api(sb, 'GET', `/api/contracts/${lease._id}/customproperties`);
	await api(sb, 'POST', `/api/contracts/${lease._id}/spectators`, {
		name: 'Laura Méndez',
		email: 'laura.mendez@example.com',
	});
	const spectators = await api(sb, 'GET', `/api/contracts/${lease._id}/spectators`);
	const named = ['Alpha', 'Bravo', 'Charlie'].map((word) => {
		const name = `UI picker ${word} ${run}`;
		return { id: sb.control.createContract({ name })._id, name };
	});
	const toSign = sb.control.createContract({
		name: `UI signed ${run}`,
		status: 'SENT_TO_SIGN',
		participants: [
			{ name: 'Ana López', email: 'ana.lopez@example.com' },
			{ name: 'Beto Ruiz', email: 'beto.ruiz@example.com' },
		],
	});
	sb.control.sign(toSign._id);
	assert.equal(sb.control.getContract(toSign._id)?.status, 'RECEIVED_SIGNED');
	const spectatorList = Array.isArray(spectators) ? spectators : (spectators.spectators ?? []);
	return {
		lease: {
			id: lease._id,
			participants: lease.participants.map((p) => ({ id: p._id, label: p.label })),
		},
		propertyId: properties.properties[0]._id,
		spectatorId: spectatorList[0]._id,
		named,
		signed: toSign._id,
	};
}

function samplesOf(f: Fixtures): Samples {
	return {
		locators: {
			contractId: f.lease.id,
			participantId: f.lease.participants[0].id,
			templateId: LEASE.templateId,
			propertyId: f.propertyId,
			spectatorId: f.spectatorId,
		},
		strings: { email: 'ana.lopez@example.com' },
	};
}

function actionNode(
	name: string,
	parameters: Record<string, unknown>,
	index: number,
	columns = 6,
): WorkflowNode {
	return {
		name,
		type: NODE_TYPE,
		typeVersion: latestVersion(actionDescription()),
		position: [(index % columns) * 260, Math.floor(index / columns) * 220],
		parameters,
	};
}

/**
 * What the few callbacks run in the browser page read (the project type-checks in one program, without the DOM
 * library): an element's text and markup, and the page's document.
 */
interface PageElement {
	innerText: string;
	outerHTML: string;
	cloneNode(deep: boolean): PageElement;
	querySelectorAll(selector: string): Iterable<{ removeAttribute(name: string): void }>;
}
declare const document: { documentElement: PageElement; body: PageElement };

/** Where each parameter issue of the open panel is (the parameter's label), for a readable failure. */
async function issueReport(panel: Locator): Promise<string[]> {
	return await panel.locator(PARAMETER_ISSUES).evaluateAll((marks) =>
		marks.map((mark) => {
			const item = mark.closest(
				'[data-test-id="parameter-item"], [data-test-id$="-parameter-input-options-container"]',
			);
			const label = (item as PageElement | null)?.innerText.split('\n')[0] ?? '?';
			return `${label} (${mark.closest('[data-test-id^="parameter-input-"]')?.getAttribute('data-test-id') ?? 'no input id'})`;
		}),
	);
}

/** Visible items of the open picker's list (n8n's resource locator dropdown). */
function pickerItems(page: Page): Locator {
	return page.locator('[data-test-id="rlc-item"]').filter({ visible: true });
}

/** Opens the "From List" picker of a resource locator in the open panel and waits for its items. */
async function openPicker(page: Page, parameter: string): Promise<Locator> {
	await ndv(page)
		.locator(`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-input"]`)
		.click();
	const items = pickerItems(page);
	await items.first().waitFor();
	return items;
}

/** Types into the open picker's search box and waits until its list shows exactly `count` items. */
async function filterPicker(page: Page, text: string, count: number): Promise<string[]> {
	await page
		.locator('[data-test-id="rlc-search"]')
		.filter({ visible: true })
		.locator('xpath=descendant-or-self::input')
		.first()
		.fill(text);
	const items = pickerItems(page);
	const deadline = Date.now() + 30_000;
	while ((await items.count()) !== count && Date.now() < deadline) await page.waitForTimeout(200);
	return await items.allInnerTexts();
}

/** A word of one name that no other name contains (the text to type so that exactly that one is left). */
function distinctiveWord(names: string[], index: number): string {
	const others = names.filter((_, i) => i !== index).map((n) => n.toLowerCase());
	const word = names[index]
		.split(/[^\p{L}\p{N}]+/u)
		.filter((w) => w.length >= 4)
		.find((w) => !others.some((o) => o.includes(w.toLowerCase())));
	assert.ok(word, `"${names[index]}" has no word the other names lack`);
	return word;
}

/** The rows of the output panel's table view, as {column: cell text} (the JSON view is not plain text in 2.x). */
async function outputTable(page: Page): Promise<Array<Record<string, string>>> {
	const output = outputPanel(page);
	await output.locator('[data-test-id="radio-button-table"]').click();
	const table = output.locator('[data-test-id="ndv-data-container"] table').first();
	await table.waitFor();
	// Inline callbacks only: a named helper inside would need the bundler's __name in the page.
	return await table.evaluate((element) => {
		const headers = [...element.querySelectorAll('thead th')].map((th) =>
			(th as unknown as PageElement).innerText.trim(),
		);
		return [...element.querySelectorAll('tbody tr')].map((row) =>
			Object.fromEntries(
				[...row.querySelectorAll('td')].map((td, i) => [headers[i], td.innerText.trim()]),
			),
		);
	});
}

/** The page's text and markup, without what the user typed into the API key field itself. */
async function pageWithoutKeyInput(page: Page): Promise<string> {
	return await page.evaluate(() => {
		const copy = document.documentElement.cloneNode(true);
		for (const input of copy.querySelectorAll('[data-test-id="parameter-input-apiKey"] input'))
			input.removeAttribute('value');
		return `${document.body.innerText}\n${copy.outerHTML}`;
	});
}

for (const major of MAJORS) {
	describe(`n8n ${N8N_VERSIONS[major]} editor`, { concurrency: false }, () => {
		let e: UiEnv;
		let fixtures: Fixtures;
		let cases: OperationCase[];
		const description = actionDescription();

		before(async () => {
			e = await startUiEnv(major);
			fixtures = await makeFixtures(e.sb, randomBytes(3).toString('hex'));
			cases = operationCases(description, samplesOf(fixtures));
		});

		after(async () => {
			await e?.close();
		});

		/**
		 * Runs a test body; on failure the page as it was is saved as FAILED-<name>.png next to the screenshots, and
		 * whatever the body left open (a list, the node's panel) is closed so the next test starts from the canvas.
		 */
		async function withPage(name: string, body: (page: Page) => Promise<void>) {
			try {
				await body(e.page);
			} catch (error) {
				const file = await e.screenshot(`FAILED-${name}`, true).catch(() => undefined);
				if (file) process.stderr.write(`[ui] the page as it was: ${file}\n`);
				await e.page.keyboard.press('Escape').catch(() => undefined);
				await closeNode(e.page).catch(() => undefined);
				throw error;
			}
		}

		test(
			'credential dialog: Save tests the connection; a wrong key fails without showing it',
			{ timeout: 5 * 60_000 },
			async () => {
				await withPage('credential', async (page) => {
					const wrongKey = `sk_wrong_${randomBytes(12).toString('hex')}`;
					await page.goto(`${e.n8n.url}/home/credentials/create`, { waitUntil: 'networkidle' });
					const typeName = credentialDisplayName();
					const typeSelect = page
						.locator('[data-test-id="new-credential-type-select"] input')
						.first();
					await typeSelect.fill(typeName);
					await page
						.locator('[data-test-id="new-credential-type-select-option"]')
						.filter({ hasText: typeName, visible: true })
						.click();
					await page.locator('[data-test-id="new-credential-type-button"]').click();
					const dialog = page.locator('[data-test-id="credential-edit-dialog"]');
					// A new credential starts on Production, without a Base URL field; Custom URL shows it.
					const environment = dialog.locator('[data-test-id="parameter-input-environment"]');
					await environment.waitFor();
					// the select fills its input a moment after it is drawn (seen empty once on a loaded machine)
					const shownEnvironment = environment.locator('input').first();
					const deadline = Date.now() + 10_000;
					while ((await shownEnvironment.inputValue()) === '' && Date.now() < deadline)
						await page.waitForTimeout(200);
					assert.equal(await shownEnvironment.inputValue(), 'Production');
					const baseUrl = dialog.locator('[data-test-id="parameter-input-baseUrl"] input');
					assert.equal(await baseUrl.count(), 0, 'no Base URL field for Production');
					await environment.click();
					const choices = page.locator('.el-select-dropdown__item').filter({ visible: true });
					await choices.first().waitFor();
					assert.deepEqual(
						(await choices.allInnerTexts()).map((text) => text.split('\n')[0].trim()),
						['Production', 'Staging', 'Custom URL'],
					);
					await e.screenshot('credential-environments');
					await choices.filter({ hasText: 'Custom URL' }).first().click();
					// Always typed: the field's default is not to be relied on.
					await baseUrl.fill(e.sb.baseUrl);
					const apiKey = dialog.locator('[data-test-id="parameter-input-apiKey"] input');
					const save = page.locator('[data-test-id="credential-save-button"]');
					const failure = dialog
						.locator('.el-tag--danger')
						.filter({ hasText: /\S/, visible: true });
					const success = dialog.locator(
						'[data-test-id="credentials-config-container-test-success"]',
					);
					const tests = () =>
						e
							.requests()
							.filter((r) => r.path === '/api/authentication')
							.map((r) => r.status);

					await apiKey.fill(wrongKey);
					await save.click();
					await failure.last().waitFor();
					const wrong = tests();
					assert.ok(wrong.length > 0, 'Save tested the key against the sandbox');
					assert.deepEqual(new Set(wrong), new Set([401]), 'the sandbox refused the wrong key');
					assert.equal(await success.isVisible(), false);
					// n8n's banner hides the reason behind "More details".
					const more = failure.last().getByText('More details');
					if (await more.isVisible()) await more.click();
					const banner = (await failure.last().innerText()).trim();
					assert.ok(banner.split('\n').length > 1, `the banner gives a reason: "${banner}"`);
					const shown = await pageWithoutKeyInput(page);
					assert.ok(!shown.includes(wrongKey), 'the wrong key is nowhere on the page');
					assert.ok(!shown.includes(wrongKey.slice(0, 12) + '…'), 'nor a shortened copy of it');
					await e.screenshot('credential-wrong-key');

					await apiKey.fill(e.sb.apiKey);
					await save.click();
					await success.waitFor({ state: 'visible' });
					assert.equal(tests().slice(wrong.length).at(-1), 200, 'Save tested the sandbox key');
					assert.equal(await failure.count(), 0, 'the failure banner is gone');
					assert.ok(!(await pageWithoutKeyInput(page)).includes(e.sb.apiKey));
					// The banner's button tests the saved credential again.
					const before = tests().length;
					await success.locator('button').click();
					for (const end = Date.now() + 30_000; tests().length === before && Date.now() < end; )
						await page.waitForTimeout(200);
					assert.equal(tests().slice(before).at(-1), 200, 'the retest reached the sandbox');
					await success.waitFor({ state: 'visible' });
					await e.screenshot('credential-success');
					await page.keyboard.press('Escape');
				});
			},
		);

		test(
			'node creator: "Contract" finds the node with every operation; one is added',
			{ timeout: 5 * 60_000 },
			async () => {
				await withPage('node-creator', async (page) => {
					await page.goto(`${e.n8n.url}/workflow/new`, { waitUntil: 'networkidle' });
					await page.locator('[data-test-id="canvas-plus-button"]').click();
					await page.locator('[data-test-id="node-creator-search-bar"]').fill('Contract');
					const node = page
						.locator('[data-test-id="node-creator-item-name"]')
						.filter({ hasText: new RegExp(`^${description.displayName}$`), visible: true });
					await node.click();
					const actions = page
						.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"]')
						.filter({ visible: true });
					const first = cases[0];
					assert.ok(first.action, 'operations have an action text for the node creator');
					const action = actions.filter({ hasText: first.action });
					if (!(await action.first().isVisible())) {
						// n8n lists the node's triggers first and may fold its actions.
						await page
							.locator('[data-test-id="node-creator-category-item"]')
							.filter({ hasText: /Actions/, visible: true })
							.click();
					}
					await action.first().waitFor();
					// n8n renders a long list in batches: wait for the last of them.
					const missingNow = async () => {
						const listed = (await actions.allInnerTexts()).map((text) => text.trim());
						return cases.filter((c) => c.action && !listed.includes(c.action));
					};
					let missing = await missingNow();
					for (const deadline = Date.now() + 15_000; missing.length && Date.now() < deadline; ) {
						await page.waitForTimeout(250);
						missing = await missingNow();
					}
					assert.deepEqual(
						missing.map((c) => `${c.resource}/${c.operation}: ${c.action}`),
						[],
						'every operation is in the node creator',
					);
					await e.screenshot('node-creator');
					await action.first().click();
					const panel = ndv(page);
					await panel.locator('[data-test-id="parameter-input-operation"]').waitFor();
					const value = (id: string) =>
						panel.locator(`[data-test-id="parameter-input-${id}"] input`).first().inputValue();
					assert.equal(await value('resource'), first.resourceName);
					assert.equal(await value('operation'), first.operationName);
					await e.screenshot('node-creator-added');
					await closeNode(page);
				});
			},
		);

		test(
			'every resource and operation: the panel renders with no parameter issue',
			{ timeout: 15 * 60_000 },
			async (t) => {
				const control = 'Control: contract without ID';
				const controlParameters = {
					...operationParameters(description, 'contract', 'get', samplesOf(fixtures)).parameters,
					contractId: { __rl: true, mode: 'id', value: '' },
				};
				const nodes = [
					actionNode(control, controlParameters, 0),
					...cases.map((c, i) => actionNode(`${c.resource} ${c.operation}`, c.parameters, i + 1)),
				];
				const workflowId = await e.createWorkflow({ name: 'UI: every operation', nodes });
				const page = e.page;
				await openWorkflow(page, e.n8n.url, workflowId);

				await t.test(
					'control: n8n marks an empty required field (so this check can fail)',
					async () => {
						await withPage('control', async () => {
							assert.equal(await canvasNode(page, control).locator(NODE_ISSUES).count(), 1);
							const panel = await openNode(page, control);
							await panel.locator(PARAMETER_ISSUES).first().waitFor();
							assert.deepEqual(
								(await issueReport(panel)).length,
								1,
								'exactly one issue: the empty contract ID',
							);
							await closeNode(page);
						});
					},
				);

				for (const c of cases) {
					const name = `${c.resource} ${c.operation}`;
					await t.test(`${c.resourceName} → ${c.operationName}`, async () => {
						await withPage(`${c.resource}-${c.operation}`, async () => {
							const panel = await openNode(page, name);
							for (const field of c.shown) {
								const id = fieldTestId(field);
								if (id) await panel.locator(`[data-test-id="${id}"]`).first().waitFor();
							}
							if (c.shown.some((f) => f.type === 'resourceMapper')) {
								await panel.locator('[data-test-id="mapping-fields-container"]').waitFor();
							}
							await page.waitForTimeout(300);
							assert.deepEqual(
								await issueReport(panel),
								[],
								`n8n shows no parameter issue on "${name}"`,
							);
							const credential = await panel
								.locator('[data-test-id="node-credentials-select"] input')
								.first()
								.inputValue();
							assert.equal(credential, e.credential.name, 'the sandbox credential is selected');
							await e.screenshot(join('panels', `${c.resource}-${c.operation}`));
							await closeNode(page);
						});
					});
				}

				await t.test('canvas: no node but the control shows issues', async () => {
					const flagged: string[] = [];
					for (const node of nodes)
						if ((await canvasNode(page, node.name).locator(NODE_ISSUES).count()) > 0)
							flagged.push(node.name);
					assert.deepEqual(flagged, [control]);
					await e.screenshot('canvas-every-operation');
				});
			},
		);

		describe(
			'pickers and the variable mapper',
			{ concurrency: false, timeout: 10 * 60_000 },
			() => {
				const nodes = {
					template: 'Template picker',
					contract: 'Contract picker',
					participant: 'Participant picker',
					mapper: 'Variable mapper',
					templateFields: 'Template fields',
					freshTemplate: 'Template without contracts',
				};
				let workflowId: string;

				before(async () => {
					const samples = samplesOf(fixtures);
					const fromList = { __rl: true, mode: 'list', value: '' };
					const params = (
						resource: string,
						operation: string,
						overrides: Record<string, unknown>,
					) => ({
						...operationParameters(description, resource, operation, samples).parameters,
						...overrides,
					});
					workflowId = await e.createWorkflow({
						name: 'UI: pickers',
						nodes: [
							actionNode(nodes.template, params('contract', 'create', { templateId: fromList }), 0),
							actionNode(nodes.contract, params('contract', 'get', { contractId: fromList }), 1),
							actionNode(
								nodes.participant,
								params('participant', 'get', { participantId: fromList }),
								2,
							),
							actionNode(nodes.mapper, params('variable', 'set', { participantId: fromList }), 3),
							actionNode(
								nodes.templateFields,
								params('contract', 'createFromTemplate', { templateId: fromList }),
								4,
							),
							actionNode(
								nodes.freshTemplate,
								params('contract', 'createFromTemplate', {
									templateId: { __rl: true, mode: 'id', value: FRESH.templateId },
								}),
								5,
							),
						],
					});
					await openWorkflow(e.page, e.n8n.url, workflowId);
				});

				/**
				 * Opens a node's picker: every expected name is listed (only they when `exact`); typing a word of the
				 * second leaves that one alone; it is chosen, and n8n has nothing to complain about.
				 */
				async function pick(node: string, parameter: string, expected: string[], exact: boolean) {
					const page = e.page;
					await openNode(page, node);
					const listed = await (await openPicker(page, parameter)).allInnerTexts();
					const report = `listed: ${listed.join(' | ')}`;
					if (exact) assert.equal(listed.length, expected.length, report);
					for (const name of expected)
						assert.ok(
							listed.some((l) => l.includes(name)),
							`"${name}" is listed; ${report}`,
						);
					const word = distinctiveWord(expected, 1);
					const filtered = await filterPicker(page, word, 1);
					assert.ok(
						filtered.length === 1 && filtered[0].includes(expected[1]),
						`typing "${word}" leaves "${expected[1]}" alone: ${filtered.join(' | ')}`,
					);
					await e.screenshot(`picker-${parameter}`);
					await pickerItems(page).first().click();
					assert.deepEqual(await issueReport(ndv(page)), []);
					await closeNode(page);
				}

				test('the template picker lists the sandbox templates; typing filters them', async () => {
					await withPage('picker-template', async () => {
						await pick(
							nodes.template,
							'templateId',
							TEMPLATES.map((t) => t.name),
							true,
						);
					});
				});

				test('the contract picker lists sandbox contracts; typing filters them; the choice is stored as its ID', async () => {
					await withPage('picker-contract', async (page) => {
						const names = fixtures.named.map((n) => n.name);
						await pick(nodes.contract, 'contractId', names, false);
						// Saved, the node holds the contract's ID.
						await page.keyboard.press('Control+s');
						const deadline = Date.now() + 30_000;
						let stored: unknown;
						while (Date.now() < deadline) {
							const workflow = await e.rest.request<{ nodes: WorkflowNode[] }>(
								'GET',
								`/workflows/${workflowId}`,
							);
							const node = workflow.nodes.find((n) => n.name === nodes.contract);
							stored = (node?.parameters.contractId as { value?: unknown } | undefined)?.value;
							if (stored === fixtures.named[1].id) break;
							await page.waitForTimeout(500);
						}
						assert.equal(stored, fixtures.named[1].id);
					});
				});

				test("the participant picker lists the chosen contract's participants; typing filters them", async () => {
					await withPage('picker-participant', async () => {
						const labels = LEASE.participants.map((p) => p.label);
						await pick(nodes.participant, 'participantId', labels, true);
					});
				});

				test("the variable mapper shows the chosen participant's variables", async () => {
					await withPage('variable-mapper', async (page) => {
						// The participant with the most text and image variables.
						const columns = (p: (typeof LEASE.participants)[number]) =>
							p.variables.filter((v) => v.type !== 'dynamictable');
						const participant = [...LEASE.participants].sort(
							(a, b) => columns(b).length - columns(a).length,
						)[0];
						const others = LEASE.participants
							.filter((p) => p !== participant)
							.flatMap((p) => columns(p).map((v) => v.ref));
						const panel = await openNode(page, nodes.mapper);
						const items = await openPicker(page, 'participantId');
						await items.filter({ hasText: participant.label }).first().click();
						const mapper = panel.locator('[data-test-id="mapping-fields-container"]');
						await mapper.waitFor();
						for (const variable of columns(participant)) {
							await mapper.locator(`[data-test-id="parameter-input-${variable.ref}"]`).waitFor();
							assert.ok(
								(await mapper.innerText()).includes(variable.name),
								`"${variable.name}" is shown`,
							);
						}
						for (const ref of others)
							assert.equal(
								await mapper.locator(`[data-test-id="parameter-input-${ref}"]`).count(),
								0,
								`${ref} belongs to another participant`,
							);
						assert.deepEqual(await issueReport(panel), []);
						await e.screenshot('variable-mapper');
						await closeNode(page);
					});
				});

				test("the template's fields: picking a template shows its roles and variables, nothing created; a template without contracts says so", async () => {
					await withPage('template-fields', async (page) => {
						const mark = e.requests().length;
						const panel = await openNode(page, nodes.templateFields);
						const items = await openPicker(page, 'templateId');
						await items.filter({ hasText: LEASE.name }).first().click();
						const mapper = panel.locator('[data-test-id="mapping-fields-container"]');
						await mapper.waitFor();
						await mapper
							.locator(
								`[data-test-id="parameter-input-signer|${LEASE.participants[1].label}|email"]`,
							)
							.waitFor();
						const shown = await mapper.innerText();
						for (const role of LEASE.participants) {
							for (const field of ['Name', 'Last Name', 'Email', 'Phone'])
								assert.ok(
									shown.includes(`${role.label}: ${field}`),
									`"${role.label}: ${field}" is shown`,
								);
							for (const variable of role.variables)
								assert.ok(
									shown.includes(`${role.label}: ${variable.name}`),
									`"${role.label}: ${variable.name}" is shown`,
								);
						}
						assert.deepEqual(await issueReport(panel), []);
						assert.deepEqual(
							e
								.requests()
								.slice(mark)
								.filter((r) => r.method !== 'GET')
								.map((r) => `${r.method} ${r.path}`),
							[],
							'reading the fields created, changed or sent nothing',
						);
						await e.screenshot('template-fields');
						await closeNode(page);

						const fresh = await openNode(page, nodes.freshTemplate);
						const notice = fresh.locator('[data-test-id="empty-fields-notice"]');
						await notice.waitFor();
						assert.match(
							await notice.innerText(),
							/^No contract has been made from this template yet.*"Define Below"/s,
						);
						await e.screenshot('template-fields-no-contract');
						await closeNode(page);
					});
				});
			},
		);

		test(
			'trigger: "Fetch Test Event" on a signed contract shows one item with its eventId',
			{ timeout: 5 * 60_000 },
			async () => {
				await withPage('trigger', async (page) => {
					const event = triggerDescription().properties.find((p) => p.name === 'event');
					assert.ok(
						(event?.options as Array<{ value: string }> | undefined)?.some(
							(o) => o.value === 'enteredStatus',
						),
						'the trigger has the "enteredStatus" event',
					);
					const workflowId = await e.createWorkflow({
						name: 'UI: trigger',
						nodes: [
							{
								name: 'Contract signed',
								type: TRIGGER_TYPE,
								typeVersion: 1,
								position: [0, 0],
								// The default statuses of "entered status" are the signed ones.
								parameters: { event: 'enteredStatus' },
							},
						],
					});
					await openWorkflow(page, e.n8n.url, workflowId);
					const panel = await openNode(page, 'Contract signed');
					assert.deepEqual(await issueReport(panel), []);
					await panel.locator('[data-test-id="node-execute-button"]').click();
					const output = outputPanel(page);
					await output.locator('[data-test-id="ndv-items-count"]').waitFor();
					const items = await outputTable(page);
					assert.equal(items.length, 1, JSON.stringify(items));
					assert.equal(items[0].contractId, fixtures.signed, JSON.stringify(items[0]));
					assert.ok(items[0].eventId, `the item has an eventId: ${JSON.stringify(items[0])}`);
					await output.locator('[data-test-id="radio-button-json"]').click();
					await dismissToasts(page);
					await e.screenshot('trigger-fetch-test-event');
					await closeNode(page);
				});
			},
		);

		test(
			'node creator: "TRATO" lists the polling triggers (in the TRATO card) and the instant trigger apart',
			{ timeout: 5 * 60_000 },
			async () => {
				await withPage('node-creator-triggers', async (page) => {
					const instant = instantTriggerDescription();
					const polling = triggerDescription();
					// n8n lists a trigger without the word "Trigger"
					const instantShown = instant.displayName.replace(/ Trigger$/, '');
					const creator = page.locator('[data-test-id="node-creator"]');
					const names = creator
						.locator('[data-test-id="node-creator-item-name"]')
						.filter({ visible: true });
					const search = async () => {
						await page.goto(`${e.n8n.url}/workflow/new`, { waitUntil: 'networkidle' });
						await page.locator('[data-test-id="canvas-plus-button"]').click();
						await page.locator('[data-test-id="node-creator-search-bar"]').fill('TRATO');
						await names.filter({ hasText: new RegExp(`^\\s*${instantShown}\\s*$`) }).waitFor();
					};
					await search();
					const shown = (await names.allInnerTexts()).map((n) => n.trim());
					process.stderr.write(`[ui] n8n ${major}: "TRATO" lists ${shown.join(' | ')}\n`);
					assert.ok(shown.includes(description.displayName), `listed: ${shown.join(' | ')}`);
					assert.ok(shown.includes(instantShown), `listed: ${shown.join(' | ')}`);
					await e.screenshot('node-creator-triggers');

					// The TRATO card holds the polling trigger: its description says it polls, needing no setup
					await names
						.filter({ hasText: new RegExp(`^\\s*${description.displayName}\\s*$`) })
						.click();
					await creator.getByText(polling.description).first().waitFor();
					const pollingEvents = (
						triggerDescription().properties.find((p) => p.name === 'event')?.options as Array<{
							name: string;
						}>
					).map((o) => o.name);
					const card = await creator.innerText();
					for (const event of pollingEvents)
						assert.match(card, new RegExp(`On ${event}`, 'i'), `the card lists "On ${event}"`);
					await e.screenshot('node-creator-polling-trigger');

					// The instant trigger is its own card, one "On …" entry per event; picking one chooses that event
					await search();
					await names.filter({ hasText: new RegExp(`^\\s*${instantShown}\\s*$`) }).click();
					await creator.getByText(instant.description).first().waitFor();
					const events = instant.properties.find((p) => p.name === 'events')?.options as Array<{
						name: string;
						value: string;
					}>;
					const instantCard = await creator.innerText();
					for (const event of events)
						assert.match(instantCard, new RegExp(`On ${event.name}`, 'i'), `"On ${event.name}"`);
					await e.screenshot('node-creator-instant-trigger');
					const signedAll = events.find((o) => o.value === 'signed-all')!;
					await creator.getByText(`On ${signedAll.name}`, { exact: false }).first().click();
					const panel = ndv(page);
					await panel.locator('[data-test-id="parameter-input-events"]').waitFor();
					const chosen = await panel.locator('[data-test-id="parameter-input-events"]').innerText();
					assert.equal(chosen.trim(), signedAll.name, 'only that event is chosen');
					assert.match(await panel.innerText(), /paste the Production URL/);
					assert.deepEqual(await issueReport(panel), []);
					await closeNode(page);
				});
			},
		);

		test(
			`${INSTANT_TEST} and where to paste them; a test delivery shows one item with its eventId`,
			{ timeout: 5 * 60_000 },
			async () => {
				await withPage('instant-trigger', async (page) => {
					const instant = instantTriggerDescription();
					const webhookId = randomUUID();
					const name = 'When signed by all';
					const workflowId = await e.createWorkflow({
						name: 'UI: instant trigger',
						nodes: [
							{
								name,
								type: INSTANT_TRIGGER_TYPE,
								typeVersion: 1,
								position: [0, 0],
								webhookId,
								parameters: { events: ['signed-all'] },
							},
						],
					});
					await openWorkflow(page, e.n8n.url, workflowId);
					const panel = await openNode(page, name);
					assert.deepEqual(await issueReport(panel), []);
					const text = async () => await panel.innerText();
					assert.match(await text(), /paste the Production URL/);
					assert.match(await text(), /\?event=signed-all/);
					assert.match(await text(), /not verified/);
					// n8n folds the URLs of a trigger that is not its own Webhook node: unfold them
					await panel.getByText('Webhook URLs', { exact: false }).first().click();
					const testUrl = `${e.n8n.url}/webhook-test/${webhookId}/webhook`;
					const productionUrl = `${e.n8n.url}/webhook/${webhookId}/webhook`;
					await panel.getByText(testUrl).first().waitFor();
					await panel.getByText('Production URL', { exact: true }).first().click();
					await panel.getByText(productionUrl).first().waitFor();
					await dismissToasts(page);
					await e.screenshot(INSTANT_ARTIFACT);

					// "Listen for test event", then a delivery to the Test URL from the sandbox
					await panel.locator('[data-test-id="node-execute-button"]').click();
					const delivered = e.sb.control.createContract({
						name: `UI instant ${major}`,
						status: 'SENT_TO_SIGN',
						participants: [{ name: 'Ana López', email: 'ana.lopez@example.com' }],
					});
					// the URL of the signed-all slot: the sandbox's deliveries name no event, the URL tells it
					const deliveryUrl = `${testUrl.replace('localhost', '127.0.0.1')}?event=signed-all`;
					let status: number | null = 404;
					for (const deadline = Date.now() + 30_000; status === 404 && Date.now() < deadline; ) {
						await page.waitForTimeout(500);
						status = (
							await e.sb.control.webhooks.forge({
								url: deliveryUrl,
								event: 'signed-all',
								contractId: delivered._id,
							})
						).status;
					}
					assert.equal(status, 200, 'the test URL accepted the delivery');
					const output = outputPanel(page);
					await output.locator('[data-test-id="ndv-items-count"]').waitFor({ timeout: 60_000 });
					const items = await outputTable(page);
					assert.equal(items.length, 1, JSON.stringify(items));
					assert.equal(items[0].contractId, delivered._id, JSON.stringify(items[0]));
					assert.equal(items[0].event, 'signed-all');
					// the editor's credential has no Webhook Secret: the delivery is unverified, and its eventId says so
					assert.match(items[0].eventId, new RegExp(`^unverified:${delivered._id}:signed-all:`));
					assert.equal(instant.name, 'tratoWebhookTrigger');
					await output.locator('[data-test-id="radio-button-json"]').click();
					await dismissToasts(page);
					await e.screenshot('instant-trigger-test-event');
					await closeNode(page);
				});
			},
		);

		test(
			`${README_TEST}: example 1 runs in the editor; its "${README_NODE}" panel`,
			{ timeout: 5 * 60_000 },
			async () => {
				await withPage('readme', async (page) => {
					const example = JSON.parse(readFileSync(README_EXAMPLE, 'utf8'));
					const workflowId = await e.createWorkflow(example);
					await openWorkflow(page, e.n8n.url, workflowId);
					const last = example.nodes.find(
						(n: WorkflowNode) => n.type === 'n8n-nodes-base.splitOut',
					).name;
					await executeWorkflow(page, last);
					await openNode(page, README_NODE);
					const output = outputPanel(page);
					await output.locator('[data-test-id="radio-button-json"]').click();
					await output.locator('[data-test-id="ndv-items-count"]').waitFor();
					await dismissToasts(page);
					await page.waitForTimeout(500);
					await e.screenshot(README_ARTIFACT);
					await closeNode(page);
				});
			},
		);
	});
}
