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
 * The action node's versions (actions/versions.ts): 1.1 makes the PDF file Create With Signers' default Source
 * (what TRATO documents for V2); a saved version-1 node that left Source at its default (n8n does not store it)
 * keeps creating from its template. Contract → Create keeps Template in both.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Trato } from '../../nodes/Trato/Trato.node';
import { VERSION_DEFAULTS } from '../../nodes/Trato/actions/versions';
import { fromList, LEASE, useEnv } from '../helpers/env';
import { createV2Parameters, pdfItem } from './chain';

const env = useEnv(__filename);

const sentBody = (mark: number, path: string) =>
	env.nodeRequests(mark).find((r) => r.path === path)?.body as Record<string, any> | undefined;

test('the node has versions 1 and 1.1; a node added today is 1.1', () => {
	const { description } = new Trato();
	expect(description.version).toEqual([1, 1.1]);
	expect(description.defaultVersion).toBe(1.1);
});

test("Create With Signers' Source: one definition per version, each with its version's default", () => {
	const sources = new Trato().description.properties.filter(
		(p: INodeProperties) =>
			p.name === 'source' &&
			(p.displayOptions?.show?.operation as string[] | undefined)?.includes('createV2'),
	);
	expect(sources.map((p) => [p.displayOptions?.show?.['@version'], p.default])).toEqual([
		[[1], 'template'],
		[[1.1], 'pdf'],
	]);
	expect(VERSION_DEFAULTS.createV2Source).toEqual({ 1: 'template', 1.1: 'pdf' });
	const template = (sources[1].options as Array<{ value: string; description: string }>).find(
		(o) => o.value === 'template',
	);
	expect(template?.description).toMatch(
		/TRATO does not document a template for Create With Signers/,
	);
});

test('a version-1 workflow that left Source at its default still creates from its template', async () => {
	const { signers, signersInputMode, name } = createV2Parameters;
	const mark = env.mark();
	const result = await env.run(
		{
			resource: 'contract',
			operation: 'createV2',
			name,
			signersInputMode,
			signers,
			templateId: fromList(LEASE),
		},
		undefined,
		{ typeVersion: 1 },
	);
	expect(result.error).toBeUndefined();
	const body = sentBody(mark, '/api/v2/create/contract');
	expect(body?.templateid).toBe(LEASE);
	expect(body?.file).toBeUndefined();
	expect(env.sb.control.getContract(String(result.items[0].json.contractId))?.templateId).toBe(
		LEASE,
	);
});

test('version 1.1 with Source left at its default sends the PDF file as TRATO documents it', async () => {
	const mark = env.mark();
	const result = await env.run(createV2Parameters, [pdfItem()]);
	expect(result.error).toBeUndefined();
	const body = sentBody(mark, '/api/v2/create/contract');
	expect(body?.file).toMatch(/^data:application\/pdf;base64,/);
	expect(body?.templateid).toBeUndefined();
});

test('version 1.1 still creates from a template when Source says so', async () => {
	const mark = env.mark();
	const result = await env.run({
		...createV2Parameters,
		source: 'template',
		templateId: fromList(LEASE),
	});
	expect(result.error).toBeUndefined();
	expect(sentBody(mark, '/api/v2/create/contract')?.templateid).toBe(LEASE);
});

test.each([1, 1.1])(
	'Contract → Create keeps Template as its default Source (version %s)',
	async (typeVersion) => {
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'contract', operation: 'create', templateId: fromList(LEASE) },
			undefined,
			{ typeVersion },
		);
		expect(result.error).toBeUndefined();
		expect(sentBody(mark, '/api/create/contract')).toEqual({
			source: 'template',
			templateid: LEASE,
		});
	},
);
