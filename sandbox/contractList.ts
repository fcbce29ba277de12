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
// The contract list (spec 4.14): its query (filters, dates, paging) read and checked, the matches found through
// the store's indexes, and the order the active variants give them.
import {
	compareContracts,
	participantStatusBit,
	statusCode as storeStatusCode,
	variableKey,
	type Store,
} from './store';
import { TEMPLATES } from './templates';
import { CONTRACT_STATUSES, type ContractState, type ContractStatus } from './types';
import { badRequest, parseDateBound } from './util';
import type { Variants } from './variants';

const TEMPLATE_REFS_BY_NAME = new Map<string, string[]>();
for (const t of TEMPLATES) {
	for (const p of t.participants) {
		for (const v of p.variables)
			TEMPLATE_REFS_BY_NAME.set(v.name, [...(TEMPLATE_REFS_BY_NAME.get(v.name) ?? []), v.ref]);
	}
}

function hasVariable(c: ContractState, name: string, value: string): boolean {
	for (const p of c.participants) {
		for (const ref in p.variables) {
			const v = p.variables[ref];
			if ((ref === name || v.name === name) && v.type === 'text' && v.value === value) return true;
		}
	}
	return false;
}

/** A checked list query. */
interface ListQuery {
	status?: ContractStatus;
	page: number;
	perPage: number;
	fromMs?: number;
	toMs?: number;
	email?: string;
	participantStatus?: string;
	variables?: Array<[string, string]>;
	templateId?: string;
	/** A filter value no contract can match (e.g. a participant status the active variant does not use). */
	matchesNothing?: boolean;
}

interface ListPage {
	items: ContractState[];
	total: number;
}

/** What the list reads: the store, the active variants, and the expiry sweep run before every listing. */
interface ListSource {
	readonly store: Store;
	readonly variants: Variants;
	readonly lifecycle: { sweepExpiry(): void };
}

/** The query of 4.14, checked (400 with the reason); `datePrecision` as `setListDatePrecision` set it. */
export function parseListQuery(
	q: URLSearchParams,
	v: Variants,
	datePrecision: 'ms' | 'day' = 'ms',
): ListQuery {
	const intParam = (name: string, def: number, max?: number): number => {
		const raw = q.get(name);
		if (raw === null || raw === '') return def;
		if (!/^\d+$/.test(raw) || Number(raw) < 1)
			throw badRequest(`Query '${name}' must be a positive integer, got ${JSON.stringify(raw)}`);
		const n = Number(raw);
		if (max !== undefined && n > max)
			throw badRequest(`Query '${name}' must be at most ${max}, got ${n}`);
		return n;
	};
	const query: ListQuery = { page: intParam('page', 1), perPage: intParam('perPage', 20, 200) };
	const status = q.get('statusContract');
	if (status) {
		if (!(CONTRACT_STATUSES as readonly string[]).includes(status)) {
			throw badRequest(
				`Query 'statusContract' must be one of ${CONTRACT_STATUSES.filter(Boolean).join(', ')}, got ${JSON.stringify(status)}`,
			);
		}
		query.status = status as ContractStatus;
	}
	const start = q.get('dateStart');
	const end = q.get('dateEnd');
	if (start) query.fromMs = parseDateBound(start, 'dateStart', false);
	if (end) query.toMs = parseDateBound(end, 'dateEnd', true);
	// test quirk: only the date part of the bounds counts (start of that day / end of that day, UTC)
	if (v.dayBounds(datePrecision)) toDayBounds(query);
	if (query.fromMs !== undefined && query.toMs !== undefined && query.fromMs > query.toMs)
		throw badRequest('dateStart is after dateEnd');
	v.strictBounds(query);
	const email = q.get('emailParticipant');
	if (email) query.email = email.trim();
	const ps = q.get('statusParticipant');
	if (ps) {
		const status = v.participantStatusFilter(ps);
		if (status === null) query.matchesNothing = true;
		else query.participantStatus = status;
	}
	const vars = q.get('participantVariables');
	if (vars) {
		query.variables = vars
			.split(';')
			.filter((s) => s.trim() !== '')
			.map((pair) => {
				const i = pair.indexOf('|');
				if (i <= 0)
					throw badRequest(
						`Query 'participantVariables' must be name|value pairs separated by ';', got ${JSON.stringify(pair)}`,
					);
				return [pair.slice(0, i), pair.slice(i + 1)] as [string, string];
			});
	}
	// any id: an unknown one matches nothing (ids are not checked for a length, trato-notes "Ids and statuses");
	// template-filter-ignored: read and dropped, as a service that does not filter by it
	const templateId = q.get('templateId');
	if (templateId && v.filtersTemplate()) query.templateId = templateId;
	return query;
}

/** The matches of `q`, newest first (ties by id), and their count: index scans, no object read until a hit. */
function findContracts(s: Store, q: ListQuery): ListPage {
	const lo = q.fromMs === undefined ? 0 : s.lowerBound(q.fromMs);
	const hi = q.toMs === undefined ? s.sorted.length : s.upperBound(q.toMs);
	const skip = (q.page - 1) * q.perPage;
	const items: ContractState[] = [];
	const statusCode = q.status === undefined ? -1 : storeStatusCode(q.status);
	const templateCode = q.templateId === undefined ? -1 : s.lookupTemplateCode(q.templateId);
	const pBit = q.participantStatus ? participantStatusBit(q.participantStatus) : 0;
	const email = q.email?.toLowerCase();

	// Selective filters (e-mail, variables) go through their candidate lists, re-checked, then sorted.
	const lists: ContractState[][] = [];
	if (email) lists.push(s.emailIndex.get(email) ?? []);
	for (const [name, value] of q.variables ?? []) {
		// a pair names a variable by reference or by its document name (template variables have both)
		const refs = new Set([name, ...(TEMPLATE_REFS_BY_NAME.get(name) ?? [])]);
		lists.push([...refs].flatMap((ref) => s.variableIndex.get(variableKey(ref, value)) ?? []));
	}
	if (lists.length > 0) {
		lists.sort((a, b) => a.length - b.length);
		const fromMs = q.fromMs ?? -Infinity;
		const toMs = q.toMs ?? Infinity;
		const hits = new Set<ContractState>();
		for (const c of lists[0]) {
			if (hits.has(c) || c.createdAtMs < fromMs || c.createdAtMs > toMs) continue;
			if (q.status !== undefined && c.status !== q.status) continue;
			if (q.templateId !== undefined && c.templateId !== q.templateId) continue;
			if (email || pBit) {
				const ok = c.participants.some(
					(p) =>
						(!email || p.email.toLowerCase() === email) &&
						(!q.participantStatus || p.status === q.participantStatus),
				);
				if (!ok) continue;
			}
			if (q.variables && !q.variables.every(([name, value]) => hasVariable(c, name, value)))
				continue;
			hits.add(c);
		}
		const sorted = [...hits].sort((a, b) => compareContracts(b, a));
		return { items: sorted.slice(skip, skip + q.perPage), total: sorted.length };
	}

	const wantStatus = q.status !== undefined;
	const wantTemplate = q.templateId !== undefined;
	if (!wantStatus && !wantTemplate && !pBit) {
		const total = Math.max(0, hi - lo);
		for (let i = hi - 1 - skip; i >= lo && items.length < q.perPage; i--) items.push(s.sorted[i]);
		return { items, total };
	}
	// Scan of the parallel code arrays (no object access until a hit is on the requested page).
	const statuses = s.statusCodes;
	const templates = s.templateCodes;
	const masks = s.participantMasks;
	let total = 0;
	for (let i = hi - 1; i >= lo; i--) {
		if (wantStatus && statuses[i] !== statusCode) continue;
		if (wantTemplate && templates[i] !== templateCode) continue;
		if (pBit && (masks[i] & pBit) === 0) continue;
		if (total >= skip && items.length < q.perPage) items.push(s.sorted[i]);
		total++;
	}
	return { items, total };
}

/** Date part only (start / end of that UTC day), as `setListDatePrecision('day')` and date-only-bounds read them. */
function toDayBounds(q: { fromMs?: number; toMs?: number }): void {
	if (q.fromMs !== undefined) q.fromMs = Math.floor(q.fromMs / 86_400_000) * 86_400_000;
	if (q.toMs !== undefined) q.toMs = Math.floor(q.toMs / 86_400_000) * 86_400_000 + 86_400_000 - 1;
}

/** The contract listing (4.14) in the order the active variants give it. */
export function listContracts(source: ListSource, q: ListQuery): ListPage {
	if (q.matchesNothing) return { items: [], total: 0 };
	const v = source.variants;
	// page-cap: fewer per page than asked, pages counted in that size (X-Total-Pages follows q.perPage)
	const cap = Number(v.value('page-cap'));
	if (cap > 0) q.perPage = Math.min(q.perPage, cap);
	q.page = v.listPage(q.page);
	source.lifecycle.sweepExpiry();
	if (!v.reorders()) return findContracts(source.store, q);
	const all = findContracts(source.store, {
		...q,
		page: 1,
		perPage: Number.MAX_SAFE_INTEGER,
	}).items;
	const skip = (q.page - 1) * q.perPage;
	return { items: v.order(all).slice(skip, skip + q.perPage), total: all.length };
}
