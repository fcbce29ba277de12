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
import { CREATE_V2_ERRORS } from '../../sandbox';
import { type Harness, LEASE_TEMPLATE, makeDocx, makePdf, startHarness } from './helpers';

const signer = (over: Record<string, unknown> = {}) => ({
	obligation: 'individual',
	name: 'Ana',
	last_name: 'López',
	email: 'ana@example.com',
	phone: '+525512345678',
	rfc: 'LOAA800101AB1',
	representative: '',
	qualifiedCertificate: false,
	creditBureau: false,
	agendaProperties: {
		rfc: '',
		paternalLastName: '',
		maternalLastName: '',
		birthDate: '1980-01-01',
		zipcode: '',
		state: 'JAL',
		street: '',
		city: '',
		suburb: '',
	},
	...over,
});

const bureau = (agenda: Record<string, string> = {}) =>
	signer({
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

describe('sandbox Create V2 (4.2, Part 7)', () => {
	let h: Harness;
	let pdf64: string;
	beforeAll(async () => {
		h = await startHarness({ credits: { shield1: 1, shield2: 1 } });
		pdf64 = (await makePdf('V2 document')).toString('base64');
	});
	afterAll(() => h.sb.close());

	const body = (over: Record<string, unknown> = {}) => ({
		name: 'Lease 2026',
		document: { type: 'pdf', data: pdf64 },
		language: 'es',
		notificationType: 'email',
		shield: 'none',
		signers: [signer()],
		spectators: [{ name: 'Auditor', email: 'audit@example.com', phone: '' }],
		...over,
	});
	const create = (b: unknown) => h.api.post('/api/v2/create/contract', b);

	it('creates a contract with signers as participants and spectators', async () => {
		const res = await create(
			body({
				signers: [
					signer(),
					signer({ name: 'Luis', last_name: 'Pérez', email: 'luis@example.com' }),
				],
			}),
		);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			success: true,
			contractid: expect.stringMatching(/^[0-9a-f]{24}$/),
		});
		const c = h.sb.control.getContract(res.data.contractid)!;
		expect(c.status).toBe('');
		expect(c.name).toBe('Lease 2026');
		expect(c.participants.map((p) => [p.label, p.name, p.email])).toEqual([
			['Signer 1', 'Ana', 'ana@example.com'],
			['Signer 2', 'Luis', 'luis@example.com'],
		]);
		const spectators = await h.api.get(`/api/contracts/${res.data.contractid}/spectators`);
		expect(spectators.data.map((s: any) => s.email)).toEqual(['audit@example.com']);
		// a V2 contract is ready to send
		expect((await h.api.post(`/api/contract/send/${res.data.contractid}`)).status).toBe(200);
	});

	it('creates from a template id and from a Word document', async () => {
		const t = await create(body({ document: undefined, templateid: LEASE_TEMPLATE }));
		expect(t.status).toBe(200);
		const c = h.sb.control.getContract(t.data.contractid)!;
		expect(c.templateId).toBe(LEASE_TEMPLATE);
		expect(c.participants[0].label).toBe('Arrendador');
		expect(Object.keys(c.participants[0].variables)).toContain('lessor_name');
		const w = await create(
			body({ document: { type: 'word', data: (await makeDocx(['Hola'])).toString('base64') } }),
		);
		expect(w.status).toBe(200);
	});

	it('consumes a shield credit', async () => {
		h.sb.control.setCredits({ shield1: 1 });
		expect((await create(body({ shield: 'shield1' }))).status).toBe(200);
		expect(h.sb.control.getCredits().shield1).toBe(0);
	});

	const cases: Array<[string, () => Record<string, unknown>, string, (() => void)?]> = [
		[
			'NotAvailableShield1',
			() => body({ shield: 'shield1' }),
			'shield',
			() => h.sb.control.setCredits({ shield1: 0 }),
		],
		[
			'NotAvailableShield2',
			() => body({ shield: 'shield2' }),
			'shield',
			() => h.sb.control.setCredits({ shield2: 0 }),
		],
		['MissingSigners', () => body({ signers: [] }), 'signers'],
		['BlankName', () => body({ signers: [signer({ name: '  ' })] }), 'signers[0].name'],
		['BlankEmail', () => body({ signers: [signer({ email: '' })] }), 'signers[0].email'],
		['InvalidEmail', () => body({ signers: [signer({ email: 'ana@' })] }), 'signers[0].email'],
		[
			'MissingLastName',
			() => body({ signers: [signer({ last_name: '' })] }),
			'signers[0].last_name',
		],
		[
			'EmptyPhone',
			() => body({ notificationType: 'email-sms', signers: [signer({ phone: '' })] }),
			'signers[0].phone',
		],
		[
			'EmptyRFC',
			() => body({ signers: [signer({ qualifiedCertificate: true })] }),
			'signers[0].agendaProperties.rfc',
		],
		[
			'WrongEmailSpectator',
			() => body({ spectators: [{ name: 'S', email: 'nope' }] }),
			'spectators[0].email',
		],
		[
			'DistinctSpectatorParticipant',
			() => body({ spectators: [{ name: 'S', email: 'ANA@example.com' }] }),
			'spectators[0].email',
		],
		[
			'EmptyPaternalLastName',
			() => body({ signers: [bureau({ paternalLastName: '' })] }),
			'signers[0].agendaProperties.paternalLastName',
		],
		[
			'EmptyMaternalLastName',
			() => body({ signers: [bureau({ maternalLastName: '' })] }),
			'signers[0].agendaProperties.maternalLastName',
		],
		[
			'EmptyBirthDate',
			() => body({ signers: [bureau({ birthDate: '' })] }),
			'signers[0].agendaProperties.birthDate',
		],
		[
			'WrongPhysicalPersonRFCFormat',
			() => body({ signers: [signer({ rfc: 'LOA800101AB1' })] }),
			'signers[0].rfc',
		],
		[
			'WrongLegalPersonRFCFormat',
			() =>
				body({
					signers: [signer({ obligation: 'legal', name: 'Acme S.A.', rfc: 'LOAA800101AB1' })],
				}),
			'signers[0].rfc',
		],
		[
			'EmptyZipCode',
			() => body({ signers: [bureau({ zipcode: '' })] }),
			'signers[0].agendaProperties.zipcode',
		],
		[
			'EmptyState',
			() => body({ signers: [bureau({ state: '' })] }),
			'signers[0].agendaProperties.state',
		],
		[
			'InvalidStateFormat',
			() => body({ signers: [bureau({ state: 'Jalisco' })] }),
			'signers[0].agendaProperties.state',
		],
		[
			'EmptyStreet',
			() => body({ signers: [bureau({ street: '' })] }),
			'signers[0].agendaProperties.street',
		],
		[
			'EmptyCity',
			() => body({ signers: [bureau({ city: '' })] }),
			'signers[0].agendaProperties.city',
		],
		[
			'EmptySuburb',
			() => body({ signers: [bureau({ suburb: '' })] }),
			'signers[0].agendaProperties.suburb',
		],
	];

	it('covers the 22 error names of Part 7', () => {
		expect(cases.map(([name]) => name).sort()).toEqual([...CREATE_V2_ERRORS].sort());
	});

	it.each(cases.map(([name, make, field, setup]) => ({ name, make, field, setup })))(
		'answers $name with HTTP 400 {success:false, error, message, field}',
		async ({ name, make, field, setup }) => {
			const before = h.sb.control.contractCount();
			setup?.();
			try {
				const res = await create(make());
				expect(res.status).toBe(400);
				expect(res.data).toEqual({
					success: false,
					error: name,
					message: expect.any(String),
					field,
				});
				expect(res.data.message.length).toBeGreaterThan(10);
				expect(h.sb.control.contractCount()).toBe(before);
			} finally {
				h.sb.control.setCredits({ shield1: 5, shield2: 5 });
			}
		},
	);

	it('applies the documented order: credits before signers, earlier signer first', async () => {
		h.sb.control.setCredits({ shield1: 0 });
		try {
			const res = await create(body({ shield: 'shield1', signers: [] }));
			expect(res.data.error).toBe('NotAvailableShield1');
		} finally {
			h.sb.control.setCredits({ shield1: 5 });
		}
		const two = await create(body({ signers: [signer({ last_name: '' }), signer({ name: '' })] }));
		expect(two.data).toMatchObject({ error: 'MissingLastName', field: 'signers[0].last_name' });
		const legal = await create(
			body({
				signers: [
					signer({ obligation: 'legal', name: 'Acme', last_name: '', rfc: 'ACM010101AB1' }),
				],
			}),
		);
		expect(legal.status).toBe(200);
	});

	it.each([
		['a body that is not an object', [1, 2], 'InvalidRequest', 400],
		['both document and templateid', body({ templateid: LEASE_TEMPLATE }), 'InvalidRequest', 400],
		['an unknown shield', body({ shield: 'gold' }), 'InvalidRequest', 400],
		['an unknown field', body({ colour: 'red' }), 'InvalidRequest', 400],
		[
			'a malformed document',
			body({ document: { type: 'pdf', data: 'data:application/pdf;base64,AAAA' } }),
			'InvalidDocument',
			400,
		],
		[
			'an unknown template',
			body({ document: undefined, templateid: 'Q'.repeat(25) }),
			'TemplateNotFound',
			404,
		],
	])('refuses %s', async (_name, b, error, status) => {
		const res = await create(b);
		expect(res.status).toBe(status);
		expect(res.data).toMatchObject({
			success: false,
			error,
			field: expect.any(String),
			message: expect.any(String),
		});
	});
});
