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
 * Rules of the shipped code's layout (docs/architecture.md): small files, path parameters encoded in one place,
 * no request built outside the transport.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');

function tsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
		e.isDirectory()
			? tsFiles(join(dir, e.name))
			: e.name.endsWith('.ts')
				? [join(dir, e.name)]
				: [],
	);
}

const shipped = [...tsFiles(join(ROOT, 'nodes')), ...tsFiles(join(ROOT, 'credentials'))].map(
	(path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }),
);

test('no file in nodes/ or credentials/ is over 250 lines', () => {
	const long = shipped
		.map((f) => ({ path: f.path, lines: f.text.split('\n').length - 1 }))
		.filter((f) => f.lines > 250);
	expect(long).toEqual([]);
});

test('encodeURIComponent appears in the request pipeline only', () => {
	const users = shipped.filter((f) => f.text.includes('encodeURIComponent')).map((f) => f.path);
	expect(users).toEqual(['nodes/Trato/transport/pipeline.ts']);
});

test("only the transport calls n8n's HTTP helpers", () => {
	const users = shipped
		.filter((f) => /helpers\.httpRequest/.test(f.text))
		.map((f) => f.path)
		.sort();
	// pipeline.ts: every API and file request; credentials.ts: its authenticated call (E-mail and Password's
	// session check first); session.ts: the login, which n8n itself calls as the credential's preAuthentication
	expect(users).toEqual([
		'nodes/Trato/transport/credentials.ts',
		'nodes/Trato/transport/pipeline.ts',
		'nodes/Trato/transport/session.ts',
	]);
});

test('helpers/ defines no node fields and sends no request', () => {
	const offenders = shipped
		.filter((f) => f.path.includes('/helpers/'))
		.filter((f) =>
			/INodeProperties\b|from '\.\.\/transport'|\brequest(List|File|Page)?\.call\(/.test(f.text),
		)
		.map((f) => f.path);
	expect(offenders).toEqual([]);
});
