import type { IDataObject } from 'n8n-workflow';

import { CONTRACT_STATUSES } from '../helpers/status';
import { ByteReader, ByteWriter } from './byteCodec';
import { DAY_MS } from './tuning';

/**
 * The trigger's memory, kept in the workflow's static data (node scope) under one key and replaced in one
 * assignment at the end of a successful poll.
 *
 * Stored form (JSON): `{ version, config, watermark, watermarkIds, epoch, session, write, contracts }` where `contracts` is a
 * Base64 string of a compact binary encoding (about 13 bytes per contract before Base64, 17-19 after):
 *
 * - contracts grouped by creation day (UTC), newest day first; a group is `varint((day or gap to the previous
 *   day) * 2 + single)`, then, unless `single` (exactly one 24-hex contract that day), `varint(hexCount * 2 +
 *   hasOthers)` and `[varint(otherCount)]`; then the entries (24-hex ids first);
 * - an entry is one byte `status code (bits 0-4) | present (bit 5) | counter class (bits 6-7)`, then the status
 *   text when the code is 17 (`varint(length)` + UTF-8), then the id (12 raw bytes for a 24-hex id, otherwise
 *   `varint(length)` + UTF-8), then `varint(n - 3)` when the counter class is 3 (classes 0-2 are n itself);
 * - status codes: 0-15 = the index in spec Part 3's list (0 = draft), 16 = unknown, 17 = another text.
 */
/** 3: epoch and session added (version 2 states load with neither). */
const STATE_VERSION = 3;
export const STATE_KEY = 'tratoTrigger';

export interface Tracked {
	/** Creation day (UTC days since 1970), for the look-back window. */
	day: number;
	/** Last status seen; null when unknown (e.g. a contract that left a watched status). */
	status: string | null;
	/** Seen in the last pass. */
	present: boolean;
	/** Changes detected for this contract: the counter in its eventIds. */
	changes: number;
}

export interface TriggerState {
	/** Fingerprint of the configuration this state was built for. */
	config: string;
	/** Newest creation instant (ms) seen; null when no contract was ever seen. */
	watermark: number | null;
	/** Contracts created exactly at the watermark instant that were seen. */
	watermarkIds: string[];
	contracts: Map<string, Tracked>;
	/**
	 * The eventId generation of the process that last wrote this state (base 36 seconds); undefined for a state
	 * of version 2, whose eventIds had none. See detect.ts, eventIdOf.
	 */
	epoch?: string;
	/** The n8n process (triggerTuning.session) that last wrote this state. */
	session?: string;
	/** Which write of that process this state is (poll.ts tells a continuation from a fork by it). */
	write?: string;
}

const CODE_UNKNOWN = 16;
const CODE_TEXT = 17;
const STATUS_CODES = new Map(CONTRACT_STATUSES.map((s, i) => [s.value, i]));
const HEX_ID = /^[0-9a-f]{24}$/;

export function dayOf(ms: number): number {
	return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / DAY_MS)) : 0;
}

function writeEntry(w: ByteWriter, id: string, t: Tracked, hexId: boolean): void {
	const code = t.status === null ? CODE_UNKNOWN : (STATUS_CODES.get(t.status) ?? CODE_TEXT);
	const counterClass = Math.min(t.changes, 3);
	w.byte(code | (t.present ? 0x20 : 0) | (counterClass << 6));
	if (code === CODE_TEXT) w.text(t.status as string);
	if (hexId) w.hex(id);
	else w.text(id);
	if (counterClass === 3) w.varint(t.changes - 3);
}

function readEntry(r: ByteReader, day: number, hexId: boolean): [string, Tracked] {
	const head = r.byte();
	const code = head & 0x1f;
	let status: string | null;
	if (code === CODE_TEXT) status = r.text();
	else if (code === CODE_UNKNOWN) status = null;
	else if (code < CONTRACT_STATUSES.length) status = CONTRACT_STATUSES[code].value;
	else throw new Error('bad status code');
	const id = hexId ? r.hex() : r.text();
	const counterClass = head >> 6;
	const changes = counterClass === 3 ? 3 + r.varint() : counterClass;
	return [id, { day, status, present: (head & 0x20) !== 0, changes }];
}

/** The Base64 encoding of the tracked contracts. */
export function encodeContracts(contracts: Map<string, Tracked>): string {
	const byDay = new Map<number, Array<[string, Tracked]>>();
	for (const entry of contracts) {
		const list = byDay.get(entry[1].day);
		if (list) list.push(entry);
		else byDay.set(entry[1].day, [entry]);
	}
	const w = new ByteWriter();
	let previous: number | undefined;
	for (const day of [...byDay.keys()].sort((a, b) => b - a)) {
		const entries = byDay.get(day) as Array<[string, Tracked]>;
		const hex = entries.filter(([id]) => HEX_ID.test(id));
		const others = entries.filter(([id]) => !HEX_ID.test(id));
		// A day holding a single 24-hex contract (the usual case for sparse states) needs no count.
		const single = hex.length === 1 && others.length === 0;
		w.varint((previous === undefined ? day : previous - day) * 2 + (single ? 1 : 0));
		if (!single) {
			w.varint(hex.length * 2 + (others.length > 0 ? 1 : 0));
			if (others.length > 0) w.varint(others.length);
		}
		for (const [id, t] of hex) writeEntry(w, id, t, true);
		for (const [id, t] of others) writeEntry(w, id, t, false);
		previous = day;
	}
	return w.base64();
}

export function decodeContracts(encoded: string): Map<string, Tracked> {
	const r = new ByteReader(Buffer.from(encoded, 'base64'));
	const out = new Map<string, Tracked>();
	let previous: number | undefined;
	while (!r.done) {
		const head = r.varint();
		const value = Math.floor(head / 2);
		const day = previous === undefined ? value : previous - value;
		const counts = head % 2 === 1 ? 2 : r.varint();
		const hexCount = Math.floor(counts / 2);
		const otherCount = counts % 2 === 1 ? r.varint() : 0;
		for (let i = 0; i < hexCount; i++) {
			const [id, t] = readEntry(r, day, true);
			out.set(id, t);
		}
		for (let i = 0; i < otherCount; i++) {
			const [id, t] = readEntry(r, day, false);
			out.set(id, t);
		}
		previous = day;
	}
	return out;
}

/** The JSON object stored in static data. */
export function storeState(state: TriggerState): IDataObject {
	return {
		version: STATE_VERSION,
		config: state.config,
		watermark: state.watermark === null ? null : new Date(state.watermark).toISOString(),
		watermarkIds: [...state.watermarkIds],
		epoch: state.epoch ?? null,
		session: state.session ?? null,
		write: state.write ?? null,
		contracts: encodeContracts(state.contracts),
	};
}

/** The state from static data; undefined when absent, of another version or unreadable (→ a new baseline). */
export function loadState(stored: unknown): TriggerState | undefined {
	if (!stored || typeof stored !== 'object') return undefined;
	const s = stored as IDataObject;
	if (
		(s.version !== STATE_VERSION && s.version !== 2) ||
		typeof s.config !== 'string' ||
		typeof s.contracts !== 'string'
	)
		return undefined;
	try {
		const watermark =
			s.watermark === null || s.watermark === undefined ? null : Date.parse(String(s.watermark));
		if (watermark !== null && Number.isNaN(watermark)) return undefined;
		const watermarkIds = Array.isArray(s.watermarkIds) ? s.watermarkIds.map(String) : [];
		const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
		return {
			config: s.config,
			watermark,
			watermarkIds,
			contracts: decodeContracts(s.contracts),
			epoch: text(s.epoch),
			session: text(s.session),
			write: text(s.write),
		};
	} catch {
		return undefined;
	}
}
