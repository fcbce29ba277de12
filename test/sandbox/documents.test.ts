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
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { type Harness, pdfContainsText, rawRequest, sentContract, startHarness } from './helpers';
import { LEASE_TEMPLATE } from '../../test-support/templates';
import { PNG_BASE64, makeDocx, makePdf } from '../../test-support/files';

const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

describe('sandbox documents: signed files, file URLs, package, NOM-151', () => {
	let h: Harness;
	beforeAll(async () => {
		h = await startHarness();
	});
	afterAll(() => h.sb.close());

	const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
		const res = await h.raw.get(url, { responseType: 'arraybuffer', headers });
		return { status: res.status, headers: res.headers, data: Buffer.from(res.data) };
	};

	async function signedContract(config: Record<string, unknown> = { stampNom: true }) {
		const c = await sentContract(h.api, config);
		h.sb.control.sign(c.id, { participantId: c.participants[0], ip: '198.51.100.20' });
		h.sb.control.sign(c.id, { participantId: c.participants[1], ip: '198.51.100.21' });
		return c;
	}

	it('refuses signed documents before signing (409), and partial=true before any signature', async () => {
		const c = await sentContract(h.api);
		const res = await h.api.get(`/api/contract/documents/${c.id}`);
		expect(res.status).toBe(409);
		expect(res.data.error).toMatch(/not signed by all participants/);
		expect((await h.api.get(`/api/contract/documents/${c.id}?partial=true`)).status).toBe(409);
	});

	it('returns partially signed documents with partial=true', async () => {
		const c = await sentContract(h.api);
		h.sb.control.sign(c.id, { participantId: c.participants[0] });
		const res = await h.api.get(`/api/contract/documents/${c.id}`, { params: { partial: true } });
		expect(res.status).toBe(200);
		expect(res.data.participants.map((p: any) => p.participantid)).toEqual([c.participants[0]]);
		expect(res.data.documents.signed_certificate).toBeUndefined();
		const pdf = await fetchBytes(res.data.documents.signed_contract);
		expect(pdf.status).toBe(200);
		expect(await pdfContainsText(pdf.data, 'Signature page (partially signed)')).toBe(true);
	});

	it('returns the 2.9 record: signed PDF, NOM-151 certificate and one .webm per participant, all real files', async () => {
		const c = await signedContract();
		const res = await h.api.get(`/api/contract/documents/${c.id}`);
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			contractid: c.id,
			name: 'Service agreement',
			documents: { signed_contract: expect.any(String), signed_certificate: expect.any(String) },
			participants: [
				{
					video: expect.stringMatching(/\.webm$/),
					participantid: c.participants[0],
					email: 'ana@example.com',
				},
				{
					video: expect.stringMatching(/\.webm$/),
					participantid: c.participants[1],
					email: 'luis@example.com',
				},
			],
		});
		for (const url of [
			res.data.documents.signed_contract,
			res.data.documents.signed_certificate,
			res.data.participants[0].video,
		]) {
			expect(url.startsWith(`${h.sb.uploadUrl}/`)).toBe(true);
		}
		const signed = await fetchBytes(res.data.documents.signed_contract);
		expect(signed.status).toBe(200);
		expect(signed.headers['content-type']).toBe('application/pdf');
		expect(Number(signed.headers['content-length'])).toBe(signed.data.length);
		const doc = await PDFDocument.load(signed.data);
		expect(doc.getPageCount()).toBe(2); // original page + signature page
		expect(await pdfContainsText(signed.data, 'Signature page')).toBe(true);
		expect(
			await pdfContainsText(
				signed.data,
				'Signed at: ' +
					h.sb.control.getContract(c.id)!.participants[0].signedAt +
					' | IP: 198.51.100.20',
			),
		).toBe(true);
		const video = await fetchBytes(res.data.participants[1].video);
		expect(video.headers['content-type']).toBe('video/webm');
		expect(video.data.subarray(0, 4).equals(WEBM_MAGIC)).toBe(true);
		expect(Number(video.headers['content-length'])).toBe(video.data.length);
		// the status record now points at the signed PDF
		const status = await h.api.get(`/api/contract/status/${c.id}`);
		expect(status.data.pdf).toBe(res.data.documents.signed_contract);
	});

	it('has no certificate when stampNom is off', async () => {
		const c = await signedContract({});
		const res = await h.api.get(`/api/contract/documents/${c.id}`);
		expect(res.data.documents).toEqual({ signed_contract: expect.any(String) });
	});

	it('accepts POST for signed documents too (api-notes R2)', async () => {
		const c = await signedContract();
		const res = await h.api.post(`/api/contract/documents/${c.id}`, { partial: false });
		expect(res.status).toBe(200);
		expect(res.data.contractid).toBe(c.id);
	});

	it('appends participant attachments to the signed PDF', async () => {
		const draft = h.sb.control.createContract({
			participants: [
				{ name: 'A', email: 'a@example.com' },
				{ name: 'B', email: 'b@example.com' },
			],
		});
		await h.api.post(`/api/contract/configuration/${draft._id}`, { name: 'With annex' });
		await h.api.post(`/api/contract/attachments/${draft._id}/${draft.participants[0]._id}`, {
			name: 'Annex',
			filename: 'annex.pdf',
			document: { type: 'pdf', data: (await makePdf('Annex', 3)).toString('base64') },
		});
		expect((await h.api.post(`/api/contract/send/${draft._id}`)).status).toBe(200);
		h.sb.control.sign(draft._id);
		const res = await h.api.get(`/api/contract/documents/${draft._id}`);
		const signed = await fetchBytes(res.data.documents.signed_contract);
		// generated document (1 page) + 3 annex pages + signature page
		expect((await PDFDocument.load(signed.data)).getPageCount()).toBe(5);
		expect(await pdfContainsText(signed.data, 'Attachments: Annex')).toBe(true);
	});

	describe('file protection (api-notes S10)', () => {
		it('serves files from {baseUrl}/uploads/<file_id> with auth, and the upload origin refuses them', async () => {
			const c = await signedContract();
			h.sb.control.setFileProtection(true);
			try {
				const res = await h.api.get(`/api/contract/documents/${c.id}`);
				const url: string = res.data.documents.signed_contract;
				expect(url).toMatch(new RegExp(`^${h.sb.baseUrl}/uploads/[0-9a-f]{24}$`));
				const noAuth = await fetchBytes(url);
				expect(noAuth.status).toBe(401);
				const withKey = await fetchBytes(url, { apikey: h.sb.apiKey });
				expect(withKey.status).toBe(200);
				expect(withKey.headers['content-type']).toBe('application/pdf');
				expect(withKey.data.subarray(0, 5).toString()).toBe('%PDF-');
				const withJwt = await fetchBytes(res.data.participants[0].video, {
					Authorization: `Bearer ${h.sb.jwt}`,
				});
				expect(withJwt.status).toBe(200);
				expect(withJwt.headers['content-type']).toBe('video/webm');
				// the unprotected URL of the same file is refused while protection is on
				const file = h.sb.control.getContract(c.id)!.fileIds.signed!;
				expect(file).toMatch(/^[0-9a-f]{24}$/);
				h.sb.control.setFileProtection(false);
				const open = (await h.api.get(`/api/contract/documents/${c.id}`)).data.documents
					.signed_contract;
				h.sb.control.setFileProtection(true);
				const refused = await h.raw.get(open);
				expect(refused.status).toBe(403);
				expect(refused.data.error).toMatch(/File protection is enabled/);
			} finally {
				h.sb.control.setFileProtection(false);
			}
		});

		it('starts with file protection from the option', async () => {
			const other = await startHarness({ fileProtection: true });
			try {
				const c = await sentContract(other.api);
				other.sb.control.sign(c.id);
				const res = await other.api.get(`/api/contract/documents/${c.id}`);
				expect(res.data.documents.signed_contract.startsWith(`${other.sb.baseUrl}/uploads/`)).toBe(
					true,
				);
			} finally {
				await other.sb.close();
			}
		});

		it('answers 404 for an unknown file on both origins', async () => {
			expect((await h.api.get(`/uploads/${'d'.repeat(24)}`)).status).toBe(404);
			expect((await h.raw.get(`${h.sb.uploadUrl}/nothing.pdf`)).status).toBe(404);
		});
	});

	describe('package (4.24)', () => {
		it('is a real zip with the signed PDF, certificate, videos and a manifest', async () => {
			const c = await signedContract();
			const res = await h.api.post(`/api/contracts/${c.id}/package`, undefined, {
				responseType: 'arraybuffer',
			});
			expect(res.status).toBe(200);
			expect(res.headers['content-type']).toBe('application/zip');
			expect(res.headers['content-disposition']).toBe(
				`attachment; filename="Service-agreement-${c.id}.zip"`,
			);
			const data = Buffer.from(res.data);
			expect(Number(res.headers['content-length'])).toBe(data.length);
			const zip = await JSZip.loadAsync(data);
			const names = Object.keys(zip.files).sort();
			expect(names).toEqual(
				expect.arrayContaining([
					'Service-agreement.pdf',
					'Service-agreement-signed.pdf',
					'Service-agreement-NOM151.pdf',
					`videos/Signer-1-${c.participants[0]}.webm`,
					`videos/Signer-2-${c.participants[1]}.webm`,
					'manifest.json',
				]),
			);
			const signed = await zip.file('Service-agreement-signed.pdf')!.async('nodebuffer');
			expect((await PDFDocument.load(signed)).getPageCount()).toBe(2);
			const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
			expect(manifest).toMatchObject({ contractid: c.id, status: 'RECEIVED_SIGNED' });
		});

		it('contains only the document for a draft', async () => {
			const created = await h.api.post('/api/create/contract', {
				source: 'template',
				templateid: LEASE_TEMPLATE,
			});
			const res = await h.api.post(
				`/api/contracts/${created.data.contractid}/package`,
				{},
				{ responseType: 'arraybuffer' },
			);
			const zip = await JSZip.loadAsync(Buffer.from(res.data));
			expect(Object.keys(zip.files).sort()).toEqual([
				'Contrato-de-arrendamiento.pdf',
				'manifest.json',
			]);
		});
	});

	describe('NOM-151 validation (4.19)', () => {
		const validate = async (contractId: string, bytes: Buffer | undefined, field = 'nom151') => {
			const form = new FormData();
			if (bytes)
				form.append(field, new Blob([bytes], { type: 'application/pdf' }), 'certificate.pdf');
			else form.append('other', 'x');
			return h.api.post(`/api/contracts/${contractId}/validate/nom151`, form);
		};

		it('validates a certificate the sandbox issued', async () => {
			const c = await signedContract();
			const docs = await h.api.get(`/api/contract/documents/${c.id}`);
			const cert = await fetchBytes(docs.data.documents.signed_certificate);
			expect(
				await pdfContainsText(
					cert.data,
					'NOM-151-SCFI-2016 (sandbox certificate, not legally valid)',
				),
			).toBe(true);
			const res = await validate(c.id, cert.data);
			expect(res.status).toBe(200);
			expect(res.data).toEqual({
				isValid: true,
				data: {
					number: expect.stringMatching(/^NOM151-\d{4}-\d{10}$/),
					caName: expect.any(String),
					hash: expect.stringMatching(/^[0-9a-f]{64}$/),
					hashAlg: 'SHA-256',
					expeditionDate: expect.any(String),
					rsaSignature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
					policy: expect.any(String),
				},
			});
			// the hash is the SHA-256 of the signed contract
			const signed = await fetchBytes(docs.data.documents.signed_contract);
			const { createHash } = await import('node:crypto');
			expect(res.data.data.hash).toBe(createHash('sha256').update(signed.data).digest('hex'));
		});

		it('does not validate another PDF, a modified certificate, or a certificate of another contract', async () => {
			const c = await signedContract();
			const other = await signedContract();
			const docs = await h.api.get(`/api/contract/documents/${c.id}`);
			const cert = await fetchBytes(docs.data.documents.signed_certificate);
			expect((await validate(c.id, await makePdf('not a certificate'))).data).toEqual({
				isValid: false,
				data: null,
			});
			const tampered = Buffer.from(cert.data);
			tampered[tampered.length - 10] ^= 1;
			expect((await validate(c.id, tampered)).data).toEqual({ isValid: false, data: null });
			expect((await validate(other.id, cert.data)).data).toEqual({ isValid: false, data: null });
		});

		it('answers 400 without the nom151 part or without multipart', async () => {
			const c = await signedContract();
			const res = await validate(c.id, undefined);
			expect(res.status).toBe(400);
			expect(res.data.error).toMatch(/'nom151' is missing/);
			const json = await h.api.post(`/api/contracts/${c.id}/validate/nom151`, { nom151: 'x' });
			expect(json.status).toBe(400);
			expect(json.data.error).toMatch(/multipart/);
		});
	});

	describe('Word conversion and template rendering', () => {
		it('converts a .docx to a PDF carrying the document text', async () => {
			const docx = await makeDocx([
				'Contrato de servicios profesionales',
				'Cláusula primera: objeto del contrato',
			]);
			const created = await h.api.post('/api/create/contract', {
				source: 'document',
				templateid: LEASE_TEMPLATE,
				document: { type: 'word', data: docx.toString('base64') },
			});
			const id = created.data.contractid;
			const res = await h.api.post(
				`/api/contracts/${id}/package`,
				{},
				{ responseType: 'arraybuffer' },
			);
			const zip = await JSZip.loadAsync(Buffer.from(res.data));
			const pdf = await zip.file('contract.pdf')!.async('nodebuffer');
			expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
			expect(await pdfContainsText(pdf, 'Contrato de servicios profesionales')).toBe(true);
			expect(await pdfContainsText(pdf, 'Cláusula primera: objeto del contrato')).toBe(true);
		});

		it('renders a template contract with its variable values', async () => {
			const created = await h.api.post('/api/create/contract', {
				source: 'template',
				templateid: LEASE_TEMPLATE,
			});
			const id = created.data.contractid;
			const vars = await h.api.get(`/api/contract/variables/${id}`);
			const [lessor, tenant] = vars.data.participants.map((p: any) => p.participantid);
			await h.api.post(`/api/contract/variables/${id}/${lessor}`, {
				lessor_name: 'Ana López',
				property_photo: PNG_BASE64,
			});
			await h.api.post(`/api/contract/variables/${id}/${tenant}`, {
				tenant_name: 'Luis Pérez',
				rent_schedule: { headers: ['Mes', 'Monto'], rows: [{ cols: ['Enero', '9900'] }] },
			});
			const res = await h.api.post(
				`/api/contracts/${id}/package`,
				{},
				{ responseType: 'arraybuffer' },
			);
			const zip = await JSZip.loadAsync(Buffer.from(res.data));
			const pdf = await zip.file('Contrato-de-arrendamiento.pdf')!.async('nodebuffer');
			expect(await pdfContainsText(pdf, 'Enero | 9900')).toBe(true);
			expect(await pdfContainsText(pdf, 'Mes | Monto')).toBe(true);
		});
	});

	it('HEAD on a file gives the headers without a body', async () => {
		const c = await signedContract();
		const docs = await h.api.get(`/api/contract/documents/${c.id}`);
		const res = await rawRequest(docs.data.documents.signed_contract, { method: 'HEAD' });
		expect(res.status).toBe(200);
		expect(Number(res.headers['content-length'])).toBeGreaterThan(1000);
		expect(res.body).toBe('');
	});
});
