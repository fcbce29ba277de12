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
 * `npm run set-repository -- https://github.com/<owner>/<repo>` (or `<owner>/<repo>`)
 *
 * The public repository's address appears in one form, `https://github.com/<owner>/<repo>`, wherever the package
 * names it: package.json (repository, homepage, bugs, and author.url = the owner), README links (absolute, for the
 * npm page), the nodes' codex and the credential's documentation links, RELEASING.md. This replaces the current
 * address (taken from package.json's repository.url) in every tracked text file, so moving to another repository is
 * one command; test/release/metadata.test.ts checks that they all agree. npm rejects a provenance publish whose
 * repository.url differs from the repository that built it (E422), so this must match before the first release.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GITHUB =
	/^(?:git\+)?https:\/\/github\.com\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/;
const TEXT = /\.(md|json|ts|js|mjs|ya?ml)$/;

/** `https://github.com/<owner>/<repo>` from a repository URL or `<owner>/<repo>`; undefined when it is neither. */
export function repositoryBase(input: string): string | undefined {
	const match = GITHUB.exec(input) ?? GITHUB.exec(`https://github.com/${input}`);
	return match ? `https://github.com/${match[1]}/${match[2]}` : undefined;
}

export function main(argv: string[], cwd: string): number {
	const next = argv[0] ? repositoryBase(argv[0]) : undefined;
	if (!next) {
		console.error('usage: npm run set-repository -- https://github.com/<owner>/<repo>');
		return 1;
	}
	const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
	const current = repositoryBase(pkg.repository?.url ?? '');
	if (!current) {
		console.error(
			`set-repository: package.json's repository.url is not a GitHub URL: ${pkg.repository?.url}`,
		);
		return 1;
	}
	if (current === next) {
		console.log(`set-repository: already ${next}`);
		return 0;
	}
	const listed = spawnSync('git', ['ls-files', '-z'], { cwd, encoding: 'utf8' });
	if (listed.status !== 0) {
		console.error(`set-repository: git ls-files failed: ${listed.stderr}`);
		return 1;
	}
	const files = listed.stdout
		.split('\0')
		.filter((file) => TEXT.test(file) && file !== 'package-lock.json');
	const owner = (base: string) => base.slice(0, base.lastIndexOf('/'));
	let changed = 0;
	for (const file of files) {
		const path = join(cwd, file);
		const text = readFileSync(path, 'utf8');
		let updated = text.split(current).join(next);
		if (file === 'package.json') {
			updated = updated.split(`"url": "${owner(current)}"`).join(`"url": "${owner(next)}"`);
		}
		if (updated !== text) {
			writeFileSync(path, updated);
			console.log(`set-repository: ${file}`);
			changed++;
		}
	}
	console.log(
		`set-repository: ${current} → ${next} in ${changed} files; commit them before releasing`,
	);
	return 0;
}

if (require.main === module) process.exit(main(process.argv.slice(2), process.cwd()));
