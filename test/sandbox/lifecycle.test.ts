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
	rawRequest,
	readyContract,
	sentContract,
	startHarness,
} from './helpers';
import { NDA_TEMPLATE } from '../../test-support/templates';

describe('sandbox state machine: send, sign, cancel, finalize and friends', () => {
	let h: Harness;
	let clock = Date.parse('2027-03-10T12:00:00.000Z');
	beforeAll(async () => {
		h = await startHarness({ now: () => new Date(clock), credits: { shield1: 5, shield2: 1 } });
	});
	afterAll(() => h.sb.close());

	const status = async (id: string) => (await h.api.get(`/api/contract/status/${id}`)).data.status;

	describe('send to signature (4.10)', () => {
		it('reports every configuration problem at once (409)', async () => {
			const { id } = await createPdfContract(h.api);
			await h.api.post(`/api/contract/configuration/${id}`, {
				notificationType: 'sms',
				expiryUndefined: false,
				expiryStartDate: '2027-05-01',
			});
			const res = await h.api.post(`/api/contract/send/${id}`);
			expect(res.status).toBe(409);
			expect(res.data.success).toBe(false);
			expect(res.data.error).toMatch(/^Invalid contract configuration: /);
			expect(res.data.errors).toEqual(
				expect.arrayContaining([
					expect.stringMatching(/name is missing/),
					expect.stringMatching(/participant 1 .*name is empty/),
					expect.stringMatching(/participant 2 .*e-mail is empty/),
					expect.stringMatching(/phone is required when notificationType is sms/),
					expect.stringMatching(/expiryEndDate is missing/),
				]),
			);
			expect(await status(id)).toBe('');
		});

		it('refuses an expiry end date in the past and a legal entity without representative', async () => {
			const c = await readyContract(h.api, {
				expiryUndefined: false,
				expiryStartDate: '2027-01-01',
				expiryEndDate: '2027-02-01',
			});
			await h.api.post(`/api/contract/participant/${c.id}/${c.participants[0]}`, {
				obligation: 'legal',
			});
			const res = await h.api.post(`/api/contract/send/${c.id}`);
			expect(res.status).toBe(409);
			expect(res.data.error).toMatch(/expiryEndDate \(2027-02-01\) is in the past/);
			expect(res.data.error).toMatch(/legal entity needs a representative/);
		});

		it('refuses shield2-certificate without shield-2 credits', async () => {
			h.sb.control.setCredits({ shield2: 0 });
			try {
				const c = await readyContract(h.api, { signatureType: 'shield2-certificate' });
				const res = await h.api.post(`/api/contract/send/${c.id}`);
				expect(res.status).toBe(409);
				expect(res.data.error).toMatch(/shield-2 credits/);
			} finally {
				h.sb.control.setCredits({ shield2: 1 });
			}
		});

		it("sends: SENT_TO_SIGN, participants RECEIVED_TO_SIGN, signing links in TRATO's form {web app}/sign/<contract id>/<token>", async () => {
			const c = await readyContract(h.api);
			const res = await h.api.post(`/api/contract/send/${c.id}`, undefined, {
				params: { showSignLinks: 'true' },
			});
			expect(res.status).toBe(200);
			expect(res.data).toEqual({
				success: true,
				contract: {
					participants: c.participants.map((participantid) => ({
						participantid,
						signUrl: expect.stringMatching(new RegExp(`^${h.sb.baseUrl}/sign/${c.id}/[\\w-]+$`)),
					})),
				},
			});
			expect(await status(c.id)).toBe('SENT_TO_SIGN');
			const p = await h.api.get(`/api/contract/participant/${c.id}/${c.participants[0]}`);
			expect(p.data.information.status).toBe('RECEIVED_TO_SIGN');
			expect(p.data.information.signatureLink).toBe(res.data.contract.participants[0].signUrl);
			const page = await rawRequest(p.data.information.signatureLink);
			expect(page.status).toBe(200);
			expect(page.body).toContain('Ana López');
			// the status now carries the URL of the contract PDF
			const st = await h.api.get(`/api/contract/status/${c.id}`);
			expect(st.data.pdf).toMatch(new RegExp(`^${h.sb.uploadUrl}/.+\\.pdf$`));
		});

		it('accepts showSignLinks in the body as a boolean, and no links without it', async () => {
			const c = await readyContract(h.api);
			const res = await h.api.post(`/api/contract/send/${c.id}`, { showSignLinks: true });
			expect(res.data.contract.participants).toHaveLength(2);
			const c2 = await readyContract(h.api);
			expect((await h.api.post(`/api/contract/send/${c2.id}`)).data).toEqual({ success: true });
			const c3 = await readyContract(h.api);
			expect((await h.api.post(`/api/contract/send/${c3.id}?showSignLinks=yes`)).status).toBe(400);
		});

		it('refuses to send twice (409)', async () => {
			const c = await sentContract(h.api);
			const res = await h.api.post(`/api/contract/send/${c.id}`);
			expect(res.status).toBe(409);
			expect(res.data.error).toMatch(/cannot be sent to signature in status SENT_TO_SIGN/);
		});

		it('goes through negotiation when negotiate is on', async () => {
			const c = await sentContract(h.api, { negotiate: true });
			expect(await status(c.id)).toBe('NEGOTIATION');
			h.sb.control.acceptNegotiation(c.id);
			expect(await status(c.id)).toBe('NEGOTIATED');
			expect((await h.api.post(`/api/contract/send/${c.id}`)).status).toBe(200);
			expect(await status(c.id)).toBe('SENT_TO_SIGN');
		});
	});

	describe('signing (control) and the signed state', () => {
		it('one signature keeps SENT_TO_SIGN; the last one gives RECEIVED_SIGNED with participant details', async () => {
			const c = await sentContract(h.api);
			h.sb.control.sign(c.id, {
				participantId: c.participants[0],
				ip: '198.51.100.7',
				geolocation: { latitude: 20.67, longitude: -103.35 },
				signedAt: '2027-03-10T12:30:00Z',
			});
			expect(await status(c.id)).toBe('SENT_TO_SIGN');
			const p = await h.api.get(`/api/contract/participant/${c.id}/${c.participants[0]}`);
			expect(p.data.information).toMatchObject({
				status: 'SENT_SIGNED',
				ip: '198.51.100.7',
				geolocation: { latitude: 20.67, longitude: -103.35 },
				signedAt: '2027-03-10T12:30:00.000Z',
			});
			expect(() => h.sb.control.sign(c.id, { participantId: c.participants[0] })).toThrow(
				/already signed/,
			);
			h.sb.control.sign(c.id);
			const st = await h.api.get(`/api/contract/status/${c.id}`);
			expect(st.data.status).toBe('RECEIVED_SIGNED');
			expect(st.data.signedAt).not.toBe('');
		});

		it('cannot sign a draft', () => {
			const c = h.sb.control.createContract();
			expect(() => h.sb.control.sign(c._id)).toThrow(/not waiting for signatures/);
		});

		it('a rejection gives REJECTED', async () => {
			const c = await sentContract(h.api);
			h.sb.control.reject(c.id, { participantId: c.participants[1], reason: 'Wrong amount' });
			expect(await status(c.id)).toBe('REJECTED');
			const p = await h.api.get(`/api/contract/participant/${c.id}/${c.participants[1]}`);
			expect(p.data.information.status).toBe('REJECTED');
		});
	});

	describe('finalize (4.18), cancel (4.17), archive (4.16)', () => {
		it('finalizes only a RECEIVED_SIGNED contract', async () => {
			const c = await sentContract(h.api);
			const early = await h.api.post(`/api/contract/finalize/${c.id}`);
			expect(early.status).toBe(409);
			expect(early.data.error).toMatch(
				/only be finalized when RECEIVED_SIGNED \(it is SENT_TO_SIGN\)/,
			);
			h.sb.control.sign(c.id);
			// TRATO's answer: the signed PDF and the NOM-151 certificate (trato-notes "What TRATO answers", H)
			const done = await h.api.post(`/api/contract/finalize/${c.id}`);
			expect(done.data).toEqual({
				success: true,
				contract: {
					_id: c.id,
					status: 'FINALIZED',
					downloadPdfUrl: expect.stringMatching(new RegExp(`^${h.sb.uploadUrl}/${c.id}-signed-`)),
					nom151: '', // configured without the NOM-151 stamp
				},
			});
			const pdf = await rawRequest(done.data.contract.downloadPdfUrl);
			expect([pdf.status, pdf.body.slice(0, 5)]).toEqual([200, '%PDF-']);
			expect(await status(c.id)).toBe('FINALIZED');
			expect((await h.api.post(`/api/contract/finalize/${c.id}`)).status).toBe(409);
		});

		it('finalize with the NOM-151 stamp answers the certificate; finalize-success-only answers only success', async () => {
			const stamped = await sentContract(h.api, { stampNom: true });
			h.sb.control.sign(stamped.id);
			const done = await h.api.post(`/api/contract/finalize/${stamped.id}`);
			const documents = await h.api.get(`/api/contract/documents/${stamped.id}`);
			expect(done.data.contract.nom151).toBe(documents.data.documents.signed_certificate);
			expect(done.data.contract.downloadPdfUrl).toBe(documents.data.documents.signed_contract);
			h.sb.control.setVariants(['finalize-success-only']);
			try {
				const earlier = await sentContract(h.api);
				h.sb.control.sign(earlier.id);
				expect((await h.api.post(`/api/contract/finalize/${earlier.id}`)).data).toEqual({
					success: true,
				});
			} finally {
				h.sb.control.setVariants([]);
			}
		});

		it('cancels with DELETE or POST; refuses twice and when signed by all', async () => {
			const a = await sentContract(h.api);
			expect((await h.api.delete(`/api/contract/cancel/${a.id}`)).data).toEqual({ success: true });
			expect(await status(a.id)).toBe('CANCELED');
			const again = await h.api.delete(`/api/contract/cancel/${a.id}`);
			expect(again.status).toBe(409);
			expect(again.data.error).toMatch(/already cancelled/);
			const b = await createPdfContract(h.api);
			expect((await h.api.post(`/api/contract/cancel/${b.id}`)).status).toBe(200);
			const signed = await sentContract(h.api);
			h.sb.control.sign(signed.id);
			const refused = await h.api.delete(`/api/contract/cancel/${signed.id}`);
			expect(refused.status).toBe(409);
			expect(refused.data.error).toMatch(/signed by all participants/);
		});

		it('archives without changing status or hiding the contract', async () => {
			const c = await sentContract(h.api);
			expect((await h.api.post(`/api/contract/archive/${c.id}`)).data).toEqual({ success: true });
			expect(await status(c.id)).toBe('SENT_TO_SIGN');
			expect(h.sb.control.getContract(c.id)!.archived).toBe(true);
			const list = await h.api.get('/api/list/contracts', { params: { perPage: 200 } });
			expect(list.data.some((x: any) => x._id === c.id)).toBe(true);
		});

		it('delivers RECEIVED_SIGNED → SENT_TO_DOWNLOAD → SENT_SIGNED', async () => {
			const c = await sentContract(h.api);
			h.sb.control.sign(c.id);
			h.sb.control.deliver(c.id);
			expect(await status(c.id)).toBe('SENT_TO_DOWNLOAD');
			h.sb.control.deliver(c.id);
			expect(await status(c.id)).toBe('SENT_SIGNED');
			expect(() => h.sb.control.deliver(c.id)).toThrow(/cannot be delivered/);
		});
	});

	describe('expiry', () => {
		it('expires through the control API', async () => {
			const c = await sentContract(h.api);
			h.sb.control.expire(c.id);
			expect(await status(c.id)).toBe('EXPIRED');
			expect(() => h.sb.control.expire(c.id)).toThrow(/cannot expire/);
		});

		it('expires by itself when the clock passes expiryEndDate', async () => {
			const c = await sentContract(h.api, {
				expiryUndefined: false,
				expiryStartDate: '2027-03-01',
				expiryEndDate: '2027-03-12',
			});
			expect(await status(c.id)).toBe('SENT_TO_SIGN');
			clock = Date.parse('2027-03-13T00:00:01Z');
			try {
				const list = await h.api.get('/api/list/contracts', {
					params: { statusContract: 'EXPIRED', perPage: 200 },
				});
				expect(list.data.map((x: any) => x._id)).toContain(c.id);
				expect(await status(c.id)).toBe('EXPIRED');
			} finally {
				clock = Date.parse('2027-03-10T12:00:00.000Z');
			}
		});
	});

	describe('reminders (4.15)', () => {
		it('reminds participants who have not signed', async () => {
			const c = await sentContract(h.api);
			h.sb.control.sign(c.id, { participantId: c.participants[0] });
			expect((await h.api.get(`/api/contract/pending/${c.id}`)).data).toEqual({ success: true });
			expect(h.sb.control.getContract(c.id)!.reminders).toEqual([
				{ at: expect.any(String), participantIds: [c.participants[1]] },
			]);
		});

		it('refuses reminders for a draft', async () => {
			const c = await createPdfContract(h.api);
			const res = await h.api.get(`/api/contract/pending/${c.id}`);
			expect(res.status).toBe(409);
		});
	});

	describe('stamp shield-2 (4.25)', () => {
		it('needs signatureType shield2-certificate, consumes one credit, and refuses without credits', async () => {
			const plain = await sentContract(h.api);
			const wrongType = await h.api.post(`/api/contracts/${plain.id}/stamp-shield2-certificate`);
			expect(wrongType.status).toBe(409);
			expect(wrongType.data.error).toMatch(/shield2-certificate/);
			h.sb.control.setCredits({ shield2: 1 });
			const a = await sentContract(h.api, { signatureType: 'shield2-certificate' });
			const b = await sentContract(h.api, { signatureType: 'shield2-certificate' });
			expect((await h.api.post(`/api/contracts/${a.id}/stamp-shield2-certificate`)).data).toEqual({
				success: true,
			});
			expect(h.sb.control.getCredits().shield2).toBe(0);
			const none = await h.api.post(`/api/contracts/${b.id}/stamp-shield2-certificate`);
			expect(none.status).toBe(409);
			expect(none.data.error).toMatch(/No shield-2 credits/);
		});
	});

	describe('milestones (4.27)', () => {
		it('lists the four milestones, completed as the contract advances', async () => {
			const c = await sentContract(h.api, {
				expiryUndefined: false,
				expiryStartDate: '2027-03-01',
				expiryEndDate: '2027-12-31',
			});
			const res = await h.api.get(`/api/contract/milestones/${c.id}`);
			expect(res.data.contractid).toBe(c.id);
			expect(res.data.milestones.map((m: any) => [m.name, m.completed])).toEqual([
				['Contract created', true],
				['Sent to signature', true],
				['Signed by all participants', false],
				['Finalized', false],
			]);
			expect(res.data.milestones[2].expectedDate).toBe('2027-12-31T23:59:59.999Z');
			for (const m of res.data.milestones) expect(m._id).toMatch(/^[0-9a-f]{24}$/);
			h.sb.control.sign(c.id);
			await h.api.post(`/api/contract/finalize/${c.id}`);
			const after = await h.api.get(`/api/contract/milestones/${c.id}`);
			expect(after.data.milestones.every((m: any) => m.completed && m.realDate)).toBe(true);
			expect(after.data.milestones.map((m: any) => m._id)).toEqual(
				res.data.milestones.map((m: any) => m._id),
			);
		});
	});

	describe('renew signing link (4.22)', () => {
		it('gives a new URL and the old one stops working', async () => {
			const c = await readyContract(h.api);
			const sent = await h.api.post(`/api/contract/send/${c.id}?showSignLinks=true`);
			const old = sent.data.contract.participants[0].signUrl;
			const res = await h.api.post('/api/sign-url/renew', { url: old });
			expect(res.status).toBe(200);
			expect(res.data.success).toBe(true);
			expect(res.data.url).toMatch(new RegExp(`^${h.sb.baseUrl}/sign/${c.id}/[\\w-]+$`));
			expect(res.data.url).not.toBe(old);
			expect((await rawRequest(old)).status).toBe(404);
			expect((await rawRequest(res.data.url)).status).toBe(200);
			const again = await h.api.post('/api/sign-url/renew', { url: old });
			expect(again.status).toBe(404);
			const p = await h.api.get(`/api/contract/participant/${c.id}/${c.participants[0]}`);
			expect(p.data.information.signatureLink).toBe(res.data.url);
		});

		it('a link names its contract: under another contract id the page and a renewal are 404', async () => {
			const c = await readyContract(h.api);
			const sent = await h.api.post(`/api/contract/send/${c.id}?showSignLinks=true`);
			const link: string = sent.data.contract.participants[0].signUrl;
			const other = link.replace(`/sign/${c.id}/`, '/sign/000000000000000000000000/');
			expect((await rawRequest(other)).status).toBe(404);
			expect((await h.api.post('/api/sign-url/renew', { url: other })).status).toBe(404);
			expect((await rawRequest(link)).status).toBe(200);
		});

		it('short-sign-links: the form used before ({base}/sign/<token>), opened and renewed the same way', async () => {
			h.sb.control.setVariants(['short-sign-links']);
			try {
				const c = await readyContract(h.api);
				const sent = await h.api.post(`/api/contract/send/${c.id}?showSignLinks=true`);
				const old: string = sent.data.contract.participants[0].signUrl;
				expect(old).toMatch(new RegExp(`^${h.sb.baseUrl}/sign/[\\w-]+$`));
				expect((await rawRequest(old)).status).toBe(200);
				const res = await h.api.post('/api/sign-url/renew', { url: old });
				expect(res.data.url).toMatch(new RegExp(`^${h.sb.baseUrl}/sign/[\\w-]+$`));
				expect((await rawRequest(old)).status).toBe(404);
			} finally {
				h.sb.control.setVariants([]);
			}
		});

		it('refuses a URL that is not a signing URL', async () => {
			expect(
				(await h.api.post('/api/sign-url/renew', { url: 'https://example.com/hello' })).status,
			).toBe(400);
			expect((await h.api.post('/api/sign-url/renew', {})).status).toBe(400);
		});
	});

	describe('change participant e-mail (4.23)', () => {
		it('changes the e-mail of a contract in progress and issues a new link', async () => {
			const c = await readyContract(h.api);
			const sent = await h.api.post(`/api/contract/send/${c.id}?showSignLinks=true`);
			const res = await h.api.post(
				`/api/contracts/${c.id}/participants/${c.participants[1]}/change-email`,
				{
					obligation: 'individual',
					email: 'luis.new@example.com',
					name: 'Luis',
					lastName: 'Pérez Gómez',
					phone: '+525500000000',
				},
			);
			expect(res.status).toBe(200);
			const p = await h.api.get(`/api/contract/participant/${c.id}/${c.participants[1]}`);
			expect(p.data.editable).toMatchObject({
				email: 'luis.new@example.com',
				name: 'Luis',
				phone: '+525500000000',
			});
			expect(p.data.information.signatureLink).not.toBe(sent.data.contract.participants[1].signUrl);
			const list = await h.api.get('/api/list/contracts', {
				params: { emailParticipant: 'luis.new@example.com' },
			});
			expect(list.data.map((x: any) => x._id)).toEqual([c.id]);
		});

		it('applies the obligation rules: lastName only for individuals, representative only for legal entities', async () => {
			const c = await sentContract(h.api);
			const url = `/api/contracts/${c.id}/participants/${c.participants[0]}/change-email`;
			const r1 = await h.api.post(url, {
				obligation: 'legal',
				email: 'co@example.com',
				lastName: 'X',
			});
			expect(r1.status).toBe(400);
			expect(r1.data.error).toMatch(/lastName.*individual/);
			const r2 = await h.api.post(url, {
				obligation: 'individual',
				email: 'co@example.com',
				representative: 'Y',
			});
			expect(r2.status).toBe(400);
			expect(r2.data.error).toMatch(/representative.*legal/);
			const r3 = await h.api.post(url, {
				obligation: 'legal',
				email: 'co@example.com',
				name: 'Co S.A.',
				representative: 'Y',
			});
			expect(r3.status).toBe(200);
			expect((await h.api.post(url, { email: 'bad' })).status).toBe(400);
		});

		it('refuses for a draft and for a participant who signed', async () => {
			const draft = await readyContract(h.api);
			const r = await h.api.post(
				`/api/contracts/${draft.id}/participants/${draft.participants[0]}/change-email`,
				{ email: 'x@example.com' },
			);
			expect(r.status).toBe(409);
			expect(r.data.error).toMatch(/in progress/);
			const c = await sentContract(h.api);
			h.sb.control.sign(c.id, { participantId: c.participants[0] });
			const s = await h.api.post(
				`/api/contracts/${c.id}/participants/${c.participants[0]}/change-email`,
				{ email: 'x@example.com' },
			);
			expect(s.status).toBe(409);
		});
	});

	describe('control API over HTTP', () => {
		it('creates, signs, sets status and reads raw state', async () => {
			const base = h.sb.baseUrl;
			const created = await h.raw.post(`${base}/sandbox/contracts`, {
				templateId: NDA_TEMPLATE,
				name: 'Control NDA',
				createdAt: '2027-01-05T10:00:00Z',
				participants: [
					{ name: 'Acme', email: 'acme@example.com', representative: 'Rosa' },
					{ name: 'Bob', email: 'bob@example.com', variables: { receiver_name: 'Bob' } },
				],
			});
			expect(created.status).toBe(200);
			const id = created.data.contract._id;
			expect(created.data.contract).toMatchObject({
				name: 'Control NDA',
				createdAt: '2027-01-05T10:00:00.000Z',
				templateId: NDA_TEMPLATE,
				status: '',
			});
			expect(
				(await h.raw.post(`${base}/sandbox/contracts/${id}/status`, { status: 'SENT_TO_SIGN' }))
					.data.contract.status,
			).toBe('SENT_TO_SIGN');
			const signed = await h.raw.post(`${base}/sandbox/contracts/${id}/sign`, {});
			expect(signed.data.contract.status).toBe('RECEIVED_SIGNED');
			const raw = await h.raw.get(`${base}/sandbox/contracts/${id}`);
			expect(raw.data.participants.every((p: any) => p.status === 'SENT_SIGNED')).toBe(true);
			expect(
				(await h.raw.post(`${base}/sandbox/contracts/${id}/status`, { status: 'BOGUS' })).status,
			).toBe(400);
			expect(
				(await h.raw.post(`${base}/sandbox/contracts/${'c'.repeat(24)}/sign`, {})).status,
			).toBe(404);
			expect((await h.raw.post(`${base}/sandbox/contracts/${id}/reject`, {})).status).toBe(409);
		});

		it('sets credits over HTTP', async () => {
			const res = await h.raw.post(`${h.sb.baseUrl}/sandbox/credits`, { shield1: 7 });
			expect(res.data.shield1).toBe(7);
			expect(h.sb.control.getCredits().shield1).toBe(7);
			expect((await h.raw.post(`${h.sb.baseUrl}/sandbox/credits`, { shield1: -1 })).status).toBe(
				400,
			);
		});

		it('drives negotiation, expiry, delivery, file protection, templates and flush over HTTP', async () => {
			const base = h.sb.baseUrl;
			const nego = await sentContract(h.api, { negotiate: true });
			expect(
				(await h.raw.post(`${base}/sandbox/contracts/${nego.id}/negotiation-accepted`)).data
					.contract.status,
			).toBe('NEGOTIATED');
			const exp = await sentContract(h.api);
			expect(
				(await h.raw.post(`${base}/sandbox/contracts/${exp.id}/expire`)).data.contract.status,
			).toBe('EXPIRED');
			const del = await sentContract(h.api);
			h.sb.control.sign(del.id);
			expect(
				(await h.raw.post(`${base}/sandbox/contracts/${del.id}/deliver`, { complete: true })).data
					.contract.status,
			).toBe('SENT_SIGNED');
			expect((await h.raw.post(`${base}/sandbox/file-protection`, { enabled: true })).data).toEqual(
				{ enabled: true },
			);
			expect(h.sb.control.getFileProtection()).toBe(true);
			expect((await h.raw.post(`${base}/sandbox/file-protection`, { enabled: 'yes' })).status).toBe(
				400,
			);
			await h.raw.post(`${base}/sandbox/file-protection`, { enabled: false });
			const templates = await h.raw.get(`${base}/sandbox/templates`);
			expect(templates.data.map((t: any) => t.templateId)).toEqual(
				h.sb.control.listTemplates().map((t) => t.templateId),
			);
			expect(templates.data[0].participants[0].variables.length).toBeGreaterThan(0);
			expect((await h.raw.post(`${base}/sandbox/flush`)).data).toEqual({ success: true });
			expect((await h.raw.get(`${base}/sandbox/credits`)).data).toEqual(h.sb.control.getCredits());
			expect((await h.raw.get(`${base}/sandbox/latency`)).data).toEqual({ ms: 0 });
			expect((await h.raw.get(`${base}/sandbox/clock`)).data.now).toBe(
				h.sb.control.now().toISOString(),
			);
		});

		it('moves the clock over HTTP', async () => {
			const before = h.sb.control.now().getTime();
			const res = await h.raw.post(`${h.sb.baseUrl}/sandbox/clock`, { advanceMs: 60_000 });
			expect(Date.parse(res.data.now) - before).toBe(60_000);
			h.sb.control.advanceClock(-60_000);
		});
	});
});
