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
import { mulberry32 } from '../../sandbox/util';
import {
	decodeContracts,
	decodeRecent,
	encodeContracts,
	encodeRecent,
	loadState,
	type Tracked,
} from '../../nodes/Trato/trigger/state';

const STATUSES: Array<string | null> = [
	'',
	'SENT_TO_SIGN',
	'RECEIVED_SIGNED',
	'CANCELED',
	null,
	'SOME_FUTURE_STATUS',
];

function randomState(seed: number, size: number, daySpread: number): Map<string, Tracked> {
	const random = mulberry32(seed);
	const contracts = new Map<string, Tracked>();
	for (let i = 0; i < size; i++) {
		const hexId = random() < 0.9;
		const id = hexId
			? Array.from({ length: 24 }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('')
			: `ext-${i}-${Math.floor(random() * 1e6)}`;
		contracts.set(id, {
			day: 19000 + Math.floor(random() * daySpread),
			status: STATUSES[Math.floor(random() * STATUSES.length)],
			present: random() < 0.5,
			changes: random() < 0.8 ? Math.floor(random() * 3) : Math.floor(random() * 100_000),
		});
	}
	return contracts;
}

describe('trigger state encoding', () => {
	test.each([1, 2, 3, 4, 5, 6, 7, 8])(
		'round trip keeps every contract exactly (seed %i)',
		(seed) => {
			for (const [size, spread] of [
				[0, 1],
				[1, 1],
				[50, 2000],
				[500, 3],
				[300, 400],
			]) {
				const state = randomState(seed * 100 + size, size, spread);
				const decoded = decodeContracts(encodeContracts(state));
				expect(decoded).toEqual(state);
			}
		},
	);

	test('sparse contracts (one per creation day) stay under 20 bytes each', () => {
		const state = randomState(42, 170, 5000);
		for (const t of state.values()) {
			t.changes = 1;
			t.status = 'SENT_TO_SIGN';
		}
		const hexOnly = new Map([...state].filter(([id]) => /^[0-9a-f]{24}$/.test(id)));
		const bytes = encodeContracts(hexOnly).length;
		expect(bytes / hexOnly.size).toBeLessThan(20);
	});
});

describe('the contracts remembered from the watermark on', () => {
	test('round trip: 24-hex and other ids, dates before 1970, now and in 2099', () => {
		const recent = new Map<string, number>([
			['69d368030c0dcf6868e55a61', Date.parse('2026-04-06T08:00:01.000Z')],
			['69d368030c0dcf6868e55a62', Date.parse('2026-04-06T08:00:01.000Z')],
			['ext-7', Date.parse('2026-04-06T08:00:01.500Z')],
			['69d368030c0dcf6868e55a63', Date.parse('2099-01-01T00:00:00.000Z')],
			['old', Date.parse('1960-05-01T00:00:00.000Z')],
		]);
		expect(decodeRecent(encodeRecent(recent))).toEqual(recent);
		expect(decodeRecent(encodeRecent(new Map()))).toEqual(new Map());
	});

	test('a state of version 3 loads with the ids at its watermark as the contracts remembered', () => {
		const loaded = loadState({
			version: 3,
			config: 'abc',
			watermark: '2026-04-06T08:00:01.000Z',
			watermarkIds: ['a', 'b'],
			epoch: 'x',
			session: 's',
			write: '1',
			contracts: '',
		});
		expect(loaded?.watermark).toBe(Date.parse('2026-04-06T08:00:01.000Z'));
		expect(loaded?.recent).toEqual(
			new Map([
				['a', Date.parse('2026-04-06T08:00:01.000Z')],
				['b', Date.parse('2026-04-06T08:00:01.000Z')],
			]),
		);
	});
});
