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
 * A full-size run of some groups (`npm run bench -- --only overhead,bulk,batch`) updates bench/RESULTS.md and
 * bench/README-section.md in place: the groups it ran replace theirs (table rows, finding, notes), the other groups
 * stay as the last run that measured them wrote them, and the header says which run each part comes from. Both files
 * are read as `report.ts` writes them: the header's bullets, one table whose rows name their group by number
 * ("2. Bulk items") on the group's first row, the findings ("- **2. …"), the notes by group ("**Bulk items**").
 */

interface Parts {
	/** Everything before the header's "- **Date**" bullet (the title, the README section's introduction). */
	before: string[];
	header: string[];
	tableHead: string[];
	/** Table rows by group number, in order. */
	rows: Array<{ group: number; line: string }>;
	/** Lines between the table and the findings (a "## Findings" heading and blanks). */
	between: string[];
	findings: Array<{ group: number; line: string }>;
	/** The rest: notes by group (RESULTS.md) and the closing line. */
	rest: string[];
}

const groupNumber = (text: string) => Number(/^\s*\**(\d+)\./.exec(text)?.[1] ?? NaN);

function parse(text: string): Parts {
	const lines = text.split('\n');
	const date = lines.findIndex((l) => l.startsWith('- **Date**'));
	const table = lines.findIndex((l) => l.startsWith('| Group |'));
	const parts: Parts = {
		before: lines.slice(0, date),
		header: lines.slice(date, table).filter((l) => l.startsWith('- ')),
		tableHead: lines.slice(table, table + 2),
		rows: [],
		between: [],
		findings: [],
		rest: [],
	};
	let i = table + 2;
	let group = NaN;
	for (; i < lines.length && lines[i].startsWith('|'); i++) {
		const first = lines[i].split('|')[1] ?? '';
		if (first.trim()) group = groupNumber(first);
		parts.rows.push({ group, line: lines[i] });
	}
	for (; i < lines.length && !lines[i].startsWith('- **'); i++) parts.between.push(lines[i]);
	for (; i < lines.length && lines[i].startsWith('- **'); i++)
		parts.findings.push({ group: groupNumber(lines[i].slice(2)), line: lines[i] });
	parts.rest = lines.slice(i);
	return parts;
}

/** The notes by group ("**Title**", then its bullets) as blocks by title, and what surrounds them. */
function noteBlocks(rest: string[]): {
	blocks: Map<string, string[]>;
	head: string[];
	tail: string[];
} {
	const blocks = new Map<string, string[]>();
	const start = rest.findIndex((l) => /^\*\*[^*]+\*\*$/.test(l));
	if (start < 0) return { blocks, head: rest, tail: [] };
	let title = '';
	let end = rest.length;
	for (let i = start; i < rest.length; i++) {
		const line = rest[i];
		if (/^\*\*[^*]+\*\*$/.test(line)) blocks.set((title = line), []);
		else if (line.startsWith('- ') || line === '') blocks.get(title)?.push(line);
		else {
			end = i;
			break;
		}
	}
	return { blocks, head: rest.slice(0, start), tail: rest.slice(end) };
}

const byGroup = <T extends { group: number }>(kept: T[], fresh: T[], ran: Set<number>): T[] =>
	[...kept.filter((x) => !ran.has(x.group)), ...fresh].sort((a, b) => a.group - b.group);

/** `previous` with the groups of `fresh` (both rendered by report.ts) replaced; `names`: the groups this run ran. */
export function mergeReport(previous: string, fresh: string, names: string[]): string {
	const old = parse(previous);
	const now = parse(fresh);
	const ran = new Set(now.rows.map((r) => r.group));
	const keptGroups = [...new Set(old.rows.map((r) => r.group))].filter((g) => !ran.has(g));
	// merging again (re-rendered texts) keeps the date the kept groups come from
	const kept = old.header.find((l) => /^- \*\*Groups .*\*\*: kept from the run of /.test(l));
	const oldDate =
		kept?.replace(/^.*kept from the run of /, '').replace(/ \(not run this time\)$/, '') ??
		old.header.find((l) => l.startsWith('- **Date**'))?.replace('- **Date**: ', '');
	const header = [
		...now.header.map((l) =>
			l.startsWith('- **Date**')
				? l.replace(
						/\(full run, `npm run bench`,/,
						`(\`npm run bench -- --only ${names.join(',')} --merge\`,`,
					)
				: l,
		),
		...(keptGroups.length
			? [
					`- **Groups ${keptGroups.join(', ')}**: kept from the run of ${oldDate ?? 'an earlier date'} (not run this time)`,
				]
			: []),
	];
	const oldNotes = noteBlocks(old.rest);
	const newNotes = noteBlocks(now.rest);
	for (const [title, block] of newNotes.blocks) oldNotes.blocks.set(title, block);
	const rest = newNotes.blocks.size
		? [...oldNotes.head, ...[...oldNotes.blocks].flatMap(([t, b]) => [t, ...b]), ...oldNotes.tail]
		: old.rest;
	return [
		...now.before,
		...header,
		'',
		...now.tableHead,
		...byGroup(old.rows, now.rows, ran).map((r) => r.line),
		...old.between,
		...byGroup(old.findings, now.findings, ran).map((f) => f.line),
		...rest,
	].join('\n');
}
