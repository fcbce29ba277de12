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
 * The sandbox's Create V2 is TRATO's (trato-notes "Create V2"): the body a production client sends, a `file` data
 * URI or a `templateid`, participants with signature boxes, created and sent in one call, the 22 errors of Part 7 in
 * TRATO's envelope {success:false, statusCode, error}.
 */
import { CREATE_V2_ERRORS } from '../../sandbox';
import { type Harness, startHarness } from './helpers';
import { LEASE_TEMPLATE } from '../../test-support/templates';
import { makeDocx, makePdf } from '../../test-support/files';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A participant as the production client sends it. */
const participant = (over: Record<string, unknown> = {}) => ({
	obligation: 'individual',
	name: 'Ana',
	last_name: 'López',
	label: 'Arrendador',
	email: 'ana@example.com',
	requestAgreement: false,
	signOrder: 0,
	isNotNegotiator: false,
	isNotSigner: false,
	signatures: [{ page: 1, top: 600, left: 72.5, width: 150, height: 75, customSize: true }],
	...over,
});

const bureau = (agenda: Record<string, string> = {}) =>
	participant({
		rfc: 'LOAA800101AB1',
		creditBureau: true,
		agendaProperties: {
			rfc: 'LOAA800101AB1',
			paternalLastName: 'López',
			maternalLastName: 'García',
			birthDate: '1980-01-01',
			zipcode: '44100',
			state: 'JAL',
			street: 'Av. Juárez 1',
			city: 'Guadalajara',
			suburb: 'Centro',
			...agenda,
		},
	});

describe('sandbox Create V2 (4.2, Part 7) as TRATO takes it', () => {
	let h: Harness;
	let pdfUri: string;
	beforeAll(async () => {
		h = await startHarness({ credits: { shield1: 1, shield2: 1 } });
		pdfUri = `data:application/pdf;base64,${(await makePdf('V2 document')).toString('base64')}`;
	});
	afterAll(() => h.sb.close());

	/** The body of the production client (trato-notes), with a PDF. */
	const body = (over: Record<string, unknown> = {}) => ({
		name: 'Lease 2026',
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
		file: pdfUri,
		shield3Statement: 'Declaro que acepto el contrato.',
		participants: [participant()],
		...over,
	});
	const create = (b: unknown) => h.api.post('/api/v2/create/contract', b);

	it('creates and sends in one call, answering as TRATO does: contract._id and the participants with their links', async () => {
		const res = await create(
			body({
				participants: [
					participant({ requestAgreement: true }),
					participant({
						name: 'Luis',
						last_name: 'Pérez',
						label: 'Arrendatario',
						email: 'luis@example.com',
						signOrder: 1,
						isNotNegotiator: true,
					}),
				],
				spectators: [{ name: 'Auditor', email: 'audit@example.com', phone: '' }],
			}),
		);
		expect(res.status).toBe(200);
		const id = res.data.contract._id;
		const c = h.sb.control.getContract(id)!;
		// trato-notes "What TRATO answers" (H): no top-level contractid; links on the web app, /sign/<contract id>/…
		expect(res.data).toEqual({
			success: true,
			contract: {
				_id: expect.stringMatching(/^[0-9a-f]{24}$/),
				participants: c.participants.map((p) => ({
					_id: p._id,
					email: p.email,
					signUrl: expect.stringMatching(new RegExp(`^${h.sb.baseUrl}/sign/${id}/[\\w-]+$`)),
				})),
			},
		});
		expect(c.status).toBe('SENT_TO_SIGN');
		expect(c.name).toBe('Lease 2026');
		expect(c.externalId).toBe('crm-42');
		expect(c.config).toMatchObject({
			notificationType: 'none',
			expiryUndefined: false,
			expiryEndDate: '2099-12-31',
			signatureType: 'autograph',
			stampNom: true,
		});
		expect(c.v2).toEqual({
			signInOrder: true,
			showSignLinks: true,
			shield3Statement: 'Declaro que acepto el contrato.',
		});
		expect(c.participants.map((p) => [p.label, p.name, p.lastName, p.email, p.status])).toEqual([
			['Arrendador', 'Ana', 'López', 'ana@example.com', 'RECEIVED_TO_SIGN'],
			['Arrendatario', 'Luis', 'Pérez', 'luis@example.com', 'RECEIVED_TO_SIGN'],
		]);
		expect(c.participants[0].v2).toMatchObject({
			signOrder: 0,
			requestAgreement: true,
			signatures: [{ page: 1, top: 600, left: 72.5, width: 150, height: 75, customSize: true }],
		});
		expect(c.participants[1].v2).toMatchObject({ signOrder: 1, isNotNegotiator: true });
		const spectators = await h.api.get(`/api/contracts/${id}/spectators`);
		expect(spectators.data.map((s: any) => s.email)).toEqual(['audit@example.com']);
		// the links open the participants' signing pages
		expect((await h.raw.get(res.data.contract.participants[0].signUrl)).status).toBe(200);
	});

	it('a template ID from the list, and a Word file as a data URI with its MIME type', async () => {
		const listed = (await h.api.get('/api/list/templates')).data as Array<{ templateId: string }>;
		expect(listed.map((t) => t.templateId)).toContain(LEASE_TEMPLATE);
		const t = await create(
			body({
				file: undefined,
				templateid: LEASE_TEMPLATE,
				participants: [participant({ label: undefined })],
			}),
		);
		expect(t.status).toBe(200);
		const c = h.sb.control.getContract(t.data.contract._id)!;
		expect(c.templateId).toBe(LEASE_TEMPLATE);
		expect(c.participants).toHaveLength(1);
		expect(c.participants[0].label).toBe('Arrendador');
		expect(Object.keys(c.participants[0].variables)).toContain('lessor_name');
		const docx = (await makeDocx(['Hola'])).toString('base64');
		const w = await create(body({ file: `data:${DOCX_MIME};base64,${docx}` }));
		expect(w.status).toBe(200);
		expect(h.sb.control.getContract(w.data.contract._id)!.documentType).toBe('word');
	});

	it('the create-v2-draft variant keeps a draft and answers no links', async () => {
		h.sb.control.setVariants(['create-v2-draft']);
		try {
			const res = await create(body());
			expect(res.data).toEqual({
				success: true,
				contract: {
					_id: expect.any(String),
					participants: [{ _id: expect.any(String), email: 'ana@example.com' }],
				},
			});
			expect(h.sb.control.getContract(res.data.contract._id)!.status).toBe('');
		} finally {
			h.sb.control.setVariants([]);
		}
	});

	it('without showSignLinks the answer lists the participants without links', async () => {
		const res = await create(body({ showSignLinks: false }));
		expect(res.data.contract.participants).toEqual([
			{ _id: expect.any(String), email: 'ana@example.com' },
		]);
	});

	it('the create-v2-contractid variant answers the shape guessed before: contractid, links under participantid', async () => {
		h.sb.control.setVariants(['create-v2-contractid']);
		try {
			const res = await create(body());
			const c = h.sb.control.getContract(res.data.contractid)!;
			expect(res.data).toEqual({
				success: true,
				contractid: c._id,
				contract: {
					participants: [
						{
							participantid: c.participants[0]._id,
							signUrl: expect.stringMatching(new RegExp(`^${h.sb.baseUrl}/sign/${c._id}/`)),
						},
					],
				},
			});
			const quiet = await create(body({ showSignLinks: false }));
			expect(quiet.data).toEqual({ success: true, contractid: expect.any(String) });
		} finally {
			h.sb.control.setVariants([]);
		}
	});

	it('consumes a shield credit only when the contract is made', async () => {
		h.sb.control.setCredits({ shield1: 1 });
		expect((await create(body({ shield: 'shield1' }))).status).toBe(200);
		expect(h.sb.control.getCredits().shield1).toBe(0);
	});

	const cases: Array<[string, () => Record<string, unknown>, (() => void)?]> = [
		[
			'NotAvailableShield1',
			() => body({ shield: 'shield1' }),
			() => h.sb.control.setCredits({ shield1: 0 }),
		],
		[
			'NotAvailableShield2',
			() => body({ signatureType: 'shield2-certificate' }),
			() => h.sb.control.setCredits({ shield2: 0 }),
		],
		['MissingSigners', () => body({ participants: [participant({ isNotSigner: true })] })],
		['BlankName', () => body({ participants: [participant({ name: '  ' })] })],
		['BlankEmail', () => body({ participants: [participant({ email: '' })] })],
		['InvalidEmail', () => body({ participants: [participant({ email: 'ana@' })] })],
		['MissingLastName', () => body({ participants: [participant({ last_name: undefined })] })],
		[
			'EmptyPhone',
			() => body({ notificationType: 'email-sms', participants: [participant({ phone: '' })] }),
		],
		['EmptyRFC', () => body({ participants: [participant({ qualifiedCertificate: true })] })],
		['WrongEmailSpectator', () => body({ spectators: [{ name: 'S', email: 'nope' }] })],
		[
			'DistinctSpectatorParticipant',
			() => body({ spectators: [{ name: 'S', email: 'ANA@example.com' }] }),
		],
		['EmptyPaternalLastName', () => body({ participants: [bureau({ paternalLastName: '' })] })],
		['EmptyMaternalLastName', () => body({ participants: [bureau({ maternalLastName: '' })] })],
		['EmptyBirthDate', () => body({ participants: [bureau({ birthDate: '' })] })],
		[
			'WrongPhysicalPersonRFCFormat',
			() => body({ participants: [participant({ rfc: 'LOA800101AB1' })] }),
		],
		[
			'WrongLegalPersonRFCFormat',
			() =>
				body({
					participants: [
						participant({ obligation: 'legal', name: 'Acme S.A.', rfc: 'LOAA800101AB1' }),
					],
				}),
		],
		['EmptyZipCode', () => body({ participants: [bureau({ zipcode: '' })] })],
		['EmptyState', () => body({ participants: [bureau({ state: '' })] })],
		['InvalidStateFormat', () => body({ participants: [bureau({ state: 'Jalisco' })] })],
		['EmptyStreet', () => body({ participants: [bureau({ street: '' })] })],
		['EmptyCity', () => body({ participants: [bureau({ city: '' })] })],
		['EmptySuburb', () => body({ participants: [bureau({ suburb: '' })] })],
	];

	it('covers the 22 error names of Part 7', () => {
		expect(cases.map(([name]) => name).sort()).toEqual([...CREATE_V2_ERRORS].sort());
	});

	it.each(cases.map(([name, make, setup]) => ({ name, make, setup })))(
		'answers $name with HTTP 400 and TRATO\'s envelope {success:false, statusCode:400, error:"$name"}',
		async ({ name, make, setup }) => {
			const before = h.sb.control.contractCount();
			setup?.();
			try {
				const res = await create(make());
				expect(res.status).toBe(400);
				expect(res.data).toEqual({ success: false, statusCode: 400, error: name });
				expect(h.sb.control.contractCount()).toBe(before);
			} finally {
				h.sb.control.setCredits({ shield1: 5, shield2: 5 });
			}
		},
	);

	it('applies the documented order: credits before participants, earlier participant first', async () => {
		h.sb.control.setCredits({ shield1: 0 });
		try {
			const res = await create(body({ shield: 'shield1', participants: [] }));
			expect(res.data.error).toBe('NotAvailableShield1');
		} finally {
			h.sb.control.setCredits({ shield1: 5 });
		}
		const two = await create(
			body({ participants: [participant({ last_name: '' }), participant({ name: '' })] }),
		);
		expect(two.data.error).toBe('MissingLastName');
		const legal = await create(
			body({
				participants: [
					participant({
						obligation: 'legal',
						name: 'Acme',
						last_name: undefined,
						representative: 'Ana López',
						rfc: 'ACM010101AB1',
					}),
				],
			}),
		);
		expect(legal.status).toBe(200);
	});

	const refusals: Array<[string, () => unknown, number, RegExp]> = [
		['a body that is not an object', () => [1, 2], 400, /must be a JSON object/],
		[
			'both file and templateid',
			() => body({ templateid: LEASE_TEMPLATE }),
			400,
			/either 'file' or 'templateid'/,
		],
		[
			'neither file nor templateid',
			() => body({ file: undefined }),
			400,
			/'file' .* or 'templateid'/,
		],
		[
			'plain Base64 without the MIME prefix',
			() => body({ file: pdfUri.split(',')[1] }),
			400,
			/data URI/,
		],
		[
			'a MIME type other than PDF or Word',
			() => body({ file: 'data:text/plain;base64,SGVsbG8=' }),
			400,
			/text\/plain/,
		],
		[
			'a PDF data URI that is no PDF',
			() => body({ file: 'data:application/pdf;base64,SGVsbG8=' }),
			400,
			/PDF/,
		],
		['an unknown field', () => body({ colour: 'red' }), 400, /colour/],
		[
			'a signature box without page',
			() =>
				body({
					participants: [participant({ signatures: [{ top: 1, left: 1, width: 1, height: 1 }] })],
				}),
			400,
			/signatures\[0\]\.page/,
		],
		[
			'an unknown template',
			() => body({ file: undefined, templateid: '0'.repeat(24) }),
			404,
			/Template 0{24} not found/,
		],
	];

	it.each(refusals)("refuses %s in TRATO's envelope", async (_name, make, status, text) => {
		const res = await create(make());
		expect(res.status).toBe(status);
		expect(res.data).toEqual({
			success: false,
			statusCode: status,
			error: expect.stringMatching(text),
		});
	});
});
