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
/** sendReminder, archive, cancel, finalize and stampShield2Certificate: one call each, state refusals explained. */
import { byId, createPdfContract, prepareForSending, sendContract, useEnv } from '../helpers/env';

const env = useEnv(__filename);
afterEach(() => {
	env.sb.control.clearFaults();
	env.sb.control.setCredits({ shield1: 100, shield2: 100 });
});

type Stage = 'draft' | 'sent' | 'partlySigned' | 'signed';

async function contract(
	stage: Stage,
	config: Record<string, unknown> = {},
): Promise<{ id: string; participants: string[] }> {
	const id = await createPdfContract(env.api);
	const participants = await prepareForSending(env.api, id);
	if (Object.keys(config).length)
		expect((await env.api.post(`/api/contract/configuration/${id}`, config)).status).toBe(200);
	if (stage !== 'draft') await sendContract(env.api, id);
	if (stage === 'partlySigned') env.sb.control.sign(id, { participantId: participants[0] });
	if (stage === 'signed') env.sb.control.sign(id);
	return { id, participants };
}

const run = (operation: string, contractId: string, options?: { continueOnFail?: boolean }) =>
	env.run({ resource: 'contract', operation, contractId: byId(contractId) }, undefined, options);

const status = async (id: string) =>
	(await env.api.get(`/api/contract/status/${id}`)).data.status as string;

function expectRefusal(
	result: Awaited<ReturnType<typeof run>>,
	httpCode: string,
	apiText: RegExp,
	hint: RegExp,
) {
	expect((result.error as any)?.name).toBe('NodeApiError');
	expect(result.error?.httpCode).toBe(httpCode);
	expect(result.error?.message).toMatch(/^TRATO refused the request: /);
	expect(result.error?.message).toMatch(apiText);
	expect(result.error?.description).toMatch(hint);
}

describe('contract → sendReminder', () => {
	test('reminds the participants who have not signed yet', async () => {
		const { id, participants } = await contract('partlySigned');
		const mark = env.mark();
		const result = await run('sendReminder', id);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ contractId: id, reminderSent: true }]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/contract/pending/${id} 200`,
		]);
		expect(env.sb.control.getContract(id)?.reminders).toEqual([
			{ at: expect.any(String), participantIds: [participants[1]] },
		]);
	});

	test('a reminder is never sent twice: a timeout or 503 is reported, not retried (it e-mails people)', async () => {
		const { id } = await contract('sent');
		env.sb.control.addFault({ method: 'GET', path: `/api/contract/pending/${id}`, status: 503 });
		const mark = env.mark();
		const result = await run('sendReminder', id);
		expect(result.error?.httpCode).toBe('503');
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.status}`)).toEqual(['GET 503']);
	});

	test('a draft or a fully signed contract: the refusal says when reminders can be sent', async () => {
		const { id: draft } = await contract('draft');
		expectRefusal(
			await run('sendReminder', draft),
			'409',
			/Reminders need a contract waiting for signatures/,
			/A reminder can only be sent while the contract waits for signatures/,
		);
		const { id: signed } = await contract('signed');
		expectRefusal(
			await run('sendReminder', signed),
			'409',
			/waiting for signatures/,
			/at least one participant has not signed yet/,
		);
	});
});

describe('contract → archive', () => {
	test('archives the contract and keeps its status', async () => {
		const { id } = await contract('signed');
		const mark = env.mark();
		const result = await run('archive', id);
		expect(result.items.map((i) => i.json)).toEqual([{ contractId: id, archived: true }]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contract/archive/${id} 200`,
		]);
		expect(env.sb.control.getContract(id)?.archived).toBe(true);
		expect(await status(id)).toBe('RECEIVED_SIGNED');
	});

	test('an unknown contract gives a NodeApiError that points at the ID', async () => {
		const result = await run('archive', 'ffffffffffffffffffffffff');
		expect((result.error as any)?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/^Check the contract ID: TRATO does not know it/);
	});
});

describe('contract → cancel', () => {
	test('cancels with DELETE', async () => {
		const { id } = await contract('partlySigned');
		const mark = env.mark();
		const result = await run('cancel', id);
		expect(result.items.map((i) => i.json)).toEqual([{ contractId: id, canceled: true }]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/contract/cancel/${id} 200`,
		]);
		expect(await status(id)).toBe('CANCELED');
	});

	test('already cancelled, or signed by all: refused in plain words', async () => {
		const { id } = await contract('sent');
		expect((await run('cancel', id)).error).toBeUndefined();
		expectRefusal(
			await run('cancel', id),
			'409',
			/already cancelled/,
			/cannot be cancelled once every participant has signed it, or when it is already cancelled/,
		);
		const { id: signed } = await contract('signed');
		expectRefusal(
			await run('cancel', signed),
			'409',
			/signed by all participants/,
			/cannot be cancelled once every participant has signed/,
		);
		expect(await status(signed)).toBe('RECEIVED_SIGNED');
	});

	test('is never retried: a gateway error is reported after one request', async () => {
		const { id } = await contract('sent');
		env.sb.control.addFault({
			method: 'DELETE',
			path: `/api/contract/cancel/${id}`,
			status: 503,
			times: 3,
		});
		const mark = env.mark();
		const result = await run('cancel', id);
		expect(result.error?.httpCode).toBe('503');
		expect(env.nodeRequests(mark)).toHaveLength(1);
	});
});

describe('contract → finalize', () => {
	test('finalizes a signed contract; the output keeps the signed PDF and NOM-151 links TRATO answers', async () => {
		const { id } = await contract('signed', { stampNom: true });
		const mark = env.mark();
		const result = await run('finalize', id);
		const file = (kind: string) =>
			expect.stringMatching(new RegExp(`^${env.sb.uploadUrl}/${id}-${kind}-[\\w-]+\\.pdf$`));
		expect(result.items.map((i) => i.json)).toEqual([
			{
				contractId: id,
				finalized: true,
				status: 'FINALIZED',
				signedPdfUrl: file('signed'),
				nom151CertificateUrl: file('nom151-certificate'),
			},
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contract/finalize/${id} 200`,
		]);
		expect(await status(id)).toBe('FINALIZED');
	});

	test('outside RECEIVED_SIGNED the refusal says what is needed', async () => {
		const { id: sent } = await contract('partlySigned');
		expectRefusal(
			await run('finalize', sent),
			'409',
			/can only be finalized when RECEIVED_SIGNED \(it is SENT_TO_SIGN\)/,
			/Only a contract signed by every participant and not yet finalized/,
		);
		const { id: done } = await contract('signed');
		expect((await run('finalize', done)).error).toBeUndefined();
		expectRefusal(await run('finalize', done), '409', /it is FINALIZED/, /not yet finalized/);
	});
});

describe('contract → stampShield2Certificate', () => {
	test('stamps a shield2-certificate contract and uses one credit', async () => {
		const { id } = await contract('sent', { signatureType: 'shield2-certificate' });
		const before = env.sb.control.getCredits().shield2;
		const mark = env.mark();
		const result = await run('stampShield2Certificate', id);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ contractId: id, shield2CertificateStamped: true },
		]);
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /api/contracts/${id}/stamp-shield2-certificate 200`,
		]);
		expect(env.sb.control.getCredits().shield2).toBe(before - 1);
		expect(env.sb.control.getContract(id)?.shield2Stamped).toBe(true);
	});

	test('wrong signature type, no credits or already stamped: refusals explained', async () => {
		const { id: autograph } = await contract('sent');
		expectRefusal(
			await run('stampShield2Certificate', autograph),
			'409',
			/needs signatureType shield2-certificate/,
			/Signature Type "Shield-2 Certificate"/,
		);

		const { id } = await contract('sent', { signatureType: 'shield2-certificate' });
		env.sb.control.setCredits({ shield2: 0 });
		expectRefusal(
			await run('stampShield2Certificate', id),
			'409',
			/No shield-2 credits/,
			/Shield-2 credits on the account/,
		);
		env.sb.control.setCredits({ shield2: 5 });
		expect((await run('stampShield2Certificate', id)).error).toBeUndefined();
		expectRefusal(
			await run('stampShield2Certificate', id),
			'409',
			/already has its shield-2 certificate/,
			/stamped only once/,
		);
		expect(env.sb.control.getCredits().shield2).toBe(4);
	});
});

describe('all five operations', () => {
	test.each(['sendReminder', 'archive', 'cancel', 'finalize', 'stampShield2Certificate'])(
		'%s: an empty or malformed contract ID is refused before any request',
		async (operation) => {
			for (const [value, message] of [
				['={{ $json.missing }}', /^The Contract is empty$/],
				['={{ "abc/../x" }}', /^The Contract ID "abc\/\.\.\/x" is not a valid ID$/],
			] as Array<[string, RegExp]>) {
				const mark = env.mark();
				const result = await run(operation, value);
				expect(result.error?.message).toMatch(message);
				expect((result.error as any)?.name).toBe('NodeOperationError');
				expect(env.nodeRequests(mark)).toHaveLength(0);
			}
		},
	);
});
