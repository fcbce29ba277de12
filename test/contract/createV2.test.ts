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
 * Create V2 through n8n-core against the sandbox: the request body is checked field by field against the body a
 * production TRATO client sends (trato-notes "Create V2", docs/api-notes.md), signature boxes and the `file` data
 * URI included; Part 7's errors reach the user with TRATO's name and a sentence on what to fix.
 */
import { CREATE_V2_ERRORS } from '../../nodes/Trato/helpers/createV2Errors';
import {
	byId,
	DOCX_MIME,
	fixture,
	fromList,
	LEASE,
	NDA,
	type NodeTestEnv,
	PDF_MIME,
	startEnv,
} from '../helpers/env';

let env: NodeTestEnv;

beforeAll(async () => {
	env = await startEnv(__filename);
});
afterAll(async () => {
	await env.close();
});

const pdfItem = {
	binary: { data: { data: fixture('lease.pdf'), fileName: 'lease.pdf', mimeType: PDF_MIME } },
};
const docxItem = {
	binary: {
		data: { data: fixture('services.docx'), fileName: 'services.docx', mimeType: DOCX_MIME },
	},
};

const run = (
	params: Record<string, unknown>,
	items?: any[],
	options?: { continueOnFail?: boolean },
) =>
	env.run(
		{
			resource: 'contract',
			operation: 'createV2',
			source: 'template',
			templateId: fromList(LEASE),
			...params,
		} as any,
		items,
		options,
	);

/** Fields mode: participants and spectators as n8n stores fixedCollection values. */
const fields = (
	participants: Record<string, unknown>[],
	spectators: Record<string, unknown>[] = [],
	extra: Record<string, unknown> = {},
) =>
	run({
		signersInputMode: 'fields',
		signers: { signer: participants },
		spectators: { spectator: spectators },
		...extra,
	});

/** JSON mode: arrays as TRATO takes them. */
const json = (
	participants: unknown,
	spectators: unknown = [],
	extra: Record<string, unknown> = {},
) =>
	run({
		signersInputMode: 'json',
		signersJson: typeof participants === 'string' ? participants : JSON.stringify(participants),
		spectatorsJson: typeof spectators === 'string' ? spectators : JSON.stringify(spectators),
		...extra,
	});

const ana = {
	obligation: 'individual',
	name: 'Ana',
	lastName: 'López',
	email: 'ana@example.com',
};
const luis = {
	obligation: 'individual',
	name: 'Luis',
	lastName: 'Pérez',
	email: 'luis@example.com',
	phone: '+525587654321',
};
const agenda = {
	paternalLastName: 'Pérez',
	maternalLastName: 'Ruiz',
	birthDate: '1985-04-12T00:00:00',
	zipcode: '44100',
	state: 'jal',
	street: 'Av. Juárez 1',
	city: 'Guadalajara',
	suburb: 'Centro',
};

/** The request log keeps the first 64 characters of a long string and its length. */
const logged = (text: string) => `${text.slice(0, 64)}…[${text.length} chars]`;

describe('contract → createV2: the body TRATO takes (Fields mode)', () => {
	test('PDF: every top-level setting, participants with signature boxes, the file as a data URI', async () => {
		const mark = env.mark();
		const result = await run(
			{
				source: 'pdf',
				name: ' Contrato de arrendamiento 2026 ',
				language: 'es',
				notificationType: 'none',
				signInOrder: true,
				showSignLinks: true,
				additionalFields: {
					expiryStartDate: '2026-01-01T00:00:00',
					expiryEndDate: '2099-12-31T00:00:00',
					externalId: 'crm-42',
					ownerSelfSign: false,
					signatureType: 'autograph',
					stampNom: true,
					shield3Statement: 'Declaro que he leído el contrato.',
				},
				signersInputMode: 'fields',
				signers: {
					signer: [
						{
							...ana,
							label: 'Arrendador',
							requestAgreement: true,
							signatures: {
								box: [
									{ page: 1, top: 650.5, left: 72.5 },
									{ page: 2, top: 100, left: 300, width: 200, height: 60, customSize: false },
								],
							},
						},
						{
							...luis,
							label: 'Arrendatario',
							isNotNegotiator: true,
							signatures: { box: [{ page: 2, top: 100, left: 72.5, width: 150, height: 75 }] },
						},
					],
				},
				spectators: { spectator: [{ name: 'Auditor', email: 'audit@example.com' }] },
			},
			[pdfItem],
		);
		expect(result.error).toBeUndefined();

		const [request] = env.nodeRequests(mark);
		expect(`${request.method} ${request.path} ${request.status}`).toBe(
			'POST /api/v2/create/contract 200',
		);
		expect(request.headers['content-type']).toBe('application/json');
		const uri = `data:application/pdf;base64,${fixture('lease.pdf').toString('base64')}`;
		// field by field, the production client's body (trato-notes "Create V2")
		expect(request.body).toEqual({
			name: 'Contrato de arrendamiento 2026',
			language: 'es',
			expiryUndefined: false,
			expiryStartDate: '2026-01-01',
			expiryEndDate: '2099-12-31',
			externalId: 'crm-42',
			showSignLinks: true,
			notificationType: 'none',
			ownerSelfSign: false,
			signInOrder: true,
			signatureType: 'autograph',
			stampNom: true,
			shield3Statement: 'Declaro que he leído el contrato.',
			file: logged(uri),
			participants: [
				{
					obligation: 'individual',
					name: 'Ana',
					last_name: 'López',
					label: 'Arrendador',
					email: 'ana@example.com',
					requestAgreement: true,
					signOrder: 0,
					isNotNegotiator: false,
					isNotSigner: false,
					signatures: [
						{ page: 1, top: 650.5, left: 72.5, width: 150, height: 75, customSize: true },
						{ page: 2, top: 100, left: 300, width: 200, height: 60, customSize: false },
					],
				},
				{
					obligation: 'individual',
					name: 'Luis',
					last_name: 'Pérez',
					label: 'Arrendatario',
					email: 'luis@example.com',
					phone: '+525587654321',
					requestAgreement: false,
					signOrder: 1,
					isNotNegotiator: true,
					isNotSigner: false,
					signatures: [{ page: 2, top: 100, left: 72.5, width: 150, height: 75, customSize: true }],
				},
			],
			spectators: [{ name: 'Auditor', email: 'audit@example.com', phone: '' }],
		});
		expect((request.body as any).file.startsWith('data:application/pdf;base64,JVBERi0')).toBe(true);

		// TRATO made it and sent it (api-notes "Create V2"); the output names the participants and their links
		const out = result.items[0].json;
		const stored = env.sb.control.getContract(String(out.contractId))!;
		expect(stored.status).toBe('SENT_TO_SIGN');
		expect(stored.documentType).toBe('pdf');
		expect(stored.participants[0].v2?.signatures).toEqual([
			{ page: 1, top: 650.5, left: 72.5, width: 150, height: 75, customSize: true },
			{ page: 2, top: 100, left: 300, width: 200, height: 60, customSize: false },
		]);
		const ids = stored.participants.map((p) => p._id);
		// TRATO's form of a signing link: <web app>/sign/<contract id>/<per participant>
		const link = expect.stringMatching(
			new RegExp(`^${env.sb.baseUrl}/sign/${stored._id}/[\\w-]+$`),
		);
		expect(out).toEqual({
			contractId: stored._id,
			success: true,
			name: 'Contrato de arrendamiento 2026',
			participantCount: 2,
			spectatorCount: 1,
			// TRATO's answer (id, e-mail, link) with the name and role read from 4.5
			participants: [
				{
					participantId: ids[0],
					name: 'Ana',
					label: 'Arrendador',
					email: 'ana@example.com',
					signUrl: link,
				},
				{
					participantId: ids[1],
					name: 'Luis',
					label: 'Arrendatario',
					email: 'luis@example.com',
					signUrl: link,
				},
			],
			// what TRATO did with it, read from 4.3: sent in the same call
			status: 'SENT_TO_SIGN',
			statusLabel: 'Pending Signature',
			signingLinks: ids.map((participantId) => ({ participantId, signUrl: link })),
		});
		const byParticipant = out.participants as Array<{ participantId: string; signUrl: string }>;
		expect((out.signingLinks as any[]).map((l) => l.signUrl)).toEqual(
			byParticipant.map((p) => p.signUrl),
		);
	});

	test('Word: the file as a data URI with the Word MIME type', async () => {
		const mark = env.mark();
		const result = await run(
			{
				source: 'word',
				name: 'Servicios',
				signersInputMode: 'fields',
				signers: { signer: [ana] },
			},
			[docxItem],
		);
		expect(result.error).toBeUndefined();
		const body = env.nodeRequests(mark)[0].body as any;
		const uri = `data:${DOCX_MIME};base64,${fixture('services.docx').toString('base64')}`;
		expect(body.file).toBe(logged(uri));
		// the sandbox decoded it as a Word document and converted it (a docx is a zip: Base64 "UEsDB…")
		expect(uri.slice(DOCX_MIME.length + 13, DOCX_MIME.length + 18)).toBe('UEsDB');
		expect(body.document).toBeUndefined();
		expect(env.sb.control.getContract(String(result.items[0].json.contractId))?.documentType).toBe(
			'word',
		);
	});

	test('template source with the defaults: the settings shown always, nothing else; 24-hex template ID', async () => {
		expect(NDA).toMatch(/^[0-9a-f]{24}$/);
		const mark = env.mark();
		const result = await run({
			templateId: byId(NDA),
			signersInputMode: 'fields',
			signers: {
				signer: [
					{ ...ana, obligation: 'legal', name: 'Acme SA de CV', representative: 'Ana López' },
					luis,
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(env.nodeRequests(mark)[0].body).toEqual({
			language: 'es',
			notificationType: 'email',
			signInOrder: false,
			showSignLinks: false,
			templateid: NDA,
			participants: [
				{
					obligation: 'legal',
					name: 'Acme SA de CV',
					email: 'ana@example.com',
					representative: 'Ana López',
					requestAgreement: false,
					signOrder: 0,
					isNotNegotiator: false,
					isNotSigner: false,
				},
				{
					obligation: 'individual',
					name: 'Luis',
					last_name: 'Pérez',
					email: 'luis@example.com',
					phone: '+525587654321',
					requestAgreement: false,
					signOrder: 1,
					isNotNegotiator: false,
					isNotSigner: false,
				},
			],
		});
		const out = result.items[0].json;
		expect(out.signingLinks).toBeUndefined();
		const stored = env.sb.control.getContract(String(out.contractId))!;
		expect(stored.templateId).toBe(NDA);
		// no role given: the template's roles stay
		expect(stored.participants.map((p) => `${p.label}: ${p.name}`)).toEqual([
			'Parte reveladora: Acme SA de CV',
			'Parte receptora: Luis',
		]);
	});

	test('a qualified certificate and a credit-bureau check: RFC and agenda properties where Part 7 reads them', async () => {
		const mark = env.mark();
		const result = await fields([
			{ ...ana, rfc: 'loaa800101ab1', qualifiedCertificate: true },
			{
				...luis,
				rfc: 'PELU850412AB1',
				creditBureau: true,
				agendaProperties: agenda,
			},
		]);
		expect(result.error).toBeUndefined();
		const [first, second] = (env.nodeRequests(mark)[0].body as any).participants;
		expect(first).toMatchObject({
			rfc: 'LOAA800101AB1',
			qualifiedCertificate: true,
			agendaProperties: { rfc: 'LOAA800101AB1' },
		});
		expect(first.creditBureau).toBeUndefined();
		expect(second).toMatchObject({
			rfc: 'PELU850412AB1',
			creditBureau: true,
			agendaProperties: {
				rfc: 'PELU850412AB1',
				...agenda,
				birthDate: '1985-04-12',
				state: 'JAL',
			},
		});
	});

	test('Shield 1: "shield" is sent only when chosen, and spends a credit', async () => {
		const before = env.sb.control.getCredits().shield1;
		const mark = env.mark();
		const result = await fields([ana], [], { shield: 'shield1' });
		expect(result.error).toBeUndefined();
		expect((env.nodeRequests(mark)[0].body as any).shield).toBe('shield1');
		expect(env.sb.control.getCredits().shield1).toBe(before - 1);
	});

	test('the contract is created even when its participants cannot be read: the answer still names them, nothing is sent twice', async () => {
		env.sb.control.addFault({
			method: 'GET',
			path: '/api/contract/variables/*',
			status: 500,
			body: { success: false, error: 'Database timeout' },
		});
		const mark = env.mark();
		const result = await fields([ana, luis]);
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(env.sb.control.getContract(String(out.contractId))).toBeDefined();
		// TRATO's answer lists them (id, e-mail); only the names and roles of 4.5 are missing
		expect(out.participants).toEqual([
			{ participantId: expect.any(String), email: 'ana@example.com' },
			{ participantId: expect.any(String), email: 'luis@example.com' },
		]);
		expect(out.participantsError).toBeUndefined();
		expect(env.nodeRequests(mark).filter((r) => r.path === '/api/v2/create/contract')).toHaveLength(
			1,
		);
	});
});

describe('contract → createV2: bad input refused before any request (Fields mode)', () => {
	const who = (n: number, name: string) => `Participant ${n} (${name}): `;
	test.each([
		['no participant', [], [], {}, CREATE_V2_ERRORS.MissingSigners],
		['nobody who signs', [{ ...ana, isNotSigner: true }], [], {}, CREATE_V2_ERRORS.MissingSigners],
		// typed, an empty required field already stops the workflow in n8n; an expression can still give nothing
		[
			'an empty name',
			[ana, { ...luis, name: '={{ "" }}' }],
			[],
			{},
			`Participant 2: ${CREATE_V2_ERRORS.BlankName}`,
		],
		[
			'an empty e-mail',
			[ana, { ...luis, email: '={{ $json.email }}' }],
			[],
			{},
			`${who(2, 'Luis')}${CREATE_V2_ERRORS.BlankEmail}`,
		],
		[
			'a bad e-mail',
			[ana, { ...luis, email: 'luis(at)example.com' }],
			[],
			{},
			`${who(2, 'Luis')}${CREATE_V2_ERRORS.InvalidEmail}`,
		],
		[
			'a person without last name',
			[{ ...ana, lastName: '={{ $json.lastName }}' }],
			[],
			{},
			`${who(1, 'Ana')}${CREATE_V2_ERRORS.MissingLastName}`,
		],
		[
			'SMS without phone',
			[luis, ana],
			[],
			{ notificationType: 'sms' },
			`${who(2, 'Ana')}${CREATE_V2_ERRORS.EmptyPhone}`,
		],
		[
			'a qualified certificate without RFC',
			[ana, { ...luis, qualifiedCertificate: true }],
			[],
			{},
			`${who(2, 'Luis')}${CREATE_V2_ERRORS.EmptyRFC}`,
		],
		[
			'a short personal RFC',
			[ana, { ...luis, rfc: 'PELU8001' }],
			[],
			{},
			`${who(2, 'Luis')}${CREATE_V2_ERRORS.WrongPhysicalPersonRFCFormat}`,
		],
		[
			'a 13-character company RFC',
			[{ obligation: 'legal', name: 'Acme', email: 'a@acme.example', rfc: 'ACME800101AB1' }],
			[],
			{},
			`${who(1, 'Acme')}${CREATE_V2_ERRORS.WrongLegalPersonRFCFormat}`,
		],
		[
			'a credit-bureau check without suburb',
			[
				ana,
				{
					...luis,
					rfc: 'PELU800101AB1',
					creditBureau: true,
					agendaProperties: { ...agenda, suburb: '' },
				},
			],
			[],
			{},
			`${who(2, 'Luis')}${CREATE_V2_ERRORS.EmptySuburb}`,
		],
		[
			'a state name instead of its code',
			[
				ana,
				{
					...luis,
					rfc: 'PELU800101AB1',
					creditBureau: true,
					agendaProperties: { ...agenda, state: 'Jalisco' },
				},
			],
			[],
			{},
			`${who(2, 'Luis')}${CREATE_V2_ERRORS.InvalidStateFormat}`,
		],
		[
			'a bad spectator e-mail',
			[ana],
			[{ name: 'Auditor', email: 'audit@' }],
			{},
			`Spectator 1 (Auditor): ${CREATE_V2_ERRORS.WrongEmailSpectator}`,
		],
		[
			'a spectator who is a participant',
			[ana, luis],
			[{ name: 'Luis', email: 'LUIS@example.com' }],
			{},
			`Spectator 1 (Luis): ${CREATE_V2_ERRORS.DistinctSpectatorParticipant}`,
		],
		[
			'a signature box on page -1 (from an expression)',
			[{ ...ana, signatures: { box: [{ page: '={{ -1 }}' }] } }],
			[],
			{},
			'Participant 1 (Ana), signature box 1: Page "-1" is not a page number',
		],
		[
			'a signature box on page 1.5',
			[{ ...ana, signatures: { box: [{ page: 1.5 }] } }],
			[],
			{},
			'Participant 1 (Ana), signature box 1: Page "1.5" is not a page number',
		],
		[
			'an end date without a start date',
			[ana],
			[],
			{ additionalFields: { expiryEndDate: '2099-01-01' } },
			'Expiry Start Date is missing',
		],
	])('%s', async (_name, participants, spectators, extra, message) => {
		const mark = env.mark();
		const result = await fields(participants as any, spectators as any, extra as any);
		expect(result.error?.message).toBe(message);
		expect((result.error as any)?.name).toBe('NodeOperationError');
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a typed empty Last Name of a natural person is a parameter issue: n8n does not run the workflow', async () => {
		const mark = env.mark();
		await expect(fields([{ ...ana, lastName: '' }])).rejects.toThrow(/workflow has issues/);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('the refusal says what is wrong with the value', async () => {
		const badEmail = await fields([{ ...ana, email: 'ana@example' }]);
		expect(badEmail.error?.description).toBe('"ana@example" is not a valid email address.');
		const badState = await fields([
			{
				...ana,
				rfc: 'LOAA800101AB1',
				creditBureau: true,
				agendaProperties: { ...agenda, state: 'Jal.' },
			},
		]);
		expect(badState.error?.description).toMatch(/^"JAL\." is not one of AGU, BCN, .*ZAC\.$/);
		const badDate = await fields([
			{
				...ana,
				rfc: 'LOAA800101AB1',
				creditBureau: true,
				agendaProperties: { ...agenda, birthDate: '={{ "1985-13-01" }}' },
			},
		]);
		expect(badDate.error?.message).toBe(
			'Participant 1 (Ana): Birth Date "1985-13-01" is not a valid date',
		);
	});

	test('a document whose kind contradicts the source is refused before any request', async () => {
		const mark = env.mark();
		const result = await run(
			{ source: 'pdf', signersInputMode: 'fields', signers: { signer: [ana] } },
			[docxItem],
		);
		expect(result.error?.message).toBe(
			'The file "services.docx" is a Word document, but the source is set to PDF',
		);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test.each([
		['empty', '', 'The Template is empty'],
		[
			'with a slash',
			'67878720c4e6a1f3/9d20a11',
			'The Template ID "67878720c4e6a1f3/9d20a11" is not a valid ID',
		],
	])('a template ID %s is refused before any request', async (_name, value, message) => {
		const mark = env.mark();
		const result = await run(
			{
				templateId: byId('={{ $json.t }}'),
				signersInputMode: 'fields',
				signers: { signer: [ana] },
			},
			[{ json: { t: value } }],
		);
		expect(result.error?.message).toBe(message);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});
});

describe('contract → createV2 (JSON mode)', () => {
	test("the real body's arrays from an expression are sent as given", async () => {
		const participants = [
			{
				obligation: 'individual',
				name: 'Ana',
				last_name: 'López',
				label: 'Arrendador',
				email: 'ana@example.com',
				requestAgreement: false,
				signOrder: 0,
				isNotNegotiator: false,
				isNotSigner: false,
				signatures: [
					{ page: 1, top: 723 - 120, left: 300 - 72.5, width: 150, height: 75, customSize: true },
				],
			},
		];
		const spectators = [{ name: 'Auditor', email: 'audit@example.com', phone: '' }];
		const mark = env.mark();
		const result = await run(
			{
				signersInputMode: 'json',
				signersJson: '={{ $json.participants }}',
				spectatorsJson: '={{ $json.spectators }}',
			},
			[{ json: { participants, spectators } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ participantCount: 1, spectatorCount: 1 });
		const body = env.nodeRequests(mark)[0].body as any;
		expect(body.participants).toEqual(participants);
		expect(body.spectators).toEqual(spectators);
	});

	test.each([
		['invalid JSON', '[{"name": "Ana",}]', 'Participants (JSON) is not valid JSON'],
		[
			'an object instead of an array',
			'{"name": "Ana"}',
			'Participants (JSON) must be a JSON array',
		],
		['an entry that is not an object', '["Ana"]', 'Participants (JSON): entry 1 is not an object'],
	])('%s is refused before any request', async (_name, text, message) => {
		const mark = env.mark();
		const result = await json(text);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	// Every error name of spec Part 7, produced by TRATO (JSON mode skips the node's own checks): the message keeps
	// TRATO's name and says whom it is about; the description says what to fix.
	const a = {
		obligation: 'individual',
		name: 'Ana',
		last_name: 'López',
		email: 'ana@example.com',
		phone: '+525512345678',
	};
	const l = {
		obligation: 'individual',
		name: 'Luis',
		last_name: 'Pérez',
		email: 'luis@example.com',
		phone: '+525587654321',
	};
	const bureau = {
		...l,
		rfc: 'PELU800101AB1',
		creditBureau: true,
		agendaProperties: {
			rfc: 'PELU800101AB1',
			paternalLastName: 'Pérez',
			maternalLastName: 'Ruiz',
			birthDate: '1985-04-12',
			zipcode: '44100',
			state: 'JAL',
			street: 'Av. Juárez 1',
			city: 'Guadalajara',
			suburb: 'Centro',
		},
	};
	const withAgenda = (change: Record<string, string>) => ({
		...bureau,
		agendaProperties: { ...bureau.agendaProperties, ...change },
	});
	const L2 = 'Participant 2 (Luis)';
	const cases: Array<[string, unknown[], unknown[], Record<string, unknown>, string]> = [
		['NotAvailableShield1', [a], [], { shield: 'shield1' }, ''],
		[
			'NotAvailableShield2',
			[a],
			[],
			{ additionalFields: { signatureType: 'shield2-certificate' } },
			'',
		],
		['MissingSigners', [{ ...a, isNotSigner: true }], [], {}, ''],
		['BlankName', [a, { ...l, name: '' }], [], {}, 'Participant 2'],
		['BlankEmail', [a, { ...l, email: '' }], [], {}, L2],
		['InvalidEmail', [a, { ...l, email: 'luis(at)example.com' }], [], {}, L2],
		['MissingLastName', [a, { ...l, last_name: '' }], [], {}, L2],
		['EmptyPhone', [a, { ...l, phone: '' }], [], { notificationType: 'sms' }, L2],
		['EmptyRFC', [a, { ...l, qualifiedCertificate: true }], [], {}, L2],
		['WrongEmailSpectator', [a], [{ name: 'X', email: 'x@' }], {}, 'Spectator 1 (X)'],
		[
			'DistinctSpectatorParticipant',
			[a, l],
			[
				{ name: 'Y', email: 'y@example.com' },
				{ name: 'Ana', email: 'ana@example.com' },
			],
			{},
			'Spectator 2 (Ana)',
		],
		['EmptyPaternalLastName', [a, withAgenda({ paternalLastName: '' })], [], {}, L2],
		['EmptyMaternalLastName', [a, withAgenda({ maternalLastName: '' })], [], {}, L2],
		['EmptyBirthDate', [a, withAgenda({ birthDate: '' })], [], {}, L2],
		['WrongPhysicalPersonRFCFormat', [a, { ...l, rfc: 'PELU8001' }], [], {}, L2],
		[
			'WrongLegalPersonRFCFormat',
			[{ obligation: 'legal', name: 'Acme', email: 'a@acme.example', rfc: 'ACME800101AB1' }],
			[],
			{},
			'Participant 1 (Acme)',
		],
		['EmptyZipCode', [a, withAgenda({ zipcode: '' })], [], {}, L2],
		['EmptyState', [a, withAgenda({ state: '' })], [], {}, L2],
		['InvalidStateFormat', [a, withAgenda({ state: 'Jalisco' })], [], {}, L2],
		['EmptyStreet', [a, withAgenda({ street: '' })], [], {}, L2],
		['EmptyCity', [a, withAgenda({ city: '' })], [], {}, L2],
		['EmptySuburb', [a, withAgenda({ suburb: '' })], [], {}, L2],
	];

	test('the table covers the 22 error names of the spec', () => {
		expect(cases.map((c) => c[0]).sort()).toEqual(Object.keys(CREATE_V2_ERRORS).sort());
		expect(cases).toHaveLength(22);
	});

	test.each(cases)(
		"%s: TRATO's name in the message, whom it is about, and what to fix",
		async (name, participants, spectators, extra, who) => {
			if (name === 'NotAvailableShield1') env.sb.control.setCredits({ shield1: 0 });
			if (name === 'NotAvailableShield2') env.sb.control.setCredits({ shield2: 0 });
			try {
				const mark = env.mark();
				const result = await json(participants, spectators, extra);
				expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
					'POST /api/v2/create/contract 400',
				]);
				expect((result.error as any)?.name).toBe('NodeApiError');
				expect(result.error?.message).toBe(
					`TRATO refused the request: ${name}${who ? ` (${who})` : ''}`,
				);
				expect(result.error?.description).toBe(`${who ? `${who}: ` : ''}${CREATE_V2_ERRORS[name]}`);
			} finally {
				env.sb.control.setCredits({ shield1: 100, shield2: 100 });
			}
		},
	);

	test("errors outside Part 7 show TRATO's own sentence", async () => {
		const unknownTemplate = await json([a], [], { templateId: byId('000000000000000000000000') });
		expect(unknownTemplate.error?.message).toBe(
			'TRATO refused the request: Template 000000000000000000000000 not found',
		);
		const unknownField = await json([{ ...a, middle_name: 'María' }]);
		expect(unknownField.error?.message).toMatch(
			/^TRATO refused the request: Unknown field 'middle_name' in 'participants\[0\]'/,
		);
	});
});

describe('contract → createV2: signing links when TRATO answers none', () => {
	let draft: NodeTestEnv;
	beforeAll(async () => {
		// a service that creates V2 contracts as drafts (the create-v2-draft variant): no links in the answer
		draft = await startEnv(__filename, { variants: ['create-v2-draft'] });
	});
	afterAll(async () => {
		await draft.close();
	});

	test('the contract is kept and the item says where the links are, without failing', async () => {
		const mark = draft.mark();
		const result = await draft.run({
			resource: 'contract',
			operation: 'createV2',
			source: 'template',
			templateId: fromList(LEASE),
			showSignLinks: true,
			signersInputMode: 'fields',
			signers: { signer: [ana] },
		} as any);
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out.signingLinks).toEqual([]);
		expect(out.signingLinksError).toMatch(
			/^TRATO created the contract but returned no signing links/,
		);
		// the output says what TRATO did: a draft here
		expect([out.status, out.statusLabel]).toEqual(['', 'Draft']);
		expect(
			draft.nodeRequests(mark).filter((r) => r.path === '/api/v2/create/contract'),
		).toHaveLength(1);
		expect(draft.sb.control.getContract(String(out.contractId))?.status).toBe('');
	});
});

describe('contract → createV2 / create: an answer without any contract ID', () => {
	test.each([
		['createV2', '/api/v2/create/contract'],
		['create', '/api/create/contract'],
	])(
		'%s fails loudly, naming what TRATO answered and that the contract may exist',
		async (operation, path) => {
			env.sb.control.addFault({
				method: 'POST',
				path,
				status: 200,
				body: { success: true, id: 'x' },
			});
			const result = await env.run({
				resource: 'contract',
				operation,
				source: 'template',
				templateId: fromList(LEASE),
				signersInputMode: 'fields',
				signers: { signer: [ana] },
			} as any);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe('TRATO answered the creation without a contract ID');
			expect(result.error?.description).toBe(
				'The answer had success, id; the node looked for contractid and contract._id. The contract may have been created: look for it with Contract → Get Many before running this step again.',
			);
		},
	);
});
