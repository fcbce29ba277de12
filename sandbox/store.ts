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
// In-memory state with the indexes the listing needs, and the optional JSON data file.
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
	CONTRACT_STATUSES,
	type ContractState,
	type Credits,
	type FileRecord,
	type IssuedCertificate,
} from './types';

/** Order of the sorted array: createdAt ascending, then _id ascending (the listing walks it backwards). */
export function compareContracts(a: ContractState, b: ContractState): number {
	if (a.createdAtMs !== b.createdAtMs) return a.createdAtMs - b.createdAtMs;
	return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

const STATUS_CODE = new Map<string, number>(CONTRACT_STATUSES.map((s, i) => [s, i]));
const PSTATUS_BIT: Record<string, number> = { PENDING: 1, SENT: 2, SIGNED: 4, REJECTED: 8 };

export function participantStatusBit(status: string): number {
	return PSTATUS_BIT[status] ?? 0;
}

export function statusCode(status: string): number {
	return STATUS_CODE.get(status) ?? -1;
}

export function variableKey(nameOrRef: string, value: string): string {
	return `${nameOrRef}\u0000${value}`;
}

export class Store {
	contracts = new Map<string, ContractState>();
	/** Every contract, sorted by (createdAtMs, _id) ascending. */
	sorted: ContractState[] = [];
	/** Parallel to `sorted`: status code, template code, bit mask of participant statuses (fast scans). */
	statusCodes: number[] = [];
	templateCodes: number[] = [];
	participantMasks: number[] = [];
	/**
	 * Candidate lists (may hold stale entries and duplicates; a query re-checks every candidate):
	 * lower-case participant e-mail → contracts; "reference\0value" of text variables → contracts.
	 */
	emailIndex = new Map<string, ContractState[]>();
	variableIndex = new Map<string, ContractState[]>();
	private indexedKeys = new Map<string, { emails: string[]; vars: string[] }>();
	private templateTable = new Map<string, number>();
	files = new Map<string, FileRecord>();
	fileNames = new Map<string, string>();
	/** signing token → contract/participant */
	tokens = new Map<string, { contractId: string; participantId: string }>();
	/** SHA-256 of an issued certificate PDF → its data */
	certificates = new Map<string, IssuedCertificate>();
	/** Contracts sent with an expiry end date (checked for automatic expiry). */
	expiryWatch = new Set<string>();
	credits: Credits;
	seedCalls = 0;

	constructor(initialCredits: Credits) {
		this.credits = { ...initialCredits };
	}

	clear(credits: Credits): void {
		this.contracts.clear();
		this.sorted = [];
		this.statusCodes = [];
		this.templateCodes = [];
		this.participantMasks = [];
		this.emailIndex.clear();
		this.variableIndex.clear();
		this.indexedKeys.clear();
		this.files.clear();
		this.fileNames.clear();
		this.tokens.clear();
		this.certificates.clear();
		this.expiryWatch.clear();
		this.credits = { ...credits };
		this.seedCalls = 0;
	}

	templateCode(templateId: string | undefined): number {
		if (!templateId) return -1;
		let code = this.templateTable.get(templateId);
		if (code === undefined) {
			code = this.templateTable.size;
			this.templateTable.set(templateId, code);
		}
		return code;
	}

	/** Code of a template id already seen, or -2 (matches nothing). */
	lookupTemplateCode(templateId: string): number {
		return this.templateTable.get(templateId) ?? -2;
	}

	private static mask(c: ContractState): number {
		let m = 0;
		for (const p of c.participants) m |= PSTATUS_BIT[p.status] ?? 0;
		return m;
	}

	addContract(c: ContractState): void {
		this.contracts.set(c._id, c);
		const arr = this.sorted;
		let at = arr.length;
		if (arr.length > 0 && compareContracts(arr[arr.length - 1], c) > 0) {
			let lo = 0;
			let hi = arr.length;
			while (lo < hi) {
				const mid = (lo + hi) >>> 1;
				if (compareContracts(arr[mid], c) < 0) lo = mid + 1;
				else hi = mid;
			}
			at = lo;
		}
		if (at === arr.length) {
			arr.push(c);
			this.statusCodes.push(statusCode(c.status));
			this.templateCodes.push(this.templateCode(c.templateId));
			this.participantMasks.push(Store.mask(c));
		} else {
			arr.splice(at, 0, c);
			this.statusCodes.splice(at, 0, statusCode(c.status));
			this.templateCodes.splice(at, 0, this.templateCode(c.templateId));
			this.participantMasks.splice(at, 0, Store.mask(c));
		}
		this.indexSide(c);
	}

	/** Adds many contracts at once (one sort instead of many insertions). */
	addMany(list: ContractState[]): void {
		for (const c of list) {
			this.contracts.set(c._id, c);
			this.indexSide(c);
		}
		list.sort(compareContracts);
		// both runs sorted: the merge sort of their concatenation is close to linear
		this.sorted = this.sorted.length ? this.sorted.concat(list).sort(compareContracts) : list;
		const n = this.sorted.length;
		this.statusCodes = new Array<number>(n);
		this.templateCodes = new Array<number>(n);
		this.participantMasks = new Array<number>(n);
		for (let i = 0; i < n; i++) {
			const c = this.sorted[i];
			this.statusCodes[i] = statusCode(c.status);
			this.templateCodes[i] = this.templateCode(c.templateId);
			this.participantMasks[i] = Store.mask(c);
		}
	}

	/** Position of a stored contract in `sorted`, or -1. */
	indexOf(c: ContractState): number {
		let lo = 0;
		let hi = this.sorted.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (compareContracts(this.sorted[mid], c) < 0) lo = mid + 1;
			else hi = mid;
		}
		return this.sorted[lo] === c ? lo : -1;
	}

	/** Takes a contract out of the store and its indexes (a contract deleted in TRATO's web app). */
	removeContract(c: ContractState): void {
		const i = this.indexOf(c);
		if (i >= 0) {
			this.sorted.splice(i, 1);
			this.statusCodes.splice(i, 1);
			this.templateCodes.splice(i, 1);
			this.participantMasks.splice(i, 1);
		}
		this.contracts.delete(c._id);
		const keys = this.indexedKeys.get(c._id);
		for (const [index, list] of [
			[this.emailIndex, keys?.emails ?? []],
			[this.variableIndex, keys?.vars ?? []],
		] as const) {
			for (const k of list) {
				const rest = (index.get(k) ?? []).filter((x) => x !== c);
				if (rest.length) index.set(k, rest);
				else index.delete(k);
			}
		}
		this.indexedKeys.delete(c._id);
		this.expiryWatch.delete(c._id);
	}

	/** Refreshes every index entry of a contract after it changed (status, participants, e-mails, variables). */
	reindex(c: ContractState): void {
		const i = this.indexOf(c);
		if (i >= 0) {
			this.statusCodes[i] = statusCode(c.status);
			this.participantMasks[i] = Store.mask(c);
		}
		this.indexSide(c);
	}

	private indexSide(c: ContractState): void {
		const previous = this.indexedKeys.get(c._id);
		const emails: string[] = [];
		const vars: string[] = [];
		for (const p of c.participants) {
			if (p.email) emails.push(p.email.toLowerCase());
			for (const ref in p.variables) {
				const v = p.variables[ref];
				if (v.type === 'text' && typeof v.value === 'string') {
					vars.push(variableKey(ref, v.value));
				}
			}
			if (p.signToken) this.tokens.set(p.signToken, { contractId: c._id, participantId: p._id });
		}
		// Append-only candidate lists: stale entries stay and are filtered out by the query, which re-checks the contract.
		for (const k of emails) {
			if (previous?.emails.includes(k)) continue;
			const list = this.emailIndex.get(k);
			if (list) list.push(c);
			else this.emailIndex.set(k, [c]);
		}
		for (const k of vars) {
			if (previous?.vars.includes(k)) continue;
			const list = this.variableIndex.get(k);
			if (list) list.push(c);
			else this.variableIndex.set(k, [c]);
		}
		this.indexedKeys.set(c._id, { emails, vars });
		if (c.sentAt && c.config.expiryUndefined === false && c.config.expiryEndDate)
			this.expiryWatch.add(c._id);
	}

	addFile(f: FileRecord): void {
		this.files.set(f.id, f);
		this.fileNames.set(f.name, f.id);
	}

	/** First index whose createdAtMs >= ms. */
	lowerBound(ms: number): number {
		let lo = 0;
		let hi = this.sorted.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.sorted[mid].createdAtMs < ms) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** First index whose createdAtMs > ms. */
	upperBound(ms: number): number {
		let lo = 0;
		let hi = this.sorted.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (this.sorted[mid].createdAtMs <= ms) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	serialize(): string {
		const files = [...this.files.values()].map((f) => ({
			...f,
			data: f.data ? f.data.toString('base64') : undefined,
		}));
		return JSON.stringify({
			format: 'trato-sandbox-data',
			version: 1,
			savedAt: new Date().toISOString(),
			credits: this.credits,
			seedCalls: this.seedCalls,
			contracts: this.sorted,
			files,
			certificates: [...this.certificates.entries()],
		});
	}

	load(text: string, source: string): void {
		let data: any;
		try {
			data = JSON.parse(text);
		} catch (error) {
			throw new Error(`Sandbox data file ${source} is not valid JSON: ${(error as Error).message}`);
		}
		if (!data || data.format !== 'trato-sandbox-data' || !Array.isArray(data.contracts)) {
			throw new Error(
				`Sandbox data file ${source} is not a sandbox data file (format marker missing)`,
			);
		}
		this.credits = {
			shield1: Number(data.credits?.shield1 ?? this.credits.shield1),
			shield2: Number(data.credits?.shield2 ?? this.credits.shield2),
		};
		this.seedCalls = Number(data.seedCalls ?? 0);
		this.addMany(data.contracts as ContractState[]);
		for (const f of data.files ?? [])
			this.addFile({
				...f,
				data: typeof f.data === 'string' ? Buffer.from(f.data, 'base64') : undefined,
			});
		for (const [hash, cert] of data.certificates ?? []) this.certificates.set(hash, cert);
	}
}

/** Debounced, atomic (temp file + rename) writes of the store to a JSON data file. */
export class DataFile {
	private timer: NodeJS.Timeout | undefined;
	private writing: Promise<void> = Promise.resolve();
	private dirty = false;

	constructor(
		readonly path: string,
		private readonly store: Store,
		private readonly debounceMs = 200,
	) {}

	/** Loads the file into the store when it exists; returns whether it did. */
	load(): boolean {
		if (!existsSync(this.path)) return false;
		this.store.load(readFileSync(this.path, 'utf8'), this.path);
		return true;
	}

	markDirty(): void {
		this.dirty = true;
		if (this.timer) return;
		this.timer = setTimeout(() => {
			this.timer = undefined;
			void this.write().catch((error) =>
				console.error(`[sandbox] could not write ${this.path}:`, (error as Error).message),
			);
		}, this.debounceMs);
		this.timer.unref();
	}

	private write(): Promise<void> {
		this.writing = this.writing
			.catch(() => undefined)
			.then(async () => {
				if (!this.dirty) return;
				this.dirty = false;
				const text = this.store.serialize();
				mkdirSync(dirname(this.path), { recursive: true });
				const tmp = `${this.path}.tmp-${process.pid}-${Date.now()}`;
				try {
					await writeFile(tmp, text);
					renameSync(tmp, this.path);
				} catch (error) {
					this.dirty = true;
					try {
						unlinkSync(tmp);
					} catch {
						// nothing to clean up
					}
					throw error;
				}
			});
		return this.writing;
	}

	/** Writes now if anything changed (waits for a write in progress). */
	async flush(): Promise<void> {
		if (this.timer) {
			clearTimeout(this.timer);
			this.timer = undefined;
		}
		await this.writing.catch(() => undefined);
		await this.write();
	}
}
