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
 * The endpoint catalogue is the one table of the API: every API route the sandbox serves (spec Part 4 and the
 * authentication check) is a row's method and path, or the variant the spec also shows for a row; every row
 * has a sandbox route; paths are filled and encoded in one place.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { ENDPOINTS, type EndpointName } from '../../nodes/Trato/transport';
import type { Endpoint } from '../../nodes/Trato/transport/catalogue';
import { fillPath } from '../../nodes/Trato/transport/pipeline';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ port: 0 });
});
afterAll(async () => {
	await sb.close();
});

const rows = Object.entries(ENDPOINTS) as Array<[EndpointName, Endpoint]>;
/** `{contractId}` and `:contractId` both become `:`, so templates compare by shape. */
const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, ':');

/** The sandbox's API routes (not its control API or file routes), one entry per method. */
function apiRoutes(): string[] {
	return sb
		.routes()
		.filter((r) => r.pattern.startsWith('/api/'))
		.flatMap((r) => r.methods.map((m) => `${m} ${shape(r.pattern)}`));
}

test('every sandbox API route is the primary route of exactly one row, or a documented variant', () => {
	const primaries = rows.map(([, e]) => `${e.method} ${shape(e.path)}`);
	const variants = rows.flatMap(([, e]) =>
		e.alternative ? [`${e.alternative.method} ${shape(e.alternative.path)}`] : [],
	);
	const unexplained = apiRoutes().filter((r) => !primaries.includes(r) && !variants.includes(r));
	expect(unexplained).toEqual([]);
	const doubled = primaries.filter((p, i) => primaries.indexOf(p) !== i);
	expect(doubled).toEqual([]);
});

test('every row (and its variant) has a sandbox route', () => {
	const routes = new Set(apiRoutes());
	const missing = rows.flatMap(([name, e]) => [
		...(routes.has(`${e.method} ${shape(e.path)}`) ? [] : [`${name}: ${e.method} ${e.path}`]),
		...(e.alternative && !routes.has(`${e.alternative.method} ${shape(e.alternative.path)}`)
			? [`${name} (variant): ${e.alternative.method} ${e.alternative.path}`]
			: []),
	]);
	expect(missing).toEqual([]);
});

test('the catalogue covers spec Part 4 (33 operations) and the authentication check', () => {
	const sections = rows.map(([, e]) => e.section);
	expect(sections.filter((s) => s.startsWith('4.'))).toHaveLength(33);
	expect(sections).toContain('5');
});

test('requests that may have had an effect are never retried', () => {
	for (const [name, e] of rows) {
		// the login is a POST that changes nothing at TRATO: repeated after a temporary failure (api-notes H3)
		if (name === 'authenticationToken') continue;
		if (e.method === 'POST' || e.method === 'PUT') {
			expect(`${name}: ${e.retry}`).toBe(`${name}: never`);
		}
	}
});

test('path parameters are filled and URL-encoded', () => {
	expect(
		fillPath(ENDPOINTS.participantGet.path, { contractId: 'a b', participantId: 'x/y?z' }),
	).toBe('/api/contract/participant/a%20b/x%2Fy%3Fz');
	expect(() => fillPath(ENDPOINTS.participantGet.path, { contractId: 'a' })).toThrow(
		/participantId/,
	);
});
