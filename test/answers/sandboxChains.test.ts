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
 * The chains of ./tratoAnswers.test.ts against the sandbox: its default profile (TRATO's answers) and the earlier
 * shapes kept as variant profiles (docs/sandbox.md): Create V2 answering `contractid`, Finalize answering only
 * `success` (the node then reads the files from the signed documents record, 4.11), the earlier participant
 * statuses and link form. Every profile gives the same workflow result.
 */
import { useEnv } from '../helpers/env';
import {
	carry,
	createV2Parameters,
	filesOf,
	finalizeParameters,
	fromPrevious,
	json,
	pdfItem,
	step,
} from './chain';

const PROFILES: Array<[string, string[]]> = [
	["default (TRATO's answers)", []],
	['create-v2-contractid', ['create-v2-contractid']],
	['finalize-success-only', ['finalize-success-only']],
	[
		'every earlier shape',
		[
			'create-v2-contractid',
			'finalize-success-only',
			'participant-statuses=earlier',
			'short-sign-links',
		],
	],
];

describe.each(PROFILES)('sandbox profile: %s', (_name, variants) => {
	const env = useEnv(__filename, { variants });

	test('Create With Signers → Get', async () => {
		const created = await step(env.creds, createV2Parameters, [pdfItem()]);
		const [out] = json(created);
		const stored = env.sb.control.getContract(String(out.contractId))!;
		expect(stored).toBeDefined();
		expect(stored.documentType).toBe('pdf'); // Source left at its default: the PDF file (node version 1.1)
		const ids = stored.participants.map((p) => p._id);
		expect((out.participants as any[]).map((p) => [p.participantId, p.name, p.signUrl])).toEqual(
			ids.map((id, i) => [id, ['Ana', 'Luis'][i], expect.stringContaining('/sign/')]),
		);
		const got = await step(
			env.creds,
			{ resource: 'contract', operation: 'get', ...fromPrevious },
			carry(created),
		);
		expect(json(got)).toEqual([
			expect.objectContaining({ contractId: stored._id, status: 'SENT_TO_SIGN' }),
		]);
	});

	test('Create With Signers → (signed in the sandbox) → Finalize → the signed PDF and the NOM-151 certificate', async () => {
		const created = await step(env.creds, createV2Parameters, [pdfItem()]);
		const contractId = String(created.items[0].json.contractId);
		env.sb.control.sign(contractId); // every participant signs
		const mark = env.mark();
		const finalized = await step(env.creds, finalizeParameters, carry(created));
		const [item] = finalized.items;
		const documents = (await env.api.get(`/api/contract/documents/${contractId}`)).data.documents;
		expect(item.json).toMatchObject({
			contractId,
			finalized: true,
			signedPdfUrl: documents.signed_contract,
			nom151CertificateUrl: documents.signed_certificate,
			binaryFields: { signedContract: 'data', certificate: 'certificate' },
		});
		expect(item.json.filesError).toBeUndefined();
		const files = await filesOf(item);
		const bytes = async (url: string) =>
			Buffer.from((await env.api.get(url, { responseType: 'arraybuffer' })).data);
		expect(files.data.equals(await bytes(documents.signed_contract))).toBe(true);
		expect(files.certificate.equals(await bytes(documents.signed_certificate))).toBe(true);
		expect(files.data.subarray(0, 5).toString()).toBe('%PDF-');
		expect(env.sb.control.getContract(contractId)!.status).toBe('FINALIZED');
		// the files come from the upload origin, without the credential
		const downloads = env.nodeRequests(mark).filter((r) => r.path.endsWith('.pdf'));
		expect(downloads).toHaveLength(2);
		for (const r of downloads) expect(r.headers.apikey).toBeUndefined();
		// the answer without links (finalize-success-only) is completed from 4.11, with one read more
		const finalizeRequests = env.nodeRequests(mark).filter((r) => r.path.startsWith('/api/'));
		expect(finalizeRequests.map((r) => `${r.method} ${r.path.replace(contractId, ':id')}`)).toEqual(
			[
				'POST /api/contract/finalize/:id',
				...(variants.includes('finalize-success-only') ? ['GET /api/contract/documents/:id'] : []),
			],
		);
	});
});
