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
/** Markdown rendering of the results. */
import type { GroupResult, Row, Summary } from './common';

export function num(value: number): string {
	const abs = Math.abs(value);
	if (abs === 0) return '0';
	if (abs >= 1000) return Math.round(value).toLocaleString('en');
	if (abs >= 100) return value.toFixed(0);
	if (abs >= 10) return value.toFixed(1);
	if (abs >= 1) return value.toFixed(2);
	return value.toFixed(3);
}

export function figure(s: Summary, unit: string): string {
	if (s.n === 1 || (s.min === s.max && s.min === s.median)) return `${num(s.median)} ${unit}`;
	return `${num(s.min)} / **${num(s.median)}** / ${num(s.max)} ${unit}`;
}

function ratio(row: Row): string {
	if (!row.ratio) return '—';
	const r = row.ratio;
	const label = row.ratioLabel ?? '×';
	if (r.n === 1 || r.min === r.max) return `**${r.median.toFixed(2)}${label}**`;
	return `**${r.median.toFixed(2)}${label}** (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;
}

function met(row: Row): string {
	if (row.met === undefined) return '';
	const word = row.met ? '✅ yes' : '❌ no';
	return row.metNote ? `${word} (${row.metNote})` : word;
}

function escape(text: string): string {
	return text.replace(/\|/g, '\\|');
}

export function renderTable(results: GroupResult[]): string {
	const lines = [
		'| Group | Measure | Figure: min / **median** / max | Baseline (same run): min / **median** / max | Ratio to baseline: **median** (min–max) | Target | Met |',
		'|---|---|---|---|---|---|---|',
	];
	for (const result of results) {
		let previousGroup = '';
		for (const row of result.rows) {
			const group = row.group === previousGroup ? '' : row.group;
			previousGroup = row.group;
			const baseline = row.baseline
				? `${escape(row.baseline.label)}: ${figure(row.baseline.value, row.unit)}`
				: '—';
			lines.push(
				`| ${escape(group)} | ${escape(row.measure)} | ${figure(row.value, row.unit)} | ${baseline} | ${ratio(row)} | ${escape(row.target ?? '')} | ${met(row)} |`,
			);
		}
	}
	return lines.join('\n');
}
