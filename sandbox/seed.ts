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
// Fast deterministic seeding of many contracts (100,000 in well under a second or two).
import type { Core } from './core';
import { TEMPLATES } from './templates';
import type {
	ContractState,
	ContractStatus,
	ParticipantState,
	ParticipantStatus,
	SeedOptions,
	SeedResult,
	VariableState,
} from './types';
import { badRequest, mulberry32 } from './util';

const STATUS_WEIGHTS: Array<[ContractStatus, number]> = [
	['', 10],
	['SENT_TO_SIGN', 25],
	['RECEIVED_SIGNED', 12],
	['FINALIZED', 10],
	['SENT_SIGNED', 6],
	['SENT_TO_DOWNLOAD', 2],
	['CANCELED', 8],
	['EXPIRED', 7],
	['REJECTED', 5],
	['NEGOTIATION', 4],
	['NEGOTIATED', 2],
	['RECEIVED_FILLED', 3],
	['SENT_TO_FILL', 2],
	['APPROVED', 2],
	['AUTHORIZE', 1],
	['SENT_TO_ACCEPT', 1],
];
const TOTAL_WEIGHT = STATUS_WEIGHTS.reduce((s, [, w]) => s + w, 0);

const FIRST = [
	'Ana',
	'Luis',
	'María',
	'José',
	'Carmen',
	'Jorge',
	'Lucía',
	'Pedro',
	'Sofía',
	'Miguel',
	'Elena',
	'Raúl',
	'Paula',
	'Diego',
	'Isabel',
	'Andrés',
	'Laura',
	'Héctor',
	'Valeria',
	'Tomás',
];
const LAST = [
	'López',
	'García',
	'Hernández',
	'Martínez',
	'Pérez',
	'Sánchez',
	'Ramírez',
	'Torres',
	'Flores',
	'Rivera',
	'Gómez',
	'Díaz',
	'Cruz',
	'Morales',
	'Reyes',
	'Ortiz',
	'Vargas',
	'Castillo',
	'Romero',
	'Mendoza',
];
const PEOPLE = 2000;
const AMOUNTS = Array.from({ length: 90 }, (_, i) => String(1000 + i * 100));
const STREETS = Array.from(
	{ length: 60 },
	(_, i) =>
		`Calle ${['Reforma', 'Juárez', 'Hidalgo', 'Madero', 'Morelos', 'Allende'][i % 6]} ${100 + i * 7}, CDMX`,
);
const SIGNED: readonly ContractStatus[] = [
	'RECEIVED_SIGNED',
	'FINALIZED',
	'SENT_SIGNED',
	'SENT_TO_DOWNLOAD',
];
const UNSENT: readonly ContractStatus[] = ['', 'RECEIVED_FILLED', 'APPROVED'];

function asciiLower(s: string): string {
	return s
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();
}

const HEX4 = Array.from({ length: 65536 }, (_, i) => i.toString(16).padStart(4, '0'));
const FIRST_LC = FIRST.map(asciiLower);
const LAST_LC = LAST.map(asciiLower);

export function seedContracts(core: Core, count: number, options: SeedOptions = {}): SeedResult {
	if (!Number.isInteger(count) || count < 0 || count > 2_000_000)
		throw badRequest('count must be an integer between 0 and 2000000');
	const started = performance.now();
	const store = core.store;
	const now = core.now();
	const to = options.to
		? Date.parse(options.to)
		: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
	const from = options.from ? Date.parse(options.from) : to - 365 * 86_400_000;
	if (Number.isNaN(from) || Number.isNaN(to) || from >= to)
		throw badRequest('from/to must be ISO timestamps with from < to');
	const seed = options.seed ?? 1;
	if (!Number.isInteger(seed)) throw badRequest('seed must be an integer');
	const rand = mulberry32((seed * 1_000_003 + store.seedCalls * 7919) >>> 0);
	store.seedCalls++;
	const hex8 = () => {
		const x = (rand() * 0x100000000) >>> 0;
		return HEX4[x >>> 16] + HEX4[x & 0xffff];
	};
	const span = to - from;
	const list: ContractState[] = [];
	const seen = new Set<string>();

	// creation times drawn first and sorted, so the contracts come out in listing order (a cheap final sort)
	const times = new Float64Array(count);
	for (let n = 0; n < count; n++) times[n] = from + Math.floor(rand() * span);
	times.sort();
	for (let n = 0; n < count; n++) {
		const createdAtMs = times[n];
		let id = '';
		do {
			id =
				Math.floor(createdAtMs / 1000)
					.toString(16)
					.padStart(8, '0') +
				hex8() +
				hex8();
		} while (seen.has(id) || store.contracts.has(id));
		seen.add(id);
		let pick = rand() * TOTAL_WEIGHT;
		let status: ContractStatus = '';
		for (const [s, w] of STATUS_WEIGHTS) {
			pick -= w;
			if (pick < 0) {
				status = s;
				break;
			}
		}
		const template = rand() < 0.7 ? TEMPLATES[Math.floor(rand() * TEMPLATES.length)] : undefined;
		const createdAt = new Date(createdAtMs).toISOString();
		const sent = !UNSENT.includes(status);
		const signedAll = SIGNED.includes(status);
		const sentAt = sent ? new Date(createdAtMs + 3_600_000).toISOString() : undefined;
		const signedAt = signedAll ? new Date(createdAtMs + 2 * 86_400_000).toISOString() : '';
		const defs = template
			? template.participants
			: [
					{ label: 'Signer 1', obligation: 'individual' as const, variables: [] },
					{ label: 'Signer 2', obligation: 'individual' as const, variables: [] },
				];
		let rejectedDone = false;
		const participants = defs.map((def, i): ParticipantState => {
			const person = Math.floor(rand() * PEOPLE);
			const fi = person % FIRST.length;
			const li = Math.floor(person / FIRST.length) % LAST.length;
			const first = FIRST[fi];
			const last = LAST[li];
			let pStatus: ParticipantStatus = sent ? 'SENT' : 'PENDING';
			if (signedAll) pStatus = 'SIGNED';
			else if (status === 'REJECTED' && !rejectedDone) {
				pStatus = 'REJECTED';
				rejectedDone = true;
			} else if (status === 'SENT_TO_SIGN' && i === 0 && rand() < 0.3) pStatus = 'SIGNED';
			const variables: Record<string, VariableState> = {};
			for (const v of def.variables) {
				let value: VariableState['value'] = '';
				if (v.type === 'dynamictable') value = {};
				else if (v.type === 'text') {
					value = /name/.test(v.ref)
						? `${first} ${last}`
						: /rent|fee/.test(v.ref)
							? AMOUNTS[Math.floor(rand() * AMOUNTS.length)]
							: STREETS[Math.floor(rand() * STREETS.length)];
				}
				variables[v.ref] = { name: v.name, type: v.type, value };
			}
			const p: ParticipantState = {
				_id: hex8() + hex8() + hex8(),
				label: def.label,
				name: def.obligation === 'legal' ? `${last} y Asociados S.A. de C.V.` : `${first} ${last}`,
				email: `${FIRST_LC[fi]}.${LAST_LC[li]}${person}@example.com`,
				phone: `+5255${String(10000000 + person * 37).slice(0, 8)}`,
				obligation: def.obligation,
				representative: def.obligation === 'legal' ? `${first} ${last}` : '',
				address: '',
				status: pStatus,
				variables,
				attachments: [],
			};
			if (pStatus === 'SIGNED') {
				p.signedAt = signedAt || new Date(createdAtMs + 86_400_000).toISOString();
				p.ip = `198.51.100.${(person % 250) + 1}`;
				p.geolocation = { latitude: 19.4326, longitude: -99.1332 };
			}
			return p;
		});
		const c: ContractState = {
			_id: id,
			name: template ? `${template.name} ${n + 1}` : `Documento ${n + 1}`,
			status,
			createdAt,
			createdAtMs,
			signedAt,
			source: 'seed',
			...(template ? { templateId: template.templateId } : {}),
			docVersion: 0,
			config: {},
			participants,
			spectators: [],
			properties: [],
			confidentialAttachments: [],
			reminders: [],
			events: [],
			fileIds: {},
		};
		if (rand() < 0.3) c.externalId = `EXT-${seed}-${n + 1}`;
		if (sentAt) c.sentAt = sentAt;
		if (status === 'FINALIZED')
			c.finalizedAt = new Date(createdAtMs + 3 * 86_400_000).toISOString();
		if (status === 'CANCELED') c.canceledAt = new Date(createdAtMs + 86_400_000).toISOString();
		if (status === 'EXPIRED') c.expiredAt = new Date(createdAtMs + 30 * 86_400_000).toISOString();
		if (status === 'REJECTED') c.rejectedAt = new Date(createdAtMs + 86_400_000).toISOString();
		list.push(c);
	}
	store.addMany(list);
	core.touch();
	return {
		seeded: count,
		total: store.contracts.size,
		ms: Math.round((performance.now() - started) * 10) / 10,
	};
}
