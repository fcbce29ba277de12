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
 * Where a redirect may take a request (transport/addresses.ts `followRedirect`), on its own: never from https down to
 * plain http (the request and the file would travel in clear), never to an address that does not parse (a sentence
 * naming the host, not "Invalid URL"), and the redirect's Location is never repeated in the sentence.
 */
import type { INode } from 'n8n-workflow';

import { followRedirect } from '../../nodes/Trato/transport/addresses';

const node = { name: 'TRATO', type: 'n8n-nodes-trato.trato' } as INode;
const API = 'https://enterprise.api.trato.io';
const refused = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return error as Error & { description?: string };
	}
	throw new Error('followRedirect did not refuse');
};

describe('followRedirect', () => {
	test.each(['file', 'foreign', 'api'] as const)(
		'%s: https → http is refused, whatever the host',
		(target) => {
			const from = new URL(
				target === 'api' ? `${API}/api/contract/status/1` : 'https://files.example.com/a.pdf',
			);
			const error = refused(() =>
				followRedirect(
					node,
					{ target, address: from.toString() },
					from,
					`http://${from.host}/a.pdf?sig=abc123`,
					API,
				),
			);
			expect(error.message).toBe(
				`${target === 'api' ? 'The API' : 'The file address'} at ${from.origin} redirected to an unencrypted http address (http://${from.host}); the node does not follow that`,
			);
			expect(`${error.message} ${error.description}`).not.toContain('abc123');
		},
	);

	test('http → https and https → https are followed', () => {
		const out = { target: 'file' as const, address: 'x' };
		expect(
			followRedirect(
				node,
				out,
				new URL('http://files.example.com/a'),
				'https://cdn.example.com/b',
				API,
			).href,
		).toBe('https://cdn.example.com/b');
		expect(
			followRedirect(node, out, new URL('https://files.example.com/a'), '/b?x=1', API).href,
		).toBe('https://files.example.com/b?x=1');
	});

	test('a Location that does not parse: a sentence naming the host, the Location not repeated', () => {
		const error = refused(() =>
			followRedirect(
				node,
				{ target: 'foreign', address: 'x' },
				new URL('https://files.example.com/s/key123'),
				'http://[::1/secret-key-42',
				API,
			),
		);
		expect(error.message).toBe(
			'The file address at https://files.example.com redirected to an address that is not valid',
		);
		expect(`${error.message} ${error.description}`).not.toContain('secret-key-42');
		expect(`${error.message} ${error.description}`).not.toContain('key123');
	});
});
