import type { IDataObject } from 'n8n-workflow';

import { CONTRACT_STATUSES } from '../helpers/status';
import { ByteReader, ByteWriter } from './byteCodec';
import { DAY_MS } from './tuning';

/**
 * The trigger's memory, kept in the workflow's static data (node scope) under one key and replaced in one
 * assignment at the end of a successful poll.
 *
 * Stored form (JSON): `{ version, config, watermark, recent, epoch, session, write, contracts }` where `recent` (the
 * contracts seen dated at or after the watermark, watermark.ts) is a Base64 string: by creation instant, the first
 * as `varint(zigzag(ms))`, the next as `varint(ms - previous ms)`, each then `0` + 12 raw bytes for a 24-hex id or
 * `1` + the id as text (about 20 bytes per contract after Base64); and `contracts` is a
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
/**
 * 4: `recent` replaces `watermarkIds` (versions 2 and 3 load with the ids at the watermark as `recent`).
 * 3: epoch and session added (version 2 states load with neither).
 */
const STATE_VERSION = 4;
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
	/** Every contract created later is dated at or after it (watermark.ts); null: no contract seen up to n8n's clock. */
	watermark: number | null;
	/** Contracts seen dated at or after the watermark: id → creation instant (ms). */
	recent: Map<string, number>;
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

/** The Base64 encoding of the contracts seen at or after the watermark. */
export function encodeRecent(recent: Map<string, number>): string {
	const w = new ByteWriter();
	let previous: number | undefined;
	for (const [id, ms] of [...recent].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))) {
		w.varint(previous === undefined ? (ms < 0 ? -2 * ms - 1 : 2 * ms) : ms - previous);
		const hexId = HEX_ID.test(id);
		w.byte(hexId ? 0 : 1);
		if (hexId) w.hex(id);
		else w.text(id);
		previous = ms;
	}
	return w.base64();
}

export function decodeRecent(encoded: string): Map<string, number> {
	const r = new ByteReader(Buffer.from(encoded, 'base64'));
	const out = new Map<string, number>();
	let previous: number | undefined;
	while (!r.done) {
		const v = r.varint();
		const ms = previous === undefined ? (v % 2 === 1 ? -(v + 1) / 2 : v / 2) : previous + v;
		out.set(r.byte() === 0 ? r.hex() : r.text(), ms);
		previous = ms;
	}
	return out;
}

/** The JSON object stored in static data. */
export function storeState(state: TriggerState): IDataObject {
	return {
		version: STATE_VERSION,
		config: state.config,
		watermark: state.watermark === null ? null : new Date(state.watermark).toISOString(),
		recent: encodeRecent(state.recent),
		epoch: state.epoch ?? null,
		session: state.session ?? null,
		write: state.write ?? null,
		contracts: encodeContracts(state.contracts),
	};
}

/** Why a saved state cannot be read (fixed texts: never a stored value), or the state. */
export type ReadState = { state: TriggerState } | { problem: string } | { absent: true };

/** The state from static data: absent (never saved), readable, or why not (→ a new baseline). */
export function readState(stored: unknown): ReadState {
	if (stored === undefined || stored === null) return { absent: true };
	if (typeof stored !== 'object' || Array.isArray(stored))
		return { problem: 'it is not an object' };
	const s = stored as IDataObject;
	const version = typeof s.version === 'number' ? s.version : undefined;
	if (version !== STATE_VERSION && version !== 3 && version !== 2)
		return {
			problem:
				version === undefined
					? 'it has no version'
					: `its version (${version}) is not one this node reads`,
		};
	const legacy = version !== STATE_VERSION;
	if (
		typeof s.config !== 'string' ||
		typeof s.contracts !== 'string' ||
		(!legacy && typeof s.recent !== 'string')
	)
		return { problem: 'a field is missing' };
	const watermark =
		s.watermark === null || s.watermark === undefined ? null : Date.parse(String(s.watermark));
	if (watermark !== null && Number.isNaN(watermark))
		return { problem: 'its watermark is not a date' };
	const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
	try {
		const atWatermark = Array.isArray(s.watermarkIds) ? s.watermarkIds.map(String) : [];
		return {
			state: {
				config: s.config,
				watermark,
				recent: legacy
					? new Map(watermark === null ? [] : atWatermark.map((id) => [id, watermark]))
					: decodeRecent(s.recent as string),
				contracts: decodeContracts(s.contracts),
				epoch: text(s.epoch),
				session: text(s.session),
				write: text(s.write),
			},
		};
	} catch {
		return { problem: 'its contracts are damaged' };
	}
}

/** The state from static data; undefined when absent or unreadable. */
export function loadState(stored: unknown): TriggerState | undefined {
	const read = readState(stored);
	return 'state' in read ? read.state : undefined;
}
