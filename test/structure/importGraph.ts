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
 * The project's import graph, read from the code: every TypeScript and JavaScript file under the given folders,
 * with each relative `import`, `import type`, `export … from`, `import()` and `require()` it makes, resolved to
 * the file it names the way ts-jest and tsx do (`./x` → `x.ts`, `x.js`, `x/index.ts`, …). TypeScript's own
 * pre-processor reads the imports, so an import written in a comment or inside a template string is no import.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

import ts from 'typescript';

/** One import: `from` imports `to` (paths from the project's root, with `/`), written as `spec`. */
export interface ImportEdge {
	from: string;
	to: string;
	spec: string;
}

export interface ImportGraph {
	files: string[];
	edges: ImportEdge[];
	/** Relative imports into the read folders that name no file. */
	unresolved: ImportEdge[];
}

const CODE = /\.(ts|js|mjs|cjs)$/;

function codeFiles(root: string, dir: string, skip: Set<string>): string[] {
	return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const path = posix.join(dir, entry.name);
		if (entry.name === 'node_modules' || skip.has(path)) return [];
		if (entry.isDirectory()) return codeFiles(root, path, skip);
		return CODE.test(entry.name) ? [path] : [];
	});
}

/** The graph of `folders` (relative to `root`), leaving out the `skip` paths (fixtures, outputs). */
export function importGraph(root: string, folders: string[], skip: string[] = []): ImportGraph {
	const files = folders.flatMap((folder) => codeFiles(root, folder, new Set(skip))).sort();
	const known = new Set(files);
	const edges: ImportEdge[] = [];
	const unresolved: ImportEdge[] = [];
	for (const from of files) {
		const imports = ts.preProcessFile(readFileSync(join(root, from), 'utf8'), true, true);
		for (const { fileName: spec } of imports.importedFiles) {
			if (!spec.startsWith('.')) continue;
			const base = posix.normalize(posix.join(posix.dirname(from), spec));
			const to = [base, `${base}.ts`, `${base}.js`, `${base}/index.ts`, `${base}/index.js`].find(
				(candidate) => known.has(candidate),
			);
			if (to) edges.push({ from, to, spec });
			// a data file (package.json, a codex), or a path outside the folders read (dist/): no edge
			else if (!existsSync(join(root, base)) && folders.some((f) => base.startsWith(`${f}/`)))
				unresolved.push({ from, to: base, spec });
		}
	}
	return { files, edges, unresolved };
}

/**
 * The circles of a graph: its strongly connected parts of more than one file (Tarjan), each as its files and one
 * loop through them, shortest first from the first file.
 */
export function circles(graph: ImportGraph): Array<{ files: string[]; loop: string[] }> {
	const next = new Map<string, string[]>(graph.files.map((file) => [file, []]));
	for (const { from, to } of graph.edges)
		if (from !== to && !next.get(from)!.includes(to)) next.get(from)!.push(to);
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const parts: string[][] = [];
	let counter = 0;
	// iterative Tarjan: a deep chain of imports must not overflow the call stack
	for (const start of graph.files) {
		if (index.has(start)) continue;
		const work: Array<{ file: string; i: number }> = [{ file: start, i: 0 }];
		index.set(start, counter);
		low.set(start, counter++);
		stack.push(start);
		onStack.add(start);
		while (work.length) {
			const frame = work[work.length - 1];
			const targets = next.get(frame.file)!;
			if (frame.i < targets.length) {
				const to = targets[frame.i++];
				if (!index.has(to)) {
					index.set(to, counter);
					low.set(to, counter++);
					stack.push(to);
					onStack.add(to);
					work.push({ file: to, i: 0 });
				} else if (onStack.has(to))
					low.set(frame.file, Math.min(low.get(frame.file)!, index.get(to)!));
				continue;
			}
			work.pop();
			if (work.length) {
				const parent = work[work.length - 1].file;
				low.set(parent, Math.min(low.get(parent)!, low.get(frame.file)!));
			}
			if (low.get(frame.file) === index.get(frame.file)) {
				const part: string[] = [];
				let file: string;
				do {
					file = stack.pop()!;
					onStack.delete(file);
					part.push(file);
				} while (file !== frame.file);
				if (part.length > 1) parts.push(part.sort());
			}
		}
	}
	return parts.map((files) => ({ files, loop: shortestLoop(files[0], new Set(files), next) }));
}

/** The shortest path from `start` back to itself inside `within` (breadth first). */
function shortestLoop(start: string, within: Set<string>, next: Map<string, string[]>): string[] {
	const cameFrom = new Map<string, string>();
	const queue = [start];
	while (queue.length) {
		const file = queue.shift()!;
		for (const to of next.get(file)!) {
			if (!within.has(to)) continue;
			if (to === start) {
				const path = [file];
				while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
				return [...path, start];
			}
			if (!cameFrom.has(to)) {
				cameFrom.set(to, file);
				queue.push(to);
			}
		}
	}
	return [start];
}
