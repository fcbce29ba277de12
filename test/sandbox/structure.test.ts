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
 * The sandbox's layout (docs/architecture.md "The sandbox"): small files, one API module per resource of the node
 * (`sandbox/api/<resource>.ts`, a row of the table in `sandbox/api/index.ts`), and every endpoint of the
 * catalogue served by the module of its resource.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINTS, type EndpointName } from '../../nodes/Trato/transport';
import { API_RESOURCES } from '../../sandbox/api';

const ROOT = join(__dirname, '..', '..');
const SANDBOX = join(ROOT, 'sandbox');
const ACTIONS = join(ROOT, 'nodes', 'Trato', 'actions');

/** The resources of the action node: one folder each under nodes/Trato/actions/. */
const resources = readdirSync(ACTIONS, { withFileTypes: true })
	.filter((e) => e.isDirectory())
	.map((e) => e.name)
	.sort();

test('no file in sandbox/ is over 400 lines', () => {
	const files = readdirSync(SANDBOX, { recursive: true, encoding: 'utf8' }).filter((f) =>
		f.endsWith('.ts'),
	);
	expect(files).toContain('core.ts');
	const long = files
		.map((path) => ({
			path: `sandbox/${path}`,
			lines: readFileSync(join(SANDBOX, path), 'utf8').split('\n').length - 1,
		}))
		.filter((f) => f.lines > 400);
	expect(long).toEqual([]);
});

test('every resource of nodes/Trato/actions/ has its sandbox/api/<resource>.ts and a row in the table', () => {
	expect(resources.length).toBeGreaterThan(0);
	const missingFile = resources.filter((r) => !existsSync(join(SANDBOX, 'api', `${r}.ts`)));
	expect(missingFile).toEqual([]);
	expect(Object.keys(API_RESOURCES).sort()).toEqual(resources);
});

/** `{contractId}` and `:contractId` both become `:`, so templates compare by shape. */
const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, ':');

/**
 * The resource of a catalogue row: the one its name starts with (`variables…` is the variable resource); the
 * contract operations named after what they act on are listed here.
 */
const CONTRACT_ROWS: readonly string[] = ['milestoneList', 'nom151Validate', 'shield2Stamp'];
function resourceOf(row: string): string | undefined {
	if (CONTRACT_ROWS.includes(row)) return 'contract';
	return resources.find(
		(r) => row.startsWith(r) || (r === 'variable' && row.startsWith('variables')),
	);
}

test("every endpoint of the catalogue is served by its resource's sandbox/api/<resource>.ts", () => {
	const misplaced: string[] = [];
	for (const [name, e] of Object.entries(ENDPOINTS) as Array<
		[EndpointName, (typeof ENDPOINTS)[EndpointName]]
	>) {
		if (name.startsWith('authentication')) continue; // spec Part 5: sandbox/api/authentication.ts
		const resource = resourceOf(name);
		if (!resource) {
			misplaced.push(`${name}: no resource (name it after one, or add it to CONTRACT_ROWS)`);
			continue;
		}
		const served = new Set(
			API_RESOURCES[resource as keyof typeof API_RESOURCES].flatMap((r) =>
				r.methods.map((m) => `${m} ${shape(r.pattern)}`),
			),
		);
		const forms = [e, ...('alternative' in e && e.alternative ? [e.alternative] : [])];
		for (const f of forms) {
			if (!served.has(`${f.method} ${shape(f.path)}`))
				misplaced.push(`${name}: ${f.method} ${f.path} is not in sandbox/api/${resource}.ts`);
		}
	}
	expect(misplaced).toEqual([]);
});
