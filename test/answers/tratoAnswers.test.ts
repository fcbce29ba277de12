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
 * Issue 26 against TRATO's answers as the notes write them (./tratoFixture.ts, each fixture citing its fact), not
 * against the sandbox: Create With Signers → Get, and Create With Signers → Finalize → files, through n8n-core.
 * Before the node read these shapes, Create V2's output had no contractId (TRATO answers `contract._id`, no
 * `contractid`) and the next step got an empty ID; Finalize output only `{contractId, finalized}`.
 */
import type { CredentialInput } from '../../test-support/harness';
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
import {
	API_KEY,
	CONTRACT_ID,
	EMAILS,
	PARTICIPANT_IDS,
	startTratoFixture,
	type TratoFixture,
} from './tratoFixture';

let trato: TratoFixture;
let credentials: CredentialInput;

beforeAll(async () => {
	trato = await startTratoFixture();
	credentials = {
		environment: 'custom',
		baseUrl: trato.apiUrl,
		authentication: 'apiKey',
		apiKey: API_KEY,
	};
});
afterAll(async () => {
	await trato.close();
});

test('Create With Signers → Get: the contract ID TRATO answers (contract._id) reaches the next step', async () => {
	const created = await step(credentials, createV2Parameters, [pdfItem()]);
	const [out] = json(created);
	expect(out.contractId).toBe(CONTRACT_ID);
	// the participants as TRATO answers them (id, e-mail, link), named from 4.5
	expect(out.participants).toEqual([
		{
			participantId: PARTICIPANT_IDS[0],
			name: 'Ana',
			label: 'Arrendador',
			email: EMAILS[0],
			signUrl: trato.signUrl(0),
		},
		{
			participantId: PARTICIPANT_IDS[1],
			name: 'Luis',
			label: 'Arrendatario',
			email: EMAILS[1],
			signUrl: trato.signUrl(1),
		},
	]);
	expect(out.signingLinks).toEqual(
		PARTICIPANT_IDS.map((participantId, i) => ({ participantId, signUrl: trato.signUrl(i) })),
	);
	expect(out.contract).toBeUndefined();

	const got = await step(
		credentials,
		{ resource: 'contract', operation: 'get', ...fromPrevious },
		carry(created),
	);
	expect(json(got)).toEqual([
		expect.objectContaining({ contractId: CONTRACT_ID, status: 'SENT_TO_SIGN' }),
	]);
	expect(
		trato.received.filter((r) => r.path === `/api/contract/status/${CONTRACT_ID}`).length,
	).toBe(
		2, // Create With Signers' own read of the status, then Get
	);
	// the PDF was sent as TRATO's production client sends it: `file` as a data URI (Source left at its default)
	const sent = JSON.parse(trato.received.find((r) => r.path === '/api/v2/create/contract')!.body);
	expect(sent.file).toMatch(/^data:application\/pdf;base64,JVBERi0/);
	expect(sent.templateid).toBeUndefined();
});

test('Create With Signers → (signed) → Finalize: the signed PDF and the NOM-151 certificate as links and files', async () => {
	const created = await step(credentials, createV2Parameters, [pdfItem()]);
	// the participants sign in TRATO's web app; the contract is then finalized
	const before = trato.received.length;
	const finalized = await step(credentials, finalizeParameters, carry(created));
	const [item] = finalized.items;
	expect(item.json).toEqual({
		contractId: CONTRACT_ID,
		finalized: true,
		signedPdfUrl: `${trato.filesUrl}/files/signed-contract.pdf`,
		nom151CertificateUrl: `${trato.filesUrl}/files/nom151-certificate.pdf`,
		binaryFields: { signedContract: 'data', certificate: 'certificate' },
		files: [
			{
				field: 'data',
				fileName: 'signed-contract.pdf',
				mimeType: 'application/pdf',
				fileSize: trato.files['/files/signed-contract.pdf'].length,
			},
			{
				field: 'certificate',
				fileName: 'nom151-certificate.pdf',
				mimeType: 'application/pdf',
				fileSize: trato.files['/files/nom151-certificate.pdf'].length,
			},
		],
	});
	const files = await filesOf(item);
	expect(files.data.equals(trato.files['/files/signed-contract.pdf'])).toBe(true);
	expect(files.certificate.equals(trato.files['/files/nom151-certificate.pdf'])).toBe(true);

	// one finalize, then the two files from the file host, which never saw the credential
	const after = trato.received.slice(before);
	expect(after.map((r) => `${r.origin} ${r.method} ${r.path}`)).toEqual([
		`api POST /api/contract/finalize/${CONTRACT_ID}`,
		'files GET /files/signed-contract.pdf',
		'files GET /files/nom151-certificate.pdf',
	]);
	for (const r of after.filter((x) => x.origin === 'files')) {
		expect(r.headers.apikey).toBeUndefined();
		expect(r.headers.authorization).toBeUndefined();
	}
	expect(after[0].headers.apikey).toBe(API_KEY);
});

test('Finalize without Download Files: the links only, nothing downloaded', async () => {
	const before = trato.received.length;
	const finalized = await step(credentials, {
		...finalizeParameters,
		contractId: { __rl: true, mode: 'id', value: CONTRACT_ID },
		downloadFiles: false,
	});
	expect(json(finalized)).toEqual([
		{
			contractId: CONTRACT_ID,
			finalized: true,
			signedPdfUrl: `${trato.filesUrl}/files/signed-contract.pdf`,
			nom151CertificateUrl: `${trato.filesUrl}/files/nom151-certificate.pdf`,
		},
	]);
	expect(finalized.items[0].binary).toBeUndefined();
	expect(trato.received.slice(before).map((r) => r.origin)).toEqual(['api']);
});

test("fields TRATO adds to its `contract` record are kept by Create With Signers, as by Finalize; the node's own fields win", async () => {
	// the notes show Finalize's record with more fields ("…") and Create V2's with _id and participants; a field
	// either adds is data the next step may need (api-notes P2, N24)
	const added = { folio: 'TR-2026-0042', createdAt: '2026-05-24T17:00:00.000Z' };
	const createV2 = trato.amend('POST /api/v2/create/contract', (answer) => ({
		...answer,
		contract: { ...answer.contract, ...added, name: 'Otro nombre', status: 'DRAFT' },
	}));
	const finalize = trato.amend(`POST /api/contract/finalize/${CONTRACT_ID}`, (answer) => ({
		...answer,
		contract: { ...answer.contract, ...added, status: 'FINALIZED' },
	}));
	try {
		const created = await step(credentials, createV2Parameters, [pdfItem()]);
		const [out] = json(created);
		expect(out).toMatchObject({
			contractId: CONTRACT_ID,
			...added,
			// the name the user gave, the status read after creating (4.3), the participants as read
			name: 'Contrato de arrendamiento',
			status: 'SENT_TO_SIGN',
			statusLabel: 'Pending Signature',
		});
		expect(
			(out.participants as Array<{ participantId: string }>).map((p) => p.participantId),
		).toEqual(PARTICIPANT_IDS);
		expect(out.contract).toBeUndefined();
		expect(out._id).toBeUndefined();

		const finalized = await step(
			credentials,
			{ ...finalizeParameters, downloadFiles: false },
			carry(created),
		);
		expect(json(finalized)).toEqual([
			{
				contractId: CONTRACT_ID,
				finalized: true,
				...added,
				status: 'FINALIZED',
				signedPdfUrl: `${trato.filesUrl}/files/signed-contract.pdf`,
				nom151CertificateUrl: `${trato.filesUrl}/files/nom151-certificate.pdf`,
			},
		]);
	} finally {
		createV2.restore();
		finalize.restore();
	}
});
