/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (README → Lint). */
import { CREATE_V2_ERRORS } from '../../nodes/Trato/transport/createV2Errors';
import {
	byId,
	DOCX_MIME,
	fixture,
	fromList,
	LEASE,
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

const run = (params: Record<string, unknown>, items?: any[]) =>
	env.run(
		{
			resource: 'contract',
			operation: 'createV2',
			source: 'template',
			templateId: fromList(LEASE),
			...params,
		} as any,
		items,
	);

/** Fields mode: signers and spectators as n8n stores fixedCollection values. */
const fields = (
	signers: Record<string, unknown>[],
	spectators: Record<string, unknown>[] = [],
	extra: Record<string, unknown> = {},
) =>
	run({
		signersInputMode: 'fields',
		signers: { signer: signers },
		spectators: { spectator: spectators },
		...extra,
	});

/** JSON mode: arrays as the API takes them. */
const json = (signers: unknown, spectators: unknown = [], extra: Record<string, unknown> = {}) =>
	run({
		signersInputMode: 'json',
		signersJson: typeof signers === 'string' ? signers : JSON.stringify(signers),
		spectatorsJson: typeof spectators === 'string' ? spectators : JSON.stringify(spectators),
		...extra,
	});

const ana = {
	obligation: 'individual',
	name: 'Ana',
	lastName: 'López',
	email: 'ana@example.com',
	phone: '+525512345678',
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

describe('contract → createV2 (Fields mode)', () => {
	test('PDF source, two signers and a spectator: the documented body, the new contract as a draft', async () => {
		const creditsBefore = env.sb.control.getCredits().shield1;
		const mark = env.mark();
		const result = await run(
			{
				source: 'pdf',
				name: ' Lease 2026 ',
				language: 'en',
				notificationType: 'email-sms',
				shield: 'shield1',
				signersInputMode: 'fields',
				signers: {
					signer: [
						{ ...ana, rfc: 'loaa800101ab1', qualifiedCertificate: true },
						{
							obligation: 'legal',
							name: 'Acme SA de CV',
							representative: 'Luis Pérez',
							email: 'legal@acme.example',
							phone: '+525500000000',
							rfc: 'ACM800101AB1',
							creditBureau: true,
							agendaProperties: agenda,
						},
					],
				},
				spectators: { spectator: [{ name: 'Auditor', email: 'audit@example.com' }] },
			},
			[pdfItem],
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0].json;
		expect(out).toEqual({
			contractId: expect.stringMatching(/^[0-9a-f]{24}$/),
			contractid: out.contractId,
			success: true,
			name: 'Lease 2026',
			shield: 'shield1',
			signerCount: 2,
			spectatorCount: 1,
			participants: [
				{
					participantId: expect.stringMatching(/^[0-9a-f]{24}$/),
					name: 'Ana',
					label: expect.any(String),
				},
				{
					participantId: expect.stringMatching(/^[0-9a-f]{24}$/),
					name: 'Acme SA de CV',
					label: expect.any(String),
				},
			],
		});
		// the participant IDs are the service's: the next step can address them
		const made = env.sb.control.getContract(String(out.contractId))!.participants;
		expect(
			(out.participants as Array<{ participantId: string }>).map((p) => p.participantId),
		).toEqual(made.map((p) => p._id));
		const request = env.nodeRequests(mark)[0];
		expect(`${request.method} ${request.path} ${request.status}`).toBe(
			'POST /api/v2/create/contract 200',
		);
		const body = request.body as any;
		expect(body.document.type).toBe('pdf');
		expect(body.document.data).toMatch(/^JVBERi0/);
		expect({ ...body, document: undefined }).toEqual({
			name: 'Lease 2026',
			language: 'en',
			notificationType: 'email-sms',
			shield: 'shield1',
			document: undefined,
			signers: [
				{
					obligation: 'individual',
					name: 'Ana',
					last_name: 'López',
					email: 'ana@example.com',
					phone: '+525512345678',
					rfc: 'LOAA800101AB1',
					qualifiedCertificate: true,
					creditBureau: false,
					agendaProperties: { rfc: 'LOAA800101AB1' },
				},
				{
					obligation: 'legal',
					name: 'Acme SA de CV',
					representative: 'Luis Pérez',
					email: 'legal@acme.example',
					phone: '+525500000000',
					rfc: 'ACM800101AB1',
					qualifiedCertificate: false,
					creditBureau: true,
					agendaProperties: {
						rfc: 'ACM800101AB1',
						...agenda,
						birthDate: '1985-04-12',
						state: 'JAL',
					},
				},
			],
			spectators: [{ name: 'Auditor', email: 'audit@example.com', phone: '' }],
		});
		const stored = env.sb.control.getContract(String(out.contractId))!;
		expect(stored.status).toBe('');
		expect(stored.name).toBe('Lease 2026');
		expect(stored.participants.map((p) => [p.name, p.email, p.obligation])).toEqual([
			['Ana', 'ana@example.com', 'individual'],
			['Acme SA de CV', 'legal@acme.example', 'legal'],
		]);
		expect(stored.spectators.map((s) => s.email)).toEqual(['audit@example.com']);
		expect(env.sb.control.getCredits().shield1).toBe(creditsBefore - 1);
	});

	test('the contract is created even when its participants cannot be read: the item says so, nothing is sent twice', async () => {
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
		expect(out.contractId).toMatch(/^[0-9a-f]{24}$/);
		expect(env.sb.control.getContract(String(out.contractId))).toBeDefined();
		expect(out.participants).toEqual([]);
		expect(out.participantsError).toMatch(
			/^The contract was created, but its participants could not be read: .*Database timeout/,
		);
		expect(out.participantsError).toMatch(/Participant → Get Many/);
		const creates = env.nodeRequests(mark).filter((r) => r.path === '/api/v2/create/contract');
		expect(creates).toHaveLength(1);
	});

	test('template source with defaults: no spectators key, template participants keep their labels', async () => {
		const mark = env.mark();
		const result = await fields([ana, luis]);
		expect(result.error).toBeUndefined();
		const body = env.nodeRequests(mark)[0].body as any;
		expect(body).toEqual({
			language: 'es',
			notificationType: 'email',
			shield: 'none',
			templateid: LEASE,
			signers: [
				{
					obligation: 'individual',
					name: 'Ana',
					last_name: 'López',
					email: 'ana@example.com',
					phone: '+525512345678',
					qualifiedCertificate: false,
					creditBureau: false,
				},
				{
					obligation: 'individual',
					name: 'Luis',
					last_name: 'Pérez',
					email: 'luis@example.com',
					phone: '+525587654321',
					qualifiedCertificate: false,
					creditBureau: false,
				},
			],
		});
		const stored = env.sb.control.getContract(String(result.items[0].json.contractId))!;
		expect(stored.name).toBe('Contrato de arrendamiento');
		expect(stored.participants.map((p) => `${p.label}: ${p.name}`)).toEqual([
			'Arrendador: Ana',
			'Arrendatario: Luis',
		]);
	});

	test.each([
		['no signer', [], [], {}, CREATE_V2_ERRORS.MissingSigners],
		[
			'an empty name',
			[ana, { ...luis, name: ' ' }],
			[],
			{},
			`Signer 2: ${CREATE_V2_ERRORS.BlankName}`,
		],
		// typed, an empty required field already stops the workflow in n8n; an expression can still resolve to nothing
		[
			'an empty e-mail',
			[ana, { ...luis, email: '={{ $json.email }}' }],
			[],
			{},
			`Signer 2: ${CREATE_V2_ERRORS.BlankEmail}`,
		],
		[
			'a bad e-mail',
			[ana, { ...luis, email: 'luis(at)example.com' }],
			[],
			{},
			`Signer 2: ${CREATE_V2_ERRORS.InvalidEmail}`,
		],
		[
			'a person without last name',
			[{ ...ana, lastName: '={{ $json.lastName }}' }],
			[],
			{},
			`Signer 1: ${CREATE_V2_ERRORS.MissingLastName}`,
		],
		[
			'SMS without phone',
			[ana, { ...luis, phone: '' }],
			[],
			{ notificationType: 'sms' },
			`Signer 2: ${CREATE_V2_ERRORS.EmptyPhone}`,
		],
		[
			'a qualified certificate without RFC',
			[ana, { ...luis, qualifiedCertificate: true }],
			[],
			{},
			`Signer 2: ${CREATE_V2_ERRORS.EmptyRFC}`,
		],
		[
			'a short personal RFC',
			[ana, { ...luis, rfc: 'PELU8001' }],
			[],
			{},
			`Signer 2: ${CREATE_V2_ERRORS.WrongPhysicalPersonRFCFormat}`,
		],
		[
			'a 13-character company RFC',
			[{ obligation: 'legal', name: 'Acme', email: 'a@acme.example', rfc: 'ACME800101AB1' }],
			[],
			{},
			`Signer 1: ${CREATE_V2_ERRORS.WrongLegalPersonRFCFormat}`,
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
			`Signer 2: ${CREATE_V2_ERRORS.EmptySuburb}`,
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
			`Signer 2: ${CREATE_V2_ERRORS.InvalidStateFormat}`,
		],
		[
			'a bad spectator e-mail',
			[ana],
			[{ name: 'Auditor', email: 'audit@' }],
			{},
			`Spectator 1: ${CREATE_V2_ERRORS.WrongEmailSpectator}`,
		],
		[
			'a spectator who is a signer',
			[ana, luis],
			[{ name: 'Luis', email: 'LUIS@example.com' }],
			{},
			`Spectator 1: ${CREATE_V2_ERRORS.DistinctSpectatorParticipant}`,
		],
	])(
		'%s is refused before any request, naming the signer',
		async (_name, signers, spectators, extra, message) => {
			const mark = env.mark();
			const result = await fields(signers, spectators, extra);
			expect(result.error?.message).toBe(message);
			expect((result.error as any)?.name).toBe('NodeOperationError');
			expect(env.nodeRequests(mark)).toHaveLength(0);
		},
	);

	test('a typed empty Last Name of a natural person is a parameter issue: n8n does not run the workflow', async () => {
		const mark = env.mark();
		await expect(fields([{ ...ana, lastName: '' }])).rejects.toThrow(/workflow has issues/);
		// a legal entity has no last name: no issue
		const legal = await fields([
			{ obligation: 'legal', name: 'Acme SA de CV', email: 'legal@acme.mx', representative: 'Ana' },
		]);
		expect(legal.error).toBeUndefined();
		expect(env.nodeRequests(mark).map((r) => r.path)[0]).toBe('/api/v2/create/contract');
	});

	test('the refusal says what is wrong with the value', async () => {
		const badEmail = await fields([{ ...ana, email: 'ana@example' }]);
		expect(badEmail.error?.description).toBe('"ana@example" is not a valid e-mail address.');
		const badState = await fields([
			{
				...ana,
				rfc: 'LOAA800101AB1',
				creditBureau: true,
				agendaProperties: { ...agenda, state: 'Jal.' },
			},
		]);
		expect(badState.error?.description).toMatch(/^"Jal\." is not one of AGU, BCN, .*ZAC\.$/);
		const badDate = await fields([
			{
				...ana,
				rfc: 'LOAA800101AB1',
				creditBureau: true,
				agendaProperties: { ...agenda, birthDate: '={{ "1985-13-01" }}' },
			},
		]);
		expect(badDate.error?.message).toBe('Signer 1: Birth Date "1985-13-01" is not a valid date');
	});

	test('a document whose kind contradicts the source is refused before any request', async () => {
		const mark = env.mark();
		const docx = {
			binary: {
				data: { data: fixture('services.docx'), fileName: 'services.docx', mimeType: DOCX_MIME },
			},
		};
		const result = await run(
			{ source: 'pdf', signersInputMode: 'fields', signers: { signer: [ana] } },
			[docx],
		);
		expect(result.error?.message).toBe(
			'The file "services.docx" is a Word document, but the source is set to PDF',
		);
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	test('a Word document is sent as type word', async () => {
		const mark = env.mark();
		const docx = {
			binary: {
				data: { data: fixture('services.docx'), fileName: 'services.docx', mimeType: DOCX_MIME },
			},
		};
		const result = await run(
			{ source: 'word', name: 'Services', signersInputMode: 'fields', signers: { signer: [ana] } },
			[docx],
		);
		expect(result.error).toBeUndefined();
		expect((env.nodeRequests(mark)[0].body as any).document.type).toBe('word');
	});
});

describe('contract → createV2 (JSON mode)', () => {
	test('arrays from an expression are sent as given', async () => {
		const signers = [
			{ obligation: 'individual', name: 'Ana', last_name: 'López', email: 'ana@example.com' },
		];
		const spectators = [{ name: 'Auditor', email: 'audit@example.com', phone: '' }];
		const mark = env.mark();
		const result = await run(
			{
				signersInputMode: 'json',
				signersJson: '={{ $json.signers }}',
				spectatorsJson: '={{ $json.spectators }}',
			},
			[{ json: { signers, spectators } }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ signerCount: 1, spectatorCount: 1 });
		const body = env.nodeRequests(mark)[0].body as any;
		expect(body.signers).toEqual(signers);
		expect(body.spectators).toEqual(spectators);
	});

	test.each([
		['invalid JSON', '[{"name": "Ana",}]', 'Signers (JSON) is not valid JSON'],
		['an object instead of an array', '{"name": "Ana"}', 'Signers (JSON) must be a JSON array'],
		['an entry that is not an object', '["Ana"]', 'Signers (JSON): entry 1 is not an object'],
	])('%s is refused before any request', async (_name, text, message) => {
		const mark = env.mark();
		const result = await json(text);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toEqual(expect.any(String));
		expect(env.nodeRequests(mark)).toHaveLength(0);
	});

	// Every error name of spec Part 7, produced by the API (JSON mode skips the node's own checks), shown as a
	// sentence that names the field to fix and, when the API names a signer or spectator, which one.
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
	const cases: Array<
		[string, unknown[], unknown[], Record<string, unknown>, string, RegExp, string]
	> = [
		['NotAvailableShield1', [a], [], { shield: 'shield1' }, '', /shield-1 credits/, 'shield'],
		['NotAvailableShield2', [a], [], { shield: 'shield2' }, '', /shield-2 credits/, 'shield'],
		['MissingSigners', [], [], {}, '', /no signers/, 'signers'],
		['BlankName', [a, { ...l, name: '' }], [], {}, 'Signer 2: ', /empty Name/, 'signers[1].name'],
		[
			'BlankEmail',
			[a, { ...l, email: '' }],
			[],
			{},
			'Signer 2: ',
			/empty Email/,
			'signers[1].email',
		],
		[
			'InvalidEmail',
			[a, { ...l, email: 'luis(at)example.com' }],
			[],
			{},
			'Signer 2: ',
			/Email is not a valid/,
			'signers[1].email',
		],
		[
			'MissingLastName',
			[a, { ...l, last_name: '' }],
			[],
			{},
			'Signer 2: ',
			/Last Name/,
			'signers[1].last_name',
		],
		[
			'EmptyPhone',
			[a, { ...l, phone: '' }],
			[],
			{ notificationType: 'sms' },
			'Signer 2: ',
			/empty Phone/,
			'signers[1].phone',
		],
		[
			'EmptyRFC',
			[a, { ...l, qualifiedCertificate: true }],
			[],
			{},
			'Signer 2: ',
			/RFC/,
			'signers[1].agendaProperties.rfc',
		],
		[
			'WrongEmailSpectator',
			[a],
			[{ name: 'X', email: 'x@' }],
			{},
			'Spectator 1: ',
			/spectator's Email/,
			'spectators[0].email',
		],
		[
			'DistinctSpectatorParticipant',
			[a, l],
			[
				{ name: 'Y', email: 'y@example.com' },
				{ name: 'Ana', email: 'ana@example.com' },
			],
			{},
			'Spectator 2: ',
			/same e-mail as a signer/,
			'spectators[1].email',
		],
		[
			'EmptyPaternalLastName',
			[a, withAgenda({ paternalLastName: '' })],
			[],
			{},
			'Signer 2: ',
			/Paternal Last Name/,
			'signers[1].agendaProperties.paternalLastName',
		],
		[
			'EmptyMaternalLastName',
			[a, withAgenda({ maternalLastName: '' })],
			[],
			{},
			'Signer 2: ',
			/Maternal Last Name/,
			'signers[1].agendaProperties.maternalLastName',
		],
		[
			'EmptyBirthDate',
			[a, withAgenda({ birthDate: '' })],
			[],
			{},
			'Signer 2: ',
			/Birth Date/,
			'signers[1].agendaProperties.birthDate',
		],
		[
			'WrongPhysicalPersonRFCFormat',
			[a, { ...l, rfc: 'PELU8001' }],
			[],
			{},
			'Signer 2: ',
			/13 characters/,
			'signers[1].rfc',
		],
		[
			'WrongLegalPersonRFCFormat',
			[{ obligation: 'legal', name: 'Acme', email: 'a@acme.example', rfc: 'ACME800101AB1' }],
			[],
			{},
			'Signer 1: ',
			/12 characters/,
			'signers[0].rfc',
		],
		[
			'EmptyZipCode',
			[a, withAgenda({ zipcode: '' })],
			[],
			{},
			'Signer 2: ',
			/Zip Code/,
			'signers[1].agendaProperties.zipcode',
		],
		[
			'EmptyState',
			[a, withAgenda({ state: '' })],
			[],
			{},
			'Signer 2: ',
			/State/,
			'signers[1].agendaProperties.state',
		],
		[
			'InvalidStateFormat',
			[a, withAgenda({ state: 'Jalisco' })],
			[],
			{},
			'Signer 2: ',
			/official Mexican state abbreviation/,
			'signers[1].agendaProperties.state',
		],
		[
			'EmptyStreet',
			[a, withAgenda({ street: '' })],
			[],
			{},
			'Signer 2: ',
			/Street/,
			'signers[1].agendaProperties.street',
		],
		[
			'EmptyCity',
			[a, withAgenda({ city: '' })],
			[],
			{},
			'Signer 2: ',
			/City/,
			'signers[1].agendaProperties.city',
		],
		[
			'EmptySuburb',
			[a, withAgenda({ suburb: '' })],
			[],
			{},
			'Signer 2: ',
			/Suburb/,
			'signers[1].agendaProperties.suburb',
		],
	];

	test('the table covers the 22 error names of the spec', () => {
		expect(cases.map((c) => c[0]).sort()).toEqual(Object.keys(CREATE_V2_ERRORS).sort());
		expect(cases).toHaveLength(22);
	});

	test.each(cases)(
		'%s: the API refusal becomes a sentence naming the field',
		async (name, signers, spectators, extra, prefix, mentions, field) => {
			if (name === 'NotAvailableShield1') env.sb.control.setCredits({ shield1: 0 });
			if (name === 'NotAvailableShield2') env.sb.control.setCredits({ shield2: 0 });
			try {
				const mark = env.mark();
				const result = await json(signers, spectators, extra);
				const sentReq = env.nodeRequests(mark);
				expect(sentReq.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
					'POST /api/v2/create/contract 400',
				]);
				expect((result.error as any)?.name).toBe('NodeApiError');
				expect(result.error?.httpCode).toBe('400');
				expect(result.error?.message).toBe(`${prefix}${CREATE_V2_ERRORS[name]}`);
				expect(result.error?.message).toMatch(mentions);
				expect(result.error?.description).toBe(`The service answered ${name} (field ${field}).`);
			} finally {
				env.sb.control.setCredits({ shield1: 100, shield2: 100 });
			}
		},
	);

	test("errors outside Part 7 show the API's own sentence", async () => {
		const unknownTemplate = await json([a], [], { templateId: byId('T9none0000000000000000000') });
		expect(unknownTemplate.error?.httpCode).toBe('404');
		expect(unknownTemplate.error?.message).toBe(
			'The e-signature API refused the request: Template T9none0000000000000000000 not found (TemplateNotFound)',
		);
		const unknownField = await json([{ ...a, middle_name: 'María' }]);
		expect(unknownField.error?.httpCode).toBe('400');
		expect(unknownField.error?.message).toBe(
			'The e-signature API refused the request: Unknown field(s) middle_name in signers[0] (InvalidRequest)',
		);
	});
});
