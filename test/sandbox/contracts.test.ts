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
import {
	type Harness,
	createPdfContract,
	readyContract,
	sentContract,
	startHarness,
} from './helpers';
import { LEASE_TEMPLATE, NDA_TEMPLATE } from '../../test-support/templates';
import { PNG_BASE64, makeDocx, makePdf } from '../../test-support/files';

describe('sandbox contracts: creation, configuration, participants, variables', () => {
	let h: Harness;
	beforeAll(async () => {
		h = await startHarness();
	});
	afterAll(() => h.sb.close());

	describe('create contract (4.1)', () => {
		it('creates from a template, copying participants and variables of the three kinds', async () => {
			const res = await h.api.post('/api/create/contract', {
				source: 'template',
				templateid: LEASE_TEMPLATE,
			});
			expect(res.status).toBe(200);
			expect(res.data.success).toBe(true);
			expect(res.data.contractid).toMatch(/^[0-9a-f]{24}$/);
			const vars = await h.api.get(`/api/contract/variables/${res.data.contractid}`);
			expect(vars.data.name).toBe('Contrato de arrendamiento');
			expect(vars.data.participants.map((p: any) => p.label)).toEqual([
				'Arrendador',
				'Arrendatario',
			]);
			const tenant = vars.data.participants[1];
			expect(tenant.variables.tenant_name).toEqual({ name: 'Nombre del arrendatario', value: '' });
			expect(tenant.variables.rent_schedule).toEqual({
				name: 'Calendario de pagos',
				value: {},
				type: 'dynamictable',
			});
			expect(vars.data.participants[0].variables.property_photo).toMatchObject({ type: 'image' });
		});

		it('creates from a PDF with two empty signers and no variables', async () => {
			const { id } = await createPdfContract(h.api);
			const vars = await h.api.get(`/api/contract/variables/${id}`);
			expect(vars.data.participants).toHaveLength(2);
			for (const [i, p] of vars.data.participants.entries()) {
				expect(p.label).toBe(`Signer ${i + 1}`);
				expect(p.name).toBe('');
				expect(p.variables).toEqual({});
			}
			const part = await h.api.get(
				`/api/contract/participant/${id}/${vars.data.participants[0].participantid}`,
			);
			expect(part.data.editable.email).toBe('');
		});

		it('creates from a Word document', async () => {
			const docx = await makeDocx(['Contrato de prueba', 'Segunda cláusula']);
			const res = await h.api.post('/api/create/contract', {
				source: 'document',
				templateid: LEASE_TEMPLATE,
				document: { type: 'word', data: docx.toString('base64') },
			});
			expect(res.status).toBe(200);
			expect(h.sb.control.getContract(res.data.contractid)?.documentType).toBe('word');
		});

		it.each([
			['an unknown source', { source: 'fax' }, 400, /source/],
			[
				'a template without templateid',
				{ source: 'template' },
				400,
				/^Template ID is required to create a new contract/,
			],
			['an unknown template', { source: 'template', templateid: 'Z'.repeat(25) }, 404, /not found/],
			[
				'a document without document',
				{ source: 'document', templateid: LEASE_TEMPLATE },
				400,
				/^Document Type is required/,
			],
			[
				'a data: URL',
				{
					source: 'document',
					templateid: LEASE_TEMPLATE,
					document: { type: 'pdf', data: 'data:application/pdf;base64,JVBERi0=' },
				},
				400,
				/data:/,
			],
			[
				'malformed Base64',
				{
					source: 'document',
					templateid: LEASE_TEMPLATE,
					document: { type: 'pdf', data: 'JVBER!!0x' },
				},
				400,
				/not valid Base64/,
			],
			[
				'bytes that are not a PDF',
				{
					source: 'document',
					templateid: LEASE_TEMPLATE,
					document: { type: 'pdf', data: Buffer.from('hello world!').toString('base64') },
				},
				400,
				/not a PDF/,
			],
			[
				'a fake PDF header',
				{
					source: 'document',
					templateid: LEASE_TEMPLATE,
					document: { type: 'pdf', data: Buffer.from('%PDF-1.7 garbage').toString('base64') },
				},
				400,
				/not a readable PDF/,
			],
			[
				'a Word file that is not a zip',
				{
					source: 'document',
					templateid: LEASE_TEMPLATE,
					document: { type: 'word', data: Buffer.from('not a zip').toString('base64') },
				},
				400,
				/not a Word/,
			],
			[
				'an unknown document type',
				{ source: 'document', templateid: LEASE_TEMPLATE, document: { type: 'odt', data: 'AAAA' } },
				400,
				/document.type/,
			],
			[
				'an unknown field',
				{ source: 'template', templateid: LEASE_TEMPLATE, colour: 'red' },
				400,
				/Unknown field 'colour'/,
			],
		])('refuses %s', async (_name, body, status, message) => {
			const res = await h.api.post('/api/create/contract', body);
			expect(res.status).toBe(status);
			expect(res.data.success).toBe(false);
			expect(res.data.error).toMatch(message);
		});

		it('refuses a zip that is not a Word document', async () => {
			const JSZip = (await import('jszip')).default;
			const z = new JSZip();
			z.file('hello.txt', 'hi');
			const data = (await z.generateAsync({ type: 'nodebuffer' })).toString('base64');
			const res = await h.api.post('/api/create/contract', {
				source: 'document',
				templateid: LEASE_TEMPLATE,
				document: { type: 'word', data },
			});
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(/word\/document\.xml/);
		});
	});

	describe('status (4.3) and configuration (4.4)', () => {
		it('returns the documented status record of a draft', async () => {
			const { id } = await createPdfContract(h.api);
			const res = await h.api.get(`/api/contract/status/${id}`);
			expect(res.status).toBe(200);
			expect(res.data).toEqual({
				name: '',
				status: '',
				createdAt: expect.any(String),
				pdf: '',
				signedAt: '',
				externalId: '',
			});
			expect(Number.isNaN(Date.parse(res.data.createdAt))).toBe(false);
		});

		it('stores the configuration: name and externalId show in status and listing', async () => {
			const { id } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contract/configuration/${id}`, {
				name: 'Lease 2026',
				language: 'en',
				stampNom: 'true',
				negotiate: false,
				notificationType: 'email-sms',
				signatureType: 'certificate',
				blockchainType: 'basic',
				expiryUndefined: false,
				expiryStartDate: '2030-01-01',
				expiryEndDate: '2030-12-31',
				externalId: 'ERP-42',
				webhook: 'https://example.com/hook',
			});
			expect(res.status).toBe(200);
			expect(res.data).toEqual({ success: true });
			const status = await h.api.get(`/api/contract/status/${id}`);
			expect(status.data).toMatchObject({ name: 'Lease 2026', externalId: 'ERP-42' });
			const raw = h.sb.control.getContract(id)!;
			expect(raw.config).toMatchObject({
				language: 'en',
				stampNom: true,
				notificationType: 'email-sms',
				webhook: 'https://example.com/hook',
			});
			const list = await h.api.get('/api/list/contracts', { params: { perPage: 200 } });
			expect(list.data.find((c: any) => c._id === id)).toEqual({
				createdAt: expect.any(String),
				name: 'Lease 2026',
				_id: id,
				status: '',
				externalId: 'ERP-42',
			});
		});

		it('generates a password when password is true', async () => {
			const { id } = await createPdfContract(h.api);
			await h.api.post(`/api/contract/configuration/${id}`, { password: true });
			expect(h.sb.control.getContract(id)!.password).toMatch(/^\S{8,}$/);
		});

		it.each([
			[{ language: 'fr' }, /language/],
			[{ notificationType: 'pigeon' }, /notificationType/],
			[{ signatureType: 'wet-ink' }, /signatureType/],
			[{ blockchainType: 'ethereum' }, /blockchainType/],
			[{ stampNom: 'yes' }, /stampNom/],
			[{ negotiate: 1 }, /negotiate/],
			[{ expiryStartDate: '2030-02-30' }, /YYYY-MM-DD/],
			[{ expiryEndDate: '31/12/2030' }, /YYYY-MM-DD/],
			[{ expiryStartDate: '2030-12-31', expiryEndDate: '2030-01-01' }, /after/],
			[{ name: 42 }, /name/],
			[{ nmae: 'typo' }, /Unknown field 'nmae'/],
			[{}, /no field/],
		])('refuses the configuration %j with 400', async (body, message) => {
			const { id } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contract/configuration/${id}`, body);
			expect(res.status).toBe(400);
			expect(res.data.success).toBe(false);
			expect(res.data.error).toMatch(message);
		});

		it('answers 400 for a malformed id and 404 for an unknown one', async () => {
			const bad = await h.api.get('/api/contract/status/xyz');
			expect(bad.status).toBe(400);
			expect(bad.data.error).toBe('Contract ID is required in order to process this request.');
			const unknown = await h.api.get(`/api/contract/status/${'a'.repeat(24)}`);
			expect(unknown.status).toBe(404);
			expect(unknown.data).toEqual({
				success: false,
				statusCode: 404,
				error: `The contract ${'a'.repeat(24)} does not exist on the database or is not associated to your account`,
			});
		});

		it('refuses to configure once signing has started (409)', async () => {
			const { id, participants } = await sentContract(h.api);
			h.sb.control.sign(id, { participantId: participants[0] });
			const res = await h.api.post(`/api/contract/configuration/${id}`, { name: 'Too late' });
			expect(res.status).toBe(409);
			expect(res.data.error).toMatch(/already signed/);
		});
	});

	describe('participants (4.7, 4.8) and attachments (4.9)', () => {
		it('updates a participant and shows the documented participant record', async () => {
			const { id, participants } = await createPdfContract(h.api);
			const upd = await h.api.post(`/api/contract/participant/${id}/${participants[0]}`, {
				name: 'Acme S.A.',
				email: 'legal@acme.example',
				phone: '+52 55 1234 5678',
				obligation: 'legal',
				representative: 'Rosa Díaz',
				rfc: 'ACM010101AB1',
				requestIne: 'true',
				requestLocation: true,
				customMessage: 'Please sign',
				selfie: PNG_BASE64,
				linkExpirationDate: '2030-01-01T00:00:00Z',
			});
			expect(upd.status).toBe(200);
			const res = await h.api.get(`/api/contract/participant/${id}/${participants[0]}`);
			expect(res.data).toEqual({
				participantid: participants[0],
				editable: {
					name: 'Acme S.A.',
					email: 'legal@acme.example',
					phone: '+52 55 1234 5678',
					obligation: 'legal',
					representative: 'Rosa Díaz',
				},
				information: {
					label: 'Signer 1',
					variables: 0,
					attachments: 0,
					status: 'PENDING',
					address: '',
					geolocation: null,
					ip: '',
					signedAt: '',
					signatureLink: '',
				},
			});
		});

		it.each([
			[{ email: 'not-an-email' }, /e-mail/],
			[{ obligation: 'company' }, /obligation/],
			[{ phone: 'call me' }, /phone/],
			[{ rfc: 'SHORT' }, /13 characters/],
			[{ selfie: 'data:image/png;base64,AAAA' }, /data:/],
			[{ selfie: Buffer.from('not an image').toString('base64') }, /image/],
			[{ requestVeridoc: 'maybe' }, /requestVeridoc/],
			[{ linkExpirationDate: 'tomorrow' }, /linkExpirationDate/],
			[{ favouriteColour: 'blue' }, /Unknown field/],
		])('refuses the participant update %j with 400', async (body, message) => {
			const { id, participants } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contract/participant/${id}/${participants[0]}`, body);
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(message);
		});

		it('answers 404 for an unknown participant', async () => {
			const { id } = await createPdfContract(h.api);
			const res = await h.api.get(`/api/contract/participant/${id}/${'b'.repeat(24)}`);
			expect(res.status).toBe(404);
			expect(res.data.error).toMatch(/Participant .* not found/);
		});

		it('adds a PDF and a DOCX attachment; the count shows in the participant record', async () => {
			const { id, participants } = await createPdfContract(h.api);
			const pdf = await h.api.post(`/api/contract/attachments/${id}/${participants[1]}`, {
				name: 'ID card',
				filename: 'id.pdf',
				validated: false,
				required: 'true',
				document: { type: 'pdf', data: (await makePdf('ID card')).toString('base64') },
			});
			expect(pdf.status).toBe(200);
			expect(pdf.data.attachmentid).toMatch(/^[0-9a-f]{24}$/);
			const docx = await h.api.post(`/api/contract/attachments/${id}/${participants[1]}`, {
				name: 'Annex',
				filename: 'annex.docx',
				document: { type: 'docx', data: (await makeDocx(['Annex A'])).toString('base64') },
			});
			expect(docx.status).toBe(200);
			const res = await h.api.get(`/api/contract/participant/${id}/${participants[1]}`);
			expect(res.data.information.attachments).toBe(2);
			const vars = await h.api.get(`/api/contract/variables/${id}`);
			expect(vars.data.participants[1].attachments[pdf.data.attachmentid]).toEqual({
				_id: pdf.data.attachmentid,
				name: 'ID card',
				filename: 'id.pdf',
				validated: false,
				required: true,
			});
		});

		it('treats the attachments path without a document as a participant update (api-notes R4)', async () => {
			const { id, participants } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contract/attachments/${id}/${participants[0]}`, {
				name: 'Via attachments path',
			});
			expect(res.status).toBe(200);
			const p = await h.api.get(`/api/contract/participant/${id}/${participants[0]}`);
			expect(p.data.editable.name).toBe('Via attachments path');
		});

		it('refuses an attachment with an invalid document', async () => {
			const { id, participants } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contract/attachments/${id}/${participants[0]}`, {
				name: 'Bad',
				document: { type: 'word', data: 'AAAA' },
			});
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(/document.type/);
		});
	});

	describe('variables (4.5, 4.6)', () => {
		it('sets text, image and dynamic-table variables and reads them back', async () => {
			const created = await h.api.post('/api/create/contract', {
				source: 'template',
				templateid: LEASE_TEMPLATE,
			});
			const id = created.data.contractid;
			const vars = await h.api.get(`/api/contract/variables/${id}`);
			const [lessor, tenant] = vars.data.participants.map((p: any) => p.participantid);
			const r1 = await h.api.post(`/api/contract/variables/${id}/${lessor}`, {
				lessor_name: 'Ana López',
				property_photo: PNG_BASE64,
			});
			expect(r1.status).toBe(200);
			const table = {
				headers: ['Mes', 'Monto'],
				rows: [{ cols: ['Enero', '1000'] }, { cols: ['Febrero', '1000'] }],
			};
			// the configuration path of the heading is accepted too (api-notes R3)
			const r2 = await h.api.post(`/api/contract/configuration/${id}/${tenant}`, {
				tenant_name: 'Luis Pérez',
				rent_schedule: table,
			});
			expect(r2.status).toBe(200);
			const after = await h.api.get(`/api/contract/variables/${id}`);
			expect(after.data.participants[0].variables.lessor_name.value).toBe('Ana López');
			expect(after.data.participants[0].variables.property_photo).toEqual({
				name: 'Fotografía del inmueble',
				value: PNG_BASE64,
				type: 'image',
			});
			expect(after.data.participants[1].variables.rent_schedule.value).toEqual(table);
			// an empty object removes the table
			await h.api.post(`/api/contract/variables/${id}/${tenant}`, { rent_schedule: {} });
			const removed = await h.api.get(`/api/contract/variables/${id}`);
			expect(removed.data.participants[1].variables.rent_schedule.value).toEqual({});
		});

		it.each([
			[{ nope: 'x' }, /Unknown variable 'nope'.*known: lessor_name/],
			[{ lessor_name: 42 }, /lessor_name/],
			[{ property_photo: Buffer.from('plain text').toString('base64') }, /image/],
			[{ property_photo: 'data:image/png;base64,' + PNG_BASE64 }, /data:/],
			[{}, /no variable/],
		])('refuses %j with 400', async (body, message) => {
			const created = await h.api.post('/api/create/contract', {
				source: 'template',
				templateid: LEASE_TEMPLATE,
			});
			const id = created.data.contractid;
			const vars = await h.api.get(`/api/contract/variables/${id}`);
			const res = await h.api.post(
				`/api/contract/variables/${id}/${vars.data.participants[0].participantid}`,
				body,
			);
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(message);
		});

		it('refuses a dynamic table whose rows do not match the headers', async () => {
			const created = await h.api.post('/api/create/contract', {
				source: 'template',
				templateid: LEASE_TEMPLATE,
			});
			const id = created.data.contractid;
			const vars = await h.api.get(`/api/contract/variables/${id}`);
			const res = await h.api.post(
				`/api/contract/variables/${id}/${vars.data.participants[1].participantid}`,
				{
					rent_schedule: { headers: ['A', 'B'], rows: [{ cols: ['only one'] }] },
				},
			);
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(/1 cols, the table has 2 headers/);
		});
	});

	describe('custom properties (4.20)', () => {
		it('creates, lists with _id, updates and deletes', async () => {
			const { id } = await createPdfContract(h.api);
			const created = await h.api.post(`/api/contracts/${id}/customproperties`, {
				properties: [
					{ name: 'area', value: 'legal' },
					{ name: 'cost', value: '12' },
				],
			});
			expect(created.data).toEqual({ success: true });
			const list = await h.api.get(`/api/contracts/${id}/customproperties`);
			expect(list.data.contractId).toBe(id);
			expect(list.data.properties).toEqual([
				{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'area', value: 'legal' },
				{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'cost', value: '12' },
			]);
			const pid = list.data.properties[0]._id;
			expect(
				(await h.api.put(`/api/contracts/${id}/${pid}/customproperties`, { value: 'sales' }))
					.status,
			).toBe(200);
			expect(
				(await h.api.delete(`/api/contracts/${id}/${list.data.properties[1]._id}/customproperties`))
					.status,
			).toBe(200);
			const after = await h.api.get(`/api/contracts/${id}/customproperties`);
			expect(after.data.properties).toEqual([{ _id: pid, name: 'area', value: 'sales' }]);
			const again = await h.api.delete(
				`/api/contracts/${id}/${list.data.properties[1]._id}/customproperties`,
			);
			expect(again.status).toBe(404);
		});

		it.each([
			[{ properties: [] }, /non-empty array/],
			[{ properties: [{ name: '', value: 'x' }] }, /must not be empty/],
			[{ properties: [{ name: 'a', value: 3 }] }, /value/],
			[{ props: [] }, /Unknown field/],
		])('refuses %j', async (body, message) => {
			const { id } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contracts/${id}/customproperties`, body);
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(message);
		});
	});

	describe('spectators (4.21)', () => {
		it('creates with an HS256 jwt, updates and deletes', async () => {
			const { id } = await createPdfContract(h.api);
			const c1 = await h.api.post(`/api/contracts/${id}/spectators`, {
				name: 'Auditor',
				email: 'audit@example.com',
				phone: '+525511112222',
				linkExpirationDate: '2031-01-01',
			});
			expect(c1.data).toEqual({ success: true });
			const list = await h.api.get(`/api/contracts/${id}/spectators`);
			expect(list.data).toEqual([
				{
					_id: expect.stringMatching(/^[0-9a-f]{24}$/),
					name: 'Auditor',
					email: 'audit@example.com',
					phone: '+525511112222',
					linkExpirationDate: '2031-01-01T00:00:00.000Z',
					attachments: [],
					jwt: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
				},
			]);
			const header = JSON.parse(
				Buffer.from(list.data[0].jwt.split('.')[0], 'base64url').toString(),
			);
			expect(header.alg).toBe('HS256');
			const sid = list.data[0]._id;
			expect(
				(
					await h.api.put(`/api/contracts/${id}/spectators/${sid}`, {
						name: 'Lead auditor',
						linkExpirationDate: null,
					})
				).status,
			).toBe(200);
			const updated = await h.api.get(`/api/contracts/${id}/spectators`);
			expect(updated.data[0]).toMatchObject({ name: 'Lead auditor', linkExpirationDate: null });
			expect((await h.api.delete(`/api/contracts/${id}/spectators/${sid}`)).data).toEqual({
				success: true,
			});
			expect((await h.api.get(`/api/contracts/${id}/spectators`)).data).toEqual([]);
			expect((await h.api.delete(`/api/contracts/${id}/spectators/${sid}`)).status).toBe(404);
		});

		it('refuses a spectator without a valid e-mail and a duplicate', async () => {
			const { id } = await createPdfContract(h.api);
			expect(
				(await h.api.post(`/api/contracts/${id}/spectators`, { name: 'X', email: 'nope' })).status,
			).toBe(400);
			expect(
				(await h.api.post(`/api/contracts/${id}/spectators`, { email: 'x@example.com' })).status,
			).toBe(400);
			await h.api.post(`/api/contracts/${id}/spectators`, { name: 'X', email: 'x@example.com' });
			const dup = await h.api.post(`/api/contracts/${id}/spectators`, {
				name: 'X2',
				email: 'X@example.com',
			});
			expect(dup.status).toBe(409);
		});
	});

	describe('confidential attachments (4.12, 4.13)', () => {
		it('adds and deletes', async () => {
			const { id } = await createPdfContract(h.api);
			const res = await h.api.post(`/api/contracts/${id}/confidential-attachments`, {
				name: 'Salary',
				filename: 'salary.pdf',
				document: { type: 'pdf', data: (await makePdf('salary')).toString('base64') },
			});
			expect(res.status).toBe(200);
			expect(res.data.attachmentid).toMatch(/^[0-9a-f]{24}$/);
			expect(h.sb.control.getContract(id)!.confidentialAttachments).toHaveLength(1);
			expect(
				(
					await h.api.delete(
						`/api/contracts/${id}/confidential-attachments/${res.data.attachmentid}`,
					)
				).data,
			).toEqual({ success: true });
			expect(h.sb.control.getContract(id)!.confidentialAttachments).toHaveLength(0);
			expect(
				(
					await h.api.delete(
						`/api/contracts/${id}/confidential-attachments/${res.data.attachmentid}`,
					)
				).status,
			).toBe(404);
		});
	});

	describe('templates (4.26)', () => {
		it('lists at least three templates with 24-hex ids as TRATO issues them, filters by name and dates', async () => {
			const all = await h.api.get('/api/list/templates');
			expect(all.status).toBe(200);
			expect(all.data.length).toBeGreaterThanOrEqual(3);
			for (const t of all.data) {
				expect(Object.keys(t).sort()).toEqual(['createdAt', 'name', 'templateId']);
				expect(t.templateId).toMatch(/^[0-9a-f]{24}$/);
			}
			const nda = await h.api.get('/api/list/templates', { params: { name: 'CONFIDENCIAL' } });
			expect(nda.data.map((t: any) => t.templateId)).toEqual([NDA_TEMPLATE]);
			const dated = await h.api.get('/api/list/templates', {
				params: { dateStart: '2025-02-01', dateEnd: '2025-03-31' },
			});
			expect(dated.data.map((t: any) => t.templateId)).toEqual([NDA_TEMPLATE]);
			expect(
				(await h.api.get('/api/list/templates', { params: { dateStart: 'last week' } })).status,
			).toBe(400);
		});

		it('every template has text, image and dynamic-table variables', () => {
			for (const t of h.sb.control.listTemplates()) {
				const kinds = new Set(t.participants.flatMap((p) => p.variables.map((v) => v.type)));
				expect([...kinds].sort()).toEqual(['dynamictable', 'image', 'text']);
			}
		});
	});

	it('a ready contract can be sent (sanity of the helpers)', async () => {
		const c = await readyContract(h.api);
		expect((await h.api.post(`/api/contract/send/${c.id}`)).status).toBe(200);
	});
});
